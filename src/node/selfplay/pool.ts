/** A pool of worker threads (piscina) that plays ranges of games; one task per range, never per game. */
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Piscina } from 'piscina'
import type { RangeResult } from './play-range.js'
import type { RangeTask } from './worker.js'

/**
 * The built worker entry, dist/selfplay-worker.js: beside this code or one folder up when it runs
 * built (an entry in dist/ or a chunk in dist/chunks/), else the package's dist/ (when it runs from
 * source, as in tests).
 */
export function workerFile(): string {
  const candidates = ['./selfplay-worker.js', '../selfplay-worker.js', '../../../dist/selfplay-worker.js'].map((path) => new URL(path, import.meta.url))
  for (const url of candidates) {
    const path = fileURLToPath(url)
    if (existsSync(path)) return path
  }
  throw new Error(`redzone: the self-play worker (dist/selfplay-worker.js) is not built: run npm run build`)
}

export interface RangePool {
  readonly threads: number
  run(task: RangeTask): Promise<RangeResult>
  destroy(): Promise<void>
}

export function createRangePool(threads: number, filename = workerFile()): RangePool {
  const piscina = new Piscina<RangeTask, RangeResult>({ filename, minThreads: threads, maxThreads: threads, idleTimeout: 60_000 })
  return {
    threads,
    run: (task) => piscina.run(task),
    destroy: () => piscina.destroy(),
  }
}
