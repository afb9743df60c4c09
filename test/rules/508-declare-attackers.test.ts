/**
 * CR 508.1a: "The active player chooses which creatures that they control, if any, will attack.
 * The chosen creatures must be untapped, and each one must either have haste or have been
 * continuously controlled by the active player since the turn began."
 * CR 508.1b: "If the defending player controls any planeswalkers, ... the active player announces
 * which player or planeswalker each of the chosen creatures is attacking."
 * CR 508.1f: "The active player taps the chosen creatures."
 * CR 508.8: "If no creatures are declared as attackers or put onto the battlefield attacking,
 * skip the declare blockers and combat damage steps."
 */
import { describe, expect, it } from 'vitest'
import { creature, drive, expectOk, expectRejected, inHand, newGame, obj, planeswalker } from '../helpers.js'
import { worldOf } from '../../src/api/game.js'
import { gameState } from '../../src/api/views.js'

describe('CR 508 Declare attackers step', () => {
  it('508.1 attacking first advances to the declare attackers step and taps the attackers', () => {
    const game = newGame([creature('bear', 'A', 2, 2)])
    expectOk(drive(game).walkToAttack({ bear: 'B' }))
    expect(gameState(game).turn.step).toBe('declareAttackers')
    expect(obj(game, 'bear').tapped).toBe(true)
  })

  it('508.1a a tapped creature cannot attack', () => {
    const game = newGame([creature('bear', 'A', 2, 2, [], { tapped: true })])
    expectRejected(drive(game).walkToAttack({ bear: 'B' }), 'tapped', '508.1a')
    expect(gameState(game).turn.step).toBe('precombatMain')
  })

  it("508.1a the opponent's creature cannot attack", () => {
    const game = newGame([creature('bear', 'B', 2, 2)])
    expectRejected(drive(game).walkToAttack({ bear: 'A' }), 'not-your-creature', '508.1a')
  })

  it('508.1a a noncreature permanent cannot attack', () => {
    const game = newGame([{ id: 'rock', controller: 'A', types: ['artifact'] }])
    expectRejected(drive(game).walkToAttack({ rock: 'B' }), 'not-a-creature', '508.1a')
  })

  it('508.1a a creature card in hand cannot attack', () => {
    const game = newGame([creature('bear', 'A', 2, 2, [], { zone: 'hand', owner: 'A' })])
    expectRejected(drive(game).walkToAttack({ bear: 'B' }), 'not-on-battlefield', '508.1a')
  })

  it('508.1b a creature attacks an opponent or a planeswalker an opponent controls', () => {
    const game = newGame([creature('bear', 'A', 2, 2), creature('ogre', 'A', 3, 3), planeswalker('mine', 'A', 3), planeswalker('theirs', 'B', 3)])
    expectRejected(drive(game).walkToAttack({ bear: 'A' }), 'illegal-attack-target', '508.1b')
    expectRejected(drive(game).walkToAttack({ bear: 'mine' }), 'illegal-attack-target', '508.1b')
    expectRejected(drive(game).walkToAttack({ bear: 'ogre' }), 'illegal-attack-target', '508.1b')
    expectOk(drive(game).walkToAttack({ bear: 'theirs', ogre: 'B' }))
    expectOk(drive(game).walkTo('endCombat'))
    expect(obj(game, 'theirs').loyalty).toBe(1)
    expect(gameState(game).players.B!.life).toBe(17)
  })

  it('508.1 attackers are declared once a turn', () => {
    const game = newGame([creature('bear', 'A', 2, 2), creature('ogre', 'A', 3, 3)])
    expectOk(drive(game).walkToAttack({ bear: 'B' }))
    expectRejected(drive(game).walkToAttack({ ogre: 'B' }), 'attackers-already-declared', '508.1')
  })

  it('508.1 advancing through declare attackers declares no attackers, after which attacking is rejected', () => {
    const game = newGame([creature('bear', 'A', 2, 2)])
    expectOk(drive(game).walkTo('declareAttackers'))
    expectRejected(drive(game).walkToAttack({ bear: 'B' }), 'attackers-already-declared')
  })

  it('508.1 attacking from the beginning of combat step works', () => {
    const game = newGame([creature('bear', 'A', 2, 2)])
    expectOk(drive(game).walkTo('beginCombat'))
    expectOk(drive(game).walkToAttack({ bear: 'B' }))
  })

  it('508.8 with no attackers the declare blockers and damage steps are skipped', () => {
    const game = newGame([creature('bear', 'A', 2, 2)])
    expectOk(drive(game).walkToAttack({}))
    expectRejected(drive(game).walkToBlock({}), 'no-attackers', '508.8')
    expectRejected(drive(game).walkTo('declareBlockers'), 'step-skipped', '508.8')
    expectRejected(drive(game).walkToDamage(), 'step-skipped', '508.8')
    expectOk(drive(game).walkTo('endCombat'))
  })

  it('508.1 an unknown id is rejected with unknown-object and changes nothing', () => {
    const game = newGame([creature('bear', 'A', 2, 2)])
    expectRejected(drive(game).walkToAttack({ bear: 'nobody' }), 'unknown-object')
    expect(gameState(game).turn.step).toBe('precombatMain')
  })

  it('508.1 a position already past combat has no attack this turn', () => {
    const game = newGame([creature('bear', 'A', 2, 2)], { turn: { step: 'postcombatMain' } })
    expectRejected(drive(game).walkToAttack({ bear: 'B' }), 'attackers-already-declared')
  })
})

describe('CR 508.1a declaration checks at the entity level', () => {
  it('508.1a a creature declared twice is rejected and nothing is declared', async () => {
    const { walkToAttack: attack } = await import('../../src/api/drive.js')
    const game = newGame([creature('bear', 'A', 2, 2)])
    const bear = game.eid('bear')!
    const b = game.eid('B')!
    expectRejected(attack(worldOf(game), [{ attacker: bear, target: b }, { attacker: bear, target: b }]), 'duplicate-attacker', '508.1a')
    expect(obj(game, 'bear').tapped).toBe(false)
  })
})

describe('CR 508 attacking from before the draw step', () => {
  it('704.5b an attack that would pass a draw from an empty library is rejected: advance first', () => {
    const game = newGame([creature('bear', 'A', 2, 2)], { turn: { step: 'upkeep' } })
    expectRejected(drive(game).walkToAttack({ bear: 'B' }), 'would-lose-drawing', '704.5b')
    expect(gameState(game).turn.step).toBe('upkeep')
  })

  it('508.1 attacking from the upkeep advances through the draw', () => {
    const game = newGame([creature('bear', 'A', 2, 2), { id: 'la', owner: 'A', zone: 'library', types: ['land'] }], { turn: { step: 'upkeep' } })
    expectOk(drive(game).walkToAttack({ bear: 'B' }))
    expect(obj(game, 'la').zone).toBe('hand')
  })
  it('508.1a, 302.6, 702.3b each illegal attacker is rejected with its code, its rule and a message naming it and the reason', () => {
    const game = newGame([
      inHand('held', 'A', { types: ['creature'], power: 1, toughness: 1 }),
      { id: 'rock', controller: 'A', types: ['artifact'] },
      creature('foe', 'B', 2, 2),
      creature('tired', 'A', 2, 2, [], { tapped: true }),
      creature('fresh', 'A', 2, 2, [], { summoningSick: true }),
      creature('wall', 'A', 0, 4, ['defender']),
    ])
    const cases: [string, string, string, string][] = [
      ['held', 'not-on-battlefield', "held is not a permanent on the battlefield, so it can't attack", '508.1a'],
      ['rock', 'not-a-creature', "rock is not a creature, so it can't attack", '508.1a'],
      ['foe', 'not-your-creature', "foe is not controlled by the active player A, so it can't attack", '508.1a'],
      ['tired', 'tapped', "tired is tapped, so it can't attack", '508.1a'],
      ['fresh', 'summoning-sick', "fresh hasn't been under its controller's control since the turn began and has no haste", '302.6'],
      ['wall', 'defender-cannot-attack', "wall has defender and can't attack", '702.3b'],
    ]
    for (const [id, code, message, rule] of cases) {
      const result = drive(game).walkToAttack({ [id]: 'B' })
      expectRejected(result, code, rule)
      expect(!result.ok && result.error.message).toBe(message)
    }
  })
})
