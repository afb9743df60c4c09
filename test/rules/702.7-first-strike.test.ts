/**
 * CR 702.7b: "If at least one attacking or blocking creature has first strike or double strike
 * as the combat damage step begins, the only creatures that assign combat damage in that step are
 * those with first strike or double strike. After that step, instead of proceeding to the end of
 * combat step, the phase gets a second combat damage step. ..."
 * CR 702.7c: "Giving first strike to a creature without it after combat damage has already been
 * dealt in the first combat damage step won't preclude that creature from assigning combat damage
 * in the second combat damage step. Removing first strike from a creature after it has already
 * dealt combat damage in the first combat damage step won't allow it to also assign combat damage
 * in the second combat damage step (unless the creature has double strike)."
 */
import { describe, expect, it } from 'vitest'
import { creature, drive, expectOk, expectRejected, life, newGame, obj } from '../helpers.js'
import { gameState } from '../../src/api/views.js'

describe('CR 702.7 First strike', () => {
  it('702.7b kills the blocker before it can deal damage', () => {
    const game = newGame([creature('knight', 'A', 2, 2, ['first strike']), creature('bear', 'B', 2, 2)])
    expectOk(drive(game).walkToAttack({ knight: 'B' }))
    expectOk(drive(game).walkToBlock({ bear: 'knight' }))
    expectOk(drive(game).walkToDamage())
    expect(gameState(game).turn.step).toBe('firstStrikeDamage')
    expect(obj(game, 'bear').zone).toBe('graveyard')
    expectOk(drive(game).walkToDamage())
    expect(obj(game, 'knight').damage).toBe(0)
  })

  it('510.4 without first or double strike there is no first-strike damage step', () => {
    const game = newGame([creature('bear', 'A', 2, 2)])
    expectOk(drive(game).walkToAttack({ bear: 'B' }))
    expectOk(drive(game).walkToBlock({}))
    expectRejected(drive(game).walkTo('firstStrikeDamage'), 'step-skipped', '510.4')
    expectOk(drive(game).walkToDamage())
    expect(gameState(game).turn.step).toBe('regularDamage')
  })

  it('702.7b a first-strike blocker kills the attacker first', () => {
    const game = newGame([creature('bear', 'A', 2, 2), creature('knight', 'B', 2, 2, ['first strike'])])
    expectOk(drive(game).walkToAttack({ bear: 'B' }))
    expectOk(drive(game).walkToBlock({ knight: 'bear' }))
    expectOk(drive(game).walkTo('endCombat'))
    expect(obj(game, 'bear').zone).toBe('graveyard')
    expect(obj(game, 'knight').damage).toBe(0)
  })

  it('702.7c gaining first strike after the first-strike step does not stop regular damage', () => {
    const game = newGame([creature('knight', 'A', 2, 2, ['first strike']), creature('ogre', 'A', 3, 3)])
    expectOk(drive(game).walkToAttack({ knight: 'B', ogre: 'B' }))
    expectOk(drive(game).walkToBlock({}))
    expectOk(drive(game).walkToDamage())
    expect(life(game, 'B')).toBe(18)
    expectOk(game.grant('ogre', { keywords: ['first strike'] }))
    expectOk(drive(game).walkToDamage())
    expect(life(game, 'B')).toBe(15)
  })

  it('702.7c losing first strike after the first-strike step does not allow a second hit', () => {
    const game = newGame([creature('knight', 'A', 2, 2, ['first strike'])])
    expectOk(drive(game).walkToAttack({ knight: 'B' }))
    expectOk(drive(game).walkToBlock({}))
    expectOk(drive(game).walkToDamage())
    expectOk(game.lose('knight', ['first strike']))
    expectOk(drive(game).walkToDamage())
    expect(life(game, 'B')).toBe(18)
  })

  it('702.7b first strike granted before the damage steps makes the creature strike first', () => {
    const game = newGame([creature('bear', 'A', 2, 2), creature('bear2', 'B', 2, 2)])
    expectOk(drive(game).walkToAttack({ bear: 'B' }))
    expectOk(drive(game).walkToBlock({ bear2: 'bear' }))
    expectOk(game.grant('bear', { keywords: ['first strike'] }))
    expectOk(drive(game).walkTo('endCombat'))
    expect(obj(game, 'bear').zone).toBe('battlefield')
    expect(obj(game, 'bear2').zone).toBe('graveyard')
  })

  it('510.1 an explicit assignment for a creature that does not deal damage in this step is rejected', () => {
    const game = newGame([creature('knight', 'A', 2, 2, ['first strike']), creature('ogre', 'A', 3, 3)])
    expectOk(drive(game).walkToAttack({ knight: 'B', ogre: 'B' }))
    expectOk(drive(game).walkToBlock({}))
    expectRejected(drive(game).walkToDamage({ ogre: { B: 3 } }), 'illegal-assignment', '510.4')
    expectOk(drive(game).walkToDamage({ ogre: { B: 0 } }))
  })
})
