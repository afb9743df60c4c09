/**
 * CR 701.23a: "To search for a card in a zone, look at all cards in that zone (even if it's a
 * hidden zone) and find a card that matches the given description."
 * CR 701.23b: "If a player is searching a hidden zone for cards with a stated quality, such as a
 * card with a certain card type or color, that player isn't required to find some or all of
 * those cards even if they're present in that zone."
 * CR 608.2c / 603.3: a triggered ability's choices are made as it resolves.
 *
 * Brightglass Gearhulk {G}{G}{W}{W}, 4/4 first strike, trample: "When this creature enters, you
 * may search your library for up to two artifact, creature, and/or enchantment cards with mana
 * value 1 or less, reveal them, put them into your hand, then shuffle."
 * Library: Savannah Lions ({W} creature), Short Sword ({1} artifact), Holy Strength ({W} aura):
 * qualify; Grizzly Bears ({1}{G}), Giant Growth ({G} instant), Forest: don't.
 */
import { describe, expect, it } from 'vitest'
import { worldDigest } from '../../src/state/digest.js'
import type { Game } from '../../src/api/game.js'
import { cardInHand, expectOk, expectRejected, lands, newGame, obj } from '../helpers.js'
import { worldOf } from '../../src/api/game.js'
import { legalActions } from '../../src/api/views.js'

function gearhulkGame(): Game {
  return newGame([
    ...lands('A', 'Forest', 2),
    ...lands('A', 'Plains', 2),
    cardInHand('gearhulk', 'A', 'Brightglass Gearhulk'),
    { id: 'lions', card: 'Savannah Lions', owner: 'A', zone: 'library' },
    { id: 'bears', card: 'Grizzly Bears', owner: 'A', zone: 'library' },
    { id: 'sword', card: 'Short Sword', owner: 'A', zone: 'library' },
    { id: 'growth', card: 'Giant Growth', owner: 'A', zone: 'library' },
    { id: 'strength', card: 'Holy Strength', owner: 'A', zone: 'library' },
    { id: 'forestLib', card: 'Forest', owner: 'A', zone: 'library' },
    { id: 'lionsB', card: 'Savannah Lions', owner: 'B', zone: 'library' },
    { id: 'libB2', card: 'Forest', owner: 'B', zone: 'library' },
  ])
}

/** Casts the Gearhulk and passes until its trigger asks for the search. */
function untilSearch(game: Game): void {
  expectOk(game.cast('A', 'gearhulk'))
  for (let i = 0; i < 6 && game.pendingDecision().kind === 'priority'; i++) expectOk(game.pass())
  expect(game.pendingDecision().kind).toBe('search')
}

function shuffles(game: Game): string[] {
  const out: string[] = []
  game.on('libraryShuffled', (p) => out.push(game.id(p)))
  return out
}

describe('CR 701.23 Search', () => {
  it('701.23 the cast has no search choice: the spell is cast with no choices and goes on the stack', () => {
    const game = gearhulkGame()
    expect(legalActions(game).cast).toEqual([{ card: 'gearhulk', targets: [], plot: false }])
    expectOk(game.cast('A', 'gearhulk'))
    expect(obj(game, 'gearhulk').zone).toBe('stack')
    expect(game.pendingDecision()).toMatchObject({ kind: 'priority', player: 'A' })
  })

  it('603.3 608.2c the search is chosen when the trigger resolves, by its controller, up to two cards', () => {
    const game = gearhulkGame()
    expectOk(game.cast('A', 'gearhulk'))
    expectOk(game.pass())
    expectOk(game.pass())
    // The creature spell resolved: the Gearhulk is on the battlefield and its trigger on the stack.
    expect(obj(game, 'gearhulk').zone).toBe('battlefield')
    expect(game.pendingDecision()).toMatchObject({ kind: 'priority', player: 'A' })
    expectOk(game.pass())
    expectOk(game.pass())
    expect(game.pendingDecision()).toEqual({ kind: 'search', player: 'A', rule: '701.23', count: 2 })
  })

  it('701.23a the candidates are only the qualifying cards of the searcher\'s library', () => {
    const game = gearhulkGame()
    untilSearch(game)
    const legal = legalActions(game)
    expect(legal).toMatchObject({ kind: 'search', player: 'A', count: 2, pass: false })
    expect([...legal.cards].sort()).toEqual(['lions', 'strength', 'sword'])
  })

  it('701.23 two qualifying cards go to the hand, then the library is shuffled', () => {
    const game = gearhulkGame()
    untilSearch(game)
    const shuffled = shuffles(game)
    const found: number[] = []
    game.on('librarySearched', (_p, n) => found.push(n))
    expectOk(game.search('A', ['lions', 'sword']))
    expect(obj(game, 'lions').zone).toBe('hand')
    expect(obj(game, 'sword').zone).toBe('hand')
    expect(obj(game, 'strength').zone).toBe('library')
    expect(found).toEqual([2])
    expect(shuffled).toEqual(['A'])
    expect(game.pendingDecision()).toMatchObject({ kind: 'priority', player: 'A' })
  })

  it('701.23b searching and finding nothing ([]) still shuffles', () => {
    const game = gearhulkGame()
    untilSearch(game)
    const shuffled = shuffles(game)
    expectOk(game.search('A', []))
    expect(shuffled).toEqual(['A'])
    expect(obj(game, 'lions').zone).toBe('library')
  })

  it('701.23 a declined "you may" search (null) finds nothing and does not shuffle', () => {
    const game = gearhulkGame()
    untilSearch(game)
    const shuffled = shuffles(game)
    const searched: string[] = []
    game.on('librarySearched', (p) => searched.push(game.id(p)))
    expectOk(game.search('A', null))
    expect(shuffled).toEqual([])
    expect(searched).toEqual([])
    expect(obj(game, 'lions').zone).toBe('library')
    expect(game.pendingDecision()).toMatchObject({ kind: 'priority', player: 'A' })
  })

  it('701.23 an illegal choice is rejected (illegal-choice) and changes nothing', () => {
    const game = gearhulkGame()
    untilSearch(game)
    const before = worldDigest(worldOf(game))
    expectRejected(game.search('A', ['bears']), 'illegal-choice', '701.23')
    expectRejected(game.search('A', ['growth']), 'illegal-choice', '701.23')
    expectRejected(game.search('A', ['forestLib']), 'illegal-choice', '701.23')
    expectRejected(game.search('A', ['lions', 'sword', 'strength']), 'illegal-choice', '701.23')
    expectRejected(game.search('A', ['lions', 'lions']), 'illegal-choice', '701.23')
    expectRejected(game.search('A', ['lionsB']), 'illegal-choice', '701.23')
    expectRejected(game.search('A', ['gearhulk']), 'illegal-choice', '701.23')
    expect(worldDigest(worldOf(game))).toBe(before)
    expect(game.pendingDecision()).toMatchObject({ kind: 'search', player: 'A', count: 2 })
  })

  it('701.23 only the controller searches: the opponent and other commands are rejected', () => {
    const game = gearhulkGame()
    untilSearch(game)
    const before = worldDigest(worldOf(game))
    expectRejected(game.search('B', ['lionsB']), 'not-your-decision', '701.23')
    expectRejected(game.pass(), 'not-awaited', '701.23')
    expectRejected(game.act({ type: 'search', player: 'nobody', cards: null }), 'unknown-object')
    expect(worldDigest(worldOf(game))).toBe(before)
  })
})
