/**
 * CR 506.4: "A permanent that's removed from combat stops being an attacking, blocking, blocked,
 * and/or unblocked creature. ..."
 * CR 511.3: "As the end of combat step ends, all creatures and planeswalkers are removed from combat."
 */
import { describe, expect, it } from 'vitest'
import { creature, drive, expectOk, life, newGame, obj } from '../helpers.js'
import { gameState } from '../../src/api/views.js'

describe('CR 506.4 Removal from combat', () => {
  it('506.4 an attacker removed from combat deals no combat damage', () => {
    const game = newGame([creature('bear', 'A', 2, 2), creature('ogre', 'A', 3, 3)])
    expectOk(drive(game).walkToAttack({ bear: 'B', ogre: 'B' }))
    expectOk(game.removeFromCombat('ogre'))
    expectOk(drive(game).walkTo('endCombat'))
    expect(life(game, 'B')).toBe(18)
    expect(obj(game, 'ogre').tapped).toBe(true)
  })

  it('506.4 a blocker removed from combat neither deals nor is dealt damage', () => {
    const game = newGame([creature('bear', 'A', 2, 2), creature('wolf', 'B', 2, 2)])
    expectOk(drive(game).walkToAttack({ bear: 'B' }))
    expectOk(drive(game).walkToBlock({ wolf: 'bear' }))
    expectOk(game.removeFromCombat('wolf'))
    expectOk(drive(game).walkToDamage())
    expect(obj(game, 'bear').damage).toBe(0)
    expect(obj(game, 'wolf').damage).toBe(0)
  })

  it('506.4 removing something not in combat does nothing', () => {
    const game = newGame([creature('bear', 'A', 2, 2)])
    const before = gameState(game)
    expectOk(game.removeFromCombat('bear'))
    expect(gameState(game)).toEqual(before)
  })

  it('511.3 after the end of combat step nothing is in combat: a new combat can be declared next turn', () => {
    const game = newGame([
      creature('bear', 'A', 2, 2, ['vigilance']),
      { id: 'la', owner: 'A', zone: 'library', types: ['land'] },
      { id: 'lb', owner: 'B', zone: 'library', types: ['land'] },
    ])
    expectOk(drive(game).walkToAttack({ bear: 'B' }))
    expectOk(drive(game).walkTo('postcombatMain'))
    expectOk(drive(game).walkTo('precombatMain', { nextTurn: true }))
    expectOk(drive(game).walkTo('precombatMain', { nextTurn: true }))
    expectOk(drive(game).walkToAttack({ bear: 'B' }))
    expectOk(drive(game).walkTo('endCombat'))
    expect(life(game, 'B')).toBe(16)
  })

  it('400.7 a creature that leaves the battlefield loses its until-end-of-turn effects', () => {
    const game = newGame([creature('bear', 'A', 2, 2, [], { owner: 'A' })])
    expectOk(game.grant('bear', { power: 3, keywords: ['flying'] }))
    expectOk(game.exile('bear'))
    expect(obj(game, 'bear')).toMatchObject({ zone: 'exile', power: 2, keywords: [], tapped: false })
  })
})
