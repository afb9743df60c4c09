/**
 * Self-play throughput: games/s on 1 and 2 worker threads, and (given a Redis) the queue's overhead
 * per game against the same threads locally. For `npm run bench`; not part of `npm test`.
 */
import { loadWithPeers } from './optional.js'
import { DEFAULT_QUEUE_NAME } from './queue-name.js'
import { runSelfPlay, type SelfPlayOptions } from './run.js'

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

export async function benchSelfPlay(options: SelfPlayBenchOptions = {}): Promise<SelfPlayBenchResult> {
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
