/**
 * CR 702.4b: "If at least one attacking or blocking creature has first strike or double strike
 * as the combat damage step begins, the only creatures that assign combat damage in that step are
 * those with first strike or double strike. ... The only creatures that assign combat damage in
 * that step are the remaining attackers and blockers that had neither first strike nor double
 * strike as the first combat damage step began, as well as the remaining attackers and blockers
 * that currently have double strike."
 * CR 702.4c: "Removing double strike from a creature during the first combat damage step will
 * stop it from assigning combat damage in the second combat damage step."
 * CR 702.4d: "Giving double strike to a creature with first strike after it has already dealt
 * combat damage in the first combat damage step will allow the creature to assign combat damage
 * in the second combat damage step."
 */
import { describe, expect, it } from 'vitest'
import { creature, drive, expectOk, life, newGame, obj } from '../helpers.js'
import { gameState } from '../../src/api/views.js'

describe('CR 702.4 Double strike', () => {
  it('702.4b deals damage in both combat damage steps', () => {
    const game = newGame([creature('blade', 'A', 2, 2, ['double strike'])])
    expectOk(drive(game).walkToAttack({ blade: 'B' }))
    expectOk(drive(game).walkToBlock({}))
    expectOk(drive(game).walkToDamage())
    expect(gameState(game).turn.step).toBe('firstStrikeDamage')
    expect(life(game, 'B')).toBe(18)
    expectOk(drive(game).walkToDamage())
    expect(gameState(game).turn.step).toBe('regularDamage')
    expect(life(game, 'B')).toBe(16)
  })

  it('702.4b a double striker kills a blocker before it deals damage, then deals no more to it', () => {
    const game = newGame([creature('blade', 'A', 2, 2, ['double strike']), creature('bear', 'B', 2, 2)])
    expectOk(drive(game).walkToAttack({ blade: 'B' }))
    expectOk(drive(game).walkToBlock({ bear: 'blade' }))
    expectOk(drive(game).walkTo('endCombat'))
    expect(obj(game, 'bear').zone).toBe('graveyard')
    expect(obj(game, 'blade').damage).toBe(0)
    expect(life(game, 'B')).toBe(20)
  })

  it('702.4c losing double strike after the first step stops the second hit', () => {
    const game = newGame([creature('blade', 'A', 2, 2, ['double strike'])])
    expectOk(drive(game).walkToAttack({ blade: 'B' }))
    expectOk(drive(game).walkToBlock({}))
    expectOk(drive(game).walkToDamage())
    expectOk(game.lose('blade', ['double strike']))
    expectOk(drive(game).walkTo('endCombat'))
    expect(life(game, 'B')).toBe(18)
  })

  it('702.4d a first striker given double strike deals damage again', () => {
    const game = newGame([creature('knight', 'A', 2, 2, ['first strike'])])
    expectOk(drive(game).walkToAttack({ knight: 'B' }))
    expectOk(drive(game).walkToBlock({}))
    expectOk(drive(game).walkToDamage())
    expectOk(game.grant('knight', { keywords: ['double strike'] }))
    expectOk(drive(game).walkToDamage())
    expect(life(game, 'B')).toBe(16)
  })

  it('702.4b a double-striking blocker hits the attacker twice', () => {
    const game = newGame([creature('ogre', 'A', 3, 5), creature('blade', 'B', 2, 4, ['double strike'])])
    expectOk(drive(game).walkToAttack({ ogre: 'B' }))
    expectOk(drive(game).walkToBlock({ blade: 'ogre' }))
    expectOk(drive(game).walkTo('endCombat'))
    expect(obj(game, 'ogre').damage).toBe(4)
    expect(obj(game, 'blade').damage).toBe(3)
  })

  it('702.4b lifelink on a double striker gains life in both steps', () => {
    const game = newGame([creature('blade', 'A', 2, 2, ['double strike', 'lifelink'])])
    expectOk(drive(game).walkToAttack({ blade: 'B' }))
    expectOk(drive(game).walkToBlock({}))
    expectOk(drive(game).walkTo('endCombat'))
    expect(life(game, 'A')).toBe(24)
  })
})

describe('CR 510.1c after a first-strike damage step', () => {
  it('510.1c, 702.19b the regular step asks for a division only from what is lethal now: the first step\'s assignments are gone once dealt', () => {
    // A 3/3 double-striking trampler blocked by a 1/7: the first step deals 3 to the blocker (lethal
    // is 7); in the second, lethal is 7 - 3 = 4 > 3, so there is still nothing to trample over and
    // nothing to choose. (Counting the first step's 3 again would make lethal 1 and ask for a division.)
    const game = newGame([creature('blade', 'A', 3, 3, ['double strike', 'trample']), creature('wall', 'B', 1, 7)])
    expectOk(drive(game).walkToAttack({ blade: 'B' }))
    expectOk(drive(game).walkToBlock({ wall: 'blade' }))
    const asked: string[] = []
    for (let i = 0; i < 20 && gameState(game).turn.step !== 'endCombat'; i++) {
      const kind = game.pendingDecision().kind
      asked.push(`${gameState(game).turn.step}:${kind}`)
      expect(kind).toBe('priority')
      expectOk(game.pass())
    }
    expect(gameState(game).turn.step).toBe('endCombat')
    expect(asked.some((a) => a.startsWith('regularDamage'))).toBe(true)
    expect(obj(game, 'wall').damage).toBe(6)
    expect(life(game, 'B')).toBe(20)
  })
})
