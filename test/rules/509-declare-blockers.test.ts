/**
 * CR 509.1a: "The defending player chooses which creatures they control, if any, will block. The
 * chosen creatures must be untapped. For each of the chosen creatures, the defending player
 * chooses one creature for it to block that's attacking that player or a planeswalker they control."
 * CR 509.1h: "An attacking creature with one or more creatures declared as blockers for it
 * becomes a blocked creature; one with no creatures declared as blockers for it becomes an
 * unblocked creature. This remains unchanged until the creature is removed from combat, ..."
 */
import { describe, expect, it } from 'vitest'
import type { ActionResult } from '../../src/core/errors.js'
import { cardInHand, creature, drive, expectOk, expectRejected, life, newGame, obj } from '../helpers.js'

describe('CR 509 Declare blockers step', () => {
  it('509.1a a tapped creature cannot block', () => {
    const game = newGame([creature('bear', 'A', 2, 2), creature('wolf', 'B', 2, 2, [], { tapped: true })])
    expectOk(drive(game).walkToAttack({ bear: 'B' }))
    expectRejected(drive(game).walkToBlock({ wolf: 'bear' }), 'tapped', '509.1a')
  })

  it('509.1a a creature blocks only an attacking creature', () => {
    const game = newGame([creature('bear', 'A', 2, 2), creature('ogre', 'A', 3, 3), creature('wolf', 'B', 2, 2)])
    expectOk(drive(game).walkToAttack({ bear: 'B' }))
    expectRejected(drive(game).walkToBlock({ wolf: 'ogre' }), 'not-attacking', '509.1a')
  })

  it("509.1a the attacking player's creatures cannot block", () => {
    const game = newGame([creature('bear', 'A', 2, 2), creature('ogre', 'A', 3, 3, [], { tapped: false })])
    expectOk(drive(game).walkToAttack({ bear: 'B' }))
    expectRejected(drive(game).walkToBlock({ ogre: 'bear' }), 'not-defending-player')
  })

  it('509.1a, 802.4a, 508.1a the refusals of an unfit blocker or attacker say why, in full', () => {
    const refused = (result: ActionResult, code: string, rule: string): string => {
      expectRejected(result, code, rule)
      return result.ok ? '' : result.error.message
    }
    const game = newGame([
      creature('bear', 'A', 2, 2),
      creature('ogre', 'A', 3, 3),
      creature('sleepy', 'A', 1, 1, [], { tapped: true }),
      creature('wolf', 'B', 2, 2, [], { tapped: true }),
      { id: 'forest', card: 'Forest', controller: 'B' },
      cardInHand('lions', 'B', 'Savannah Lions'),
    ])
    expect(refused(drive(game).walkToAttack({ sleepy: 'B' }), 'tapped', '508.1a')).toBe("sleepy is tapped, so it can't attack")
    expect(refused(drive(game).walkToAttack({ lions: 'B' }), 'not-on-battlefield', '508.1a')).toBe("lions is not a permanent on the battlefield, so it can't attack")
    expectOk(drive(game).walkToAttack({ bear: 'B' }))
    expect(refused(drive(game).walkToBlock({ wolf: 'bear' }), 'tapped', '509.1a')).toBe("wolf is tapped, so it can't block")
    expect(refused(drive(game).walkToBlock({ forest: 'bear' }), 'not-a-creature', '509.1a')).toBe("forest is not a creature, so it can't block")
    expect(refused(drive(game).walkToBlock({ lions: 'bear' }), 'not-on-battlefield', '509.1a')).toBe("lions is not a permanent on the battlefield, so it can't block")
    expect(refused(drive(game).walkToBlock({ ogre: 'bear' }), 'not-defending-player', '802.4a')).toBe("ogre can't block bear: bear attacks B, and ogre is controlled by A")
  })

  it('509.1a blockers are declared only after attackers and only once', () => {
    const game = newGame([creature('bear', 'A', 2, 2), creature('wolf', 'B', 2, 2)])
    expectRejected(drive(game).walkToBlock({ wolf: 'bear' }), 'attackers-not-declared')
    expectOk(drive(game).walkToAttack({ bear: 'B' }))
    expectOk(drive(game).walkToBlock({}))
    expectRejected(drive(game).walkToBlock({ wolf: 'bear' }), 'blockers-already-declared')
  })

  it('509.1h a blocked creature stays blocked when its blocker leaves', () => {
    const game = newGame([creature('bear', 'A', 2, 2), creature('wolf', 'B', 2, 2)])
    expectOk(drive(game).walkToAttack({ bear: 'B' }))
    expectOk(drive(game).walkToBlock({ wolf: 'bear' }))
    expectOk(game.exile('wolf'))
    expectOk(drive(game).walkTo('endCombat'))
    expect(life(game, 'B')).toBe(20)
  })

  it('509.1a several blockers on one attacker, each blocker blocks one attacker', () => {
    const game = newGame([creature('giant', 'A', 5, 5), creature('w1', 'B', 2, 2), creature('w2', 'B', 2, 2)])
    expectOk(drive(game).walkToAttack({ giant: 'B' }))
    expectOk(drive(game).walkToBlock({ w1: 'giant', w2: 'giant' }))
    expectOk(drive(game).walkToDamage())
    expect(obj(game, 'w1').zone).toBe('graveyard')
    expect(obj(game, 'w2').zone).toBe('graveyard')
    expect(obj(game, 'giant').damage).toBe(4)
  })

  it('509.1a vigilance does not let a tapped creature block', () => {
    const game = newGame([creature('bear', 'A', 2, 2), creature('knight', 'B', 2, 2, ['vigilance'], { tapped: true })])
    expectOk(drive(game).walkToAttack({ bear: 'B' }))
    expectRejected(drive(game).walkToBlock({ knight: 'bear' }), 'tapped')
  })
})

describe('CR 802.4a Blocking in multiplayer games', () => {
  it('802.4a a player blocks only creatures attacking them or their planeswalkers', () => {
    const game = newGame([creature('bear', 'A', 2, 2), creature('ogre', 'A', 3, 3), creature('wolf', 'B', 2, 2), creature('crab', 'C', 0, 4)], {
      players: [{ id: 'A' }, { id: 'B' }, { id: 'C' }],
    })
    expectOk(drive(game).walkToAttack({ bear: 'B', ogre: 'C' }))
    expectRejected(drive(game).walkToBlock({ wolf: 'ogre' }), 'not-defending-player', '802.4a')
    expectOk(drive(game).walkToBlock({ wolf: 'bear', crab: 'ogre' }))
    expectOk(drive(game).walkTo('endCombat'))
    expect(obj(game, 'bear').zone).toBe('graveyard')
    expect(obj(game, 'crab').damage).toBe(3)
  })
})

describe('CR 509.1a declaration checks at the entity level', () => {
  it('509.1a an attacking creature named as a blocker is not a defending creature', () => {
    const game = newGame([creature('bear', 'A', 2, 2, ['vigilance'])])
    expectOk(drive(game).walkToAttack({ bear: 'B' }))
    expectRejected(drive(game).walkToBlock({ bear: 'bear' }), 'not-defending-player')
  })
})
