/**
 * `runSelfPlay`: plays a run of games on this machine's cores (a piscina pool), or across
 * machines through a BullMQ queue, writes them as JSONL in game order and returns the summary.
 * The games file is byte-identical for any number of workers, any chunking, any shards
 * concatenated in order, and through the queue.
 */
import { existsSync, statSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { availableParallelism } from 'node:os'
import { dirname, isAbsolute, resolve } from 'node:path'
import { RedzoneError } from '../../core/errors.js'
import { fillSeats, MAX_WORKERS, type RunConfig } from './config.js'
import { Options } from '../options.js'
import { playRange, type PlayGameFn, type RangeResult } from './play-range.js'
import { autoChunkSize, MAX_GAMES, RangeChunks, shardRange, type GameRange } from './seeds.js'
import { replayCommand, selfplayCommand, SummaryBuilder, type SelfPlaySummary } from './summary.js'
import { loadRun, normalizeAgentSpec } from './load.js'
import { runDeckNames, runDecks } from './decks.js'
import { OrderedSink, openGamesOutput } from './ordered-output.js'
import { loadWithPeers } from './optional.js'
import { DEFAULT_QUEUE_NAME } from './queue-name.js'
import { defaultProgress, silentProgress, type Progress } from './progress.js'
import { runGames, type RunBinding } from './runs.js'
import { engineVersion } from './version.js'
import { MAX_PLAYERS, MIN_PLAYERS } from '../../play/record.js'
import { fieldPath } from '../../state/check-position.js'

export interface SelfPlayOptions {
  /** Games of the whole run (before `shard`). */
  games: number
  seed?: number
  /** The first game index (default 0): `from: I, games: 1` plays game I alone again. */
  from?: number
  /** Play only the K-th (1-based) of N contiguous parts of the run. */
  shard?: { k: number; n: number }
  /**
   * Players in each game, 2 to 4 (default: the longer of `agents` and `decks`, at least 2). With
   * more than two, every game is a free-for-all (`playGame`).
   */
  players?: number
  /**
   * Built-in agent names or paths of ES modules exporting an AgentFactory; agent k plays deck k.
   * Fewer than `players` are repeated in order to fill the seats (`parseSeats`).
   */
  agents: readonly string[]
  /** Built-in deck names or paths of deck files (one `4 Lightning Bolt` a line, `parseDeckList`); repeated like `agents`. */
  decks: readonly string[]
  /** Swap seats every other game (default true); with more than two players, turn them by one seat each game. */
  swap?: boolean
  maxSteps?: number
  /** Worker threads (default 1: in this thread); `'auto'` = available parallelism. Never more than ranges of games. */
  workers?: number | 'auto'
  /** Games per range handed to a worker (default: about 4 ranges per thread, at most 256). */
  chunk?: number
  /** The games file; `-` for stdout; none to keep only the summary. */
  out?: string
  /** A redis:// URL: hand the ranges to `redzone worker`s through BullMQ instead of local threads. */
  queue?: string
  queueName?: string
  /** The queue run's id (default random): a producer restarted with the same id reuses stored ranges. */
  runId?: string
  /** The game function, in this thread only (tests, experiments); workers load `gameModule`. */
  playGame?: PlayGameFn
  /** An ES module exporting `playGame`, loaded by every worker (default: the engine's). */
  gameModule?: string
  /** Progress on stderr (default: a bar on a terminal, lines otherwise); `false` for none. */
  progress?: Progress | false
  /** Stops the run early (SIGINT in the CLI): see `runSelfPlay`. */
  signal?: AbortSignal
  /** Where one-line warnings go (more threads than cores, Redis retries); default stderr. */
  log?: (line: string) => void
}

interface PreparedRun {
  config: RunConfig
  range: GameRange
  chunk: number
  chunks: RangeChunks
  /** Threads of the local pool: as asked, but never more than ranges to play. */
  threads: number
  /** One-line warnings to print before the run (more threads than cores). */
  warnings: string[]
  builder: SummaryBuilder
  playGame?: PlayGameFn
  /** The queue run's id, bound to the run's configuration on Redis (`bound`: the binding as stored). */
  runId?: string
  bound?: string
}

function checkOut(out: string | undefined): void {
  if (out === undefined || out === '-') return
  const dir = dirname(resolve(out))
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new RedzoneError('usage', `--out ${out}: no such directory ${dir}`)
  if (existsSync(out) && statSync(out).isDirectory()) throw new RedzoneError('usage', `--out ${out}: is a directory`)
}

/** Every option of `SelfPlayOptions`, in the order messages list them (a `Record`: the compiler sees none is missing). */
const SELF_PLAY_OPTIONS: Record<keyof SelfPlayOptions, true> = {
  games: true, seed: true, from: true, shard: true, players: true, agents: true, decks: true, swap: true, maxSteps: true, workers: true,
  chunk: true, out: true, queue: true, queueName: true, runId: true, playGame: true, gameModule: true, progress: true, signal: true, log: true,
}

/**
 * `runSelfPlay`'s options by name, type and range (`usage`, naming the option): an object of the
 * known options only, each absent (or `undefined`) or of its type. What depends on several (`from`
 * plus `games`, the seats of `players`) is checked after.
 */
function checkOptions(value: unknown): asserts value is SelfPlayOptions {
  const options = Options.of('runSelfPlay', value, Object.keys(SELF_PLAY_OPTIONS))
  options.requiredWhole('games', 1, MAX_GAMES - 1, 'the number of games of the run')
  options.whole('seed', 0, MAX_GAMES - 1)
  options.whole('from', 0, MAX_GAMES - 1)
  options.whole('players', MIN_PLAYERS, MAX_PLAYERS)
  options.whole('maxSteps', 1, Number.MAX_SAFE_INTEGER)
  options.whole('chunk', 1, MAX_GAMES - 1)
  options.check('workers', (v) => v === 'auto' || (Number.isInteger(v) && (v as number) >= 1 && (v as number) <= MAX_WORKERS), `"auto" or a whole number from 1 to ${MAX_WORKERS}`)
  const shard = options.values.shard
  if (shard !== undefined) {
    const expected = '{ k, n } (whole numbers, 1 <= k <= n: the k-th of n parts)'
    if (typeof shard !== 'object' || shard === null || Array.isArray(shard)) throw options.error('shard', expected, shard)
    for (const key of Object.keys(shard)) {
      if (key !== 'k' && key !== 'n') throw new RedzoneError('usage', `runSelfPlay: options.shard${fieldPath(key)}: unknown field; expected k and n`)
    }
    const { k, n } = shard as Record<string, unknown>
    if (!Number.isInteger(n) || (n as number) < 1) throw options.error('shard', 'a whole number of 1 or more', n, '.n')
    if (!Number.isInteger(k) || (k as number) < 1 || (k as number) > (n as number)) throw options.error('shard', `a whole number from 1 to n (${n as number})`, k, '.k')
  }
  options.names('agents', 'agent names or module paths', 'an agent name or module path')
  options.names('decks', 'deck names or deck file paths', 'a deck name or deck file path')
  for (const name of ['agents', 'decks'] as const) {
    if (!options.has(name)) throw new RedzoneError('usage', `runSelfPlay: options.${name}: required: one per player (repeated in order to fill the seats)`)
  }
  options.boolean('swap')
  options.text('out', 'a file path or "-"')
  options.check('queue', (v) => typeof v === 'string' && v !== '', 'a redis:// URL (a string)')
  options.text('queueName', 'a queue name')
  options.check('queueName', (v) => !(v as string).includes(':'), 'a queue name without ":"')
  options.check('runId', (v) => typeof v === 'string' && /^[\w-]{1,64}$/.test(v), 'a run id (1 to 64 letters, digits, - and _)')
  options.text('gameModule', 'a module path')
  options.function('playGame')
  options.check('progress', (v) => v === false || isProgress(v), 'false or a progress ({ update, note, stop })')
  options.signal('signal')
  options.function('log')
}

function isProgress(value: unknown): value is Progress {
  if (typeof value !== 'object' || value === null) return false
  const { update, note, stop } = value as Record<string, unknown>
  return typeof update === 'function' && typeof note === 'function' && typeof stop === 'function'
}

/** Checks every option, loads the agents and binds a queue run (usage errors, before anything is written). */
export async function prepareRun(options: SelfPlayOptions): Promise<PreparedRun> {
  checkOptions(options)
  const whole = (name: string, value: number | undefined, min: number, max = MAX_GAMES - 1): void => {
    if (value !== undefined && (!Number.isInteger(value) || value < min || value > max)) {
      throw new RedzoneError('usage', `${name} ${value}: expected a whole number from ${min} to ${max}`)
    }
  }
  const from = options.from ?? 0
  if (from + options.games > MAX_GAMES) throw new RedzoneError('usage', `--from ${from} --games ${options.games}: game indices must stay below ${MAX_GAMES}`)
  if (options.shard) {
    const { k, n } = options.shard
    if (!Number.isInteger(n) || n < 1 || !Number.isInteger(k) || k < 1 || k > n) throw new RedzoneError('usage', `--shard ${k}/${n}: K must be between 1 and N (N at least 1)`)
  }
  const cores = availableParallelism()
  const requested = options.workers === 'auto' ? cores : options.workers ?? 1
  if (!Number.isInteger(requested) || requested < 1) throw new RedzoneError('usage', `--workers ${options.workers}: expected auto or a whole number of 1 or more`)
  if (options.playGame && (requested > 1 || options.queue)) {
    throw new RedzoneError('usage', 'an injected playGame function runs only in this thread: use workers 1 without a queue, or gameModule')
  }
  checkOut(options.out)
  const players = options.players ?? Math.max(MIN_PLAYERS, options.agents.length, options.decks.length)
  whole('--players', players, MIN_PLAYERS, MAX_PLAYERS)
  const seats = (flag: string, names: readonly string[]): string[] => fillSeats(flag, names, players)
  const config: RunConfig = {
    seed: options.seed ?? 0,
    agents: seats('--agents', options.agents).map((spec) => normalizeAgentSpec(spec)),
    ...runDecks(seats('--decks', options.decks)),
    swap: options.swap ?? true,
  }
  if (options.maxSteps !== undefined) config.maxSteps = options.maxSteps
  if (options.gameModule !== undefined) config.gameModule = isAbsolute(options.gameModule) ? options.gameModule : resolve(options.gameModule)
  const loaded = await loadRun(config, options.playGame)
  const part = options.shard ? shardRange(options.games, options.shard.k, options.shard.n) : { from: 0, to: options.games }
  const range = { from: from + part.from, to: from + part.to }
  const chunk = options.chunk ?? autoChunkSize(range.to - range.from, options.queue ? 16 : requested)
  const chunks = new RangeChunks(range, chunk)
  // A thread per range at most: more would only start, load the engine and wait.
  const threads = options.queue === undefined ? Math.min(requested, chunks.length) : 1
  const warnings: string[] = []
  if (options.queue === undefined && threads > cores) {
    warnings.push(
      threads < requested
        ? `selfplay: --workers ${requested}: ${threads} threads (one per range of games), more than the ${cores} cores: they share them`
        : `selfplay: --workers ${requested}: more threads than the ${cores} cores: they share them (--workers auto starts one per core)`,
    )
  }
  const names = loaded.agents.map((agent) => agent.name)
  const builder = new SummaryBuilder({ listed: { agents: names, decks: runDeckNames(config) }, replay: (index) => replayCommand(config, index) })
  const prepared: PreparedRun = { config, range, chunk, chunks, threads, warnings, builder }
  if (options.playGame) prepared.playGame = options.playGame
  if (options.queue !== undefined) {
    const runId = options.runId ?? randomBytes(6).toString('hex')
    const binding: RunBinding = { ...runGames(config), from: range.from, to: range.to, chunk, engine: engineVersion(), queueName: options.queueName ?? DEFAULT_QUEUE_NAME, created: new Date().toISOString() }
    const { bindQueueRun } = await loadWithPeers(() => import('./queue.js'))
    prepared.bound = await bindQueueRun(options.queue, runId, binding)
    prepared.runId = runId
  }
  return prepared
}

/** `games.jsonl` -> `games.from-1234.jsonl`: where a resumed run writes the rest. */
function restFile(out: string, next: number): string {
  const dot = out.lastIndexOf('.')
  return dot > out.lastIndexOf('/') && dot > 0 ? `${out.slice(0, dot)}.from-${next}${out.slice(dot)}` : `${out}.from-${next}`
}

/**
 * Plays the run and returns its summary; throws a `RedzoneError` with code `usage` for bad options
 * before writing anything. When `signal` aborts, the games of the ranges written so far stay (whole
 * lines, in order) and the summary of those comes back with `interrupted`: how many, and the command
 * that plays the rest.
 */
export async function runSelfPlay(options: SelfPlayOptions): Promise<SelfPlaySummary> {
  const run = await prepareRun(options)
  const { config, range, chunks, threads, builder } = run
  const log = options.log ?? ((line: string) => void process.stderr.write(`${line}\n`))
  for (const warning of run.warnings) log(warning)
  const signal = options.signal
  const total = range.to - range.from
  const progress = options.progress === false ? silentProgress : options.progress ?? defaultProgress(total)
  const output = openGamesOutput(options.out)
  const sink = new OrderedSink(chunks.length, output, builder)
  const start = performance.now()
  let finished = false
  try {
    if (options.queue !== undefined) {
      const { produceOnQueue } = await loadWithPeers(() => import('./queue.js'))
      await produceOnQueue({
        url: options.queue, queueName: options.queueName ?? DEFAULT_QUEUE_NAME, runId: run.runId!, bound: run.bound!, config, chunks, sink, progress,
        log: (line) => log(`selfplay: ${line}`), ...(signal ? { signal } : {}),
      })
    } else if (threads === 1) {
      await runInThisThread(config, chunks, run.playGame, sink, progress, signal)
    } else {
      await runOnPool(config, chunks, threads, sink, progress, signal)
    }
    await sink.drained()
    finished = true
  } finally {
    progress.stop()
    // After a failure, closing only lets the file go: an error of its own (the same write error
    // again) must not replace the one on its way out.
    if (finished) await output.close()
    else await output.close().catch(() => {})
  }
  const seconds = (performance.now() - start) / 1000
  const summary = builder.summary()
  summary.run = { seed: config.seed, from: range.from, to: range.to, swap: config.swap, decks: config.decks, agents: config.agents }
  if (config.maxSteps !== undefined) summary.run.maxSteps = config.maxSteps
  summary.timing = { seconds, gamesPerSecond: seconds > 0 ? sink.gamesWritten / seconds : 0, workers: sink.throughput() }
  if (!sink.complete) {
    const next = range.from + sink.gamesWritten
    let resume: string
    if (options.queue !== undefined) {
      // The same run again: its stored ranges are collected, not played again.
      const extra = ['--chunk', String(run.chunk), '--queue', options.queue, '--queue-name', options.queueName ?? DEFAULT_QUEUE_NAME, '--run-id', run.runId!]
      resume = selfplayCommand(config, range.from, total, [...extra, ...(options.out !== undefined ? ['--out', options.out] : [])])
    } else {
      const extra = threads > 1 ? ['--workers', String(threads)] : []
      const out = options.out === undefined ? [] : ['--out', options.out === '-' || next === range.from ? options.out : restFile(options.out, next)]
      resume = selfplayCommand(config, next, range.to - next, [...extra, ...out])
    }
    summary.interrupted = { written: sink.gamesWritten, next, resume }
  }
  return summary
}

/** One result of consecutive ranges (a range played game by game). */
function joinResults(parts: readonly RangeResult[]): RangeResult {
  return {
    from: parts[0]!.from,
    to: parts[parts.length - 1]!.to,
    text: parts.map((p) => p.text).join(''),
    outcomes: parts.flatMap((p) => p.outcomes),
    worker: parts[0]!.worker,
    ms: parts.reduce((ms, p) => ms + p.ms, 0),
  }
}

/** The ranges in this thread, game by game with a turn of the event loop between games (so a signal is heard). */
async function runInThisThread(config: RunConfig, chunks: RangeChunks, injected: PlayGameFn | undefined, sink: OrderedSink, progress: Progress, signal?: AbortSignal): Promise<void> {
  const { agents, playGame } = await loadRun(config, injected)
  for (let p = 0; p < chunks.length && !signal?.aborted; p++) {
    const chunk = chunks.at(p)
    const parts: RangeResult[] = []
    for (let index = chunk.from; index < chunk.to && !signal?.aborted; index++) {
      parts.push(playRange(config, agents, playGame, { from: index, to: index + 1 }, 'main'))
      await new Promise((resolve) => setImmediate(resolve))
    }
    if (parts.length > 0) await sink.put(p, joinResults(parts))
    progress.update(sink.received)
  }
}

/**
 * Ranges to the pool, a few per thread in flight and never far ahead of the next range to write.
 * When `signal` aborts, the threads are ended: the ranges in flight are not written.
 */
async function runOnPool(config: RunConfig, chunks: RangeChunks, threads: number, sink: OrderedSink, progress: Progress, signal?: AbortSignal): Promise<void> {
  const { createRangePool } = await loadWithPeers(() => import('./pool.js'))
  const pool = createRangePool(threads)
  let destroyed: Promise<void> | undefined
  const destroy = (): Promise<void> => (destroyed ??= pool.destroy())
  const ahead = threads * 8
  let next = 0
  let waiting: (() => void)[] = []
  const wake = (): void => {
    const woken = waiting
    waiting = []
    for (const resolve of woken) resolve()
  }
  const stop = (): void => {
    wake()
    void destroy()
  }
  signal?.addEventListener('abort', stop, { once: true })
  const lane = async (): Promise<void> => {
    while (next < chunks.length && !signal?.aborted) {
      while (next - sink.written > ahead && !signal?.aborted) await new Promise<void>((resolve) => waiting.push(resolve))
      if (signal?.aborted) return
      const position = next++
      let result: RangeResult
      try {
        result = await pool.run({ config, ...chunks.at(position) })
      } catch (error) {
        if (signal?.aborted) return
        throw error
      }
      await sink.put(position, result)
      progress.update(sink.received)
      wake()
    }
  }
  try {
    await Promise.all(Array.from({ length: Math.min(chunks.length, threads * 2) }, lane))
  } finally {
    signal?.removeEventListener('abort', stop)
    await destroy()
  }
}
