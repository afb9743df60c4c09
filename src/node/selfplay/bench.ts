/**
 * Self-play throughput: games/s on 1 and 2 worker threads, and (given a Redis) the queue's overhead
 * per game against the same threads locally. For `npm run bench`; not part of `npm test`.
 */
import { loadWithPeers } from './optional.js'
import { DEFAULT_QUEUE_NAME } from './queue-name.js'
import { runSelfPlay, type SelfPlayOptions } from './run.js'
import { MAX_GAMES } from './seeds.js'
import { Options } from '../options.js'

export interface SelfPlayBenchOptions {
  games?: number
  agents?: readonly [string, string]
  decks?: readonly [string, string]
  /** A game module instead of the engine's playGame (e.g. a fake, to measure the machinery alone). */
  gameModule?: string
  /** A redis:// URL to measure the queue on (an in-process `redzone worker` with 2 threads). */
  queue?: string
}

export interface SelfPlayBenchResult {
  games: number
  gamesPerSecond: { workers1: number; workers2: number; queue2?: number }
  /** Extra wall time per game through the queue, against 2 local threads (ms). */
  queueOverheadMsPerGame?: number
}

/** Every option of `SelfPlayBenchOptions`, in the order messages list them. */
const BENCH_OPTIONS: Record<keyof SelfPlayBenchOptions, true> = { games: true, agents: true, decks: true, gameModule: true, queue: true }

/** Two non-empty strings. */
function isPair(value: unknown): boolean {
  return Array.isArray(value) && value.length === 2 && value.every((name) => typeof name === 'string' && name !== '')
}

/**
 * Plays the bench's runs (on 1 and 2 threads, and the queue when given one). Its options are
 * checked first, by name, type and range (`RedzoneError` `usage` naming the option): a bad one
 * must not start a bench of its defaults.
 */
export async function benchSelfPlay(options: SelfPlayBenchOptions = {}): Promise<SelfPlayBenchResult> {
  const checked = Options.of('benchSelfPlay', options, Object.keys(BENCH_OPTIONS))
  checked.whole('games', 1, MAX_GAMES - 1)
  checked.check('agents', isPair, 'two agent names or module paths (strings)')
  checked.check('decks', isPair, 'two deck names or deck file paths (strings)')
  checked.text('gameModule', 'a module path')
  checked.check('queue', (v) => typeof v === 'string' && v !== '', 'a redis:// URL (a string)')
  const games = options.games ?? 2000
  const base: SelfPlayOptions = {
    games, seed: 1, agents: options.agents ?? ['heuristic', 'random'], decks: options.decks ?? ['green-white', 'black-red'], progress: false,
  }
  if (options.gameModule !== undefined) base.gameModule = options.gameModule
  const one = await runSelfPlay({ ...base, workers: 1 })
  const two = await runSelfPlay({ ...base, workers: 2 })
  const result: SelfPlayBenchResult = { games, gamesPerSecond: { workers1: one.timing!.gamesPerSecond, workers2: two.timing!.gamesPerSecond } }
  if (options.queue !== undefined) {
    const queueName = `${DEFAULT_QUEUE_NAME}-bench`
    const { startQueueWorker } = await loadWithPeers(() => import('./queue.js'))
    const worker = await startQueueWorker({ url: options.queue, queueName, threads: 2 })
    try {
      const queued = await runSelfPlay({ ...base, queue: options.queue, queueName })
      result.gamesPerSecond.queue2 = queued.timing!.gamesPerSecond
      result.queueOverheadMsPerGame = (1000 * (queued.timing!.seconds - two.timing!.seconds)) / games
    } finally {
      await worker.close()
    }
  }
  return result
}
