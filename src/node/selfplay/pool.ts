/** A pool of worker threads (piscina) that plays ranges of games; one task per range, never per game. */
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Piscina } from 'piscina'
import type { RangeResult } from '../../selfplay/play-range.js'
import type { RangeTask } from './worker.js'

/**
 * The built worker entry: beside the running bundle (dist/cli.js), else the package's dist/ (when
 * this file runs from source, as in tests).
 */
export function workerFile(): string {
  const candidates = [new URL('./selfplay-worker.js', import.meta.url), new URL('../../../dist/selfplay-worker.js', import.meta.url)]
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
