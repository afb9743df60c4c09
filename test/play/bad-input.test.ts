/**
 * A caller's mistake at the whole-game calls of `redzone/sim` is a `RedzoneError` naming the
 * argument, before anything is built or played: decks past the engine's 250 cards (which exhausted
 * the heap), an `onGame` that changes the game it was given to watch (its record would not replay),
 * action strings that are no action's and actions that encode to no string, the search agent's
 * options, misspelt deck options, and seeds that are no seeds (each was taken, coerced or
 * ignored, from a fuzz trial).
 */
import { describe, expect, it } from 'vitest'
import * as sim from '../../src/sim.js'
import { DECK_RULES, deckCards, deckIssues, parseDeckList } from '../../src/play/decks.js'
import { decodeAction, encodeAction } from '../../src/play/encode.js'
import { GameTable, playGame, replay } from '../../src/play/play-game.js'
import { createDeckGame } from '../../src/play/setup.js'
import { randomAgent } from '../../src/play/agents/random.js'
import { heuristicAgent } from '../../src/play/agents/heuristic.js'
import { searchAgent, searchAgentFactory } from '../../src/play/agents/search.js'
import type { Game } from '../../src/api/game.js'
import type { PlayerAction } from '../../src/decisions/action.js'
import { thrownRedzoneError } from '../helpers.js'

const DECKS = ['green-white', 'black-red'] as const
const refusedWith = (fn: () => unknown, code: string, text: string): string => {
  const error = thrownRedzoneError(fn)
  expect(error.code, error.message).toBe(code)
  expect(error.message).toContain(text)
  return error.message
}

describe('a deck is at most 250 cards (an engine limit), whatever the deck rules', () => {
  const big = { name: 'big', cards: [['Forest', DECK_RULES.maxCards + 1]] as [string, number][] }

  it('deckCards, createDeckGame, deckPosition, GameTable.fresh and playGame with deckRules false refuse 251 Forests as invalid-deck naming the deck', () => {
    refusedWith(() => deckCards(big), 'invalid-deck', 'deck big')
    refusedWith(() => deckCards(Array<string>(251).fill('Forest')), 'invalid-deck', '251 cards: at most 250 (an engine limit)')
    refusedWith(() => createDeckGame([big, 'black-red']), 'invalid-deck', 'deck big')
    refusedWith(() => sim.deckPosition(['green-white', big]), 'invalid-deck', '251 cards')
    refusedWith(() => new GameTable().fresh([big, 'black-red'], 1), 'invalid-deck', 'deck big')
    const message = refusedWith(
      () => playGame({ seed: 1, agents: [randomAgent, randomAgent], deckRules: false, decks: [big, 'black-red'] }),
      'invalid-deck',
      'playGame: options.decks[0]',
    )
    expect(message).toContain('deck big')
    // Without the rules, deckIssues still reports the limit; 250 is a deck.
    expect(deckIssues(big, { rules: false })).toEqual([{ path: '$', message: '251 cards: at most 250 (an engine limit)' }])
    expect(deckCards({ name: 'ok', cards: [['Forest', 250]] })).toHaveLength(250)
  })

  it('a billion Forests (the fuzz trial\'s, which exhausted the heap) are refused at once', () => {
    const huge = { name: 'x', cards: [['Forest', 1e9]] as [string, number][] }
    refusedWith(() => deckCards(huge), 'invalid-deck', '1000000000 cards: at most 250 (an engine limit)')
    refusedWith(() => createDeckGame([huge, 'black-red']), 'invalid-deck', 'deck x')
    refusedWith(() => playGame({ seed: 1, agents: [randomAgent, randomAgent], deckRules: false, decks: [{ name: 'x', cards: [['Forest', 1e6]] }, 'black-red'] }), 'invalid-deck', 'deck x')
  })
})

describe('onGame watches the game: a change made in it is refused before anything is played', () => {
  const damage = (game: Game): void => void game.dealDamage({ to: 'B', amount: 100 })
  // At the entity level the version does not move: the state does.
  const worldDamage = (game: Game): void => void sim.act(sim.worldOf(game), { type: 'dealDamage', to: game.eid('B')!, amount: 3 })
  const record = playGame({ seed: 1, agents: [randomAgent, randomAgent], decks: DECKS })

  it('playGame, GameTable.play, createDeckGame and replay: invalid-argument naming onGame', () => {
    const calls: [string, (onGame: (game: Game) => void) => unknown][] = [
      ['playGame', (onGame) => playGame({ seed: 1, agents: [randomAgent, randomAgent], decks: DECKS, onGame })],
      ['GameTable.play', (onGame) => new GameTable().play({ seed: 1, agents: [randomAgent, randomAgent], decks: DECKS, onGame })],
      ['createDeckGame', (onGame) => createDeckGame(DECKS, { seed: 1, onGame })],
      ['replay', (onGame) => replay(record, { onGame })],
    ]
    for (const [call, run] of calls) {
      for (const change of [damage, worldDamage]) {
        const message = refusedWith(() => run(change), 'invalid-argument', `${call}: options.onGame: `)
        expect(message).toContain('changed the game')
      }
    }
    // Subscribing is what onGame is for.
    let events = 0
    expect(playGame({ seed: 1, agents: [randomAgent, randomAgent], decks: DECKS, onGame: (g) => void g.on('cardDrawn', () => void events++) })).toEqual(record)
    expect(events).toBeGreaterThan(0)
  })
})

describe('the action encoding refuses what is no action and what encodes to no string', () => {
  it('decodeAction: a discard or bottom of no cards, a damage amount that is not a whole number, a player that is no entity id', () => {
    for (const text of ['x', 'o', 'd5>9:NaN', 'd5>9:-1', 'd5>9:1.5', 'd5>9:', 'e', 'E5>']) {
      expect(thrownRedzoneError(() => decodeAction(text, 1)).message, text).toBe(`redzone: not an encoded action: "${text}"`)
    }
    for (const player of [undefined, null, 0, -1, 1.5, Number.NaN, '1']) {
      const error = thrownRedzoneError(() => decodeAction('p', player as never))
      expect(error.code).toBe('invalid-argument')
      expect(error.message).toContain('decodeAction: player: expected a player\'s entity id')
    }
    expect(decodeAction('d5>9:2', 3)).toEqual({ type: 'assignDamage', player: 3, assignments: [{ creature: 5, recipient: 9, amount: 2 }] })
    expect(decodeAction('s', 3)).toEqual({ type: 'search', player: 3, cards: [] })
  })

  it('encodeAction: ids are whole numbers 0 or more or ids without the encoding\'s separators, booleans are booleans', () => {
    const bad: [unknown, string][] = [
      [{ type: 'play', player: 1, card: 'a,b>c' }, 'action.card'],
      [{ type: 'play', player: 1, card: '' }, 'action.card'],
      [{ type: 'play', player: 1, card: Number.NaN }, 'action.card'],
      [{ type: 'play', player: 1, card: -1 }, 'action.card'],
      [{ type: 'play', player: 1 }, 'action.card'],
      [{ type: 'cast', player: 1, card: 5, plot: 'no' }, 'action.plot'],
      [{ type: 'cast', player: 1, card: 5, target: null }, 'action.target'],
      [{ type: 'activate', player: 1, object: 5, target: 6, ability: 'banana' }, 'action.ability'],
      [{ type: 'declareAttackers', player: 1, attackers: new Map() }, 'action.attackers'],
      [{ type: 'declareAttackers', player: 1, attackers: [{ attacker: 5 }] }, 'action.attackers[0].target'],
      [{ type: 'declareBlockers', player: 1, blockers: [null] }, 'action.blockers[0]'],
      [{ type: 'assignDamage', player: 1, assignments: [{ creature: 5, recipient: 6, amount: '2' }] }, 'action.assignments[0].amount'],
      [{ type: 'search', player: 1, cards: ['a:b'] }, 'action.cards[0]'],
      [{ type: 'search', player: 1, cards: ['-'] }, 'action.cards[0]'],
      [{ type: 'discard', player: 1, cards: 'abc' }, 'action.cards'],
      [{ type: 'bottom', player: 1, cards: [1.5] }, 'action.cards[0]'],
    ]
    for (const [action, field] of bad) {
      const error = thrownRedzoneError(() => encodeAction(action as PlayerAction))
      expect(error.code, field).toBe('invalid-argument')
      expect(error.message, field).toMatch(new RegExp(`^redzone: encodeAction: ${field.replace(/[[\].]/g, '\\$&')}: expected `))
    }
    // The string ids of a Game, and entity ids (0 as a cast's target: none).
    expect(encodeAction<string>({ type: 'cast', player: 'A', card: 'A-shock-1', target: 'B', plot: false })).toBe('cA-shock-1>B')
    expect(encodeAction({ type: 'cast', player: 1, card: 12, target: 0, plot: true })).toBe('c12*')
    expect(encodeAction({ type: 'discard', player: 1, cards: [] })).toBe('x')
  })
})

describe('searchAgentFactory checks its options by name and range', () => {
  it('a misspelt option, a count out of range or not a whole number, options that are not an object: invalid-argument naming the field', () => {
    const cases: [unknown, string][] = [
      [{ playout: 5 }, 'searchAgentFactory: options.playout: unknown option'],
      [{ playouts: -1 }, 'searchAgentFactory: options.playouts: '],
      [{ playouts: 0 }, 'searchAgentFactory: options.playouts: '],
      [{ playouts: Number.NaN }, 'searchAgentFactory: options.playouts: '],
      [{ playouts: '8' }, 'searchAgentFactory: options.playouts: '],
      [{ playouts: Infinity }, 'searchAgentFactory: options.playouts: '],
      [{ horizon: -1 }, 'searchAgentFactory: options.horizon: '],
      [{ horizon: 1.5 }, 'searchAgentFactory: options.horizon: '],
      [{ maxCandidates: 0 }, 'searchAgentFactory: options.maxCandidates: '],
      [{ stats: 5 }, 'searchAgentFactory: options.stats: '],
      [Number.NaN, 'searchAgentFactory: options: '],
      [null, 'searchAgentFactory: options: '],
      [[], 'searchAgentFactory: options: '],
    ]
    for (const [options, text] of cases) refusedWith(() => searchAgentFactory(options as never), 'invalid-argument', text)
    const stats = { playouts: 0 }
    expect(searchAgentFactory({ playouts: 4, horizon: 1, maxCandidates: 2, stats }).name).toBe('search')
    expect(searchAgentFactory(undefined).name).toBe('search')
  })
})

describe('deck options and deck values are checked by name and shape', () => {
  it('parseDeckList and deckIssues refuse a misspelt or invalid option; deckIssues a null or NaN options', () => {
    refusedWith(() => parseDeckList('40 Forest', { nmae: 'x' } as never), 'invalid-argument', 'parseDeckList: options.nmae: unknown option')
    refusedWith(() => deckIssues('green-white', { rulez: false } as never), 'invalid-argument', 'deckIssues: options.rulez: unknown option')
    refusedWith(() => deckIssues('green-white', Number.NaN as never), 'invalid-argument', 'deckIssues: options: ')
    refusedWith(() => deckIssues('green-white', null as never), 'invalid-argument', 'deckIssues: options: ')
    refusedWith(() => deckIssues('green-white', { rules: 'no' } as never), 'invalid-argument', 'deckIssues: options.rules: expected true or false')
    refusedWith(() => deckIssues('green-white', { path: 5 } as never), 'invalid-argument', 'deckIssues: options.path: ')
    expect(deckIssues('green-white', { rules: false, path: '$.x' })).toEqual([])
  })

  it('a deck list with a field it does not have, and a list of names with a hole, are invalid-argument naming the field', () => {
    refusedWith(() => deckCards({ name: 'x', cards: [['Forest', 40]], sideboard: [] } as never), 'invalid-argument', 'sideboard: unknown field')
    const holed = [, 'Forest'] as unknown as string[]
    refusedWith(() => deckCards(holed), 'invalid-argument', '[0]: expected a card name')
    refusedWith(() => deckIssues(holed), 'invalid-argument', '[0]: expected a card name')
    refusedWith(() => deckCards({ name: 'x', cards: [, ['Forest', 40]] } as never), 'invalid-argument', 'a deck list is')
  })
})

describe('seeds are whole numbers from 0 to 2^32 - 1', () => {
  it('mixSeed (redzone/sim) refuses a value that is no seed rather than coercing it', () => {
    for (const [a, b] of [[undefined, 1], ['1', 0], [2 ** 32 + 1, 0], [-1, 0], [1.5, 0], [0, Number.NaN], [0, 2 ** 32]]) {
      refusedWith(() => sim.mixSeed(a as never, b as never), 'invalid-argument', 'mixSeed: ')
    }
    expect(sim.mixSeed(1, 2)).toBe(sim.mixSeed(1, 2))
    expect(sim.mixSeed(2 ** 32 - 1, 0)).not.toBe(sim.mixSeed(0, 0))
  })

  it('the built-in agents\' create refuses a seed that is not one', () => {
    for (const factory of [randomAgent, heuristicAgent, searchAgent]) {
      for (const seed of [Number.NaN, undefined, -1, 2 ** 32, '1']) refusedWith(() => factory.create(seed as never), 'invalid-argument', `${factory.name}Agent.create: seed: `)
      expect(typeof factory.create(0).choose).toBe('function')
    }
  })
})

describe('GameTable.fresh', () => {
  it('returns the one game of those decks, reset: an earlier handle is that same game (as its doc says)', () => {
    const table = new GameTable()
    const first = table.fresh(DECKS, 1)
    const again = table.fresh(DECKS, 2)
    expect(again).toBe(first)
  })
})
