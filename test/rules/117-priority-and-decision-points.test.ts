/**
 * CR 117.3a: "The active player receives priority at the beginning of most steps and phases."
 * CR 117.3c: "If a player has priority when they cast a spell, activate an ability, or take a
 * special action, that player receives priority afterward."
 * CR 117.3d: "If a player has priority and chooses not to take any actions, that player passes.
 * If any mana is in that player's mana pool, they announce what mana is there. Then the next
 * player in turn order receives priority."
 * CR 117.4: "If all players pass in succession (that is, all players pass without taking any
 * actions in between passing), the spell or ability on top of the stack resolves or, if the stack
 * is empty, the phase or step ends."
 * CR 405.5 / 608.1: the stack resolves last in, first out.
 * CR 508.1: "First, the active player declares attackers." 509.1: "First, the defending player
 * declares blockers." 510.1c: "A blocked creature assigns its combat damage to the creatures
 * blocking it." 508.8: "If no creatures are declared as attackers or put onto the battlefield
 * attacking, skip the declare blockers and combat damage steps."
 *
 * The game stops at each of these points and waits for the player who decides
 * (`pendingDecision()`); passing priority never skips a declaration.
 */
import { describe, expect, it } from 'vitest'
import { worldDigest } from '../../src/state/digest.js'
import type { Game } from '../../src/api/game.js'
import { cardInHand, creature, drive, expectOk, expectRejected, LIBRARIES, life, newGame, obj } from '../helpers.js'
import { worldOf } from '../../src/api/game.js'
import { gameState, legalActions } from '../../src/api/views.js'

/** Passes until the game waits for something other than priority, or `steps` passes. */
function passUntilChoice(game: Game, steps = 20): void {
  for (let i = 0; i < steps && game.pendingDecision().kind === 'priority'; i++) expectOk(game.pass())
}

function combatGame(): Game {
  return newGame([creature('ogre', 'A', 4, 4), creature('bear', 'A', 2, 2), creature('b1', 'B', 2, 2), creature('b2', 'B', 2, 2), ...LIBRARIES])
}

describe('CR 117 Priority and the decision points of a turn', () => {
  it('117.3d 117.4 passing from the main phase reaches beginning of combat, then waits for the attack declaration', () => {
    const game = combatGame()
    expectOk(game.pass())
    expect(game.pendingDecision()).toMatchObject({ kind: 'priority', player: 'B' })
    expectOk(game.pass())
    expect(gameState(game).turn.step).toBe('beginCombat')
    expect(game.pendingDecision()).toMatchObject({ kind: 'priority', player: 'A' })
    expectOk(game.pass())
    expectOk(game.pass())
    expect(gameState(game).turn.step).toBe('declareAttackers')
    expect(game.pendingDecision()).toEqual({ kind: 'declareAttackers', player: 'A', rule: '508.1', count: 0 })
    expect(legalActions(game).attackers).toEqual([
      { attacker: 'ogre', targets: ['B'] },
      { attacker: 'bear', targets: ['B'] },
    ])
  })

  it('508.1 passing can\'t skip the declaration: the game waits for it (not-awaited)', () => {
    const game = combatGame()
    passUntilChoice(game)
    const before = worldDigest(worldOf(game))
    expectRejected(game.pass(), 'not-awaited', '508.1')
    expectRejected(game.declareBlockers({}), 'not-awaited', '508.1')
    expectRejected(game.act({ type: 'declareAttackers', player: 'B', attackers: [] }), 'not-your-decision', '508.1')
    expect(worldDigest(worldOf(game))).toBe(before)
    expect(game.pendingDecision().kind).toBe('declareAttackers')
  })

  it('508.2 509.1 after attackers the active player gets priority, then the defending player declares blockers', () => {
    const game = combatGame()
    passUntilChoice(game)
    expectOk(game.declareAttackers({ ogre: 'B' }))
    expect(obj(game, 'ogre').tapped).toBe(true)
    expect(game.pendingDecision()).toMatchObject({ kind: 'priority', player: 'A' })
    passUntilChoice(game)
    expect(gameState(game).turn.step).toBe('declareBlockers')
    expect(game.pendingDecision()).toEqual({ kind: 'declareBlockers', player: 'B', rule: '509.1', count: 0 })
    expect(legalActions(game).blockers).toEqual([
      { blocker: 'b1', attackers: ['ogre'] },
      { blocker: 'b2', attackers: ['ogre'] },
    ])
    expectRejected(game.act({ type: 'declareBlockers', player: 'A', blockers: [] }), 'not-your-decision', '509.1')
  })

  it('510.1c a creature blocked by two waits for the attacking player to divide its damage among the legal recipients', () => {
    const game = combatGame()
    passUntilChoice(game)
    expectOk(game.declareAttackers({ ogre: 'B' }))
    passUntilChoice(game)
    expectOk(game.declareBlockers({ b1: 'ogre', b2: 'ogre' }))
    passUntilChoice(game)
    expect(gameState(game).turn.step).toBe('regularDamage')
    expect(game.pendingDecision()).toEqual({ kind: 'assignDamage', player: 'A', rule: '510.1', count: 0 })
    expect(legalActions(game).damage).toEqual([{ creature: 'ogre', amount: 4, recipients: ['b1', 'b2'] }])
    const before = worldDigest(worldOf(game))
    expectRejected(game.assignDamage({ ogre: { B: 4 } }), 'illegal-assignment')
    expectRejected(game.assignDamage({ ogre: { b1: 1, b2: 1 } }), 'illegal-assignment')
    expect(worldDigest(worldOf(game))).toBe(before)
    expectOk(game.assignDamage({ ogre: { b1: 2, b2: 2 } }))
    expect(obj(game, 'b1').zone).toBe('graveyard')
    expect(obj(game, 'b2').zone).toBe('graveyard')
    expect(obj(game, 'ogre').zone).toBe('graveyard')
  })

  it('510.1 a creature with one blocker has no division to make: damage is dealt without a decision', () => {
    const game = combatGame()
    passUntilChoice(game)
    expectOk(game.declareAttackers({ ogre: 'B', bear: 'B' }))
    passUntilChoice(game)
    expectOk(game.declareBlockers({ b1: 'ogre' }))
    expectOk(game.pass())
    expectOk(game.pass())
    expect(gameState(game).turn.step).toBe('regularDamage')
    expect(game.pendingDecision()).toMatchObject({ kind: 'priority', player: 'A' })
    expect(obj(game, 'b1').zone).toBe('graveyard')
    expect(life(game, 'B')).toBe(18)
  })

  it('508.8 a combat with no possible attacker doesn\'t stop for a declaration', () => {
    const game = newGame([creature('wall', 'A', 0, 4, ['defender']), creature('sick', 'A', 2, 2, [], { summoningSick: true }), creature('bear', 'B', 2, 2), ...LIBRARIES])
    const kinds: string[] = []
    for (let i = 0; i < 8; i++) {
      kinds.push(game.pendingDecision().kind)
      expectOk(game.pass())
    }
    expect(kinds.every((k) => k === 'priority')).toBe(true)
    expect(gameState(game).turn.step).toBe('postcombatMain')
  })

  it('509.1 no blocker possible: the game doesn\'t wait for a block declaration', () => {
    const game = newGame([creature('flyer', 'A', 2, 2, ['flying']), creature('bear', 'B', 2, 2), ...LIBRARIES])
    passUntilChoice(game)
    expectOk(game.declareAttackers({ flyer: 'B' }))
    passUntilChoice(game, 6)
    expect(game.pendingDecision().kind).toBe('priority')
    expect(life(game, 'B')).toBe(18)
  })

  it('117.3c 117.3d the caster keeps priority; after they pass the opponent can answer, and the answer resolves first', () => {
    const game = newGame([
      { id: 'mA', card: 'Mountain', controller: 'A' },
      { id: 'mB', card: 'Mountain', controller: 'B' },
      cardInHand('shock', 'A', 'Shock'),
      cardInHand('bolt', 'B', 'Lightning Bolt'),
      ...LIBRARIES,
    ])
    const changes: string[] = []
    game.on('lifeChanged', (p, delta) => changes.push(`${game.id(p)}${delta}`))
    expectOk(game.cast('A', 'shock', { targets: ['B'] }))
    expect(obj(game, 'shock').zone).toBe('stack')
    expect(game.pendingDecision()).toMatchObject({ kind: 'priority', player: 'A' })
    expectRejected(game.cast('B', 'bolt', { targets: ['A'] }), 'not-your-priority', '117.3')
    expectOk(game.pass())
    expect(game.pendingDecision()).toMatchObject({ kind: 'priority', player: 'B' })
    expect(legalActions(game).cast.map((c) => c.card)).toEqual(['bolt'])
    expectOk(game.cast('B', 'bolt', { targets: ['A'] }))
    expect(game.pendingDecision()).toMatchObject({ kind: 'priority', player: 'B' })
    expectOk(game.pass())
    expectOk(game.pass())
    // 405.5: the bolt, on top, resolved first; Shock is still on the stack.
    expect(changes).toEqual(['A-3'])
    expect(obj(game, 'shock').zone).toBe('stack')
    expect(game.pendingDecision()).toMatchObject({ kind: 'priority', player: 'A' })
    expectOk(game.pass())
    expectOk(game.pass())
    expect(changes).toEqual(['A-3', 'B-2'])
    expect(obj(game, 'shock').zone).toBe('graveyard')
    expect(obj(game, 'bolt').zone).toBe('graveyard')
    expect(gameState(game).turn.step).toBe('precombatMain')
  })

  it('117.4 all players passing with an empty stack ends the step; one passing after an action does not', () => {
    const game = newGame([cardInHand('forest', 'A', 'Forest'), ...LIBRARIES])
    expectOk(game.pass())
    expect(gameState(game).turn.step).toBe('precombatMain')
    expectOk(game.pass())
    expect(gameState(game).turn.step).toBe('beginCombat')
  })

  it('117.1 502.4 a game built in the untap step moves on to the upkeep, where the active player receives priority', () => {
    const game = newGame([...LIBRARIES], { turn: { step: 'untap', number: 3 } })
    expect(game.pendingDecision()).toEqual({ kind: 'priority', player: 'A', rule: '117.3', count: 0 })
    expect(gameState(game).turn).toMatchObject({ number: 3, active: 'A', step: 'upkeep' })
  })

  it('117.1 514.3 a game built in the cleanup step moves on to the next turn: the next player untaps and receives priority in their upkeep', () => {
    const game = newGame([creature('bear', 'B', 2, 2, [], { tapped: true }), ...LIBRARIES], { turn: { step: 'cleanup', number: 3 } })
    expect(game.pendingDecision()).toEqual({ kind: 'priority', player: 'B', rule: '117.3', count: 0 })
    expect(gameState(game).turn).toMatchObject({ number: 4, active: 'B', step: 'upkeep' })
    expect(gameState(game).objects['bear']!.tapped).toBe(false)
    expectOk(game.pass())
  })

  it("502.3 a position in the untap step is that step happening: the active player's permanents untap, then the upkeep", () => {
    const game = newGame([creature('bear', 'A', 2, 2, [], { tapped: true }), creature('wall', 'B', 0, 4, [], { tapped: true }), ...LIBRARIES], { turn: { step: 'untap', number: 3 } })
    expect(obj(game, 'bear').tapped).toBe(false)
    expect(obj(game, 'wall').tapped).toBe(true)
    expect(game.pendingDecision()).toEqual({ kind: 'priority', player: 'A', rule: '117.3', count: 0 })
  })

  it('514.1 514.2 a position in the cleanup step is that step happening: the discard to hand size is asked, then damage is removed', () => {
    const hand = Array.from({ length: 9 }, (_, i) => cardInHand(`card${i}`, 'A', 'Forest'))
    const game = newGame([creature('bear', 'A', 2, 3, [], { damage: 2 }), ...hand, ...LIBRARIES], { turn: { step: 'cleanup', number: 3 } })
    expect(game.pendingDecision()).toEqual({ kind: 'discard', player: 'A', rule: '514.1', count: 2 })
    expect(obj(game, 'bear').damage).toBe(2)
    expectOk(game.discard('A', ['card0', 'card1']))
    expect(obj(game, 'card0').zone).toBe('graveyard')
    expect(obj(game, 'bear').damage).toBe(0)
    expect(gameState(game).turn).toMatchObject({ number: 4, active: 'B', step: 'upkeep' })
  })

  it('514.3a a walk to the cleanup step goes on to the next turn when no state-based action happens there', () => {
    const game = newGame([...LIBRARIES])
    expectOk(drive(game).walkTo('cleanup'))
    expect(gameState(game).turn).toMatchObject({ number: 3, active: 'B', step: 'upkeep' })
  })
})

