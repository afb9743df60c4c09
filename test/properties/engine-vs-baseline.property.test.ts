/**
 * The engine, the benchmark's plain-object baseline and the limit kernel are three separate
 * implementations of one combat; on random boards they must agree on every outcome.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createBaselineGame, resetBaselineGame, runBaselineCombat } from '../../bench/baseline/combat.js'
import { runDriverCombat, runEngineCombat } from '../../bench/engine-combat.js'
import { createLimitBoard, resetLimitBoard, runLimitCombat } from '../../bench/limit.js'
import { baselineOutcome, engineOutcome, limitOutcome } from '../../bench/outcome.js'
import { buildBoard, generateBoardSpec } from '../../src/generate/board.js'

describe('engine = baseline = limit kernel on random boards', () => {
  it('agree on life, deaths, damage marked and loyalty, through the gate and through the driver walks', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 300 }), fc.integer({ min: 0, max: 2 ** 31 - 1 }), (size, seed) => {
        const spec = generateBoardSpec({ size, seed })
        const board = buildBoard(spec)
        runEngineCombat(board)
        const game = createBaselineGame(spec)
        runBaselineCombat(game)
        const limit = createLimitBoard(spec)
        resetLimitBoard(limit)
        runLimitCombat(limit)
        const engine = engineOutcome(board)
        // The same combat through the scenario driver's walk helpers (each declaration checked before the walk).
        const driven = buildBoard(spec)
        runDriverCombat(driven)
        expect(engineOutcome(driven)).toEqual(engine)
        expect(baselineOutcome(game)).toEqual(engine)
        expect(limitOutcome(limit)).toEqual(engine)
        // The benchmark replays a position: a reset baseline plays the same combat again.
        resetBaselineGame(game, spec)
        runBaselineCombat(game)
        expect(baselineOutcome(game)).toEqual(engine)
      }),
      { numRuns: 150 },
    )
  })
})
