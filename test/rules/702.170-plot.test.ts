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
import { cardInHand, expectOk, expectRejected, lands, life, LIBRARIES, newGame, obj } from '../helpers.js'

const setup = () => newGame([...lands('A', 'Forest', 4), cardInHand('paladin', 'A', 'Spinewoods Paladin'), ...LIBRARIES])

describe('CR 702.170 Plot', () => {
  it('702.170a plotting exiles the card and pays the plot cost; it becomes plotted', () => {
    const game = setup()
    expectOk(game.drive.plot('A', 'paladin'))
    expect(obj(game, 'paladin')).toMatchObject({ zone: 'exile', plotted: true })
    expect([1, 2, 3, 4].every((i) => obj(game, `forest${i}`).tapped)).toBe(true)
  })

  it('702.170a not in the upkeep: only in a main phase', () => {
    const game = newGame([...lands('A', 'Forest', 4), cardInHand('paladin', 'A', 'Spinewoods Paladin'), ...LIBRARIES], { turn: { step: 'upkeep' } })
    expectRejected(game.drive.plot('A', 'paladin'), 'not-sorcery-timing', '702.170a')
  })

  it("702.170a not on the opponent's turn", () => {
    const game = newGame([...lands('A', 'Forest', 4), cardInHand('paladin', 'A', 'Spinewoods Paladin'), ...LIBRARIES], { turn: { active: 'B' } })
    expectRejected(game.drive.plot('A', 'paladin'), 'not-sorcery-timing')
  })

  it('702.170a a card without plot cannot be plotted; the cost must be payable', () => {
    const game = newGame([...lands('A', 'Forest', 3), cardInHand('paladin', 'A', 'Spinewoods Paladin'), cardInHand('bears', 'A', 'Grizzly Bears')])
    expectRejected(game.drive.plot('A', 'bears'), 'no-plot', '702.170a')
    expectRejected(game.drive.plot('A', 'paladin'), 'cannot-pay', '702.170a')
    expect(obj(game, 'forest1').tapped).toBe(false)
  })

  it('702.170d not on the same turn; free on a later turn of its owner, at sorcery timing', () => {
    const game = setup()
    expectOk(game.drive.plot('A', 'paladin'))
    expectRejected(game.drive.cast('A', 'paladin', { alternative: 'plot' }), 'not-plotted-yet', '702.170d')
    expectOk(game.drive.advance('precombatMain', { nextTurn: true }))
    expectRejected(game.drive.cast('A', 'paladin', { alternative: 'plot' }), 'not-sorcery-timing', '702.170d')
    expectOk(game.drive.advance('upkeep', { nextTurn: true }))
    expectRejected(game.drive.cast('A', 'paladin', { alternative: 'plot' }), 'not-sorcery-timing')
    expectOk(game.drive.advance('precombatMain'))
    expectOk(game.drive.cast('A', 'paladin', { alternative: 'plot' }))
    expect(obj(game, 'paladin')).toMatchObject({ zone: 'battlefield', plotted: false })
    expect(obj(game, 'forest1').tapped).toBe(false)
    expect(life(game, 'A')).toBe(23)
  })

  it('702.170d a plotted card is cast from exile only as a plotted card', () => {
    const game = setup()
    expectOk(game.drive.plot('A', 'paladin'))
    expectRejected(game.drive.cast('A', 'paladin'), 'not-in-hand', '601.2a')
    expectRejected(game.drive.cast('A', 'forest1', { alternative: 'plot' }), 'not-plotted')
  })

  it('702.170d a card made plotted by an effect is cast the same way, even an instant, at sorcery timing', () => {
    const game = newGame([
      { id: 'bolt', card: 'Lightning Bolt', owner: 'A', zone: 'exile', plotted: true, plottedTurn: 1 },
      { id: 'bear', controller: 'B', types: ['creature'], power: 2, toughness: 2 },
      ...LIBRARIES,
    ])
    expect(obj(game, 'bolt').plotted).toBe(true)
    expectOk(game.drive.advance('beginCombat'))
    expectRejected(game.drive.cast('A', 'bolt', { alternative: 'plot', targets: ['bear'] }), 'not-sorcery-timing')
    expectOk(game.drive.advance('postcombatMain'))
    expectOk(game.drive.cast('A', 'bolt', { alternative: 'plot', targets: ['bear'] }))
    expect(obj(game, 'bear').zone).toBe('graveyard')
  })

  it("702.170d only the owner casts a plotted card", () => {
    const game = newGame([{ id: 'paladin', card: 'Spinewoods Paladin', owner: 'B', zone: 'exile', plotted: true, plottedTurn: 1 }])
    expectRejected(game.drive.cast('A', 'paladin', { alternative: 'plot' }), 'not-your-card')
  })

  it('702.170g an effect may let plot work from another zone: the card is exiled from there', () => {
    const game = newGame([...lands('A', 'Forest', 4), { id: 'paladin', card: 'Spinewoods Paladin', owner: 'A', zone: 'graveyard' }])
    expectRejected(game.drive.plot('A', 'paladin'), 'not-in-hand')
    expectOk(plotCard(game.world, { player: game.eid('A')!, card: game.eid('paladin')!, from: Zone.Graveyard }))
    expect(obj(game, 'paladin')).toMatchObject({ zone: 'exile', plotted: true })
  })
})
