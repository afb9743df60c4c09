/**
 * CR 702.19c: "... If that creature is attacking a planeswalker, after lethal damage is assigned
 * to all blocking creatures and damage at least equal to the loyalty of the planeswalker the
 * creature is attacking is assigned to that planeswalker, further excess damage may be assigned
 * as the attacking creature's controller chooses among those blocking creatures, that
 * planeswalker, and that planeswalker's controller. When checking for assigned damage equal to a
 * planeswalker's loyalty, take into account damage from other creatures that's being assigned
 * during the same combat damage step, ..."
 * CR 702.19e: "If a creature with trample over planeswalkers is attacking a planeswalker and that
 * planeswalker is removed from combat, the creature's damage may be assigned to the defending
 * player once all blocking creatures have been dealt lethal damage or, if there are no blocking
 * creatures when damage is assigned, all its damage is assigned to the defending player."
 */
import { describe, expect, it } from 'vitest'
import { creature, drive, expectOk, expectRejected, life, newGame, obj, planeswalker } from '../helpers.js'

const TOP = ['trample', 'trample over planeswalkers'] as const

describe('CR 702.19c Trample over planeswalkers', () => {
  it('702.19c assigns the planeswalker its loyalty and the excess to its controller', () => {
    const game = newGame([creature('thrasta', 'A', 7, 7, [...TOP]), planeswalker('pw', 'B', 3)])
    expectOk(drive(game).walkToAttack({ thrasta: 'pw' }))
    expectOk(drive(game).walkToBlock({}))
    expectOk(drive(game).walkToDamage())
    expect(obj(game, 'pw').zone).toBe('graveyard')
    expect(life(game, 'B')).toBe(16)
  })

  it('702.19c works with trample over planeswalkers alone, without plain trample', () => {
    const game = newGame([creature('thrasta', 'A', 7, 7, ['trample over planeswalkers']), planeswalker('pw', 'B', 3), creature('bear', 'B', 2, 2)])
    expectOk(drive(game).walkToAttack({ thrasta: 'pw' }))
    expectOk(drive(game).walkToBlock({ bear: 'thrasta' }))
    expectOk(drive(game).walkToDamage())
    expect(obj(game, 'bear').zone).toBe('graveyard')
    expect(obj(game, 'pw').zone).toBe('graveyard')
    expect(life(game, 'B')).toBe(18)
  })

  it("702.19c rejects damage to the controller before the planeswalker is assigned its loyalty", () => {
    const game = newGame([creature('thrasta', 'A', 7, 7, [...TOP]), planeswalker('pw', 'B', 3)])
    expectOk(drive(game).walkToAttack({ thrasta: 'pw' }))
    expectOk(drive(game).walkToBlock({}))
    expectRejected(drive(game).walkToDamage({ thrasta: { pw: 2, B: 5 } }), 'illegal-assignment', '702.19c')
    expectOk(drive(game).walkToDamage({ thrasta: { pw: 3, B: 4 } }))
    expect(life(game, 'B')).toBe(16)
  })

  it('702.19c, 510.2 the default assignment counts what attackers before it assign to the planeswalker in the same step', () => {
    // The bear (declared first) assigns 2 of the 3 loyalty; the default gives thrasta's planeswalker
    // the 1 left and its controller 4, dealt as assigned but counted as if dealt together.
    const game = newGame([
      creature('bear', 'A', 2, 2),
      creature('thrasta', 'A', 5, 5, [...TOP]),
      planeswalker('pw', 'B', 3),
    ])
    const dealt: [string, number][] = []
    game.on('damageDealt', (source, target, amount) => dealt.push([`${game.id(source)}>${game.id(target)}`, amount]))
    expectOk(drive(game).walkToAttack({ bear: 'pw', thrasta: 'pw' }))
    expectOk(drive(game).walkToBlock({}))
    expectOk(drive(game).walkToDamage())
    expect(dealt).toEqual([['bear>pw', 2], ['thrasta>pw', 1], ['thrasta>B', 4]])
    expect(life(game, 'B')).toBe(16)
    expect(obj(game, 'pw').zone).toBe('graveyard')
  })

  it("702.19c counts damage other attackers assign to the planeswalker in the same step", () => {
    const game = newGame([
      creature('bear', 'A', 2, 2),
      creature('thrasta', 'A', 5, 5, [...TOP]),
      planeswalker('pw', 'B', 3),
    ])
    expectOk(drive(game).walkToAttack({ bear: 'pw', thrasta: 'pw' }))
    expectOk(drive(game).walkToBlock({}))
    expectOk(drive(game).walkToDamage({ thrasta: { pw: 1, B: 4 } }))
    expect(life(game, 'B')).toBe(16)
    expect(obj(game, 'pw').zone).toBe('graveyard')
  })

  it('702.19c by default gives the planeswalker only the loyalty not yet assigned by earlier attackers', () => {
    const game = newGame([creature('bear', 'A', 2, 2), creature('thrasta', 'A', 5, 5, [...TOP]), planeswalker('pw', 'B', 3)])
    expectOk(drive(game).walkToAttack({ bear: 'pw', thrasta: 'pw' }))
    expectOk(drive(game).walkToBlock({}))
    expectOk(drive(game).walkToDamage())
    expect(life(game, 'B')).toBe(16)
  })

  it('702.19e assigns all damage to the defending player when the planeswalker left combat and nothing blocks', () => {
    const game = newGame([creature('thrasta', 'A', 7, 7, [...TOP]), planeswalker('pw', 'B', 3)])
    expectOk(drive(game).walkToAttack({ thrasta: 'pw' }))
    expectOk(drive(game).walkToBlock({}))
    expectOk(game.removeFromCombat('pw'))
    expectOk(drive(game).walkToDamage())
    expect(life(game, 'B')).toBe(13)
    expect(obj(game, 'pw').loyalty).toBe(3)
  })

  it('702.19e after lethal damage to blockers the rest goes to the defending player when the planeswalker is gone', () => {
    const game = newGame([creature('thrasta', 'A', 7, 7, [...TOP]), planeswalker('pw', 'B', 3), creature('bear', 'B', 2, 2)])
    expectOk(drive(game).walkToAttack({ thrasta: 'pw' }))
    expectOk(drive(game).walkToBlock({ bear: 'thrasta' }))
    expectOk(game.destroy('pw'))
    expectOk(drive(game).walkToDamage())
    expect(life(game, 'B')).toBe(15)
  })

  it('506.4c an unblocked creature without trample over planeswalkers whose planeswalker left deals no damage', () => {
    const game = newGame([creature('ogre', 'A', 3, 3, ['trample']), planeswalker('pw', 'B', 3)])
    expectOk(drive(game).walkToAttack({ ogre: 'pw' }))
    expectOk(drive(game).walkToBlock({}))
    expectOk(game.removeFromCombat('pw'))
    expectRejected(drive(game).walkToDamage({ ogre: { B: 3 } }), 'illegal-assignment', '702.19f')
    expectOk(drive(game).walkToDamage())
    expect(life(game, 'B')).toBe(20)
  })
})
