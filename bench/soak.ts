/**
 * Soak: one process plays many small combats and many whole games; the heap after a forced
 * garbage collection must stay flat (within 10% of its size after warm-up). Needs `--expose-gc`.
 */
import { buildBoard, generateBoardSpec } from '../src/generate/board.js'
import { randomAgent } from '../src/play/agents/random.js'
import { GameTable } from '../src/play/play-game.js'
import { restoreWorld, snapshotWorld } from '../src/state/snapshot.js'
import { runEngineCombat } from './engine-combat.js'

declare const gc: (() => void) | undefined

export interface SoakReport {
  combats: number
  games: number
  /** Heap (JS heap + array buffers) after a forced collection, after warm-up and at the end, in MB. */
  heapAfterWarmupMb: number
  heapAtEndMb: number
  heapGrowthPct: number
  /** The largest heap seen at a checkpoint, as growth over the warm-up value. */
  maxGrowthPct: number
  seconds: number
}

function heap(): number {
  if (typeof gc !== 'function') throw new Error('bench: the soak needs node --expose-gc (npm run bench sets it)')
  gc()
  gc()
  const m = process.memoryUsage()
  return m.heapUsed + m.arrayBuffers
}

export function soak(options: { combats: number; games: number }, log: (line: string) => void): SoakReport {
  const start = performance.now()
  const spec = generateBoardSpec({ size: 10, seed: 3 })
  const board = buildBoard(spec, 3)
  const position = snapshotWorld(board.world)
  const table = new GameTable()
  const combat = (): void => {
    restoreWorld(board.world, position)
    runEngineCombat(board)
  }
  let seed = 0
  const game = (): void => {
    const record = table.play({ seed: seed++, agents: [randomAgent, randomAgent], decks: ['green-white', 'black-red'] })
    if (record.reason === 'error') throw new Error(`bench: soak game ${seed - 1} failed: ${record.error}`)
  }
  // Warm-up: the JIT, the table's built games, the first garbage.
  for (let i = 0; i < 20_000; i++) combat()
  for (let i = 0; i < 500; i++) game()
  const base = heap()
  let max = base
  const checkpoints = 10
  for (let c = 0; c < checkpoints; c++) {
    for (let i = 0; i < options.combats / checkpoints; i++) combat()
    for (let i = 0; i < options.games / checkpoints; i++) game()
    const now = heap()
    max = Math.max(max, now)
    log(`  soak ${c + 1}/${checkpoints}: heap ${(now / 1e6).toFixed(1)} MB (after warm-up ${(base / 1e6).toFixed(1)} MB)`)
  }
  const end = heap()
  return {
    combats: options.combats,
    games: options.games,
    heapAfterWarmupMb: base / 1e6,
    heapAtEndMb: end / 1e6,
    heapGrowthPct: ((end - base) / base) * 100,
    maxGrowthPct: ((max - base) / base) * 100,
    seconds: (performance.now() - start) / 1000,
  }
}
