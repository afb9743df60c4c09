/**
 * CR 702.170a: "Plot [cost]" means "Any time you have priority during your main phase while the
 * stack is empty, you may exile this card from your hand and pay [cost]. It becomes a plotted
 * card." CR 702.170d: "A plotted card's owner may cast it from exile without paying its mana cost
 * during their main phase while the stack is empty during any turn after the turn in which it
 * became plotted. ... A plotted card may be cast this way even if it doesn't have the plot
 * ability while in exile." CR 116.2k: plotting is a special action.
 */
import { describe, expect, it } from 'vitest'
import { plotCard } from '../../src/rules/actions/plot.js'
import { Zone } from '../../components/zones.js'
import { LIBRARIES, cardInHand, drive, expectOk, expectRejected, lands, life, newGame, obj } from '../helpers.js'
import { worldOf } from '../../src/api/game.js'
import { toJSON } from '../../src/api/serialization.js'

const setup = () => newGame([...lands('A', 'Forest', 4), cardInHand('paladin', 'A', 'Spinewoods Paladin'), ...LIBRARIES])

describe('CR 702.170 Plot', () => {
  it('702.170a plotting exiles the card and pays the plot cost; it becomes plotted', () => {
    const game = setup()
    expectOk(drive(game).plotWhenPriority('A', 'paladin'))
    expect(obj(game, 'paladin')).toMatchObject({ zone: 'exile', plotted: true })
    expect([1, 2, 3, 4].every((i) => obj(game, `forest${i}`).tapped)).toBe(true)
  })

  it('702.170a not in the upkeep: only in a main phase', () => {
    const game = newGame([...lands('A', 'Forest', 4), cardInHand('paladin', 'A', 'Spinewoods Paladin'), ...LIBRARIES], { turn: { step: 'upkeep' } })
    expectRejected(drive(game).plotWhenPriority('A', 'paladin'), 'not-sorcery-timing', '702.170a')
  })

  it("702.170a not on the opponent's turn", () => {
    const game = newGame([...lands('A', 'Forest', 4), cardInHand('paladin', 'A', 'Spinewoods Paladin'), ...LIBRARIES], { turn: { active: 'B' } })
    expectRejected(drive(game).plotWhenPriority('A', 'paladin'), 'not-sorcery-timing')
  })

  it('702.170a a card without plot cannot be plotted; the cost must be payable', () => {
    const game = newGame([...lands('A', 'Forest', 3), cardInHand('paladin', 'A', 'Spinewoods Paladin'), cardInHand('bears', 'A', 'Grizzly Bears')])
    expectRejected(drive(game).plotWhenPriority('A', 'bears'), 'no-plot', '702.170a')
    expectRejected(drive(game).plotWhenPriority('A', 'paladin'), 'cannot-pay', '702.170a')
    expect(obj(game, 'forest1').tapped).toBe(false)
  })

  it('702.170d not on the same turn; free on a later turn of its owner, at sorcery timing', () => {
    const game = setup()
    expectOk(drive(game).plotWhenPriority('A', 'paladin'))
    expectRejected(drive(game).castAndResolve('A', 'paladin', { alternative: 'plot' }), 'not-plotted-yet', '702.170d')
    expectOk(drive(game).walkTo('precombatMain', { nextTurn: true }))
    expectRejected(drive(game).castAndResolve('A', 'paladin', { alternative: 'plot' }), 'not-sorcery-timing', '702.170d')
    expectOk(drive(game).walkTo('upkeep', { nextTurn: true }))
    expectRejected(drive(game).castAndResolve('A', 'paladin', { alternative: 'plot' }), 'not-sorcery-timing')
    expectOk(drive(game).walkTo('precombatMain'))
    expectOk(drive(game).castAndResolve('A', 'paladin', { alternative: 'plot' }))
    expect(obj(game, 'paladin')).toMatchObject({ zone: 'battlefield', plotted: false })
    expect(obj(game, 'forest1').tapped).toBe(false)
    expect(life(game, 'A')).toBe(23)
  })

  it('702.170d a plotted card is cast from exile only as a plotted card', () => {
    const game = setup()
    expectOk(drive(game).plotWhenPriority('A', 'paladin'))
    expectRejected(drive(game).castAndResolve('A', 'paladin'), 'not-in-hand', '601.2a')
    expectRejected(drive(game).castAndResolve('A', 'forest1', { alternative: 'plot' }), 'not-plotted')
  })

  it('702.170d a card made plotted by an effect is cast the same way, even an instant, at sorcery timing', () => {
    const game = newGame([
      { id: 'bolt', card: 'Lightning Bolt', owner: 'A', zone: 'exile', plotted: true, plottedTurn: 1 },
      { id: 'bear', controller: 'B', types: ['creature'], power: 2, toughness: 2 },
      ...LIBRARIES,
    ])
    expect(obj(game, 'bolt').plotted).toBe(true)
    expectOk(drive(game).walkTo('beginCombat'))
    expectRejected(drive(game).castAndResolve('A', 'bolt', { alternative: 'plot', targets: ['bear'] }), 'not-sorcery-timing')
    expectOk(drive(game).walkTo('postcombatMain'))
    expectOk(drive(game).castAndResolve('A', 'bolt', { alternative: 'plot', targets: ['bear'] }))
    expect(obj(game, 'bear').zone).toBe('graveyard')
  })

  it('702.170d an alternative cost given (truthy) is the plot one: a misspelt one is refused by its rules, never a cast paying the mana cost', () => {
    for (const alternative of ['Plot', 'flashback', 5, true]) {
      const game = newGame([...lands('A', 'Forest', 4), cardInHand('paladin', 'A', 'Spinewoods Paladin'), ...LIBRARIES])
      const before = toJSON(game)
      // Not plotted (in hand): refused, and nothing paid or moved.
      expectRejected(game.cast('A', 'paladin', { alternative } as unknown as { alternative: 'plot' }), 'not-plotted', '702.170d')
      expectRejected(drive(game).castAndResolve('A', 'paladin', { alternative } as unknown as { alternative: 'plot' }), 'not-plotted', '702.170d')
      expect(toJSON(game)).toEqual(before)
    }
    // None (a falsy value: null, false from `cond && 'plot'`): the card is cast from hand, paying its mana cost ({4}{G}).
    for (const alternative of [null, false, '']) {
      const game = newGame([...lands('A', 'Forest', 5), cardInHand('paladin', 'A', 'Spinewoods Paladin'), ...LIBRARIES])
      expectOk(drive(game).castAndResolve('A', 'paladin', { alternative } as unknown as { alternative: 'plot' }))
      expect(obj(game, 'paladin').zone).toBe('battlefield')
    }
  })

  it("702.170d only the owner casts a plotted card", () => {
    const game = newGame([{ id: 'paladin', card: 'Spinewoods Paladin', owner: 'B', zone: 'exile', plotted: true, plottedTurn: 1 }])
    expectRejected(drive(game).castAndResolve('A', 'paladin', { alternative: 'plot' }), 'not-your-card')
  })

  it('702.170g an effect may let plot work from another zone: the card is exiled from there', () => {
    const game = newGame([...lands('A', 'Forest', 4), { id: 'paladin', card: 'Spinewoods Paladin', owner: 'A', zone: 'graveyard' }])
    expectRejected(drive(game).plotWhenPriority('A', 'paladin'), 'not-in-hand')
    // No player's action plots from elsewhere: a field beyond the action's own is not read.
    expectRejected(game.act({ type: 'plot', player: 'A', card: 'paladin', from: Zone.Graveyard } as never), 'not-in-hand')
    expectOk(plotCard(worldOf(game), game.eid('A')!, game.eid('paladin')!, Zone.Graveyard))
    expect(obj(game, 'paladin')).toMatchObject({ zone: 'exile', plotted: true })
  })
})
