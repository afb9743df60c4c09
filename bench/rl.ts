/**
 * The learning environment (`redzone/rl`): masked random steps per second of `VecEnv` at N games in
 * lockstep, one core, self-play (both seats choose uniformly among their masks), observations and
 * masks written every step. Set-up and warm-up outside the timed part; after timing, every action
 * built from masked choices must have been accepted (`rejected` 0) and every game clean. For where
 * the time goes, the same loop runs again with the observation writer switched off (engine, masks
 * and the random policy only).
 */
import { execFileSync, spawn } from 'node:child_process'
import { availableParallelism } from 'node:os'
import { createInterface } from 'node:readline'
import { join } from 'node:path'
import { findPython } from '../scripts/python.mjs'
import { allocatedBytes, allocationSites } from './alloc.js'
import { median } from './compare.js'
import { Rng } from '../src/core/rng.js'
import { DecisionBuilder } from '../src/rl/decision-builder.js'
import { ACTION_SIZE, OBS_SIZE, OFFSET, G } from '../src/rl/layout.js'
import { VecEnv } from '../src/rl/vec-env.js'
import { pickMasked } from './masked-random.js'

export interface RlReport {
  /** Games in lockstep. */
  n: number
  /** Masked choices per second (wall clock), with observations and masks. */
  stepsPerSec: number
  /** The same per second of this process's CPU time (a shared machine steals wall time). */
  stepsPerCpuSec: number
  /** Actions built from masked choices that `act` rejected, over the whole run (must be 0). */
  rejected: number
  /** Masked choices over the whole run. */
  steps: number
  /** Floats per observation and bytes per mask. */
  obsSize: number
  maskSize: number
  gamesPerSec: number
  /** Engine decisions (`act` and forced passes, both seats) per masked choice. */
  decisionsPerStep: number
  /** Single-option steps taken for the learner per masked choice. */
  autoStepsPerStep: number
  /**
   * The share of the time in writing observations (from rounds alternated with and without them:
   * 1 - the rate with over the rate without), and in the random policy (reading the masks).
   */
  observationShare: number
  policyShare: number
  /** Masked choices per second without observations (engine, masks, policy), over the alternated rounds. */
  stepsPerSecWithoutObservations: number
  /**
   * Bytes allocated per masked choice (`env.step` alone, the policy's draw outside; V8's sampling
   * heap profiler, `bench/alloc.ts`): issue 15 asks for none in steady state. 535 at N = 256 on
   * 2026-12-06 (the sites: docs/benchmark-history.md, "Allocation per masked step").
   */
  bytesPerStep: number
  /** Where those bytes are allocated: the ten sites with the most (each its three innermost frames, innermost last, as V8 names them: an inlined function's allocations are its caller's), in bytes a masked step. */
  allocationSites: { frames: string[]; bytes: number }[]
  target: number
  /** The same loop driven from Python (python/redzone over `redzone serve --stdio`), alternated with in-process rounds; null when no Python with numpy was found. */
  pythonStepsPerSec: number | null
  /** The median over the rounds of each Python round's rate over the in-process round just before it (target >= 0.5). */
  pythonRatio: number | null
  /** Each round's ratio (Python over the in-process round before it), in order. */
  pythonRatioRounds: number[]
  /** The Python loop's rate over its warm-up, before the rounds (its server compiling). */
  pythonWarmupStepsPerSec: number | null
  /** In-process masked steps per second in the rounds alternated with Python's. */
  inProcessStepsPerSecAlternated: number | null
  /**
   * Masked steps per second (with observations) at other numbers of games in lockstep, in-process,
   * in rounds alternated in this run (the mean of each N's rounds): how the rate per core depends on
   * the batch (each game's state is touched once per step: a small batch stays in the core's
   * cache, a large one does not).
   */
  byN: { n: number; stepsPerSec: number }[]
  /** The Python client's transport (`delta`, the default: the masks and the floats of obs that changed in the frame; `shm`: obs and masks in a shared-memory file; `pipe`), or why Python was not measured. */
  pythonTransport: string
  /**
   * The Python loop over `workers` servers (`redzone.Workers`, one process each: one core each),
   * beside the same loop over one server run just before it (fresh processes, in this run), and
   * their ratio; null without Python or on a machine of one core.
   */
  pythonWorkers: { workers: number; stepsPerSec: number; oneServerStepsPerSec: number; scaling: number } | null
}

export async function rlBench(options: { seconds: number; n: number; seed: number; steps?: number }, log: (line: string) => void): Promise<RlReport> {
  const { n, seed } = options
  const env = new VecEnv({ n, seed, opponent: 'self' })
  const rng = new Rng(seed)
  const actions = new Int32Array(n)
  const mask = env.mask
  const pick = (): void => pickMasked(mask, n, rng, actions)
  const measure = (seconds: number): { steps: number; ms: number; cpuMs: number; pickMs: number; games: number; decisions: number; auto: number } => {
    const s0 = { ...env.stats }
    let pickMs = 0
    const cpu0 = process.cpuUsage()
    const t0 = performance.now()
    const end = t0 + seconds * 1000
    while (performance.now() < end) {
      for (let r = 0; r < 10; r++) {
        const p0 = performance.now()
        pick()
        pickMs += performance.now() - p0
        env.step(actions)
      }
    }
    const ms = performance.now() - t0
    const cpu = process.cpuUsage(cpu0)
    const s1 = env.stats
    return { steps: s1.steps - s0.steps, ms, cpuMs: (cpu.user + cpu.system) / 1000, pickMs, games: s1.games - s0.games, decisions: s1.decisions - s0.decisions, auto: s1.autoSteps - s0.autoSteps }
  }
  log(`rl: masked random steps, N=${n} games in lockstep, self-play, one core ...`)
  measure(Math.min(2, options.seconds))
  const full = measure(options.seconds)
  // The observations' share: rounds with and without them, alternated (the host's speed moves
  // within seconds: one run of each, one after the other, read shares of 21% to 61% within one
  // hour of 2026-12-07). Both kinds of round run with the writer's call site having seen both
  // targets; `stepsPerSec` is `full`'s, run before any of them.
  const writer = DecisionBuilder.prototype.observeAt
  const noObservation = function noObservation(): void {}
  const rounds = { withSteps: 0, withMs: 0, bareSteps: 0, bareMs: 0 }
  for (let r = 0; r < OBSERVATION_ROUNDS; r++) {
    const seconds = options.seconds / (2 * OBSERVATION_ROUNDS)
    const withObservations = measure(seconds)
    rounds.withSteps += withObservations.steps
    rounds.withMs += withObservations.ms
    DecisionBuilder.prototype.observeAt = noObservation
    try {
      const bare = measure(seconds)
      rounds.bareSteps += bare.steps
      rounds.bareMs += bare.ms
    } finally {
      DecisionBuilder.prototype.observeAt = writer
    }
  }
  // The long run of the targets (0 rejected over 10,000,000 masked steps): on until `steps`, with progress.
  if (options.steps !== undefined && env.stats.steps < options.steps) {
    log(`rl: masked random steps until ${options.steps.toLocaleString('en-US')} (rejected and games in error counted) ...`)
    let next = 1_000_000
    while (env.stats.steps < options.steps) {
      for (let r = 0; r < 20; r++) {
        pick()
        env.step(actions)
      }
      if (env.stats.steps >= next) {
        log(`  ${env.stats.steps.toLocaleString('en-US')} steps, ${env.stats.games.toLocaleString('en-US')} games, rejected ${env.stats.rejected}, errors ${env.stats.errors}`)
        next += 1_000_000
      }
    }
  }
  // Allocation, after the timed parts (the heap profiler slows what it samples): steps of the same env, the draws outside the count,
  // after a second of steps with the observation writer back (the run without it had V8 compile the step
  // without it: until the step is compiled again, what the writer makes is counted, boxed numbers and all).
  if (options.steps === undefined) measure(Math.min(1, options.seconds))
  const allocTimes = Math.max(20, Math.ceil(20_000 / n))
  const bytesPerStep = allocatedBytes(allocTimes, pick, () => env.step(actions)) / n
  const sites = allocationSites(allocTimes, pick, () => env.step(actions), 3, 10).map((site) => ({ frames: site.frames, bytes: site.bytes / n }))
  // Checked after timing: nothing rejected, no game in error, and the buffers describe real decisions.
  const last = measure(0.2)
  if (env.stats.rejected !== 0 || env.stats.errors !== 0) throw new Error(`bench: rl: ${env.stats.rejected} masked actions rejected, ${env.stats.errors} games in error`)
  for (let i = 0; i < n; i++) {
    let allowed = 0
    for (let a = 0; a < ACTION_SIZE; a++) allowed += mask[i * ACTION_SIZE + a]!
    if (allowed < 2 || env.obs[i * OBS_SIZE + OFFSET.global + G.iDecide] !== 1) throw new Error(`bench: rl: env ${i} is not at a decision of its observed player`)
  }
  void last
  const byN = sweep(options, env, log)
  const pythonWorkers = workersRun(options, log)
  const python = await pythonRounds(options, () => {
    const m = measure(options.seconds / PYTHON_ROUND_SHARE)
    return (m.steps * 1000) / m.ms
  }, log)
  const stepsPerSec = (full.steps * 1000) / full.ms
  const withoutObservations = (rounds.bareSteps * 1000) / rounds.bareMs
  const withObservations = (rounds.withSteps * 1000) / rounds.withMs
  const report: RlReport = {
    n,
    stepsPerSec,
    stepsPerCpuSec: (full.steps * 1000) / full.cpuMs,
    rejected: env.stats.rejected,
    steps: env.stats.steps,
    obsSize: OBS_SIZE,
    maskSize: ACTION_SIZE,
    gamesPerSec: (full.games * 1000) / full.ms,
    decisionsPerStep: full.decisions / full.steps,
    autoStepsPerStep: full.auto / full.steps,
    observationShare: Math.max(0, 1 - withObservations / withoutObservations),
    policyShare: full.pickMs / full.ms,
    stepsPerSecWithoutObservations: withoutObservations,
    bytesPerStep,
    allocationSites: sites,
    target: 200_000,
    pythonStepsPerSec: python.python,
    pythonRatio: python.ratio,
    pythonRatioRounds: python.ratios,
    pythonWarmupStepsPerSec: python.warmup,
    inProcessStepsPerSecAlternated: python.inProcess,
    pythonTransport: python.transport,
    byN,
    pythonWorkers,
  }
  log(`  ${Math.round(stepsPerSec).toLocaleString('en-US')} masked steps/s (${Math.round(report.stepsPerCpuSec).toLocaleString('en-US')} per CPU second), ${Math.round(withoutObservations).toLocaleString('en-US')} without observations; rejected ${report.rejected} of ${report.steps.toLocaleString('en-US')}; ${Math.round(bytesPerStep)} bytes allocated a masked step`)
  log(`  allocated by site, bytes a masked step: ${sites.slice(0, 6).map((site) => `${site.frames.join(' < ')} ${site.bytes.toFixed(1)}`).join('; ')}`)
  if (report.pythonRatio !== null) {
    log(`  from Python: ${Math.round(report.pythonStepsPerSec!).toLocaleString('en-US')} masked steps/s against ${Math.round(report.inProcessStepsPerSecAlternated!).toLocaleString('en-US')} in process in alternated rounds: ratio ${report.pythonRatio.toFixed(2)}, the median of ${report.pythonRatioRounds.map((r) => r.toFixed(2)).join(', ')} (${report.pythonTransport}; ${Math.round(report.pythonWarmupStepsPerSec!).toLocaleString('en-US')} steps/s over its warm-up)`)
  } else log(`  from Python: NOT measured: ${report.pythonTransport}`)
  return report
}

/** Rounds with and without observations, alternated, for `observationShare`. */
const OBSERVATION_ROUNDS = 4

/** The numbers of games in lockstep of `byN` (beside the bench's own N), its rounds and each round's seconds per N. */
const SWEEP_N = [16, 64, 256]
const SWEEP_ROUNDS = 2

function sweep(options: { seconds: number; n: number; seed: number }, main: VecEnv, log: (line: string) => void): { n: number; stepsPerSec: number }[] {
  const sizes = [...new Set([...SWEEP_N, options.n])].sort((a, b) => a - b)
  const seconds = Math.max(0.2, options.seconds / 4)
  log(`rl: masked steps/s by games in lockstep (N = ${sizes.join(', ')}), ${SWEEP_ROUNDS} rounds of ${seconds} s alternated ...`)
  const runs = sizes.map((n) => {
    const env = n === options.n ? main : new VecEnv({ n, seed: options.seed, opponent: 'self' })
    const rng = new Rng(options.seed)
    const actions = new Int32Array(n)
    const run = (s: number): number => {
      const steps0 = env.stats.steps
      const t0 = performance.now()
      const end = t0 + s * 1000
      while (performance.now() < end) {
        for (let r = 0; r < 10; r++) {
          pickMasked(env.mask, n, rng, actions)
          env.step(actions)
        }
      }
      return ((env.stats.steps - steps0) * 1000) / (performance.now() - t0)
    }
    run(Math.min(1, seconds))
    return { n, env, run, rates: [] as number[] }
  })
  for (let round = 0; round < SWEEP_ROUNDS; round++) for (const r of runs) r.rates.push(r.run(seconds))
  for (const r of runs) if (r.env.stats.rejected !== 0 || r.env.stats.errors !== 0) throw new Error(`bench: rl: N=${r.n}: ${r.env.stats.rejected} masked actions rejected, ${r.env.stats.errors} games in error`)
  const out = runs.map((r) => ({ n: r.n, stepsPerSec: r.rates.reduce((a, b) => a + b, 0) / r.rates.length }))
  log(`  ${out.map((r) => `N=${r.n}: ${Math.round(r.stepsPerSec).toLocaleString('en-US')}`).join(', ')} masked steps/s`)
  return out
}

/** The Python loop over one server, then over one server per core (at most 4), each a fresh process of bench/python_rl.py. */
function workersRun(options: { seconds: number; n: number; seed: number }, log: (line: string) => void): RlReport['pythonWorkers'] {
  const found = findPython()
  const workers = Math.min(4, availableParallelism())
  if (!found.path || workers < 2) return null
  const script = join(import.meta.dirname, '..', 'bench', 'python_rl.py')
  const seconds = Math.max(0.5, options.seconds / 2)
  log(`rl: the Python loop over 1 server, then over ${workers} (redzone.Workers), ${seconds} s each after a 2 s warm-up ...`)
  const run = (k: number): number => {
    const out = execFileSync(found.path!, [script, '--n', String(options.n), '--seconds', String(seconds), '--warmup', '2', '--seed', String(options.seed), '--workers', String(k)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] })
    const result = JSON.parse(out.trim().split('\n').pop()!) as { stepsPerSec: number; rejected: number; errors: number }
    if (result.rejected !== 0 || result.errors !== 0) throw new Error(`bench: rl: python_rl.py --workers ${k}: ${result.rejected} rejected, ${result.errors} games in error`)
    return result.stepsPerSec
  }
  const one = run(1)
  const many = run(workers)
  log(`  ${Math.round(many).toLocaleString('en-US')} masked steps/s over ${workers} servers against ${Math.round(one).toLocaleString('en-US')} over one (${(many / one).toFixed(2)}x)`)
  return { workers, stepsPerSec: many, oneServerStepsPerSec: one, scaling: many / one }
}

/**
 * Alternated rounds of the in-process and the Python-driven loop, each `--rl-seconds` over
 * `PYTHON_ROUND_SHARE` (the pairs of a ratio a second or so apart: this machine's speed moves
 * within seconds), and the Python process's warm-up before them (seconds).
 */
const PYTHON_ROUNDS = 8
const PYTHON_ROUND_SHARE = 4
const PYTHON_WARMUP_SECONDS = 3

/**
 * Rounds of the Python-driven loop (bench/python_rl.py, a separate process with the server)
 * alternated with rounds of the in-process loop, so the ratio compares like with like on a noisy
 * machine. One Python process (one client, one server) serves every round, warmed up first as the
 * in-process env was: a server started afresh for each round would be timed while it compiles
 * (its first seconds run at about half its later rate). Each Python round's rate is divided by the
 * in-process round just before it; the ratio is the median of those, the rates the means.
 */
async function pythonRounds(
  options: { seconds: number; n: number; seed: number }, inProcess: () => number, log: (line: string) => void,
): Promise<{ python: number | null; inProcess: number | null; ratio: number | null; ratios: number[]; warmup: number | null; transport: string }> {
  const found = findPython()
  if (!found.path) return { python: null, inProcess: null, ratio: null, ratios: [], warmup: null, transport: found.reason }
  const script = join(import.meta.dirname, '..', 'bench', 'python_rl.py')
  log(`rl: the same loop from Python (${found.path}), ${PYTHON_ROUNDS} rounds alternated with in-process ones after a ${PYTHON_WARMUP_SECONDS} s warm-up ...`)
  const child = spawn(found.path, [script, '--rounds', '--n', String(options.n), '--warmup', String(PYTHON_WARMUP_SECONDS), '--seed', String(options.seed)], { stdio: ['pipe', 'pipe', 'pipe'] })
  let stderr = ''
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
  const exited = new Promise<number | null>((resolve) => {
    child.on('close', (code) => resolve(code))
    child.on('error', () => resolve(null))
  })
  // A child that died takes writes to its input with it: its exit and standard error are what `next` reports.
  child.stdin.on('error', () => {})
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]()
  const next = async (): Promise<Record<string, unknown>> => {
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('bench: rl: python_rl.py gave no answer in 600 s')), 600_000)))
    try {
      const line = await Promise.race([lines.next(), timeout])
      if (line.done) throw new Error(`bench: rl: python_rl.py stopped (exit ${await exited}): ${stderr.trim()}`)
      return JSON.parse(line.value) as Record<string, unknown>
    } finally {
      clearTimeout(timer)
    }
  }
  const pythonRates: number[] = []
  const nodeRates: number[] = []
  const ratios: number[] = []
  let transport = ''
  try {
    const ready = await next()
    if (ready.ready !== true) throw new Error(`bench: rl: python_rl.py: expected {"ready": true}, got ${JSON.stringify(ready)}`)
    for (let round = 0; round < PYTHON_ROUNDS; round++) {
      const node = inProcess()
      child.stdin.write(`${JSON.stringify({ seconds: options.seconds / PYTHON_ROUND_SHARE })}\n`)
      const result = (await next()) as { stepsPerSec: number; rejected: number; errors: number; transport: string }
      if (result.rejected !== 0 || result.errors !== 0) throw new Error(`bench: rl: from Python ${result.rejected} masked actions rejected, ${result.errors} games in error`)
      nodeRates.push(node)
      pythonRates.push(result.stepsPerSec)
      ratios.push(result.stepsPerSec / node)
      transport = result.transport
    }
    child.stdin.end(`${JSON.stringify({ quit: true })}\n`)
    const code = await exited
    if (code !== 0) throw new Error(`bench: rl: python_rl.py failed (exit ${code}): ${stderr.trim()}`)
    const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length
    return { python: mean(pythonRates), inProcess: mean(nodeRates), ratio: median(ratios), ratios, warmup: ready.warmupStepsPerSec as number, transport }
  } finally {
    if (child.exitCode === null) child.kill()
  }
}
