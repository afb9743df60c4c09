/**
 * CR 702.1: keyword abilities. Printed keywords and keywords granted by effects are kept apart:
 * losing a granted keyword never removes a printed one once the effect that removed it ends, and
 * several instances of a keyword are redundant ("Multiple instances of ... are redundant").
 * CR 613.7: effects apply in timestamp order.
 */
import { describe, expect, it } from 'vitest'
import { creature, drive, expectOk, newGame, obj } from '../helpers.js'
import { gameState } from '../../src/api/views.js'

const libraries = [
  { id: 'la', owner: 'A', zone: 'library' as const, types: ['land' as const] },
  { id: 'lb', owner: 'B', zone: 'library' as const, types: ['land' as const] },
]

describe('CR 702.1 Keyword abilities: printed and granted', () => {
  it('613.7 a later "gains" undoes an earlier "loses"', () => {
    const game = newGame([creature('angel', 'A', 4, 4, ['flying'])])
    expectOk(game.lose('angel', ['flying']))
    expect(obj(game, 'angel').keywords).toEqual([])
    expectOk(game.grant('angel', { keywords: ['flying'] }))
    expect(obj(game, 'angel').keywords).toEqual(['flying'])
  })

  it('613.7 a later "loses" removes both the printed and the granted instance', () => {
    const game = newGame([creature('angel', 'A', 4, 4, ['flying'])])
    expectOk(game.grant('angel', { keywords: ['flying'] }))
    expectOk(game.lose('angel', ['flying']))
    expect(obj(game, 'angel').keywords).toEqual([])
  })

  it('702.1 a printed keyword comes back when the effect that removed it ends', () => {
    const game = newGame([creature('angel', 'A', 4, 4, ['flying']), ...libraries])
    expectOk(game.lose('angel', ['flying']))
    expectOk(drive(game).walkTo('upkeep', { nextTurn: true }))
    expect(obj(game, 'angel').keywords).toEqual(['flying'])
  })

  it('702.1 a granted keyword ends in cleanup; the printed ones stay', () => {
    const game = newGame([creature('knight', 'A', 2, 2, ['first strike']), ...libraries])
    expectOk(game.grant('knight', { keywords: ['double strike', 'first strike'] }))
    expect(obj(game, 'knight').keywords).toEqual(['double strike', 'first strike'])
    expectOk(drive(game).walkTo('upkeep', { nextTurn: true }))
    expect(obj(game, 'knight').keywords).toEqual(['first strike'])
  })

  it('702.7d granting first strike twice is redundant: one first-strike hit', () => {
    const game = newGame([creature('bear', 'A', 2, 2)])
    expectOk(game.grant('bear', { keywords: ['first strike'] }))
    expectOk(game.grant('bear', { keywords: ['first strike'] }))
    expectOk(drive(game).walkToAttack({ bear: 'B' }))
    expectOk(drive(game).walkToBlock({}))
    expectOk(drive(game).walkTo('endCombat'))
    expect(gameState(game).players.B!.life).toBe(18)
  })
})
