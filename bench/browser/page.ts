/** The benchmark's page: the combat workload on the main thread, and through `redzone/worker`. */
import { createRemoteGame } from '../../src/worker/index.js'
import type { Outcome } from '../outcome.js'
import { prepare, timeCombats, type CombatTiming } from './timing.js'

export interface WorkerTiming {
  /** Timed inside the worker, as on the main thread. */
  inWorker: CombatTiming
  /** Median of one combat asked from the page and answered (postMessage both ways, restore excluded), ms. */
  roundTripMs: number
  /** Median of the combat's own time inside those round trips, ms. */
  roundTripInWorkerMs: number
  outcome: Outcome
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

const EMPTY = { players: [{ id: 'A' }, { id: 'B' }], objects: [] }

const api = {
  isolated: (): boolean => (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated === true,
  main(size: number, seed: number, samples: number): CombatTiming {
    return timeCombats(prepare(size, seed), samples)
  },
  async worker(size: number, seed: number, samples: number, roundTrips: number): Promise<WorkerTiming> {
    const WorkerClass = (globalThis as unknown as { Worker: new (url: string) => { terminate(): void } }).Worker
    const worker = new WorkerClass('/worker.js')
    try {
      const remote = await createRemoteGame(worker as never, EMPTY)
      await remote.command('prepare', size, seed)
      const inWorker = await remote.command<CombatTiming>('time', samples, true)
      const trips: number[] = []
      const inside: number[] = []
      for (let i = 0; i < roundTrips; i++) {
        await remote.command('restore')
        const t0 = performance.now()
        inside.push(await remote.command<number>('combat'))
        trips.push(performance.now() - t0)
      }
      const outcome = await remote.command<Outcome>('outcome')
      return { inWorker, roundTripMs: median(trips), roundTripInWorkerMs: median(inside), outcome }
    } finally {
      worker.terminate()
    }
  },
}

;(globalThis as Record<string, unknown>).redzoneBench = api
export type BenchPageApi = typeof api
