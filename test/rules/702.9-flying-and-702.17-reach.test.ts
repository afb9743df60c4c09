/**
 * CR 702.9b: "A creature with flying can't be blocked except by creatures with flying and/or
 * reach. A creature with flying can block a creature with or without flying."
 * CR 702.17b: "A creature with flying can't be blocked except by creatures with flying and/or reach."
 */
import { describe, expect, it } from 'vitest'
import { creature, drive, expectOk, expectRejected, newGame, obj } from '../helpers.js'
import { gameState } from '../../src/api/views.js'

describe('CR 702.9 Flying and CR 702.17 Reach', () => {
  it('702.9b a creature without flying or reach cannot block a flyer', () => {
    const game = newGame([creature('angel', 'A', 4, 4, ['flying']), creature('bear', 'B', 2, 2)])
    expectOk(drive(game).walkToAttack({ angel: 'B' }))
    const before = gameState(game)
    expectRejected(drive(game).walkToBlock({ bear: 'angel' }), 'cannot-block-flying', '702.9b')
    expect(gameState(game)).toEqual(before)
  })

  it('702.17b a creature with reach blocks a flyer', () => {
    const game = newGame([creature('angel', 'A', 4, 4, ['flying']), creature('spider', 'B', 2, 4, ['reach'])])
    expectOk(drive(game).walkToAttack({ angel: 'B' }))
    expectOk(drive(game).walkToBlock({ spider: 'angel' }))
    expectOk(drive(game).walkToDamage())
    expect(obj(game, 'spider').zone).toBe('graveyard')
    expect(obj(game, 'angel').damage).toBe(2)
  })

  it('702.9b a flyer blocks a flyer', () => {
    const game = newGame([creature('angel', 'A', 4, 4, ['flying']), creature('bird', 'B', 1, 1, ['flying'])])
    expectOk(drive(game).walkToAttack({ angel: 'B' }))
    expectOk(drive(game).walkToBlock({ bird: 'angel' }))
  })

  it('702.9b a flyer blocks a creature without flying', () => {
    const game = newGame([creature('bear', 'A', 2, 2), creature('bird', 'B', 1, 1, ['flying'])])
    expectOk(drive(game).walkToAttack({ bear: 'B' }))
    expectOk(drive(game).walkToBlock({ bird: 'bear' }))
  })

  it('702.9b one illegal blocker rejects the whole block declaration', () => {
    const game = newGame([
      creature('angel', 'A', 4, 4, ['flying']),
      creature('bear', 'A', 2, 2),
      creature('wolf', 'B', 2, 2),
      creature('cub', 'B', 1, 1),
    ])
    expectOk(drive(game).walkToAttack({ angel: 'B', bear: 'B' }))
    expectRejected(drive(game).walkToBlock({ wolf: 'bear', cub: 'angel' }), 'cannot-block-flying')
    expect(gameState(game).turn.step).toBe('declareAttackers')
    expectOk(drive(game).walkToBlock({ wolf: 'bear' }))
  })

  it('702.9b flying granted until end of turn matters; losing it lets ground creatures block', () => {
    const game = newGame([creature('angel', 'A', 4, 4, ['flying']), creature('bear', 'B', 2, 2)])
    expectOk(game.lose('angel', ['flying']))
    expectOk(drive(game).walkToAttack({ angel: 'B' }))
    expectOk(drive(game).walkToBlock({ bear: 'angel' }))
  })
})
