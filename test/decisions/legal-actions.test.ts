/**
 * `legalActions()`: what the player who decides may do now, factored per object, found with the
 * same checks the actions are validated with. Each option listed is accepted; what is not listed
 * is rejected.
 *
 * CR 508.1a-b (attackers and what they attack), 509.1a-c and 702.111b (blockers, menace),
 * 510.1c-d and 702.19b-c (damage recipients), 601.2c and 702.11b (targets, hexproof), 702.6a
 * (equip), 702.170a (plot), 305.1 (lands).
 */
import { describe, expect, it } from 'vitest'
import type { Game } from '../../src/api/game.js'
import { cardInHand, creature, expectOk, expectRejected, lands, LIBRARIES, newGame, planeswalker } from '../helpers.js'
import { gameState, legalActions } from '../../src/api/views.js'

function passUntilChoice(game: Game, steps = 20): void {
  for (let i = 0; i < steps && game.pendingDecision().kind === 'priority'; i++) expectOk(game.pass())
}

function sorted<T extends { [k: string]: unknown }>(items: T[], key: keyof T): T[] {
  return [...items].sort((a, b) => String(a[key]).localeCompare(String(b[key])))
}

describe('legalActions: attackers', () => {
  it('508.1b each creature that can attack lists the opponent and the opponent\'s planeswalkers, not its own', () => {
    const game = newGame([
      creature('bear', 'A', 2, 2),
      creature('fresh', 'A', 2, 2, [], { summoningSick: true }),
      creature('goblin', 'A', 1, 1, ['haste'], { summoningSick: true }),
      creature('wall', 'A', 0, 4, ['defender']),
      creature('tired', 'A', 3, 3, [], { tapped: true }),
      planeswalker('mine', 'A', 3),
      planeswalker('jace', 'B', 4),
      ...LIBRARIES,
    ])
    passUntilChoice(game)
    const legal = legalActions(game)
    expect(legal).toMatchObject({ kind: 'declareAttackers', player: 'A' })
    expect(legal.attackers).toEqual([
      { attacker: 'bear', targets: ['B', 'jace'] },
      { attacker: 'goblin', targets: ['B', 'jace'] },
    ])
    expectRejected(game.declareAttackers({ fresh: 'B' }), 'summoning-sick')
    expectRejected(game.declareAttackers({ wall: 'B' }), 'defender-cannot-attack')
    expectRejected(game.declareAttackers({ tired: 'B' }), 'tapped')
    expectRejected(game.declareAttackers({ bear: 'mine' }), 'illegal-attack-target')
    expectOk(game.declareAttackers({ bear: 'jace', goblin: 'B' }))
  })

  it('802.1 508.1b with two opponents each attacker lists both', () => {
    const game = newGame([creature('bear', 'A', 2, 2), ...LIBRARIES, { id: 'libC', owner: 'C', zone: 'library', types: ['land'] }], {
      players: [{ id: 'A' }, { id: 'B' }, { id: 'C' }],
    })
    passUntilChoice(game)
    expect(legalActions(game).attackers).toEqual([{ attacker: 'bear', targets: ['B', 'C'] }])
  })
})

describe('legalActions: blockers', () => {
  it('509.1a 702.9b a creature lists only the attackers it can block (flying needs flying or reach)', () => {
    const game = newGame([
      creature('bear', 'A', 2, 2),
      creature('bird', 'A', 1, 1, ['flying']),
      creature('wolf', 'B', 2, 2),
      creature('spider', 'B', 1, 4, ['reach']),
      creature('sleepy', 'B', 2, 2, [], { tapped: true }),
      ...LIBRARIES,
    ])
    passUntilChoice(game)
    expectOk(game.declareAttackers({ bear: 'B', bird: 'B' }))
    passUntilChoice(game)
    expect(game.pendingDecision()).toMatchObject({ kind: 'declareBlockers', player: 'B' })
    expect(sorted(legalActions(game).blockers, 'blocker')).toEqual([
      { blocker: 'spider', attackers: ['bear', 'bird'] },
      { blocker: 'wolf', attackers: ['bear'] },
    ])
    expectRejected(game.declareBlockers({ wolf: 'bird' }), 'cannot-block-flying')
    expectRejected(game.declareBlockers({ sleepy: 'bear' }), 'tapped')
  })

  it('702.111b a menace attacker is listed for a blocker only when another creature could block it too', () => {
    const alone = newGame([creature('brute', 'A', 3, 2, ['menace']), creature('wolf', 'B', 2, 2), ...LIBRARIES])
    passUntilChoice(alone)
    expectOk(alone.declareAttackers({ brute: 'B' }))
    passUntilChoice(alone, 4)
    // One possible blocker: no legal block at all, so the game does not wait for one.
    expect(alone.pendingDecision().kind).toBe('priority')

    const pair = newGame([creature('brute', 'A', 3, 2, ['menace']), creature('bear', 'A', 2, 2), creature('wolf', 'B', 2, 2), creature('bird', 'B', 1, 1, ['flying']), ...LIBRARIES])
    passUntilChoice(pair)
    expectOk(pair.declareAttackers({ brute: 'B', bear: 'B' }))
    passUntilChoice(pair)
    expect(sorted(legalActions(pair).blockers, 'blocker')).toEqual([
      { blocker: 'bird', attackers: ['brute', 'bear'] },
      { blocker: 'wolf', attackers: ['brute', 'bear'] },
    ])
    expectRejected(pair.declareBlockers({ wolf: 'brute' }), 'menace', '702.111b')
    expectOk(pair.declareBlockers({ wolf: 'brute', bird: 'brute' }))
  })

  it('702.111b with one creature able to block, a menace attacker is not listed but the other attacker is', () => {
    const game = newGame([creature('brute', 'A', 3, 2, ['menace']), creature('bear', 'A', 2, 2), creature('wolf', 'B', 2, 2), ...LIBRARIES])
    passUntilChoice(game)
    expectOk(game.declareAttackers({ brute: 'B', bear: 'B' }))
    passUntilChoice(game)
    expect(legalActions(game).blockers).toEqual([{ blocker: 'wolf', attackers: ['bear'] }])
  })
})

describe('legalActions: damage recipients', () => {
  it('702.19b a trampler blocked by one creature may assign to the blocker and the player', () => {
    const game = newGame([creature('rhino', 'A', 5, 5, ['trample']), creature('wolf', 'B', 2, 2), ...LIBRARIES])
    passUntilChoice(game)
    expectOk(game.declareAttackers({ rhino: 'B' }))
    passUntilChoice(game)
    expectOk(game.declareBlockers({ wolf: 'rhino' }))
    passUntilChoice(game)
    expect(game.pendingDecision()).toMatchObject({ kind: 'assignDamage', player: 'A' })
    expect(legalActions(game).damage).toEqual([{ creature: 'rhino', amount: 5, recipients: ['wolf', 'B'] }])
    expectOk(game.assignDamage({ rhino: { wolf: 5 } }))
    expect(gameState(game).players.B!.life).toBe(20)
  })

  it('702.19c trample over planeswalkers attacking a planeswalker lists the blocker, the planeswalker and its controller', () => {
    const game = newGame([creature('rhino', 'A', 6, 6, ['trample over planeswalkers']), planeswalker('jace', 'B', 3), creature('wolf', 'B', 2, 2), ...LIBRARIES])
    passUntilChoice(game)
    expectOk(game.declareAttackers({ rhino: 'jace' }))
    passUntilChoice(game)
    expectOk(game.declareBlockers({ wolf: 'rhino' }))
    passUntilChoice(game)
    expect(legalActions(game).damage).toEqual([{ creature: 'rhino', amount: 6, recipients: ['wolf', 'jace', 'B'] }])
  })

  it('510.1c a non-trampler blocked by two lists only its blockers', () => {
    const game = newGame([creature('ogre', 'A', 5, 5), creature('w1', 'B', 2, 2), creature('w2', 'B', 2, 2), ...LIBRARIES])
    passUntilChoice(game)
    expectOk(game.declareAttackers({ ogre: 'B' }))
    passUntilChoice(game)
    expectOk(game.declareBlockers({ w1: 'ogre', w2: 'ogre' }))
    passUntilChoice(game)
    expect(legalActions(game).damage).toEqual([{ creature: 'ogre', amount: 5, recipients: ['w1', 'w2'] }])
  })
})

describe('legalActions: priority options', () => {
  it('601.2c 702.11b cast options list each legal target; an opponent\'s hexproof creature is excluded, one\'s own is not', () => {
    const game = newGame([
      ...lands('A', 'Mountain', 1),
      ...lands('A', 'Forest', 1),
      cardInHand('shock', 'A', 'Shock'),
      cardInHand('growth', 'A', 'Giant Growth'),
      creature('bear', 'A', 2, 2),
      creature('scoutA', 'A', 1, 1, ['hexproof']),
      creature('wolf', 'B', 2, 2),
      creature('scoutB', 'B', 1, 1, ['hexproof']),
      planeswalker('jace', 'B', 4),
      ...LIBRARIES,
    ])
    const legal = legalActions(game)
    expect(legal.kind).toBe('priority')
    expect(legal.pass).toBe(true)
    const shock = legal.cast.find((c) => c.card === 'shock')!
    const growth = legal.cast.find((c) => c.card === 'growth')!
    expect([...shock.targets].sort()).toEqual(['A', 'B', 'bear', 'jace', 'scoutA', 'wolf'])
    expect([...growth.targets].sort()).toEqual(['bear', 'scoutA', 'wolf'])
    expect(shock.plot).toBe(false)
    expectRejected(game.cast('A', 'shock', { targets: ['scoutB'] }), 'hexproof', '702.11b')
    expectRejected(game.cast('A', 'growth', { targets: ['jace'] }), 'illegal-target')
    expectOk(game.cast('A', 'growth', { targets: ['scoutA'] }))
  })

  it('601.2g a spell whose cost can\'t be paid is not listed', () => {
    const game = newGame([...lands('A', 'Forest', 1), cardInHand('shock', 'A', 'Shock'), cardInHand('bears', 'A', 'Grizzly Bears'), ...LIBRARIES])
    expect(legalActions(game).cast).toEqual([])
    expectRejected(game.cast('A', 'shock', { targets: ['B'] }), 'cannot-pay')
  })

  it('702.6a equip lists the creatures its controller controls, only at sorcery timing', () => {
    const game = newGame([...lands('A', 'Plains', 2), { id: 'sword', card: 'Short Sword', controller: 'A' }, creature('bear', 'A', 2, 2), creature('lion', 'A', 2, 1), creature('wolf', 'B', 2, 2), ...LIBRARIES])
    expect(legalActions(game).activate).toEqual([{ object: 'sword', ability: 'equip', targets: ['bear', 'lion'] }])
    expectRejected(game.activate('A', 'sword', 'equip', ['wolf']), 'illegal-target', '702.6a')
    expectOk(game.pass())
    // B holds priority in A's main phase: B has nothing to equip, and A's ability is not B's.
    expect(legalActions(game).activate).toEqual([])
    expectOk(game.pass())
    expect(gameState(game).turn.step).toBe('beginCombat')
    expect(legalActions(game).activate).toEqual([])
  })

  it('702.170a plot is listed for a card with plot in hand when its plot cost can be paid, at sorcery timing', () => {
    const game = newGame([...lands('A', 'Forest', 4), cardInHand('paladin', 'A', 'Spinewoods Paladin'), ...LIBRARIES])
    const legal = legalActions(game)
    expect(legal.plot).toEqual(['paladin'])
    // {4}{G} can't be paid with four lands: it can be plotted, not cast.
    expect(legal.cast).toEqual([])
    expectOk(game.plot('A', 'paladin'))
    expect(gameState(game).objects.paladin).toMatchObject({ zone: 'exile', plotted: true })
    expect(legalActions(game).plot).toEqual([])
    // A plotted card is cast on a later turn, not this one.
    expect(legalActions(game).cast).toEqual([])
  })

  it('702.170d a card plotted on an earlier turn is listed as a free cast (plot: true)', () => {
    const game = newGame([{ id: 'paladin', card: 'Spinewoods Paladin', owner: 'A', zone: 'exile', plotted: true, plottedTurn: 1 }, ...LIBRARIES])
    expect(legalActions(game).cast).toEqual([{ card: 'paladin', targets: [], plot: true }])
    expectOk(game.cast('A', 'paladin', { alternative: 'plot' }))
  })

  it('305.1 lands are listed for the active player in a main phase only', () => {
    const game = newGame([cardInHand('forest', 'A', 'Forest'), cardInHand('forestB', 'B', 'Forest'), ...LIBRARIES])
    expect(legalActions(game).play).toEqual(['forest'])
    expectOk(game.pass())
    expect(legalActions(game)).toMatchObject({ player: 'B', play: [] })
  })
})
