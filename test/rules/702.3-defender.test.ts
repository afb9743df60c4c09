/** CR 702.3b: "A creature with defender can't attack." */
import { describe, expect, it } from 'vitest'
import { creature, drive, expectOk, expectRejected, newGame, obj } from '../helpers.js'
import { gameState } from '../../src/api/views.js'

describe('CR 702.3 Defender', () => {
  it('702.3b a creature with defender cannot attack, and the whole declaration is rejected', () => {
    const game = newGame([creature('wall', 'A', 0, 8, ['defender']), creature('bear', 'A', 2, 2)])
    const before = gameState(game)
    expectRejected(drive(game).walkToAttack({ bear: 'B', wall: 'B' }), 'defender-cannot-attack', '702.3b')
    expect(gameState(game)).toEqual(before)
    expect(obj(game, 'bear').tapped).toBe(false)
  })

  it('702.3b a creature with defender can block', () => {
    const game = newGame([creature('bear', 'A', 2, 2), creature('wall', 'B', 0, 8, ['defender'])])
    expectOk(drive(game).walkToAttack({ bear: 'B' }))
    expectOk(drive(game).walkToBlock({ wall: 'bear' }))
  })

  it('702.3b a creature that lost defender until end of turn can attack', () => {
    const game = newGame([creature('wall', 'A', 0, 8, ['defender'])])
    expectOk(game.lose('wall', ['defender']))
    expectOk(drive(game).walkToAttack({ wall: 'B' }))
  })

  it('702.3b granted defender stops an attack', () => {
    const game = newGame([creature('bear', 'A', 2, 2)])
    expectOk(game.grant('bear', { keywords: ['defender'] }))
    expectRejected(drive(game).walkToAttack({ bear: 'B' }), 'defender-cannot-attack')
  })
})
