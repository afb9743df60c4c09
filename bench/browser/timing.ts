/**
 * The combat workload of `npm run bench` (a seeded board, one whole combat through the engine's
 * entity-level actions) timed where it runs: Node, a page's main thread, a Worker. Board building
 * and the restore between combats are outside the timed part; the outcome is returned so the
 * caller can check it (a fast wrong answer is a failure).
 */
import { buildBoard, generateBoardSpec, type GeneratedBoard } from '../../src/generate/board.js'
import { restoreWorld, snapshotWorld, type WorldSnapshot } from '../../src/state/snapshot.js'
import { runEngineCombat } from '../engine-combat.js'
import { engineOutcome, type Outcome } from '../outcome.js'

export interface Prepared {
  board: GeneratedBoard
  snapshot: WorldSnapshot
}

export interface CombatTiming {
  /** Median time of one full combat, ms (restores excluded). */
  ms: number
  /** Median time of one combat with the restore of the position before it, ms. */
  withRestoreMs: number
  samples: number
  /** Combats per sample (batches on small boards, where one combat is below the timer's resolution). */
  combatsPerSample: number
  /** Whether garbage was collected before each timed combat (large boards, gc exposed). */
  collected: boolean
  outcome: Outcome
}

export function prepare(size: number, seed: number): Prepared {
  const board = buildBoard(generateBoardSpec({ size, seed }), seed)
  return { board, snapshot: snapshotWorld(board.world) }
}

export function restore(p: Prepared): void {
  restoreWorld(p.board.world, p.snapshot)
}

/** One combat from the position; returns its time in ms. */
export function oneCombat(p: Prepared): number {
  const t0 = performance.now()
  runEngineCombat(p.board)
  return performance.now() - t0
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

/**
 * Below 1,000 a side a combat takes microseconds, under a browser's timer resolution (5 us
 * cross-origin isolated, 100 us otherwise): it is timed in batches of (restore + combat), less
 * a batch of restores alone. From 1,000 on, each combat is timed alone.
 */
export function timeCombats(p: Prepared, samples: number, options: { collect?: boolean } = {}): CombatTiming {
  const n = p.board.spec.size
  const batch = n >= 1000 ? 1 : Math.max(100, Math.floor(40_000 / n))
  const warmUntil = performance.now() + 300
  for (let i = 0; i < 3 || performance.now() < warmUntil; i++) {
    restore(p)
    runEngineCombat(p.board)
  }
  const ms: number[] = []
  const withRestore: number[] = []
  // As npm run bench: on large boards, garbage is collected before each timed combat (where gc is exposed).
  const gc = (globalThis as { gc?: () => void }).gc
  const collecting = (options.collect ?? true) && n >= 10_000 && typeof gc === 'function'
  const collect = collecting ? gc : () => {}
  for (let s = 0; s < samples; s++) {
    if (batch === 1) {
      collect()
      const r0 = performance.now()
      restore(p)
      const t0 = performance.now()
      runEngineCombat(p.board)
      const t1 = performance.now()
      ms.push(t1 - t0)
      withRestore.push(t1 - r0)
    } else {
      const t0 = performance.now()
      for (let i = 0; i < batch; i++) {
        restore(p)
        runEngineCombat(p.board)
      }
      const t1 = performance.now()
      for (let i = 0; i < batch; i++) restore(p)
      const t2 = performance.now()
      restore(p)
      runEngineCombat(p.board)
      ms.push((t1 - t0 - (t2 - t1)) / batch)
      withRestore.push((t1 - t0) / batch)
    }
  }
  return { ms: median(ms), withRestoreMs: median(withRestore), samples, combatsPerSample: batch, collected: collecting, outcome: engineOutcome(p.board) }
}

export function outcomeOf(p: Prepared): Outcome {
  return engineOutcome(p.board)
}
