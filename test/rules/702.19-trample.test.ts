/**
 * CR 702.19b: "The controller of an attacking creature with trample first assigns damage to the
 * creature(s) blocking it. Once all those blocking creatures are assigned lethal damage, any
 * excess damage is assigned as its controller chooses among those blocking creatures and the
 * player, planeswalker, or battle the creature is attacking. When checking for assigned lethal
 * damage, take into account damage already marked on the creature and damage from other
 * creatures that's being assigned during the same combat damage step, ..."
 * CR 702.19d: "If an attacking creature with trample or trample over planeswalkers is blocked,
 * but there are no creatures blocking it when damage is assigned, its damage is assigned to the
 * defending player and/or planeswalker as though all blocking creatures have been assigned
 * lethal damage."
 * CR 702.19f: "If a creature without trample over planeswalkers is attacking a planeswalker,
 * none of its combat damage can be assigned to the defending player, ..."
 */
import { describe, expect, it } from 'vitest'
import { creature, drive, expectOk, expectRejected, life, newGame, obj, planeswalker } from '../helpers.js'
import { gameState } from '../../src/api/views.js'

describe('CR 702.19 Trample', () => {
  it('702.19b assigns lethal damage to the blocker and the rest to the player by default', () => {
    const game = newGame([creature('dreadmaw', 'A', 6, 6, ['trample']), creature('bear', 'B', 2, 2)])
    expectOk(drive(game).walkToAttack({ dreadmaw: 'B' }))
    expectOk(drive(game).walkToBlock({ bear: 'dreadmaw' }))
    expectOk(drive(game).walkToDamage())
    expect(life(game, 'B')).toBe(16)
    expect(obj(game, 'bear').zone).toBe('graveyard')
  })

  it('702.19b counts damage already marked on the blocker toward lethal damage', () => {
    const game = newGame([creature('dreadmaw', 'A', 6, 6, ['trample']), creature('wall', 'B', 0, 5, [], { damage: 3 })])
    expectOk(drive(game).walkToAttack({ dreadmaw: 'B' }))
    expectOk(drive(game).walkToBlock({ wall: 'dreadmaw' }))
    expectOk(drive(game).walkToDamage())
    expect(life(game, 'B')).toBe(16)
  })

  it('702.19b rejects damage to the player before every blocker is assigned lethal damage', () => {
    const game = newGame([creature('dreadmaw', 'A', 6, 6, ['trample']), creature('w1', 'B', 1, 3), creature('w2', 'B', 1, 3)])
    expectOk(drive(game).walkToAttack({ dreadmaw: 'B' }))
    expectOk(drive(game).walkToBlock({ w1: 'dreadmaw', w2: 'dreadmaw' }))
    const before = gameState(game)
    expectRejected(drive(game).walkToDamage({ dreadmaw: { w1: 3, w2: 2, B: 1 } }), 'illegal-assignment', '702.19b')
    expect(gameState(game)).toEqual(before)
    expectOk(drive(game).walkToDamage({ dreadmaw: { w1: 3, w2: 3 } }))
    expect(life(game, 'B')).toBe(20)
  })

  it('702.19b lets the controller put more than lethal damage on a blocker', () => {
    const game = newGame([creature('dreadmaw', 'A', 6, 6, ['trample']), creature('bear', 'B', 2, 2)])
    expectOk(drive(game).walkToAttack({ dreadmaw: 'B' }))
    expectOk(drive(game).walkToBlock({ bear: 'dreadmaw' }))
    expectOk(drive(game).walkToDamage({ dreadmaw: { bear: 5, B: 1 } }))
    expect(life(game, 'B')).toBe(19)
  })

  it('702.19b has no effect on a blocking creature with trample', () => {
    const game = newGame([creature('bear', 'A', 2, 2), creature('dreadmaw', 'B', 6, 6, ['trample'])])
    expectOk(drive(game).walkToAttack({ bear: 'B' }))
    expectOk(drive(game).walkToBlock({ dreadmaw: 'bear' }))
    expectRejected(drive(game).walkToDamage({ dreadmaw: { bear: 2, A: 4 } }), 'illegal-assignment', '510.1d')
    expectOk(drive(game).walkToDamage())
    expect(life(game, 'A')).toBe(20)
  })

  it('702.19d assigns all damage to the player when the blocker has left combat', () => {
    const game = newGame([creature('dreadmaw', 'A', 6, 6, ['trample']), creature('bear', 'B', 2, 2)])
    expectOk(drive(game).walkToAttack({ dreadmaw: 'B' }))
    expectOk(drive(game).walkToBlock({ bear: 'dreadmaw' }))
    expectOk(game.destroy('bear'))
    expectOk(drive(game).walkToDamage())
    expect(life(game, 'B')).toBe(14)
  })

  it('510.1c a blocked creature without trample whose blocker left deals no combat damage', () => {
    const game = newGame([creature('ogre', 'A', 3, 3), creature('bear', 'B', 2, 2)])
    expectOk(drive(game).walkToAttack({ ogre: 'B' }))
    expectOk(drive(game).walkToBlock({ bear: 'ogre' }))
    expectOk(game.removeFromCombat('bear'))
    expectRejected(drive(game).walkToDamage({ ogre: { B: 3 } }), 'illegal-assignment', '510.1c')
    expectOk(drive(game).walkToDamage())
    expect(life(game, 'B')).toBe(20)
    expect(obj(game, 'bear').damage).toBe(0)
  })

  it('702.19f keeps excess on the planeswalker: none goes to its controller', () => {
    const game = newGame([creature('dreadmaw', 'A', 7, 7, ['trample']), planeswalker('pw', 'B', 3)])
    expectOk(drive(game).walkToAttack({ dreadmaw: 'pw' }))
    expectOk(drive(game).walkToBlock({}))
    expectRejected(drive(game).walkToDamage({ dreadmaw: { pw: 3, B: 4 } }), 'illegal-assignment', '702.19f')
    expectOk(drive(game).walkToDamage())
    expect(life(game, 'B')).toBe(20)
    expect(obj(game, 'pw').zone).toBe('graveyard')
  })

  it('702.19f a plain trampler whose planeswalker left combat puts its excess on its first blocker, as one amount (510.2: one damage event, one lifelink gain)', () => {
    const game = newGame([creature('dreadmaw', 'A', 7, 7, ['trample', 'lifelink']), planeswalker('pw', 'B', 3), creature('bear', 'B', 2, 2)])
    const seen: string[] = []
    game.on('damageDealt', (source, target, amount) => void seen.push(`${game.id(source)}>${game.id(target)} ${amount}`))
    game.on('lifeChanged', (player, delta) => void seen.push(`${game.id(player)} ${delta > 0 ? '+' : ''}${delta}`))
    expectOk(drive(game).walkToAttack({ dreadmaw: 'pw' }))
    expectOk(drive(game).walkToBlock({ bear: 'dreadmaw' }))
    expectOk(game.removeFromCombat('pw'))
    expectOk(drive(game).walkToDamage())
    expect(obj(game, 'bear').zone).toBe('graveyard')
    expect(life(game, 'B')).toBe(20)
    expect(obj(game, 'pw').loyalty).toBe(3)
    expect(seen).toEqual(['dreadmaw>bear 7', 'A +7', 'bear>dreadmaw 2'])
    expect(life(game, 'A')).toBe(27)
  })

  it('702.19b multiple instances of trample are redundant', () => {
    const game = newGame([creature('dreadmaw', 'A', 6, 6, ['trample']), creature('bear', 'B', 2, 2)])
    expectOk(game.grant('dreadmaw', { keywords: ['trample'] }))
    expectOk(drive(game).walkToAttack({ dreadmaw: 'B' }))
    expectOk(drive(game).walkToBlock({ bear: 'dreadmaw' }))
    expectOk(drive(game).walkToDamage())
    expect(life(game, 'B')).toBe(16)
  })
})
