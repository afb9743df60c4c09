/** CR 702.111b: "A creature with menace can't be blocked except by two or more creatures." */
import { describe, expect, it } from 'vitest'
import { creature, drive, expectOk, expectRejected, newGame, obj } from '../helpers.js'

describe('CR 702.111 Menace', () => {
  it('702.111b one blocker is not enough', () => {
    const game = newGame([creature('rogue', 'A', 3, 3, ['menace']), creature('bear', 'B', 2, 2)])
    expectOk(drive(game).walkToAttack({ rogue: 'B' }))
    expectRejected(drive(game).walkToBlock({ bear: 'rogue' }), 'menace', '702.111b')
  })

  it('702.111b two blockers are enough, and the attacker divides its damage', () => {
    const game = newGame([creature('rogue', 'A', 3, 3, ['menace']), creature('bear', 'B', 2, 2), creature('cub', 'B', 1, 1)])
    expectOk(drive(game).walkToAttack({ rogue: 'B' }))
    expectOk(drive(game).walkToBlock({ bear: 'rogue', cub: 'rogue' }))
    expectOk(drive(game).walkToDamage())
    expect(obj(game, 'bear').zone).toBe('graveyard')
    expect(obj(game, 'cub').zone).toBe('graveyard')
    expect(obj(game, 'rogue').zone).toBe('graveyard')
  })

  it('702.111b not blocking a creature with menace is fine', () => {
    const game = newGame([creature('rogue', 'A', 3, 3, ['menace']), creature('bear', 'B', 2, 2)])
    expectOk(drive(game).walkToAttack({ rogue: 'B' }))
    expectOk(drive(game).walkToBlock({}))
  })
})
