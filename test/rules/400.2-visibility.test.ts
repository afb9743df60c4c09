/**
 * CR 400.2: "Public zones are zones in which all players can see the cards' faces, except for
 * those cards that some rule or effect specifically allow to be face down. Graveyard, battlefield,
 * stack, exile, ante, and command are public zones. Hidden zones are zones in which not all players
 * can be expected to see the cards' faces. Library and hand are hidden zones, even if all the cards
 * in one such zone happen to be revealed."
 * CR 402.3: "A player may arrange their hand in any convenient fashion and look at it as much as
 * they want. A player can't look at the cards in another player's hand but may count those cards
 * at any time."
 * CR 701.23a: "To search for a card in a zone, look at all cards in that zone (even if it's a
 * hidden zone) and find a card that matches the given description."
 *
 * One rule (`canSee`, src/rules/visibility.ts) for the three views: `clientState`, the per-viewer
 * event stream (`onEvent`) and the agent's `GameView`.
 *
 * Brightglass Gearhulk {G}{G}{W}{W}, 4/4 first strike, trample: "When this creature enters, you
 * may search your library for up to two artifact, creature, and/or enchantment cards with mana
 * value 1 or less, reveal them, put them into your hand, then shuffle." A's library (as in
 * test/scenarios/shared/gearhulk-enters-and-searches.json): ogre ({2}{R} creature 3/3), mite ({G}
 * artifact creature 1/1), charm ({1} artifact), bolt ({R} instant): the search may find mite and
 * charm. A also holds Spinewoods Paladin ({4}{G} 5/4, plot {3}{G}); B holds a land and has one
 * library card; B's Grizzly Bears (2/2) are in B's graveyard, A's Savannah Lions (2/1) in exile.
 */
import { describe, expect, it } from 'vitest'
import type { ClientEvent } from '../../src/api/event-stream.js'
import type { ClientState } from '../../src/api/client-state.js'
import type { Game } from '../../src/api/game.js'
import { Rng } from '../../src/core/rng.js'
import { GameView } from '../../src/play/view.js'
import { cardInHand, drive, expectOk, lands, newGame } from '../helpers.js'
import { clientState, legalActions, onEvent } from '../../src/api/views.js'
import { worldOf } from '../../src/api/game.js'

function gearhulkGame(): Game {
  return newGame([
    ...lands('A', 'Forest', 2),
    ...lands('A', 'Plains', 2),
    cardInHand('gearhulk', 'A', 'Brightglass Gearhulk'),
    cardInHand('paladin', 'A', 'Spinewoods Paladin'),
    { id: 'ogre', owner: 'A', zone: 'library', types: ['creature'], manaCost: '{2}{R}', power: 3, toughness: 3 },
    { id: 'mite', owner: 'A', zone: 'library', types: ['artifact', 'creature'], manaCost: '{G}', power: 1, toughness: 1 },
    { id: 'charm', owner: 'A', zone: 'library', types: ['artifact'], manaCost: '{1}' },
    { id: 'bolt', owner: 'A', zone: 'library', types: ['instant'], manaCost: '{R}', spell: { target: 'any', damage: 3 } },
    cardInHand('landB', 'B', 'Swamp'),
    { id: 'libB', card: 'Swamp', owner: 'B', zone: 'library' },
    { id: 'grave', card: 'Grizzly Bears', owner: 'B', zone: 'graveyard' },
    { id: 'exiled', card: 'Savannah Lions', owner: 'A', zone: 'exile' },
  ])
}

/** Casts the Gearhulk and passes until its trigger asks A for the search. */
function untilSearch(game: Game): void {
  expectOk(game.cast('A', 'gearhulk'))
  for (let i = 0; i < 6 && game.pendingDecision().kind === 'priority'; i++) expectOk(game.pass())
  expect(game.pendingDecision()).toMatchObject({ kind: 'search', player: 'A' })
}

/** The ids of the objects a client state shows in `zone`, sorted. */
function idsIn(state: ClientState, zone: string): string[] {
  return Object.values(state.objects)
    .filter((o) => o.zone === zone)
    .map((o) => o.id)
    .sort()
}

/** The events of the omniscient stream and of A's and B's, from now on. */
function streams(game: Game): { all: ClientEvent[]; A: ClientEvent[]; B: ClientEvent[] } {
  const out = { all: [] as ClientEvent[], A: [] as ClientEvent[], B: [] as ClientEvent[] }
  onEvent(game, (e) => out.all.push(e))
  onEvent(game, (e) => out.A.push(e), { viewer: 'A' })
  onEvent(game, (e) => out.B.push(e), { viewer: 'B' })
  return out
}

function views(game: Game): { A: GameView; B: GameView } {
  return { A: new GameView(worldOf(game), game.eid('A')!), B: new GameView(worldOf(game), game.eid('B')!) }
}

const ids = (game: Game, eids: readonly number[]): string[] => eids.map((e) => game.id(e))

describe('CR 400.2 Visibility: public and hidden zones', () => {
  it('701.23a the searcher sees their whole library in clientState while the search is pending; the opponent none of it; the omniscient view all', () => {
    const game = gearhulkGame()
    untilSearch(game)
    expect([...legalActions(game).cards].sort()).toEqual(['charm', 'mite'])
    const a = clientState(game, 'A')
    // The whole library being searched, not only the cards the search may find.
    expect(idsIn(a, 'library')).toEqual(['bolt', 'charm', 'mite', 'ogre'])
    expect(a.objects['mite']).toMatchObject({ zone: 'library', owner: 'A', types: ['creature', 'artifact'], power: 1, toughness: 1 })
    expect(a.objects['charm']).toMatchObject({ zone: 'library', owner: 'A', types: ['artifact'] })
    expect(a.objects['libB']).toBeUndefined()
    const b = clientState(game, 'B')
    expect(idsIn(b, 'library')).toEqual([])
    for (const id of ['ogre', 'mite', 'charm', 'bolt']) expect(JSON.stringify(b).includes(`"${id}"`), `B sees ${id}`).toBe(false)
    expect(b.players.find((p) => p.id === 'A')!.librarySize).toBe(4)
    expect(idsIn(clientState(game), 'library')).toEqual(['bolt', 'charm', 'libB', 'mite', 'ogre'])
  })

  it("701.23a the searcher's GameView sees their library and samples it as it is; the opponent's sees none of it", () => {
    const game = gearhulkGame()
    untilSearch(game)
    const { A, B } = views(game)
    const [mite, charm, ogre] = ['mite', 'charm', 'ogre'].map((id) => game.eid(id)!) as [number, number, number]
    expect(ids(game, A.library())).toEqual(['ogre', 'mite', 'charm', 'bolt'])
    expect(A.canSee(mite)).toBe(true)
    expect(A.power(mite)).toBe(1)
    expect(A.manaValue(charm)).toBe(1)
    expect(A.library(game.eid('B')!)).toEqual([])
    expect(B.library(game.eid('A')!)).toEqual([])
    expect(B.canSee(mite)).toBe(false)
    expect(() => B.power(ogre)).toThrow(/hidden zone/)
    // Determinization: A's own hand and library keep their cards (the library in some order);
    // B's view deals A's hand and library cards together again.
    const handsOfA = new Set<string>()
    for (let seed = 1; seed <= 8; seed++) {
      const a = A.sample(new Rng(seed)).zoneLists[game.eid('A')!]!
      expect(ids(game, a.hand)).toEqual(['paladin'])
      expect(ids(game, a.library).sort()).toEqual(['bolt', 'charm', 'mite', 'ogre'])
      const b = B.sample(new Rng(seed)).zoneLists[game.eid('A')!]!
      expect(b.hand).toHaveLength(1)
      expect(ids(game, [...b.hand, ...b.library]).sort()).toEqual(['bolt', 'charm', 'mite', 'ogre', 'paladin'])
      handsOfA.add(game.id(b.hand[0]!))
    }
    expect(handsOfA.size).toBeGreaterThan(1)
  })

  it('701.23 no event names a library card; the found cards are named to the searcher and null to the opponent', () => {
    const game = gearhulkGame()
    const s = streams(game)
    untilSearch(game)
    // The last event before the choice is the trigger (the engine emits none for the search itself).
    expect(s.all.at(-1)).toMatchObject({ type: 'abilityTriggered', source: 'gearhulk', controller: 'A', rule: '603.3' })
    expectOk(game.search('A', ['mite', 'charm']))
    // The Gearhulk is cast onto the stack, a public zone: every stream names it.
    for (const events of [s.all, s.A, s.B]) expect(events.find((e) => e.type === 'spellCast')).toMatchObject({ player: 'A', card: 'gearhulk' })
    const found = (events: ClientEvent[]) => events.filter((e) => e.type === 'zoneChanged' && e.rule === '701.23').map((e) => [e['object'], e['from'], e['to']])
    expect(found(s.all)).toEqual([['mite', 'library', 'hand'], ['charm', 'library', 'hand']])
    expect(found(s.A)).toEqual([['mite', 'library', 'hand'], ['charm', 'library', 'hand']])
    expect(found(s.B)).toEqual([[null, 'library', 'hand'], [null, 'library', 'hand']])
    for (const events of [s.all, s.A, s.B]) {
      const text = JSON.stringify(events)
      expect(text.includes('"ogre"') || text.includes('"bolt"')).toBe(false)
    }
    expect(s.B.map((e) => e.seq)).toEqual(s.all.map((e) => e.seq))
  })

  it('701.23 once the search is made (or declined) the library is hidden again from everyone', () => {
    for (const choice of [['mite'], null]) {
      const game = gearhulkGame()
      untilSearch(game)
      expectOk(game.search('A', choice))
      expect(game.pendingDecision().kind).toBe('priority')
      const { A, B } = views(game)
      const charm = game.eid('charm')!
      for (const viewer of ['A', 'B']) expect(idsIn(clientState(game, viewer), 'library')).toEqual([])
      expect(idsIn(clientState(game), 'library')).toEqual(choice ? ['bolt', 'charm', 'libB', 'ogre'] : ['bolt', 'charm', 'libB', 'mite', 'ogre'])
      expect(A.library()).toEqual([])
      expect(A.canSee(charm)).toBe(false)
      expect(B.canSee(charm)).toBe(false)
      expect(() => A.name(charm)).toThrow(/hidden zone/)
    }
  })

  it("400.2 402.3 a hand is visible to its owner and hidden from the opponent in clientState, GameView and the event stream", () => {
    const game = gearhulkGame()
    expect(idsIn(clientState(game, 'A'), 'hand')).toEqual(['gearhulk', 'paladin'])
    expect(idsIn(clientState(game, 'B'), 'hand')).toEqual(['landB'])
    expect(idsIn(clientState(game), 'hand')).toEqual(['gearhulk', 'landB', 'paladin'])
    expect(clientState(game, 'B').players.find((p) => p.id === 'A')!.handSize).toBe(2)
    const { A, B } = views(game)
    const a = game.eid('A')!
    const b = game.eid('B')!
    expect(ids(game, A.hand())).toEqual(['gearhulk', 'paladin'])
    expect(ids(game, B.hand())).toEqual(['landB'])
    expect(B.hand(a)).toEqual([])
    expect(A.hand(b)).toEqual([])
    expect(B.canSee(game.eid('gearhulk')!)).toBe(false)
    expect(() => B.name(game.eid('paladin')!)).toThrow(/hidden zone/)
    expect(A.name(game.eid('paladin')!)).toBe('Spinewoods Paladin')
    // B draws their library card in their draw step: named to B, null to A.
    const s = streams(game)
    expectOk(drive(game).walkTo('draw', { nextTurn: true }))
    const draw = (events: ClientEvent[]) => events.filter((e) => e.type === 'cardDrawn').map((e) => [e['player'], e['card']])
    expect(draw(s.all)).toEqual([['B', 'libB']])
    expect(draw(s.B)).toEqual([['B', 'libB']])
    expect(draw(s.A)).toEqual([['B', null]])
    expect(clientState(game, 'B').objects['libB']).toMatchObject({ zone: 'hand', owner: 'B' })
    expect(clientState(game, 'A').objects['libB']).toBeUndefined()
  })

  it('400.2 graveyard and exile are public: every view shows their cards, and a card plotted into exile is named to everyone', () => {
    const game = gearhulkGame()
    for (const state of [clientState(game, 'A'), clientState(game, 'B'), clientState(game)]) {
      expect(state.objects['grave']).toMatchObject({ zone: 'graveyard', owner: 'B', name: 'Grizzly Bears' })
      expect(state.objects['exiled']).toMatchObject({ zone: 'exile', owner: 'A', name: 'Savannah Lions' })
    }
    const { A, B } = views(game)
    for (const view of [A, B]) {
      expect(ids(game, view.graveyard(game.eid('B')!))).toEqual(['grave'])
      expect(view.name(game.eid('exiled')!)).toBe('Savannah Lions')
      expect(view.power(game.eid('grave')!)).toBe(2)
    }
    // CR 702.170a: A plots the Paladin from hand into exile, where B sees it too.
    const s = streams(game)
    expectOk(drive(game).plotWhenPriority('A', 'paladin'))
    for (const events of [s.all, s.A, s.B]) {
      expect(events.filter((e) => e.type === 'cardPlotted').map((e) => [e['player'], e['card']])).toEqual([['A', 'paladin']])
      expect(events.filter((e) => e.type === 'zoneChanged').map((e) => [e['object'], e['from'], e['to']])).toEqual([['paladin', 'hand', 'exile']])
    }
    expect(clientState(game, 'B').objects['paladin']).toMatchObject({ zone: 'exile', plotted: true })
    expect(B.canSee(game.eid('paladin')!)).toBe(true)
  })
})
