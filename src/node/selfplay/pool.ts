/** A pool of worker threads (piscina) that plays ranges of games; one task per range, never per game. */
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Piscina } from 'piscina'
import { RedzoneError } from '../../core/errors.js'
import type { RangeResult } from './play-range.js'
import type { RangeTask } from './worker.js'

/**
 * Where the built worker entry, dist/selfplay-worker.js, may be: beside this code or one folder up
 * when it runs built (an entry in dist/ or a chunk in dist/chunks/), else the package's dist/ (when
 * it runs from source, as in tests).
 */
const WORKER_FILES = ['./selfplay-worker.js', '../selfplay-worker.js', '../../../dist/selfplay-worker.js']

/** The first of `candidates` (relative to this module) that exists. */
export function workerFile(candidates: readonly string[] = WORKER_FILES): string {
  for (const url of candidates.map((path) => new URL(path, import.meta.url))) {
    const path = fileURLToPath(url)
    if (existsSync(path)) return path
  }
  throw new RedzoneError('run-failed', `the self-play worker (dist/selfplay-worker.js) is not built: run npm run build`)
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
