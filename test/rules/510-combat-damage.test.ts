/**
 * CR 510.1a: "Each attacking creature and each blocking creature assigns combat damage equal to
 * its power. Creatures that would assign 0 or less damage this way don't assign combat damage at all."
 * CR 510.1c (after Magic: The Gathering Foundations): "A blocked creature assigns its combat
 * damage to the creatures blocking it. If no creatures are currently blocking it (if, for
 * example, they were destroyed or removed from combat), it assigns no combat damage. If exactly
 * one creature is blocking it, it assigns all its combat damage to that creature. If two or more
 * creatures are blocking it, it assigns its combat damage to those creatures divided as its
 * controller chooses among them."
 * CR 510.1d: "A blocking creature assigns combat damage to the creatures it's blocking."
 * CR 510.2: "Second, all combat damage that's been assigned is dealt simultaneously."
 */
import { describe, expect, it } from 'vitest'
import { creature, drive, expectOk, expectRejected, life, newGame, obj, planeswalker } from '../helpers.js'
import { gameState } from '../../src/api/views.js'
import { worldOf, type Game } from '../../src/api/game.js'

describe('CR 510 Combat damage step', () => {
  it('510.1c a creature blocked by several divides its damage as its controller chooses, without lethal order', () => {
    const game = newGame([creature('giant', 'A', 5, 5), creature('w1', 'B', 1, 3), creature('w2', 'B', 1, 3)])
    expectOk(drive(game).walkToAttack({ giant: 'B' }))
    expectOk(drive(game).walkToBlock({ w1: 'giant', w2: 'giant' }))
    expectOk(drive(game).walkToDamage({ giant: { w1: 1, w2: 4 } }))
    expect(obj(game, 'w1').damage).toBe(1)
    expect(obj(game, 'w2').zone).toBe('graveyard')
  })

  it('510.1c by default assigns lethal damage in declaration order and the rest to the first blocker', () => {
    const game = newGame([creature('giant', 'A', 7, 7), creature('w1', 'B', 1, 3), creature('w2', 'B', 1, 3)])
    expectOk(drive(game).walkToAttack({ giant: 'B' }))
    expectOk(drive(game).walkToBlock({ w2: 'giant', w1: 'giant' }))
    expectOk(drive(game).walkToDamage())
    expect(obj(game, 'w1').zone).toBe('graveyard')
    expect(obj(game, 'w2').zone).toBe('graveyard')
    expect(life(game, 'B')).toBe(20)
  })

  it('510.1c by default a short attacker damages the blockers in declaration order', () => {
    const game = newGame([creature('ogre', 'A', 3, 5), creature('w1', 'B', 1, 2), creature('w2', 'B', 1, 2)])
    expectOk(drive(game).walkToAttack({ ogre: 'B' }))
    expectOk(drive(game).walkToBlock({ w2: 'ogre', w1: 'ogre' }))
    expectOk(drive(game).walkToDamage())
    expect(obj(game, 'w2').zone).toBe('graveyard')
    expect(obj(game, 'w1').damage).toBe(1)
  })

  it('510.1c-510.2 a source deals one amount to each recipient: one damage event each (with one blocker, one lifelink gain: 702.15b), the excess on the first blocker included', () => {
    const record = (game: Game): string[] => {
      const seen: string[] = []
      game.on('damageDealt', (source, target, amount) => void seen.push(`${game.id(source)}>${game.id(target)} ${amount}`))
      game.on('lifeChanged', (player, delta) => void seen.push(`${game.id(player)} ${delta > 0 ? '+' : ''}${delta}`))
      return seen
    }
    // One blocker takes all of it (a deathtouch source: 1 is lethal, the 2 more go to it too).
    const one = newGame([creature('viper', 'A', 3, 3, ['deathtouch', 'lifelink']), creature('wall', 'B', 0, 5)])
    const seenOne = record(one)
    expectOk(drive(one).walkToAttack({ viper: 'B' }))
    expectOk(drive(one).walkToBlock({ wall: 'viper' }))
    expectOk(drive(one).walkToDamage())
    expect(seenOne).toEqual(['viper>wall 3', 'A +3'])
    // Two blockers: lethal to each in order, the excess on the first (its amount, made last, one event).
    const two = newGame([creature('giant', 'A', 7, 7), creature('w1', 'B', 0, 3), creature('w2', 'B', 0, 3)])
    const seenTwo = record(two)
    expectOk(drive(two).walkToAttack({ giant: 'B' }))
    expectOk(drive(two).walkToBlock({ w2: 'giant', w1: 'giant' }))
    expectOk(drive(two).walkToDamage())
    expect([...seenTwo].sort()).toEqual(['giant>w1 3', 'giant>w2 4'])
    // The same default beside an explicit division of another attacker (the step planned whole, then dealt).
    const mixed = newGame([creature('giant', 'A', 5, 5), creature('ogre', 'A', 4, 4), creature('w1', 'B', 0, 2), creature('w2', 'B', 0, 2), creature('w3', 'B', 0, 3)])
    const seenMixed = record(mixed)
    expectOk(drive(mixed).walkToAttack({ giant: 'B', ogre: 'B' }))
    expectOk(drive(mixed).walkToBlock({ w1: 'giant', w2: 'giant', w3: 'ogre' }))
    expectOk(drive(mixed).walkToDamage({ giant: { w1: 3, w2: 2 } }))
    expect(seenMixed).toEqual(['giant>w1 3', 'giant>w2 2', 'ogre>w3 4'])
    // Trample: lethal to the blocker, the rest to the player, one event each.
    const trample = newGame([creature('wurm', 'A', 5, 5, ['trample']), creature('bear', 'B', 0, 2)])
    const seenTrample = record(trample)
    expectOk(drive(trample).walkToAttack({ wurm: 'B' }))
    expectOk(drive(trample).walkToBlock({ bear: 'wurm' }))
    expectOk(drive(trample).walkToDamage())
    expect(seenTrample.filter((e) => e.includes('>'))).toEqual(['wurm>bear 2', 'wurm>B 3'])
  })

  it('510.1c-510.2 a recipient named twice in a division is given the sum, as one damage event (it was dealt as two)', () => {
    const game = newGame([creature('viper', 'A', 5, 5, ['trample']), creature('w1', 'B', 0, 2), creature('w2', 'B', 0, 2)])
    const dealt: string[] = []
    game.on('damageDealt', (source, target, amount) => void dealt.push(`${game.id(source)}>${game.id(target)} ${amount}`))
    expectOk(drive(game).walkToAttack({ viper: 'B' }))
    expectOk(drive(game).walkToBlock({ w1: 'viper', w2: 'viper' }))
    while (game.pendingDecision().kind === 'priority') expectOk(game.pass())
    expect(game.pendingDecision().kind).toBe('assignDamage')
    expectOk(game.act({
      type: 'assignDamage', player: 'A',
      assignments: [{ creature: 'viper', recipient: 'w1', amount: 2 }, { creature: 'viper', recipient: 'w2', amount: 2 }, { creature: 'viper', recipient: 'w1', amount: 1 }, { creature: 'viper', recipient: 'w2', amount: 0 }],
    }))
    expect(dealt).toEqual(['viper>w1 3', 'viper>w2 2'])
    expect(obj(game, 'w1').zone).toBe('graveyard')
    expect(life(game, 'B')).toBe(20)
  })

  it('510.1c a blocked creature without trample cannot assign damage to the player', () => {
    const game = newGame([creature('giant', 'A', 5, 5), creature('bear', 'B', 2, 2)])
    expectOk(drive(game).walkToAttack({ giant: 'B' }))
    expectOk(drive(game).walkToBlock({ bear: 'giant' }))
    expectRejected(drive(game).walkToDamage({ giant: { bear: 2, B: 3 } }), 'illegal-assignment', '510.1c')
  })

  it('510.1a the total assigned must equal the power', () => {
    const game = newGame([creature('giant', 'A', 5, 5), creature('bear', 'B', 2, 2), creature('cub', 'B', 1, 1)])
    expectOk(drive(game).walkToAttack({ giant: 'B' }))
    expectOk(drive(game).walkToBlock({ bear: 'giant', cub: 'giant' }))
    expectRejected(drive(game).walkToDamage({ giant: { bear: 2, cub: 1 } }), 'illegal-assignment', '510.1a')
    expectRejected(drive(game).walkToDamage({ giant: { bear: 5, cub: 1 } }), 'illegal-assignment', '510.1a')
    expectRejected(drive(game).walkToDamage({ giant: { bear: 6, cub: -1 } }), 'illegal-assignment', '510.1a')
    expect(gameState(game).turn.step).toBe('declareBlockers')
    expectOk(drive(game).walkToDamage({ giant: { bear: 0, cub: 5 } }))
    expect(obj(game, 'bear').damage).toBe(0)
  })

  it('510.1a a creature with power 0 assigns no damage', () => {
    const game = newGame([creature('wall', 'A', 0, 5, [], {}), creature('bear', 'B', 2, 2)])
    expectOk(drive(game).walkToAttack({ wall: 'B' }))
    expectOk(drive(game).walkToBlock({ bear: 'wall' }))
    expectRejected(drive(game).walkToDamage({ wall: { bear: 1 } }), 'illegal-assignment', '510.1a')
    expectOk(drive(game).walkToDamage())
    expect(obj(game, 'bear').damage).toBe(0)
  })

  it('510.1d a blocker assigns all its damage to the creature it blocks', () => {
    const game = newGame([creature('bear', 'A', 2, 2), creature('ogre', 'A', 3, 3), creature('wolf', 'B', 2, 2)])
    expectOk(drive(game).walkToAttack({ bear: 'B', ogre: 'B' }))
    expectOk(drive(game).walkToBlock({ wolf: 'bear' }))
    expectRejected(drive(game).walkToDamage({ wolf: { ogre: 2 } }), 'illegal-assignment', '510.1d')
    expectOk(drive(game).walkToDamage({ wolf: { bear: 2 } }))
  })

  it('510.1 only attacking and blocking creatures assign combat damage', () => {
    const game = newGame([creature('bear', 'A', 2, 2), creature('ogre', 'A', 3, 3)])
    expectOk(drive(game).walkToAttack({ bear: 'B' }))
    expectOk(drive(game).walkToBlock({}))
    expectRejected(drive(game).walkToDamage({ ogre: { B: 3 } }), 'illegal-assignment', '510.1')
  })

  it('510.2 damage is dealt simultaneously: two creatures trade', () => {
    const game = newGame([creature('bear', 'A', 2, 2), creature('wolf', 'B', 2, 2)])
    expectOk(drive(game).walkToAttack({ bear: 'B' }))
    expectOk(drive(game).walkToBlock({ wolf: 'bear' }))
    expectOk(drive(game).walkToDamage())
    expect(obj(game, 'bear').zone).toBe('graveyard')
    expect(obj(game, 'wolf').zone).toBe('graveyard')
  })

  it('510.2 an unblocked creature attacking a planeswalker removes loyalty', () => {
    const game = newGame([creature('bear', 'A', 2, 2), planeswalker('pw', 'B', 5)])
    expectOk(drive(game).walkToAttack({ bear: 'pw' }))
    expectOk(drive(game).walkToBlock({}))
    expectOk(drive(game).walkToDamage())
    expect(obj(game, 'pw').loyalty).toBe(3)
    expect(life(game, 'B')).toBe(20)
  })

  it('510 the combat damage steps happen once: another combatDamage is rejected', () => {
    const game = newGame([creature('bear', 'A', 2, 2)])
    expectOk(drive(game).walkToAttack({ bear: 'B' }))
    expectOk(drive(game).walkToBlock({}))
    expectOk(drive(game).walkToDamage())
    expectRejected(drive(game).walkToDamage(), 'no-combat-damage-step', '510')
  })

  it('510 combatDamage from the declare attackers step declares no blockers first', () => {
    const game = newGame([creature('bear', 'A', 2, 2), creature('wolf', 'B', 2, 2)])
    expectOk(drive(game).walkToAttack({ bear: 'B' }))
    expectOk(drive(game).walkToDamage())
    expect(life(game, 'B')).toBe(18)
    expect(gameState(game).turn.step).toBe('regularDamage')
  })

  it('510.1 an illegal assignment given before blockers are declared changes nothing', () => {
    const game = newGame([creature('bear', 'A', 2, 2)])
    expectOk(drive(game).walkToAttack({ bear: 'B' }))
    const before = gameState(game)
    expectRejected(drive(game).walkToDamage({ bear: { B: 3 } }), 'illegal-assignment')
    expect(gameState(game)).toEqual(before)
  })

  it('510.1a the power as damage is assigned counts, not the power when attackers were declared', () => {
    const game = newGame([creature('bear', 'A', 2, 2)])
    expectOk(drive(game).walkToAttack({ bear: 'B' }))
    expectOk(drive(game).walkToBlock({}))
    expectOk(game.grant('bear', { power: 3 }))
    expectOk(drive(game).walkToDamage())
    expect(life(game, 'B')).toBe(15)
  })

  it("510.2 one game's default damage, dealt as assigned, leaves another game's damage check to plan only (a listener acts on another game)", () => {
    // Game 2 waits for A's division of the giant's 5 damage between two 1/2 blockers.
    const other = newGame([creature('giant', 'A', 5, 5), creature('w1', 'B', 1, 2), creature('w2', 'B', 1, 2)])
    expectOk(drive(other).walkToAttack({ giant: 'B' }))
    expectOk(drive(other).walkToBlock({ w1: 'giant', w2: 'giant' }))
    while (other.pendingDecision().kind === 'priority') expectOk(other.pass())
    expect(other.pendingDecision().kind).toBe('assignDamage')
    // Game 1 deals its default damage; as its first damage is dealt, a listener gives game 2's division.
    const game = newGame([creature('bear', 'A', 2, 2)])
    let given = false
    game.on('damageDealt', () => {
      if (given) return
      given = true
      expectOk(other.assignDamage({ giant: { w1: 1, w2: 4 } }))
    })
    expectOk(drive(game).walkToAttack({ bear: 'B' }))
    expectOk(drive(game).walkToBlock({}))
    expectOk(drive(game).walkToDamage())
    expect(given).toBe(true)
    expect(life(game, 'B')).toBe(18)
    // Checked, then dealt once: 1 to w1, 4 to w2, 1 from each blocker to the giant.
    expect(obj(other, 'w1').damage).toBe(1)
    expect(obj(other, 'w2').zone).toBe('graveyard')
    expect(obj(other, 'giant').damage).toBe(2)
  })

  it('510.2 a listener that throws while the default damage is dealt leaves the damage plan recording, not dealing', () => {
    const game = newGame([creature('bear', 'A', 2, 2)])
    game.on('damageDealt', () => {
      throw new Error('a listener fails')
    })
    expectOk(drive(game).walkToAttack({ bear: 'B' }))
    expectOk(drive(game).walkToBlock({}))
    expect(() => drive(game).walkToDamage()).toThrow('a listener fails')
    // The flag of the world's plan is down: the next plan of this world is recorded and checked, not dealt.
    expect(worldOf(game).plan.dealAsAssigned).toBe(false)
  })
})
