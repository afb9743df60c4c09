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
import type { RunConfig } from './config.js'
import { playRange, type PlayGameFn } from './play-range.js'
import { autoChunkSize, chunkRanges, MAX_GAMES, shardRange, type GameRange } from './seeds.js'
import { replayCommand, SummaryBuilder, type SelfPlaySummary } from './summary.js'
import { loadRun, normalizeAgentSpec } from './load.js'
import { runDeckNames, runDecks } from './decks.js'
import { OrderedSink, openGamesOutput } from './ordered-output.js'
import { createRangePool } from './pool.js'
import { checkRedis, DEFAULT_QUEUE_NAME, produceOnQueue } from './queue.js'
import { defaultProgress, silentProgress, type Progress } from './progress.js'

export interface SelfPlayOptions {
  /** Games of the whole run (before `shard`). */
  games: number
  seed?: number
  /** The first game index (default 0): `from: I, games: 1` plays game I alone again. */
  from?: number
  /** Play only the K-th (1-based) of N contiguous parts of the run. */
  shard?: { k: number; n: number }
  /** Built-in agent names or paths of ES modules exporting an AgentFactory; agent k plays deck k. */
  agents: readonly [string, string]
  /** Built-in deck names or paths of deck files (one `4 Lightning Bolt` a line, `parseDeckList`). */
  decks: readonly [string, string]
  /** Swap seats every other game (default true). */
  swap?: boolean
  maxSteps?: number
  /** Worker threads (default 1: in this thread); `'auto'` = available parallelism. */
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
}

interface PreparedRun {
  config: RunConfig
  range: GameRange
  chunks: GameRange[]
  threads: number
  builder: SummaryBuilder
  playGame?: PlayGameFn
}

function checkOut(out: string | undefined): void {
  if (out === undefined || out === '-') return
  const dir = dirname(resolve(out))
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new RedzoneError('usage', `--out ${out}: no such directory ${dir}`)
  if (existsSync(out) && statSync(out).isDirectory()) throw new RedzoneError('usage', `--out ${out}: is a directory`)
}

/** Checks every option, loads the agents (usage errors, before anything is written). */
export async function prepareRun(options: SelfPlayOptions): Promise<PreparedRun> {
  const whole = (name: string, value: number | undefined, min: number, max = MAX_GAMES - 1): void => {
    if (value !== undefined && (!Number.isInteger(value) || value < min || value > max)) {
      throw new RedzoneError('usage', `${name} ${value}: expected a whole number from ${min} to ${max}`)
    }
  }
  whole('--games', options.games, 1)
  whole('--seed', options.seed, 0)
  whole('--from', options.from, 0)
  whole('--max-steps', options.maxSteps, 1, Number.MAX_SAFE_INTEGER)
  whole('--chunk', options.chunk, 1)
  const from = options.from ?? 0
  if (from + options.games > MAX_GAMES) throw new RedzoneError('usage', `--from ${from} --games ${options.games}: game indices must stay below ${MAX_GAMES}`)
  if (options.shard) {
    const { k, n } = options.shard
    if (!Number.isInteger(n) || n < 1 || !Number.isInteger(k) || k < 1 || k > n) throw new RedzoneError('usage', `--shard ${k}/${n}: K must be between 1 and N (N at least 1)`)
  }
  const threads = options.workers === 'auto' ? availableParallelism() : options.workers ?? 1
  if (!Number.isInteger(threads) || threads < 1) throw new RedzoneError('usage', `--workers ${options.workers}: expected auto or a whole number of 1 or more`)
  if (options.playGame && (threads > 1 || options.queue)) {
    throw new RedzoneError('usage', 'an injected playGame function runs only in this thread: use workers 1 without a queue, or gameModule')
  }
  checkOut(options.out)
  const config: RunConfig = {
    seed: options.seed ?? 0,
    agents: [normalizeAgentSpec(options.agents[0]), normalizeAgentSpec(options.agents[1])],
    ...runDecks(options.decks),
    swap: options.swap ?? true,
  }
  if (options.maxSteps !== undefined) config.maxSteps = options.maxSteps
  if (options.gameModule !== undefined) config.gameModule = isAbsolute(options.gameModule) ? options.gameModule : resolve(options.gameModule)
  const loaded = await loadRun(config, options.playGame)
  if (options.queue !== undefined) await checkRedis(options.queue)
  const part = options.shard ? shardRange(options.games, options.shard.k, options.shard.n) : { from: 0, to: options.games }
  const range = { from: from + part.from, to: from + part.to }
  const chunk = options.chunk ?? autoChunkSize(range.to - range.from, options.queue ? 16 : threads)
  const names: [string, string] = [loaded.agents[0].name, loaded.agents[1].name]
  const builder = new SummaryBuilder(names, runDeckNames(config), (index) => replayCommand(config, index))
  const prepared: PreparedRun = { config, range, chunks: chunkRanges(range, chunk), threads, builder }
  if (options.playGame) prepared.playGame = options.playGame
  return prepared
}

/** Plays the run and returns its summary; throws a `RedzoneError` with code `usage` for bad options before writing anything. */
export async function runSelfPlay(options: SelfPlayOptions): Promise<SelfPlaySummary> {
  const run = await prepareRun(options)
  const { config, range, chunks, threads, builder } = run
  const total = range.to - range.from
  const progress = options.progress === false ? silentProgress : options.progress ?? defaultProgress(total)
  const output = openGamesOutput(options.out)
  const sink = new OrderedSink(chunks.length, output, builder)
  const start = performance.now()
  try {
    if (options.queue !== undefined) {
      const runId = options.runId ?? randomBytes(6).toString('hex')
      await produceOnQueue({ url: options.queue, queueName: options.queueName ?? DEFAULT_QUEUE_NAME, runId, config, chunks, sink, progress })
    } else if (threads === 1) {
      const { agents, playGame } = await loadRun(config, run.playGame)
      for (let p = 0; p < chunks.length; p++) {
        await sink.put(p, playRange(config, agents, playGame, chunks[p]!, 'main'))
        progress.update(sink.received)
        await new Promise((resolve) => setImmediate(resolve))
      }
    } else {
      await runOnPool(config, chunks, threads, sink, progress)
    }
    await sink.drained()
  } finally {
    progress.stop()
    await output.close()
  }
  const seconds = (performance.now() - start) / 1000
  const summary = builder.summary()
  summary.run = { seed: config.seed, from: range.from, to: range.to, swap: config.swap, decks: config.decks, agents: config.agents }
  if (config.maxSteps !== undefined) summary.run.maxSteps = config.maxSteps
  summary.timing = { seconds, gamesPerSecond: seconds > 0 ? total / seconds : 0, workers: sink.throughput() }
  return summary
}

/** Ranges to the pool, a few per thread in flight and never far ahead of the next range to write. */
async function runOnPool(config: RunConfig, chunks: readonly GameRange[], threads: number, sink: OrderedSink, progress: Progress): Promise<void> {
  const pool = createRangePool(threads)
  const ahead = threads * 8
  let next = 0
  let waiting: (() => void)[] = []
  const lane = async (): Promise<void> => {
    while (next < chunks.length) {
      while (next - sink.written > ahead) await new Promise<void>((resolve) => waiting.push(resolve))
      const position = next++
      const result = await pool.run({ config, ...chunks[position]! })
      await sink.put(position, result)
      progress.update(sink.received)
      const woken = waiting
      waiting = []
      for (const resolve of woken) resolve()
    }
  }
  try {
    await Promise.all(Array.from({ length: Math.min(chunks.length, threads * 2) }, lane))
  } finally {
    await pool.destroy()
  }
}
