/**
 * CR 510.1a-d, 506.4c, 702.2c, 702.19b-f, 800.4a: every way an explicit combat damage assignment is
 * refused, each with its rule and its message (the check builds the message only when it refuses:
 * the learning environment's mask and the enumerator ask the same check without one).
 */
import { describe, expect, it } from 'vitest'
import type { ActionResult } from '../../src/core/errors.js'
import { worldOf, type Game } from '../../src/api/game.js'
import { act } from '../../src/decisions/act.js'
import { LIBRARIES, creature, drive, expectOk, expectRejected, newGame, obj, planeswalker } from '../helpers.js'

/** The rejection's rule and message; the action is also checked rejected with the code. */
function refused(result: ActionResult): [string | null, string] {
  expectRejected(result, 'illegal-assignment')
  return result.ok ? ['', ''] : [result.error.rule, result.error.message]
}

function attackAndBlock(game: Game, attackers: Record<string, string>, blockers: Record<string, string>): void {
  expectOk(drive(game).walkToAttack(attackers))
  expectOk(drive(game).walkToBlock(blockers))
}

/** Passes priority to the damage division (CR 510.1). */
function toDivision(game: Game): void {
  while (game.pendingDecision().kind === 'priority') expectOk(game.pass())
  expect(game.pendingDecision().kind).toBe('assignDamage')
}

describe('CR 510.1 an explicit assignment refused, with its rule and message', () => {
  it('510.1d a blocker assigns only to the creature it blocks', () => {
    const game = newGame([creature('ogre', 'A', 3, 3), creature('bear', 'B', 2, 2)])
    attackAndBlock(game, { ogre: 'B' }, { bear: 'ogre' })
    expect(refused(drive(game).walkToDamage({ bear: { A: 2 } }))).toEqual(['510.1d', 'bear is blocking, so it assigns its combat damage only to the creature it blocks, not A'])
  })

  it('800.4a no combat damage to a player who left the game', () => {
    const game = newGame([creature('striker', 'A', 4, 4, ['double strike']), ...LIBRARIES, { id: 'libC1', owner: 'C', zone: 'library', types: ['land'] }], {
      players: [{ id: 'A' }, { id: 'B', life: 4 }, { id: 'C' }],
    })
    attackAndBlock(game, { striker: 'B' }, {})
    expectOk(drive(game).walkToDamage())
    expect(refused(drive(game).walkToDamage({ striker: { B: 4 } }))).toEqual(['800.4a', 'B has left the game'])
  })

  it('510.1c a blocked creature without trample assigns nothing to the player', () => {
    const game = newGame([creature('ogre', 'A', 3, 3), creature('bear', 'B', 2, 2)])
    attackAndBlock(game, { ogre: 'B' }, { bear: 'ogre' })
    expect(refused(drive(game).walkToDamage({ ogre: { B: 3 } }))).toEqual(['510.1c', "ogre is blocked and has no trample, so it can't assign combat damage to B"])
  })

  it("702.19f a trampler attacking a planeswalker assigns nothing to its controller without trample over planeswalkers", () => {
    const game = newGame([creature('dreadmaw', 'A', 6, 6, ['trample']), planeswalker('pw', 'B', 3), creature('bear', 'B', 2, 2)])
    attackAndBlock(game, { dreadmaw: 'pw' }, { bear: 'dreadmaw' })
    expect(refused(drive(game).walkToDamage({ dreadmaw: { bear: 2, B: 4 } }))).toEqual(['702.19f', 'dreadmaw attacks pw without trample over planeswalkers, so none of its combat damage can be assigned to B'])
  })

  it('506.4c nothing to a planeswalker removed from combat', () => {
    const game = newGame([creature('ogre', 'A', 3, 3, ['trample over planeswalkers']), planeswalker('pw', 'B', 3)])
    attackAndBlock(game, { ogre: 'pw' }, {})
    expectOk(game.removeFromCombat('pw'))
    expect(refused(drive(game).walkToDamage({ ogre: { pw: 3 } }))).toEqual(['506.4c', "pw has been removed from combat, so ogre can't assign combat damage to it"])
  })

  it('510.1c nothing to a creature neither blocking nor attacked', () => {
    const game = newGame([creature('ogre', 'A', 3, 3), creature('bear', 'B', 2, 2), creature('cub', 'B', 1, 1)])
    attackAndBlock(game, { ogre: 'B' }, { bear: 'ogre' })
    expect(refused(drive(game).walkToDamage({ ogre: { bear: 2, cub: 1 } }))).toEqual(['510.1c', 'cub is neither blocking ogre nor attacked by it'])
  })

  it('510.1a amounts are whole numbers of 0 or more', () => {
    const game = newGame([creature('giant', 'A', 5, 5), creature('bear', 'B', 2, 2), creature('cub', 'B', 1, 1)])
    attackAndBlock(game, { giant: 'B' }, { bear: 'giant', cub: 'giant' })
    expect(refused(drive(game).walkToDamage({ giant: { bear: 6, cub: -1 } }))).toEqual(['510.1a', 'giant: damage amounts must be whole numbers of 0 or more, not -1'])
    expect(refused(drive(game).walkToDamage({ giant: { bear: 4.5, cub: 0.5 } }))).toEqual(['510.1a', 'giant: damage amounts must be whole numbers of 0 or more, not 4.5'])
  })

  it('510.1 a creature neither attacking nor blocking assigns no combat damage', () => {
    const game = newGame([creature('ogre', 'A', 3, 3), creature('bystander', 'A', 2, 2)])
    attackAndBlock(game, { ogre: 'B' }, {})
    expect(refused(drive(game).walkToDamage({ bystander: { B: 2 } }))).toEqual(['510.1', 'bystander is neither attacking nor blocking, so it assigns no combat damage'])
  })

  it('510.1a a creature with power 0 assigns no combat damage', () => {
    const game = newGame([creature('thopter', 'A', 0, 2), creature('ogre', 'A', 3, 3)])
    attackAndBlock(game, { thopter: 'B', ogre: 'B' }, {})
    expect(refused(drive(game).walkToDamage({ thopter: { B: 1 } }))).toEqual(['510.1a', 'thopter has power 0 or less, so it assigns no combat damage'])
  })

  it('510.4 a creature without first strike assigns nothing in the first-strike step', () => {
    const game = newGame([creature('knight', 'A', 2, 2, ['first strike']), creature('ogre', 'A', 3, 3)])
    attackAndBlock(game, { knight: 'B', ogre: 'B' }, {})
    expect(refused(drive(game).walkToDamage({ ogre: { B: 3 } }))).toEqual(['510.4', "ogre doesn't assign combat damage in this combat damage step"])
  })

  it('510.1a a creature assigns exactly its power', () => {
    const game = newGame([creature('giant', 'A', 5, 5), creature('bear', 'B', 2, 2), creature('cub', 'B', 1, 1)])
    attackAndBlock(game, { giant: 'B' }, { bear: 'giant', cub: 'giant' })
    expect(refused(drive(game).walkToDamage({ giant: { bear: 2, cub: 1 } }))).toEqual(['510.1a', 'giant must assign exactly 5 combat damage (its power), not 3'])
    expect(refused(drive(game).walkToDamage({ giant: { bear: 4, cub: 2 } }))).toEqual(['510.1a', 'giant must assign exactly 5 combat damage (its power), not 6'])
  })

  it('702.19b a trampler assigns lethal damage to its blockers before the player', () => {
    const game = newGame([creature('dreadmaw', 'A', 6, 6, ['trample']), creature('w1', 'B', 0, 3), creature('w2', 'B', 0, 3)])
    attackAndBlock(game, { dreadmaw: 'B' }, { w1: 'dreadmaw', w2: 'dreadmaw' })
    expect(refused(drive(game).walkToDamage({ dreadmaw: { w1: 3, w2: 2, B: 1 } }))).toEqual(['702.19b', 'dreadmaw must assign lethal damage (3) to w2 before assigning any to B'])
  })

  it('702.2c with deathtouch 1 is lethal, and still due before the player', () => {
    const game = newGame([creature('viper', 'A', 5, 1, ['deathtouch', 'trample']), creature('w1', 'B', 0, 3), creature('w2', 'B', 0, 3)])
    attackAndBlock(game, { viper: 'B' }, { w1: 'viper', w2: 'viper' })
    expect(refused(drive(game).walkToDamage({ viper: { w1: 1, B: 4 } }))).toEqual(['702.2c', 'viper must assign lethal damage (1) to w2 before assigning any to B'])
  })

  it("702.19c a planeswalker's loyalty before its controller", () => {
    const game = newGame([creature('thrasta', 'A', 7, 7, ['trample', 'trample over planeswalkers']), planeswalker('pw', 'B', 3)])
    attackAndBlock(game, { thrasta: 'pw' }, {})
    expect(refused(drive(game).walkToDamage({ thrasta: { pw: 2, B: 5 } }))).toEqual(['702.19c', "thrasta must assign damage equal to pw's loyalty (3) to it before assigning any to B"])
  })

  it("510.1c a creature's entries are one division wherever they are in the list, a recipient named twice given both", () => {
    for (const assignments of [
      [{ creature: 'giant', recipient: 'bear', amount: 2 }, { creature: 'cub', recipient: 'giant', amount: 1 }, { creature: 'giant', recipient: 'cub', amount: 3 }],
      [{ creature: 'giant', recipient: 'bear', amount: 2 }, { creature: 'giant', recipient: 'cub', amount: 1 }, { creature: 'giant', recipient: 'cub', amount: 2 }],
    ]) {
      const game = newGame([creature('giant', 'A', 5, 5), creature('bear', 'B', 2, 2), creature('cub', 'B', 1, 1)])
      attackAndBlock(game, { giant: 'B' }, { bear: 'giant', cub: 'giant' })
      toDivision(game)
      expectOk(game.act({ type: 'assignDamage', player: 'A', assignments }))
      expect([obj(game, 'bear').zone, obj(game, 'cub').zone, obj(game, 'giant').damage]).toEqual(['graveyard', 'graveyard', 3])
    }
  })

  it('510.1a entries apart from each other still total the power: the first fault in the order of the creatures', () => {
    const game = newGame([creature('giant', 'A', 5, 5), creature('bear', 'B', 2, 2), creature('cub', 'B', 1, 1)])
    attackAndBlock(game, { giant: 'B' }, { bear: 'giant', cub: 'giant' })
    toDivision(game)
    const assignments = [{ creature: 'bear', recipient: 'giant', amount: 2 }, { creature: 'giant', recipient: 'B', amount: 5 }, { creature: 'bear', recipient: 'giant', amount: 1 }]
    expect(refused(game.act({ type: 'assignDamage', player: 'A', assignments }))).toEqual(['510.1a', 'bear must assign exactly 2 combat damage (its power), not 3'])
  })

  it('510.1a a creature named with no entries assigns nothing: refused like any total short of its power (creatures not named take the default)', () => {
    const game = newGame([creature('giant', 'A', 5, 5), creature('bear', 'B', 2, 2), creature('cub', 'B', 1, 1)])
    attackAndBlock(game, { giant: 'B' }, { bear: 'giant', cub: 'giant' })
    expect(refused(drive(game).walkToDamage({ giant: {} }))).toEqual(['510.1a', 'giant must assign exactly 5 combat damage (its power), not 0'])
  })

  it('510.1 an entry whose creature is no entity of the game is refused, whatever its amount', () => {
    for (const creatureId of [100_000, -1, 1.5, Number.NaN]) {
      const game = newGame([creature('giant', 'A', 5, 5), creature('bear', 'B', 2, 2), creature('cub', 'B', 1, 1)])
      attackAndBlock(game, { giant: 'B' }, { bear: 'giant', cub: 'giant' })
      toDivision(game)
      const assignments = [{ creature: creatureId, recipient: game.eid('B')!, amount: 0 }, { creature: game.eid('giant')!, recipient: game.eid('bear')!, amount: 5 }]
      const [rule, message] = refused(act(worldOf(game), { type: 'assignDamage', player: game.eid('A')!, assignments }))
      expect([rule, message]).toEqual(['510.1', `#${creatureId} is neither attacking nor blocking, so it assigns no combat damage`])
    }
  })

  it('510.1c a division checked as its stamps wrap around: the creature given an assignment takes no default one besides', () => {
    const game = newGame([creature('x', 'A', 5, 9), creature('b1', 'B', 1, 9), creature('b2', 'B', 1, 9)])
    attackAndBlock(game, { x: 'B' }, { b1: 'x', b2: 'x' })
    toDivision(game)
    worldOf(game).stamp = 0xfffffffb
    expectOk(game.assignDamage({ x: { b2: 5 } }))
    expect([obj(game, 'b1').damage, obj(game, 'b2').damage]).toEqual([0, 5])
  })
})
