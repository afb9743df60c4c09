/**
 * CR 514.1: "First, if the active player's hand contains more cards than their maximum hand size
 * (normally seven), they discard enough cards to reduce their hand size to that number. This
 * turn-based action doesn't use the stack."
 * CR 514.3: "Normally, no player receives priority during the cleanup step, so no spells can be
 * cast and no abilities can be activated."
 *
 * Cards: vanilla land cards in hand (ids h0..h8 for A, b0..b8 for B).
 */
import { describe, expect, it } from 'vitest'
import { worldDigest } from '../../src/state/digest.js'
import type { ObjectSpec } from '../../src/state/position.js'
import { expectOk, expectRejected, LIBRARIES, newGame, obj } from '../helpers.js'
import { cardsIn } from '../play/game-helpers.js'
import { worldOf } from '../../src/api/game.js'
import { gameState, legalActions } from '../../src/api/views.js'

function hand(owner: string, prefix: string, count: number): ObjectSpec[] {
  return Array.from({ length: count }, (_, i) => ({ id: `${prefix}${i}`, owner, zone: 'hand' as const, types: ['land' as const] }))
}

/** A at the end step holding priority with `a` cards in hand, B with `b`. */
function endStep(a: number, b = 0) {
  return newGame([...hand('A', 'h', a), ...hand('B', 'b', b), ...LIBRARIES], { turn: { active: 'A', number: 2, step: 'end' } })
}

describe('CR 514.1 Cleanup: discard to hand size', () => {
  it('514.1 with nine cards the game waits in cleanup for the active player to discard exactly two', () => {
    const game = endStep(9)
    expectOk(game.pass())
    expectOk(game.pass())
    expect(gameState(game).turn).toMatchObject({ step: 'cleanup', active: 'A' })
    expect(game.pendingDecision()).toEqual({ kind: 'discard', player: 'A', rule: '514.1', count: 2 })
    const legal = legalActions(game)
    expect(legal).toMatchObject({ kind: 'discard', player: 'A', count: 2, pass: false })
    expect([...legal.cards].sort()).toEqual(cardsIn(game, 'A', 'hand').sort())
  })

  it('514.1 the discarded cards are the ones chosen; then the turn goes on to the next player', () => {
    const game = endStep(9)
    const discarded: string[] = []
    game.on('cardsDiscarded', (p, count) => discarded.push(`${game.id(p)}:${count}`))
    expectOk(game.pass())
    expectOk(game.pass())
    expectOk(game.discard('A', ['h2', 'h5']))
    expect(obj(game, 'h2').zone).toBe('graveyard')
    expect(obj(game, 'h5').zone).toBe('graveyard')
    expect(cardsIn(game, 'A', 'hand')).toHaveLength(7)
    expect(discarded).toEqual(['A:2'])
    expect(gameState(game).turn).toMatchObject({ number: 3, active: 'B' })
    expect(game.pendingDecision()).toMatchObject({ kind: 'priority', player: 'B' })
  })

  it('514.1 a wrong number of cards, a card twice or a card not in hand is rejected (illegal-choice) and changes nothing', () => {
    const game = endStep(9, 1)
    expectOk(game.pass())
    expectOk(game.pass())
    const before = worldDigest(worldOf(game))
    expectRejected(game.discard('A', ['h0']), 'illegal-choice', '514.1')
    expectRejected(game.discard('A', ['h0', 'h1', 'h2']), 'illegal-choice', '514.1')
    expectRejected(game.discard('A', []), 'illegal-choice', '514.1')
    const twice = game.discard('A', ['h0', 'h0'])
    expectRejected(twice, 'illegal-choice', '514.1')
    expect(!twice.ok && twice.error.message).toBe('a card is chosen twice')
    expectRejected(game.discard('A', ['h0', 'b0']), 'illegal-choice', '514.1')
    expectRejected(game.discard('A', ['h0', 'libA1']), 'illegal-choice', '514.1')
    expect(worldDigest(worldOf(game))).toBe(before)
    expect(game.pendingDecision()).toMatchObject({ kind: 'discard', player: 'A', count: 2 })
  })

  it('514.1 only the active player discards: the other player answering is rejected (not-your-decision)', () => {
    const game = endStep(8, 9)
    expectOk(game.pass())
    expectOk(game.pass())
    expect(game.pendingDecision()).toMatchObject({ kind: 'discard', player: 'A', count: 1 })
    const before = worldDigest(worldOf(game))
    expectRejected(game.discard('B', ['b0', 'b1']), 'not-your-decision', '514.1')
    expectRejected(game.pass(), 'not-awaited', '514.1')
    expect(worldDigest(worldOf(game))).toBe(before)
    expectOk(game.discard('A', ['h7']))
    // B keeps nine cards: their hand is not checked in A's cleanup (B's upkeep now, before B draws).
    expect(cardsIn(game, 'B', 'hand')).toHaveLength(9)
    expect(gameState(game).turn).toMatchObject({ active: 'B', step: 'upkeep' })
  })

  it('514.1 with seven cards there is nothing to discard: the turn ends without a decision', () => {
    const game = endStep(7)
    expectOk(game.pass())
    expectOk(game.pass())
    expect(gameState(game).turn).toMatchObject({ number: 3, active: 'B' })
    expect(cardsIn(game, 'A', 'hand')).toHaveLength(7)
  })
})
