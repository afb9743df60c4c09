/**
 * Issue 17's "no allocation per creature in a combat step at any size": a combat through the gate
 * allocates nothing that grows with the board (bench/alloc.ts samples V8's heap profiler, garbage
 * included). The position restore between combats must keep the zone lists' room, or a graveyard
 * emptied by the restore is regrown by the next combat's deaths (about 10 bytes a creature: the
 * regression this guards against). Nor may a per-creature loop use an iterator: until the optimizing
 * compiler removes them, `for ... of` over the declaration allocates a result object per creature
 * (16 bytes a creature on CI, whose compiler was later than the warm-up). Not a speed figure: bytes,
 * from the allocation profiler.
 */
import { describe, expect, it } from 'vitest'
import { allocatedBytes } from '../../bench/alloc.js'
import { runEngineCombat } from '../../bench/engine-combat.js'
import { engineOutcome } from '../../bench/outcome.js'
import { buildBoard, generateBoardSpec } from '../../src/generate/board.js'
import { restoreWorld, snapshotWorld } from '../../src/state/snapshot.js'

function perCreature(n: number): { bytes: number; deaths: number } {
  const spec = generateBoardSpec({ size: n, seed: 1 })
  const board = buildBoard(spec, 1)
  const snapshot = snapshotWorld(board.world)
  // Warm up, so the figure is the steady state's: what compilation allocates is done by then.
  for (let i = 0; i < 40; i++) {
    restoreWorld(board.world, snapshot)
    runEngineCombat(board)
  }
  // The least of three windows of 10 combats: an allocation made in every combat is in each of
  // them, while a late compilation's bookkeeping (a busy machine compiles later) is in one at most.
  let bytes = Infinity
  for (let w = 0; w < 3; w++) bytes = Math.min(bytes, allocatedBytes(10, () => restoreWorld(board.world, snapshot), () => runEngineCombat(board)))
  return { bytes: bytes / (2 * n), deaths: engineOutcome(board).died }
}

describe('a combat allocates nothing per creature (CR 510.2 damage, 704.5g deaths into graveyards)', { timeout: 60_000 }, () => {
  it('measures allocation: a function that allocates is seen, one that allocates nothing reads about 0', () => {
    const kept: object[] = []
    const some = allocatedBytes(50, () => void (kept.length = 0), () => {
      for (let i = 0; i < 1000; i++) kept.push({ i })
    })
    expect(some).toBeGreaterThan(8_000)
    expect(Math.abs(allocatedBytes(200, () => {}, () => {}))).toBeLessThan(64)
  })

  it('10,000 creatures a side, thousands of deaths after each restore: under a byte a creature', () => {
    const { bytes, deaths } = perCreature(10_000)
    // Deaths push onto emptied graveyards: the case that allocated ~10 bytes a creature.
    expect(deaths).toBeGreaterThan(1_000)
    expect(bytes).toBeLessThan(1)
  })
})
