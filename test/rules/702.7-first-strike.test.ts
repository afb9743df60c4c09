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
import { creature, expectOk, expectRejected, life, newGame, obj } from '../helpers.js'

describe('CR 702.7 First strike', () => {
  it('702.7b kills the blocker before it can deal damage', () => {
    const game = newGame([creature('knight', 'A', 2, 2, ['first strike']), creature('bear', 'B', 2, 2)])
    game.drive.attack({ knight: 'B' })
    game.drive.block({ bear: 'knight' })
    expectOk(game.drive.combatDamage())
    expect(game.state().turn.step).toBe('firstStrikeDamage')
    expect(obj(game, 'bear').zone).toBe('graveyard')
    expectOk(game.drive.combatDamage())
    expect(obj(game, 'knight').damage).toBe(0)
  })

  it('510.4 without first or double strike there is no first-strike damage step', () => {
    const game = newGame([creature('bear', 'A', 2, 2)])
    game.drive.attack({ bear: 'B' })
    game.drive.block({})
    expectRejected(game.drive.advance('firstStrikeDamage'), 'step-skipped', '510.4')
    expectOk(game.drive.combatDamage())
    expect(game.state().turn.step).toBe('regularDamage')
  })

  it('702.7b a first-strike blocker kills the attacker first', () => {
    const game = newGame([creature('bear', 'A', 2, 2), creature('knight', 'B', 2, 2, ['first strike'])])
    game.drive.attack({ bear: 'B' })
    game.drive.block({ knight: 'bear' })
    game.drive.advance('endCombat')
    expect(obj(game, 'bear').zone).toBe('graveyard')
    expect(obj(game, 'knight').damage).toBe(0)
  })

  it('702.7c gaining first strike after the first-strike step does not stop regular damage', () => {
    const game = newGame([creature('knight', 'A', 2, 2, ['first strike']), creature('ogre', 'A', 3, 3)])
    game.drive.attack({ knight: 'B', ogre: 'B' })
    game.drive.block({})
    game.drive.combatDamage()
    expect(life(game, 'B')).toBe(18)
    game.grant('ogre', { keywords: ['first strike'] })
    game.drive.combatDamage()
    expect(life(game, 'B')).toBe(15)
  })

  it('702.7c losing first strike after the first-strike step does not allow a second hit', () => {
    const game = newGame([creature('knight', 'A', 2, 2, ['first strike'])])
    game.drive.attack({ knight: 'B' })
    game.drive.block({})
    game.drive.combatDamage()
    game.lose('knight', ['first strike'])
    game.drive.combatDamage()
    expect(life(game, 'B')).toBe(18)
  })

  it('702.7b first strike granted before the damage steps makes the creature strike first', () => {
    const game = newGame([creature('bear', 'A', 2, 2), creature('bear2', 'B', 2, 2)])
    game.drive.attack({ bear: 'B' })
    game.drive.block({ bear2: 'bear' })
    game.grant('bear', { keywords: ['first strike'] })
    game.drive.advance('endCombat')
    expect(obj(game, 'bear').zone).toBe('battlefield')
    expect(obj(game, 'bear2').zone).toBe('graveyard')
  })

  it('510.1 an explicit assignment for a creature that does not deal damage in this step is rejected', () => {
    const game = newGame([creature('knight', 'A', 2, 2, ['first strike']), creature('ogre', 'A', 3, 3)])
    game.drive.attack({ knight: 'B', ogre: 'B' })
    game.drive.block({})
    expectRejected(game.drive.combatDamage({ ogre: { B: 3 } }), 'illegal-assignment', '510.4')
    expectOk(game.drive.combatDamage({ ogre: { B: 0 } }))
  })
})
