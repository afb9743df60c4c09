/**
 * `npm run bench`: full combats on seeded boards of N creatures a side, the engine against the
 * plain-object baseline and the limit kernel, interleaved in one process; the small-board
 * throughput; memory per creature. Every timed run's outcome is compared across the three and
 * the bench fails loudly on a difference. `--json` prints the machine-readable report.
 * `--compare REF` runs another commit's bench and this one alternately instead (bench/compare-run.ts).
 */
import { writeFileSync } from 'node:fs'
import { cpus } from 'node:os'
import { join } from 'node:path'
import { Command } from 'commander'
import { buildBoard, generateBoardSpec, type BoardSpec, type GeneratedBoard } from '../src/generate/board.js'
import { restoreWorld, snapshotWorld } from '../src/state/snapshot.js'
import { createBaselineGame, resetBaselineGame, runBaselineCombat, type BaselineGame } from './baseline/combat.js'
import { runDriverCombat, runEngineCombat } from './engine-combat.js'
import { allocatedBytes } from './alloc.js'
import { gamesBench, type GamesReport } from './games.js'
import { multiplayerBench, multiplayerTable, type MultiplayerReport } from './multiplayer.js'
import { browserBench, browserTable } from './browser/bench.js'
import { soak, type SoakReport } from './soak.js'
import { rlBench, type RlReport } from './rl.js'
import { benchSelfPlay, type SelfPlayBenchResult } from '../src/node/selfplay/bench.js'
import { runCompare } from './compare-run.js'
import { KERNEL_KINDS, KERNEL_SPEC } from './kernels.js'
import { median } from './compare.js'
import { createLimitBoard, resetLimitBoard, runLimitCombat } from './limit.js'
import { baselineOutcome, engineOutcome, limitOutcome, type Outcome } from './outcome.js'

declare const gc: (() => void) | undefined

interface FullCombatRow {
  n: number
  /** Through the one gate, decision by decision (`runEngineCombat`). */
  engineMs: number
  /** The same combat through the scenario driver's walks (`runDriverCombat`: each declaration also checked before its walk). */
  driverMs: number
  baselineMs: number
  limitMs: number
  speedup: number
  limitRatio: number
  nsPerCreature: number
  baselineNsPerCreature: number
  bytesPerCreature: number
  baselineBytesPerCreature: number
  /** Bytes a combat allocates (`runEngineCombat`: the engine, its actions made once per board), garbage included, per creature on the board (bench/alloc.ts; the position restore before it not counted). */
  allocBytesPerCreature: number
  /** The same inside `runBaselineCombat` (its reset not counted). */
  baselineAllocBytesPerCreature: number
  samples: number
  combatsPerSample: number
  outcomesEqual: boolean
}

interface SmallBoardRow {
  n: number
  engineCombatsPerSec: number
  /** The same combats through the scenario driver's walks (`runDriverCombat`). */
  driverCombatsPerSec: number
  baselineCombatsPerSec: number
  engineCombatsPerSecWithRestore: number
  baselineCombatsPerSecWithRestore: number
  combats: number
  outcomesEqual: boolean
}

const log = (line: string): void => void process.stderr.write(`${line}\n`)

function memoryNow(): number {
  gc?.()
  gc?.()
  const m = process.memoryUsage()
  return m.heapUsed + m.arrayBuffers
}

function same(a: Outcome, b: Outcome, what: string, n: number): void {
  if (JSON.stringify(a) !== JSON.stringify(b)) {
    throw new Error(`bench: ${what} differ at N=${n}:\n  engine ${JSON.stringify(a)}\n  other  ${JSON.stringify(b)}`)
  }
}

function fullCombat(n: number, samples: number, seed: number): FullCombatRow {
  const spec = generateBoardSpec({ size: n, seed })
  // Memory: build enough copies that the figure is not noise on small boards.
  const copies = Math.max(1, Math.ceil(20_000 / n))
  const m0 = memoryNow()
  const boards = Array.from({ length: copies }, () => buildBoard(spec, seed))
  const m1 = memoryNow()
  const games = Array.from({ length: copies }, () => createBaselineGame(spec))
  const m2 = memoryNow()
  const bytesPerCreature = (m1 - m0) / (2 * n * copies)
  const baselineBytesPerCreature = (m2 - m1) / (2 * n * copies)
  const board = boards[0]!
  const game: BaselineGame = games[0]!
  boards.length = 0
  games.length = 0
  const snapshot = snapshotWorld(board.world)
  const limit = createLimitBoard(spec)
  const reps = Math.max(1, Math.min(500, Math.floor(20_000 / n)))
  // On large boards, collect garbage before each timed combat so that no implementation pays for
  // the previous run's garbage (the baseline's fresh objects, the engine's restored lists).
  const collect = n >= 10_000 && typeof gc === 'function' ? gc : () => {}
  let expected: Outcome | null = null
  /** Mean time of `reps` combats, each after `reset` (not timed) and a collection on large boards. */
  const timeCombats = (reset: () => void, run: () => void): number => {
    let total = 0
    for (let r = 0; r < reps; r++) {
      reset()
      collect()
      const t0 = performance.now()
      run()
      total += performance.now() - t0
    }
    return total / reps
  }
  const timeEngine = (): number => {
    const ms = timeCombats(() => restoreWorld(board.world, snapshot), () => runEngineCombat(board))
    const outcome = engineOutcome(board)
    if (expected) same(expected, outcome, 'engine runs', n)
    expected = outcome
    return ms
  }
  const timeDriver = (): number => {
    const ms = timeCombats(() => restoreWorld(board.world, snapshot), () => runDriverCombat(board))
    same(expected!, engineOutcome(board), 'engine runs through the gate and through the driver', n)
    return ms
  }
  const timeBaseline = (): number => {
    const ms = timeCombats(() => resetBaselineGame(game, spec), () => runBaselineCombat(game))
    same(expected!, baselineOutcome(game), 'engine and baseline outcomes', n)
    return ms
  }
  const timeLimit = (): number => {
    const ms = timeCombats(() => resetLimitBoard(limit), () => runLimitCombat(limit))
    same(expected!, limitOutcome(limit), 'engine and limit-kernel outcomes', n)
    return ms
  }
  // Warm-up (at least a few rounds and half a second, so the JIT has settled on small boards),
  // then interleaved samples.
  const warmups = n >= 100_000 ? 1 : 3
  const warmUntil = performance.now() + 500
  for (let i = 0; i < warmups || performance.now() < warmUntil; i++) {
    timeEngine()
    timeDriver()
    timeBaseline()
    timeLimit()
  }
  const engine: number[] = []
  const driver: number[] = []
  const baseline: number[] = []
  const limits: number[] = []
  for (let s = 0; s < samples; s++) {
    engine.push(timeEngine())
    driver.push(timeDriver())
    baseline.push(timeBaseline())
    limits.push(timeLimit())
  }
  const engineMs = median(engine)
  const baselineMs = median(baseline)
  const limitMs = median(limits)
  // Allocation, after the timed samples (the heap profiler slows what it samples).
  const allocTimes = Math.max(1, Math.min(2000, Math.floor(200_000 / n)))
  const allocBytes = allocatedBytes(allocTimes, () => restoreWorld(board.world, snapshot), () => runEngineCombat(board))
  same(expected!, engineOutcome(board), 'engine runs (sampling allocation)', n)
  const baselineAllocBytes = allocatedBytes(allocTimes, () => resetBaselineGame(game, spec), () => runBaselineCombat(game))
  return {
    n,
    engineMs,
    driverMs: median(driver),
    baselineMs,
    limitMs,
    speedup: baselineMs / engineMs,
    limitRatio: engineMs / limitMs,
    nsPerCreature: (engineMs * 1e6) / (2 * n),
    baselineNsPerCreature: (baselineMs * 1e6) / (2 * n),
    bytesPerCreature,
    baselineBytesPerCreature,
    allocBytesPerCreature: allocBytes / (2 * n),
    baselineAllocBytesPerCreature: baselineAllocBytes / (2 * n),
    samples,
    combatsPerSample: reps,
    outcomesEqual: true,
  }
}

function smallBoard(n: number, seconds: number, seed: number): SmallBoardRow {
  const spec: BoardSpec = generateBoardSpec({ size: n, seed })
  const board: GeneratedBoard = buildBoard(spec, seed)
  const snapshot = snapshotWorld(board.world)
  const measure = (run: () => void, reset: () => void): { combat: number; withRestore: number; combats: number } => {
    let combatMs = 0
    let combats = 0
    const start = performance.now()
    const end = start + seconds * 1000
    while (performance.now() < end) {
      for (let i = 0; i < 1000; i++) {
        reset()
        const t0 = performance.now()
        run()
        combatMs += performance.now() - t0
      }
      combats += 1000
    }
    const total = performance.now() - start
    return { combat: (combats * 1000) / combatMs, withRestore: (combats * 1000) / total, combats }
  }
  const game = createBaselineGame(spec)
  for (let i = 0; i < 2000; i++) {
    restoreWorld(board.world, snapshot)
    runEngineCombat(board)
    restoreWorld(board.world, snapshot)
    runDriverCombat(board)
    resetBaselineGame(game, spec)
    runBaselineCombat(game)
  }
  const engine = measure(() => runEngineCombat(board), () => restoreWorld(board.world, snapshot))
  const engineEnd = engineOutcome(board)
  const driver = measure(() => runDriverCombat(board), () => restoreWorld(board.world, snapshot))
  same(engineEnd, engineOutcome(board), 'small-board engine runs through the gate and through the driver', n)
  const baseline = measure(() => runBaselineCombat(game), () => resetBaselineGame(game, spec))
  same(engineEnd, baselineOutcome(game), 'small-board engine and baseline outcomes', n)
  return {
    n,
    engineCombatsPerSec: engine.combat,
    driverCombatsPerSec: driver.combat,
    baselineCombatsPerSec: baseline.combat,
    engineCombatsPerSecWithRestore: engine.withRestore,
    baselineCombatsPerSecWithRestore: baseline.withRestore,
    combats: engine.combats,
    outcomesEqual: true,
  }
}

function gamesTable(g: GamesReport): string {
  const lines = [
    '',
    `Whole games, one core: random vs random ${g.randomGamesPerSec.toFixed(0)} games/s (${g.avgTurns.toFixed(1)} turns, ${Math.round(g.decisionsPerSec).toLocaleString('en-US')} decisions/s, ` +
      `${Math.round(g.agentDecisionsPerSec).toLocaleString('en-US')} of them by an agent); heuristic vs heuristic ${g.heuristicGamesPerSec.toFixed(0)} games/s.`,
    `Snapshot + restore of a mid-game state: ${g.snapshotRestoreUs.toFixed(2)} us (${g.snapshotUs.toFixed(2)} + ${g.restoreUs.toFixed(2)}). Search: ${Math.round(g.playoutsPerSec).toLocaleString('en-US')} playouts/s.`,
    ...g.strength.map((s) => `${s.agents[0]} vs ${s.agents[1]}: ${(s.winRate * 100).toFixed(1)}% (95% CI ${(s.lo * 100).toFixed(1)}-${(s.hi * 100).toFixed(1)}%) over ${s.games} games, seats and decks swapped.`),
  ]
  return `${lines.join('\n')}\n`
}

function wholeSteps(value: string): number {
  const n = Number(value.replace(/_/g, ''))
  if (!Number.isInteger(n) || n < 1) throw new Error(`bench: --rl-steps: a whole number of 1 or more, not ${JSON.stringify(value)}`)
  return n
}

function rlTable(r: RlReport): string {
  const n = (v: number): string => Math.round(v).toLocaleString('en-US')
  return (
    `\nLearning environment (redzone/rl), N=${r.n} games in lockstep, one core, self-play with masked random choices: ${n(r.stepsPerSec)} steps/s ` +
    `(${n(r.stepsPerCpuSec)} per CPU second; target ${n(r.target)}), ${r.rejected} rejected of ${n(r.steps)}; observation ${r.obsSize} floats, mask ${r.maskSize} bytes.\n` +
    `Where the time goes: observations ${(r.observationShare * 100).toFixed(0)}% (rounds with and without them alternated: ${n(r.stepsPerSecWithoutObservations)} steps/s without), the random policy ${(r.policyShare * 100).toFixed(0)}%, ` +
    `the rest the engine: ${r.decisionsPerStep.toFixed(2)} engine decisions (act and forced passes) per masked step, ${n(r.gamesPerSec)} games/s. ` +
    `Allocated: ${n(r.bytesPerStep)} bytes a masked step (target none in steady state).\n` +
    (r.pythonStepsPerSec === null || r.pythonRatio === null
      ? `From Python: NOT measured (${r.pythonTransport}).\n`
      : `From Python (python/redzone, ${r.pythonTransport} transport): ${n(r.pythonStepsPerSec)} steps/s; ${r.pythonRatio.toFixed(2)}x the in-process rate, the median over ${r.pythonRatioRounds.length} rounds (${r.pythonRatioRounds.map((x) => x.toFixed(2)).join(', ')}) of each against the in-process round before it (${n(r.inProcessStepsPerSecAlternated ?? 0)} on average; target 0.5).\n`) +
    `By games in lockstep (in process, rounds alternated): ${r.byN.map((x) => `N=${x.n} ${n(x.stepsPerSec)}`).join(', ')} steps/s.\n` +
    (r.pythonWorkers === null
      ? 'From Python over several servers: NOT measured (no Python, or one core).\n'
      : `From Python over ${r.pythonWorkers.workers} servers (redzone.Workers, a process each): ${n(r.pythonWorkers.stepsPerSec)} steps/s, ${r.pythonWorkers.scaling.toFixed(2)}x the same loop over one (${n(r.pythonWorkers.oneServerStepsPerSec)}), run just before it.\n`)
  )
}

function table(rows: FullCombatRow[], small: SmallBoardRow | null): string {
  if (rows.length === 0 && small === null) return ''
  const fmt = (v: number, d = 2) => v.toFixed(d)
  const lines = [
    '| N a side | engine ms | baseline ms | limit ms | speed-up vs baseline | engine / limit | ns per creature | bytes per creature (engine / baseline) | bytes allocated per creature per combat (engine / baseline) | driver walks ms |',
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (r) =>
        `| ${r.n.toLocaleString('en-US')} | ${fmt(r.engineMs, 3)} | ${fmt(r.baselineMs, 3)} | ${fmt(r.limitMs, 3)} | ${fmt(r.speedup)}x | ${fmt(r.limitRatio)}x | ${fmt(r.nsPerCreature, 1)} | ${fmt(r.bytesPerCreature, 0)} / ${fmt(r.baselineBytesPerCreature, 0)} | ${fmt(r.allocBytesPerCreature, 2)} / ${fmt(r.baselineAllocBytesPerCreature, 2)} | ${fmt(r.driverMs, 3)} |`,
    ),
    '',
    small === null ? '' : `Small board (${small.n} a side), one core: engine ${Math.round(small.engineCombatsPerSec).toLocaleString('en-US')} combats/s, ` +
      `baseline ${Math.round(small.baselineCombatsPerSec).toLocaleString('en-US')} combats/s ` +
      `(${fmt(small.engineCombatsPerSec / small.baselineCombatsPerSec)}x; through the driver's walks ${Math.round(small.driverCombatsPerSec).toLocaleString('en-US')}); counting the position restore between combats: ` +
      `${Math.round(small.engineCombatsPerSecWithRestore).toLocaleString('en-US')} vs ${Math.round(small.baselineCombatsPerSecWithRestore).toLocaleString('en-US')}.`,
    'Engine: the combat through the one gate, decision by decision; driver walks: the same through the scenario driver (each declaration also checked before its walk).',
    'All outcomes (life, deaths, damage checksum, loyalty) equal across engine (both ways), baseline and limit kernel.',
    'Bytes allocated: by the combat (the engine\'s, through the gate; the baseline\'s), garbage included, from V8\'s sampling heap profiler (bench/alloc.ts); the restore or reset before each combat not counted. A fixed few hundred bytes a combat (iterators of step code) read as bytes per creature on the smallest boards.',
  ]
  return lines.join('\n')
}

const program = new Command()
  .name('bench')
  .option('--json', 'print the JSON report on stdout')
  .option('--out <file>', 'also write the JSON report to this file')
  .option('--only <sections>', 'run only these sections: combat, small, games, selfplay, soak, rl, browser, multiplayer (comma-separated; browser needs a Chromium; multiplayer, 10,000 four-player games, only when named)', 'combat,small,games,selfplay,soak,rl')
  .option('--selfplay-games <n>', 'heuristic vs random games per self-play measurement (1 and 2 workers; enough that thread start-up does not dominate)', '20000')
  .option('--queue <url>', 'a redis:// URL: also measure the self-play queue (BullMQ) against local threads')
  .option('--soak-combats <n>', 'small combats in the soak', '1000000')
  .option('--soak-games <n>', 'whole games in the soak', '100000')
  .option('--multiplayer-games <n>', 'random four-player games played and replayed in the multiplayer section', '10000')
  .option('--game-seconds <s>', 'seconds of each games throughput measurement', '3')
  .option('--strength-games <n>', 'heuristic vs random games for the strength figure', '2000')
  .option('--search-games <n>', 'search vs heuristic games for the strength figure (about 0.6 s each)', '100')
  .option('--sizes <list>', 'creatures a side, comma-separated', '10,100,1000,10000,100000,1000000')
  .option('--samples <n>', 'timed samples per size (median reported)', '5')
  .option('--small-seconds <s>', 'seconds of small-board throughput per implementation', '2')
  .option('--seed <n>', 'board seed', '1')
  .option('--rl-envs <n>', 'games in lockstep in the learning-environment measurement', '256')
  .option('--rl-seconds <s>', 'seconds of the learning-environment measurement', '5')
  .option('--rl-steps <n>', 'then masked random steps on until this many over the run (the 10,000,000-step check: rejected must stay 0)')
  .option('--compare <ref>', 'instead: build REF (a commit, a tag) in a worktree and run its bench and this one alternately with the other options given, then compare every figure (new / old per round; --json and --out give the comparison)')
  .option('--rounds <n>', 'with --compare: rounds, each one run of both benches, the order swapped every round (with --same-process: one slice of each side, in each process; default 9)', '3')
  .option('--same-process <kernels>', 'with --compare: instead of whole benches, these kernels of both builds in one process, in alternated slices (rl:N games in lockstep, serve:N the same through the serve protocol, combat:N a side, obs:N observations of N games written, search:N playouts a search decision; e.g. rl:256,combat:10,combat:10000)')
  .option('--slice-ms <ms>', 'with --same-process: milliseconds of each slice', '500')
  .option('--processes <n>', 'with --same-process: processes, each all the rounds (the side loaded first swapped between them)', '3')
  .parse(process.argv)
const options = program.opts<{
  json?: boolean
  out?: string
  only: string
  gameSeconds: string
  strengthGames: string
  searchGames: string
  soakCombats: string
  soakGames: string
  multiplayerGames: string
  selfplayGames: string
  queue?: string
  sizes: string
  samples: string
  smallSeconds: string
  seed: string
  rlEnvs: string
  rlSeconds: string
  rlSteps?: string
  compare?: string
  rounds: string
  sameProcess?: string
  sliceMs: string
  processes: string
}>()
if (options.compare !== undefined) {
  // Both benches get the options given on the command line (not the defaults: an older bench has its own).
  const benchArgs: string[] = []
  for (const option of program.options) {
    const key = option.attributeName()
    if (['compare', 'rounds', 'json', 'out', 'sameProcess', 'sliceMs', 'processes'].includes(key) || program.getOptionValueSource(key) !== 'cli' || !option.long) continue
    const value: unknown = program.getOptionValue(key)
    benchArgs.push(option.long, ...(typeof value === 'boolean' ? [] : [String(value)]))
  }
  const sameProcess = options.sameProcess === undefined ? undefined : options.sameProcess.split(',').filter((k) => k !== '')
  const rounds = Number(sameProcess && program.getOptionValueSource('rounds') !== 'cli' ? 9 : options.rounds)
  if (!Number.isInteger(rounds) || rounds < 1) {
    log(`bench: --rounds: a whole number of 1 or more, not ${JSON.stringify(options.rounds)}`)
    process.exit(2)
  }
  const sliceMs = Number(options.sliceMs)
  if (!Number.isInteger(sliceMs) || sliceMs < 20 || sliceMs > 60_000) {
    log(`bench: --slice-ms: a whole number of milliseconds from 20 to 60,000, not ${JSON.stringify(options.sliceMs)}`)
    process.exit(2)
  }
  const processes = Number(options.processes)
  if (!Number.isInteger(processes) || processes < 1 || processes > 100) {
    log(`bench: --processes: a whole number from 1 to 100, not ${JSON.stringify(options.processes)}`)
    process.exit(2)
  }
  if (sameProcess) {
    if (benchArgs.length > 0) {
      log(`bench: --same-process times its kernels only; it takes no bench options (${benchArgs.join(' ')})`)
      process.exit(2)
    }
    const bad = sameProcess.filter((k) => !KERNEL_SPEC.test(k))
    if (sameProcess.length === 0 || bad.length > 0) {
      log(`bench: --same-process: kernels ${KERNEL_KINDS}, comma-separated, not ${JSON.stringify(options.sameProcess)}`)
      process.exit(2)
    }
  }
  process.exit(
    await runCompare({
      ref: options.compare, rounds, benchArgs, json: options.json === true, ...(options.out ? { out: options.out } : {}), root: join(import.meta.dirname, '..'), log,
      ...(sameProcess ? { sameProcess: { kernels: sameProcess, sliceMs, processes } } : {}),
    }),
  )
}
if (options.sameProcess !== undefined) {
  log('bench: --same-process goes with --compare REF')
  process.exit(2)
}
const sections = new Set(options.only.split(','))
if (typeof gc !== 'function') log('bench: run with node --expose-gc for memory figures (npm run bench does)')
const sizes = options.sizes.split(',').map((s) => Number(s.replace(/_/g, '')))
const samples = Math.max(5, Number(options.samples))
const seed = Number(options.seed)
const rows: FullCombatRow[] = []
if (sections.has('combat')) for (const n of sizes) {
  log(`full combat, N=${n.toLocaleString('en-US')} a side ...`)
  const row = fullCombat(n, samples, seed)
  rows.push(row)
  log(`  engine ${row.engineMs.toFixed(3)} ms (driver walks ${row.driverMs.toFixed(3)}), baseline ${row.baselineMs.toFixed(3)} ms, limit ${row.limitMs.toFixed(3)} ms, speed-up ${row.speedup.toFixed(2)}x, engine/limit ${row.limitRatio.toFixed(2)}x`)
}
let small: SmallBoardRow | null = null
if (sections.has('small')) {
  log('small-board throughput, N=20 a side ...')
  small = smallBoard(20, Number(options.smallSeconds), seed)
}
const games = sections.has('games')
  ? gamesBench({ seconds: Number(options.gameSeconds), strengthGames: Number(options.strengthGames), searchGames: Number(options.searchGames) }, log)
  : null
const browser = sections.has('browser') ? await browserBench({ seed, log }) : null
let selfplay: (SelfPlayBenchResult & { scaling: number }) | null = null
if (sections.has('selfplay')) {
  log(`self-play: ${options.selfplayGames} heuristic vs random games on 1 and 2 worker threads${options.queue ? ', and through the queue' : ''} ...`)
  const result = await benchSelfPlay({ games: Number(options.selfplayGames), ...(options.queue ? { queue: options.queue } : {}) })
  selfplay = { ...result, scaling: result.gamesPerSecond.workers2 / result.gamesPerSecond.workers1 }
  log(`  1 worker ${result.gamesPerSecond.workers1.toFixed(0)} games/s, 2 workers ${result.gamesPerSecond.workers2.toFixed(0)} games/s (${selfplay.scaling.toFixed(2)}x)` +
    (result.queueOverheadMsPerGame === undefined ? '' : `; queue overhead ${result.queueOverheadMsPerGame.toFixed(2)} ms a game`))
}
let soakReport: SoakReport | null = null
if (sections.has('soak')) {
  log(`soak: ${options.soakCombats} small combats and ${options.soakGames} games in one process ...`)
  soakReport = soak({ combats: Number(options.soakCombats), games: Number(options.soakGames) }, log)
  log(`  heap growth ${soakReport.heapGrowthPct.toFixed(1)}% (max ${soakReport.maxGrowthPct.toFixed(1)}%) in ${soakReport.seconds.toFixed(0)} s`)
}
let multiplayer: MultiplayerReport | null = null
if (sections.has('multiplayer')) {
  log(`multiplayer: ${options.multiplayerGames} random four-player games, each replayed ...`)
  multiplayer = multiplayerBench({ games: Number(options.multiplayerGames) }, log)
  for (const failure of multiplayer.failures.slice(0, 10)) log(`  failed: ${failure}`)
  if (multiplayer.failures.length > 0) process.exitCode = 1
}
const rl: RlReport | null = sections.has('rl') ? await rlBench({ seconds: Number(options.rlSeconds), n: Number(options.rlEnvs), seed, ...(options.rlSteps === undefined ? {} : { steps: wholeSteps(options.rlSteps) }) }, log) : null
const report = {
  date: new Date().toISOString(),
  node: process.version,
  cores: cpus().length,
  cpu: cpus()[0]?.model ?? 'unknown',
  seed,
  fullCombat: rows,
  smallBoard: small,
  games,
  browser,
  selfplay,
  soak: soakReport,
  rl,
  multiplayer,
}
// The report goes to a file only where asked (--out); the tracked bench/results.json is updated by hand.
const out = options.out
if (out) {
  writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`)
  log(`bench: report written to ${out}`)
}
process.stdout.write(options.json ? `${JSON.stringify(report, null, 2)}\n` : `${table(rows, small)}\n${games ? gamesTable(games) : ''}${rl ? rlTable(rl) : ''}${multiplayer ? multiplayerTable(multiplayer) : ''}${browser ? `\nIn Chromium:\n${browserTable(browser)}\n` : ''}`)
