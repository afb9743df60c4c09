/**
 * CR 702.2b: "A creature with toughness greater than 0 that's been dealt damage by a source with
 * deathtouch since the last time state-based actions were checked is destroyed as a state-based
 * action."
 * CR 702.2c: "Any nonzero amount of combat damage assigned to a creature by a source with
 * deathtouch is considered to be lethal damage for the purposes of determining if a proposed
 * combat damage assignment is valid, regardless of that creature's toughness."
 * CR 702.2d: "The deathtouch rules function no matter what zone an object with deathtouch deals
 * damage from."
 */
import { describe, expect, it } from 'vitest'
import { creature, drive, expectOk, expectRejected, life, newGame, obj } from '../helpers.js'

describe('CR 702.2 Deathtouch', () => {
  it('702.2b destroys a creature dealt any damage by a deathtouch source', () => {
    const game = newGame([creature('rat', 'A', 1, 1, ['deathtouch']), creature('giant', 'B', 5, 5)])
    expectOk(drive(game).walkToAttack({ rat: 'B' }))
    expectOk(drive(game).walkToBlock({ giant: 'rat' }))
    expectOk(drive(game).walkToDamage())
    expect(obj(game, 'giant').zone).toBe('graveyard')
    expect(obj(game, 'rat').zone).toBe('graveyard')
  })

  it('702.2b does not destroy an indestructible creature, and the mark is gone after the check', () => {
    const game = newGame([creature('rat', 'A', 1, 1, ['deathtouch']), creature('golem', 'B', 0, 5, ['indestructible'])])
    expectOk(drive(game).walkToAttack({ rat: 'B' }))
    expectOk(drive(game).walkToBlock({ golem: 'rat' }))
    expectOk(drive(game).walkToDamage())
    expect(obj(game, 'golem').zone).toBe('battlefield')
    expectOk(game.lose('golem', ['indestructible']))
    expect(obj(game, 'golem').zone).toBe('battlefield')
  })

  it('702.2c 1 damage from a deathtouch trampler is lethal to each blocker', () => {
    const game = newGame([creature('viper', 'A', 5, 5, ['deathtouch', 'trample']), creature('w1', 'B', 2, 4), creature('w2', 'B', 2, 4)])
    expectOk(drive(game).walkToAttack({ viper: 'B' }))
    expectOk(drive(game).walkToBlock({ w1: 'viper', w2: 'viper' }))
    expectOk(drive(game).walkToDamage({ viper: { w1: 1, w2: 1, B: 3 } }))
    expect(life(game, 'B')).toBe(17)
    expect(obj(game, 'w1').zone).toBe('graveyard')
    expect(obj(game, 'w2').zone).toBe('graveyard')
  })

  it('702.2c a deathtouch trampler still has to assign 1 to each blocker before the player', () => {
    const game = newGame([creature('viper', 'A', 5, 5, ['deathtouch', 'trample']), creature('w1', 'B', 2, 4), creature('w2', 'B', 2, 4)])
    expectOk(drive(game).walkToAttack({ viper: 'B' }))
    expectOk(drive(game).walkToBlock({ w1: 'viper', w2: 'viper' }))
    expectRejected(drive(game).walkToDamage({ viper: { w1: 1, B: 4 } }), 'illegal-assignment', '702.2c')
  })

  it('702.2b noncombat damage from a deathtouch source destroys the creature', () => {
    const game = newGame([creature('rat', 'A', 1, 1, ['deathtouch']), creature('giant', 'B', 5, 5)])
    expectOk(game.dealDamage({ source: 'rat', to: 'giant', amount: 1 }))
    expect(obj(game, 'giant').zone).toBe('graveyard')
  })

  it('702.2d deathtouch works from the graveyard', () => {
    const game = newGame([creature('rat', 'A', 1, 1, ['deathtouch'], { zone: 'graveyard', owner: 'A' }), creature('giant', 'B', 5, 5)])
    expectOk(game.dealDamage({ source: 'rat', to: 'giant', amount: 1 }))
    expect(obj(game, 'giant').zone).toBe('graveyard')
  })

  it('702.2b zero damage from a deathtouch source destroys nothing', () => {
    const game = newGame([creature('rat', 'A', 1, 1, ['deathtouch']), creature('giant', 'B', 5, 5)])
    expectOk(game.dealDamage({ source: 'rat', to: 'giant', amount: 0 }))
    expect(obj(game, 'giant').zone).toBe('battlefield')
  })
})
