/**
 * CR 601.2: casting a spell: announce it (it moves to the stack), choose targets, determine and
 * pay the total cost. CR 117.1a: "A player may cast an instant spell any time they have priority.
 * A player may cast a noninstant spell during their main phase any time they have priority and
 * the stack is empty." CR 608.3: a permanent spell resolves by entering the battlefield under its
 * controller's control.
 */
import { describe, expect, it } from 'vitest'
import { castSpell } from '../../src/rules/actions/cast.js'
import { passPriority } from '../../src/turn/runner.js'
import { cardInHand, creature, drive, expectOk, expectRejected, inHand, lands, life, newGame, obj } from '../helpers.js'
import { worldOf } from '../../src/api/game.js'
import { gameState } from '../../src/api/views.js'

describe('CR 601 Casting spells', () => {
  it('601.2 a creature spell is paid with lands and enters summoning sick under its caster', () => {
    const game = newGame([...lands('A', 'Forest', 2), cardInHand('bears', 'A', 'Grizzly Bears')])
    expectOk(drive(game).castAndResolve('A', 'bears'))
    expect(obj(game, 'bears')).toMatchObject({ zone: 'battlefield', controller: 'A', power: 2, toughness: 2 })
    expect([obj(game, 'forest1').tapped, obj(game, 'forest2').tapped]).toEqual([true, true])
    expectRejected(drive(game).walkToAttack({ bears: 'B' }), 'summoning-sick', '302.6')
  })

  it('601.2h a cost that cannot be paid rejects the cast and taps nothing', () => {
    const game = newGame([...lands('A', 'Plains', 2), cardInHand('bears', 'A', 'Grizzly Bears')])
    const before = gameState(game)
    expectRejected(drive(game).castAndResolve('A', 'bears'), 'cannot-pay', '601.2h')
    expect(gameState(game)).toEqual(before)
  })

  it('601.2h tapped lands do not pay', () => {
    const game = newGame([{ id: 'f1', card: 'Forest', controller: 'A', tapped: true }, ...lands('A', 'Forest', 1), cardInHand('bears', 'A', 'Grizzly Bears')])
    expectRejected(drive(game).castAndResolve('A', 'bears'), 'cannot-pay')
  })

  it("117.1a a creature without flash is cast only in its controller's main phase with an empty stack", () => {
    const game = newGame([...lands('A', 'Forest', 2), ...lands('B', 'Forest', 2, 'bf'), cardInHand('bears', 'A', 'Grizzly Bears'), cardInHand('cubs', 'B', 'Grizzly Bears')])
    expectRejected(drive(game).castAndResolve('B', 'cubs'), 'not-sorcery-timing', '117.1a')
    expectOk(drive(game).walkTo('beginCombat'))
    expectRejected(drive(game).castAndResolve('A', 'bears'), 'not-sorcery-timing', '117.1a')
    expectOk(drive(game).walkTo('postcombatMain'))
    expectOk(drive(game).castAndResolve('A', 'bears'))
  })

  it('117.1a an instant can be cast by either player at any time they could get priority', () => {
    const game = newGame([
      ...lands('B', 'Mountain', 1, 'm'),
      creature('bear', 'A', 2, 2),
      cardInHand('bolt', 'B', 'Lightning Bolt'),
    ])
    expectOk(drive(game).walkToAttack({ bear: 'B' }))
    expectOk(drive(game).castAndResolve('B', 'bolt', { targets: ['bear'] }))
    expect(obj(game, 'bear').zone).toBe('graveyard')
    expect(obj(game, 'bolt').zone).toBe('graveyard')
  })

  it("601.2a only a card in the caster's own hand can be cast", () => {
    const game = newGame([...lands('B', 'Forest', 2), cardInHand('bears', 'A', 'Grizzly Bears'), { id: 'onfield', card: 'Grizzly Bears', controller: 'A' }])
    expectRejected(drive(game).castAndResolve('B', 'bears'), 'not-in-hand', '601.2a')
    expectRejected(drive(game).castAndResolve('A', 'onfield'), 'not-in-hand', '601.2a')
  })

  it('118.6 an object with no mana cost cannot be cast for its mana cost', () => {
    const game = newGame([...lands('A', 'Forest', 2), inHand('thing', 'A', { types: ['creature'], power: 1, toughness: 1 })])
    expectRejected(drive(game).castAndResolve('A', 'thing'), 'no-mana-cost', '118.6')
  })

  it('305.1 a land is not cast', () => {
    const game = newGame([cardInHand('f', 'A', 'Forest')])
    expectRejected(drive(game).castAndResolve('A', 'f'), 'cannot-cast-land', '305.1')
  })

  it('608.2c a pump spell gives +N/+N until end of turn; 608.2n the instant goes to the graveyard', () => {
    const game = newGame([...lands('A', 'Forest', 1), creature('bear', 'A', 2, 2), cardInHand('growth', 'A', 'Giant Growth')])
    expectOk(drive(game).castAndResolve('A', 'growth', { targets: ['bear'] }))
    expect(obj(game, 'bear')).toMatchObject({ power: 5, toughness: 5 })
    expect(obj(game, 'growth').zone).toBe('graveyard')
  })

  it('601.2c damage to a player or planeswalker, "any target"', () => {
    const game = newGame([...lands('A', 'Mountain', 2), cardInHand('shock', 'A', 'Shock'), cardInHand('bolt', 'A', 'Lightning Bolt'), { id: 'pw', controller: 'B', types: ['planeswalker'], loyalty: 4 }])
    expectOk(drive(game).castAndResolve('A', 'shock', { targets: ['B'] }))
    expectOk(drive(game).castAndResolve('A', 'bolt', { targets: ['pw'] }))
    expect(life(game, 'B')).toBe(18)
    expect(obj(game, 'pw').loyalty).toBe(1)
  })

  it('601.2c a spell needs a legal target of the kind it names', () => {
    const game = newGame([...lands('A', 'Swamp', 3), cardInHand('murder', 'A', 'Murder'), { id: 'pw', controller: 'B', types: ['planeswalker'], loyalty: 4 }])
    expectRejected(drive(game).castAndResolve('A', 'murder'), 'illegal-target', '601.2c')
    expectRejected(drive(game).castAndResolve('A', 'murder', { targets: ['pw'] }), 'illegal-target', '115.1')
    expectRejected(drive(game).castAndResolve('A', 'murder', { targets: ['B'] }), 'illegal-target')
  })

  it('701.8 a destroy spell respects indestructible', () => {
    const game = newGame([...lands('A', 'Swamp', 6), cardInHand('m1', 'A', 'Murder'), cardInHand('m2', 'A', 'Murder'), { id: 'myr', card: 'Darksteel Myr', controller: 'B' }, creature('bear', 'B', 2, 2)])
    expectOk(drive(game).castAndResolve('A', 'm1', { targets: ['myr'] }))
    expectOk(drive(game).castAndResolve('A', 'm2', { targets: ['bear'] }))
    expect(obj(game, 'myr').zone).toBe('battlefield')
    expect(obj(game, 'bear').zone).toBe('graveyard')
  })

  it('405 the stack: the caster keeps priority; when all pass, the top resolves (608.1)', () => {
    const game = newGame([...lands('A', 'Forest', 2), cardInHand('bears', 'A', 'Grizzly Bears')])
    const w = worldOf(game)
    expectOk(castSpell(w, { player: game.eid('A')!, card: game.eid('bears')!, target: 0, plot: false }))
    expect(obj(game, 'bears').zone).toBe('stack')
    expectRejected(drive(game).walkTo('end'), 'stack-not-empty', '500.2')
    passPriority(w)
    expect(obj(game, 'bears').zone).toBe('stack')
    passPriority(w)
    expect(obj(game, 'bears').zone).toBe('battlefield')
    expect(gameState(game).turn.step).toBe('precombatMain')
  })
})

describe('CR 307 Sorceries', () => {
  it('307.1 a sorcery is cast only at sorcery timing, then deals its damage', () => {
    const game = newGame([
      ...lands('A', 'Mountain', 1),
      inHand('blast', 'A', { types: ['sorcery'], manaCost: '{R}', spell: { target: 'any', damage: 4 } }),
      creature('bear', 'A', 2, 2),
    ])
    expectOk(drive(game).walkToAttack({ bear: 'B' }))
    expectRejected(drive(game).castAndResolve('A', 'blast', { targets: ['B'] }), 'not-sorcery-timing')
    expectOk(drive(game).walkTo('postcombatMain'))
    expectOk(drive(game).castAndResolve('A', 'blast', { targets: ['B'] }))
    expect(life(game, 'B')).toBe(14)
  })
  it('601.2c, 115.1, 702.5b, 702.11b an illegal target is rejected with its code, its rule and a message naming the spell, the target and the reason', () => {
    const game = newGame([
      ...lands('A', 'Swamp', 3),
      ...lands('A', 'Mountain', 1),
      ...lands('A', 'Plains', 1),
      cardInHand('murder', 'A', 'Murder'),
      cardInHand('bolt', 'A', 'Lightning Bolt'),
      cardInHand('holy', 'A', 'Holy Strength'),
      { id: 'scout', card: 'Gladecover Scout', controller: 'B' },
    ])
    const cases: [string, string, string, string, string][] = [
      ['murder', 'B', 'illegal-target', "murder targets a creature; B isn't one", '115.1'],
      ['bolt', 'swamp1', 'illegal-target', "bolt targets any target (a creature, player or planeswalker); swamp1 isn't one", '115.1'],
      ['holy', 'B', 'illegal-target', "holy has enchant creature, so it can't target B", '702.5b'],
      ['bolt', 'scout', 'hexproof', "scout has hexproof, so a spell (bolt) controlled by A can't target it", '702.11b'],
    ]
    const before = gameState(game)
    for (const [card, target, code, message, rule] of cases) {
      const result = game.cast('A', card, { targets: [target] })
      expectRejected(result, code, rule)
      expect(!result.ok && result.error.message).toBe(message)
    }
    expect(gameState(game)).toEqual(before)
  })
})
