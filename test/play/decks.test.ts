/**
 * Deck lists and the deck rules (`parseDeckList`, `deckIssues`, `DECK_RULES`):
 *
 * 100.2a In constructed play (a way of playing in which each player creates their own deck ahead
 *   of time), each deck has a minimum deck size of 60 cards. A constructed deck may contain any
 *   number of basic land cards and no more than four of any card with a particular English name
 *   other than basic land cards.
 * 100.2b In limited play (a way of playing in which each player gets the same quantity of unopened
 *   product such as booster packs and creates their own deck using only this product and basic
 *   land cards), each deck has a minimum deck size of 40 cards.
 *
 * The engine's decks are built ahead of time from a pool of about 40 cards: at least 40 cards (the
 * built-in decks' size), at most four of a card other than basic lands.
 */
import { describe, expect, it } from 'vitest'
import { DECK_NAMES, DECK_RULES, deckCards, deckIssues, parseDeckList, resolveDeck } from '../../src/play/decks.js'
import { randomAgent } from '../../src/play/agents/random.js'
import { playGame } from '../../src/play/play-game.js'
import { thrownRedzoneError } from '../helpers.js'

const MONO_RED = `// Mono red, 40 cards
4 Lightning Bolt
4 Shock
4 Raging Goblin
4 Boggart Brute
4 Gray Ogre
3 Hill Giant
17 Mountain
`

describe('deck lists', () => {
  it('reads one "COUNT NAME" a line, in order, skipping blank lines and // or # comments', () => {
    const deck = parseDeckList(`${MONO_RED}\n# the end\n`, { name: 'mono-red' })
    expect(deck.name).toBe('mono-red')
    expect(deck.cards).toEqual([
      ['Lightning Bolt', 4], ['Shock', 4], ['Raging Goblin', 4], ['Boggart Brute', 4], ['Gray Ogre', 4], ['Hill Giant', 3], ['Mountain', 17],
    ])
    expect(deckCards(deck)).toHaveLength(40)
    expect(parseDeckList(MONO_RED, { source: 'decks/burn.v2.txt' }).name).toBe('burn.v2')
    expect(parseDeckList(MONO_RED).name).toBe('deck')
  })

  it('ignores a Deck header, everything after a Sideboard line, MWS "SB:" lines, "4x" counts and an Arena set and number', () => {
    const text = 'Deck\n4x Lightning Bolt (M10) 146\nSB: 2 Murder\n4 Shock\n4 Raging Goblin\n4 Boggart Brute\n4 Gray Ogre\n3 Hill Giant\n17 Mountain\n\nSideboard\n3 Murder\n9 Not A Card\n'
    expect(parseDeckList(text).cards).toEqual(parseDeckList(MONO_RED).cards)
  })

  it('matches names but for case and a curly apostrophe', () => {
    const text = MONO_RED.replace('4 Shock', "2 shock\n2 ranger’s guile").replace('17 Mountain', '13 Mountain\n4 Forest')
    expect(parseDeckList(text).cards).toContainEqual(["Ranger's Guile", 2])
  })

  it('reports a deck file with three bad lines: all three at once, each with its line number and what is wrong', () => {
    const text = MONO_RED.replace('4 Shock', '4 Shok').replace('4 Raging Goblin', 'Raging Goblin').replace('4 Gray Ogre', '0 Gray Ogre')
    const error = thrownRedzoneError(() => parseDeckList(text, { source: 'decks/red.txt' }))
    expect(error.code).toBe('invalid-deck')
    expect(error.issues).toEqual([
      { path: 'decks/red.txt:3', message: 'unknown card "Shok": nearest in the pool: Shock (see `redzone cards`)' },
      { path: 'decks/red.txt:4', message: '"Raging Goblin": expected a count and a card name, as in "4 Lightning Bolt"' },
      { path: 'decks/red.txt:6', message: `bad count "0": a whole number from 1 to ${DECK_RULES.maxCards}` },
      // No size problem: with lines unread, the size is unknown.
    ])
    expect(error.message).toMatch(/^redzone: deck decks\/red.txt: 3 problems\n {2}decks\/red.txt:3: unknown card "Shok"/)
    expect(error.message.split('\n')).toHaveLength(4)
  })

  it('counts the cards of a line naming an unknown card toward the size', () => {
    const error = thrownRedzoneError(() => parseDeckList('4 Lightening Bolt\n35 Mountain', { source: 'd.txt' }))
    expect(error.issues.map((i) => i.path)).toEqual(['d.txt:1', 'd.txt'])
    expect(error.issues[1]!.message).toBe('39 cards: a deck has at least 40 (CR 100.2b)')
  })

  it('names the nearest cards of a misspelt one, and none for a name far from every card', () => {
    expect(thrownRedzoneError(() => parseDeckList('4 Lightening Bolt\n36 Mountain')).issues[0]!.message).toContain('nearest in the pool: Lightning Bolt')
    expect(thrownRedzoneError(() => parseDeckList('4 Bolt\n36 Mountain')).issues[0]!.message).toContain('nearest in the pool: Lightning Bolt (')
    expect(thrownRedzoneError(() => parseDeckList('4 Black Lotus\n36 Mountain')).issues[0]!.message).toBe('unknown card "Black Lotus": not in the pool (see `redzone cards`)')
  })

  it.each([
    ['-1 Mountain', 'bad count "-1"'],
    ['2.5 Mountain', 'bad count "2.5"'],
    ['1000 Mountain', 'bad count "1000"'],
    ['4', '"4": a count with no card name'],
  ])('reports the line %j: %s', (line, message) => {
    const error = thrownRedzoneError(() => parseDeckList(`${MONO_RED}${line}\n`, { source: 'd.txt' }))
    expect(error.issues).toEqual([{ path: 'd.txt:9', message: expect.stringContaining(message) }])
  })

  it('reports an empty list', () => {
    expect(thrownRedzoneError(() => parseDeckList('// nothing\n\n', { source: 'empty.txt' })).issues).toEqual([
      { path: 'empty.txt', message: 'no cards: a line like "4 Lightning Bolt" for each card' },
    ])
  })

  it('parseDeckList names a text that is not a string and options of the wrong kind (a TypeError, or a name given as the second argument ignored)', () => {
    expect(thrownRedzoneError(() => parseDeckList(undefined as never)).message).toBe("redzone: parseDeckList: text: expected a deck list's text (a string), got undefined")
    expect(thrownRedzoneError(() => parseDeckList(5 as never)).code).toBe('invalid-argument')
    expect(thrownRedzoneError(() => parseDeckList('40 Forest', 'mono' as never)).message).toBe('redzone: parseDeckList: options: expected { name?, source? }, got "mono"')
    expect(thrownRedzoneError(() => parseDeckList('40 Forest', { name: 5 } as never)).message).toBe('redzone: parseDeckList: options.name: expected a non-empty string, got 5')
    expect(parseDeckList('40 Forest', { name: 'mono' }).name).toBe('mono')
  })
})

describe('CR 100.2 deck rules', () => {
  it('100.2b the built-in decks follow the rules: 40 cards each', () => {
    for (const name of DECK_NAMES) {
      expect(deckIssues(name)).toEqual([])
      expect(deckCards(name)).toHaveLength(DECK_RULES.minCards)
    }
  })

  it('100.2b a deck has at least 40 cards', () => {
    expect(deckIssues([...Array<string>(4).fill('Shock'), ...Array<string>(35).fill('Mountain')])).toEqual([
      { path: '$', message: '39 cards: a deck has at least 40 (CR 100.2b)' },
    ])
  })

  it('100.2a at most four of a card other than basic lands, counted over every line naming it', () => {
    const error = thrownRedzoneError(() => parseDeckList(`${MONO_RED}2 Lightning Bolt\n`, { source: 'red.txt' }))
    expect(error.issues).toEqual([{ path: 'red.txt:2', message: '6 copies of Lightning Bolt (red.txt:2, red.txt:9): at most 4 of a card other than basic lands (CR 100.2a)' }])
  })

  it('100.2a any number of basic lands', () => {
    expect(deckIssues([...Array<string>(30).fill('Mountain'), ...Array<string>(10).fill('Swamp')])).toEqual([])
  })

  it('more than 250 cards is an engine limit', () => {
    expect(deckIssues({ name: 'big', cards: [['Mountain', 251]] })).toEqual([{ path: '$', message: '251 cards: at most 250 (an engine limit)' }])
  })

  it('playGame checks its decks with the same rules: every problem of both decks, as invalid-deck', () => {
    const error = thrownRedzoneError(() =>
      playGame({ seed: 1, agents: [randomAgent, randomAgent], decks: [[...Array<string>(5).fill('Murder'), ...Array<string>(35).fill('Swamp')], ['Grizzly Bears', 'Forest']] }),
    )
    expect(error.code).toBe('invalid-deck')
    expect(error.issues).toEqual([
      { path: '$.decks[0].cards[0]', message: '5 copies of Murder: at most 4 of a card other than basic lands (CR 100.2a)' },
      { path: '$.decks[1]', message: '2 cards: a deck has at least 40 (CR 100.2b)' },
    ])
  })

  it('deckRules false lets a rules experiment use any cards of the pool, but never a card outside it', () => {
    const tiny = playGame({ seed: 1, agents: [randomAgent, randomAgent], decks: [Array<string>(10).fill('Forest'), Array<string>(10).fill('Swamp')], deckRules: false })
    expect(tiny.reason).toBe('empty-library')
    const error = thrownRedzoneError(() => playGame({ seed: 1, agents: [randomAgent, randomAgent], decks: [['Forest', 'Gandalf'], 'black-red'], deckRules: false }))
    expect(error.issues).toEqual([{ path: '$.decks[0].cards[1]', message: 'unknown card "Gandalf": not in the pool (see `redzone cards`)' }])
  })

  it('a list of card names is recorded as custom- and a hash of the list: two lists, two names; the same list, the same name', () => {
    const a = resolveDeck(deckCards('green-white'))
    const b = resolveDeck(deckCards('black-red'))
    expect(a.name).toMatch(/^custom-[0-9a-f]{8}$/)
    expect(b.name).not.toBe(a.name)
    expect(resolveDeck(deckCards('green-white')).name).toBe(a.name)
  })

  it('an unknown deck name or a value that is not a deck is invalid-argument', () => {
    expect(thrownRedzoneError(() => resolveDeck('blue')).message).toContain('unknown deck "blue"')
    expect(thrownRedzoneError(() => resolveDeck([] as string[])).code).toBe('invalid-argument')
    expect(thrownRedzoneError(() => resolveDeck({ name: 'x', cards: [['Forest', 0]] })).code).toBe('invalid-argument')
  })
})
