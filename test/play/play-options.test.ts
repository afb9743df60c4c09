/**
 * The options of the whole-game calls: `playGame`, `GameTable.play` and `replay` refuse a caller's
 * mistake up front, as `invalid-argument` naming the field, and play nothing (no record is made);
 * a record with `reason: 'error'` is for an agent that fails during a game. Whatever the options,
 * `playGame` either throws before playing or returns a record that `replay` accepts.
 */
import { describe, expect, it } from 'vitest'
import * as sim from '../../src/sim.js'
import type { AgentFactory } from '../../src/play/agent.js'
import { heuristicAgent } from '../../src/play/agents/heuristic.js'
import { randomAgent, randomAction } from '../../src/play/agents/random.js'
import { GameTable, playGame, replay, type PlayOptions } from '../../src/play/play-game.js'
import { recordShapeError, type GameRecord } from '../../src/play/record.js'
import { Rng } from '../../src/core/rng.js'
import { thrownRedzoneError } from '../helpers.js'

const DECKS = ['green-white', 'black-red'] as const

/** Valid options whose `onGame` counts the games begun: a refused call must begin none. */
function counted(): { options: PlayOptions; begun: () => number } {
  let begun = 0
  return { options: { seed: 1, agents: [heuristicAgent, randomAgent], decks: DECKS, onGame: () => void begun++ }, begun: () => begun }
}

/** The two calls that play a game from options, each with the name its messages start with. */
const CALLS: readonly [string, (options: unknown) => GameRecord][] = [
  ['playGame', (options) => playGame(options as PlayOptions)],
  ['GameTable.play', (options) => new GameTable().play(options as PlayOptions)],
]

/** The error of `call(options)`: invalid-argument, its message naming `field` of the call, and no game begun. */
function refused(call: string, play: (options: unknown) => GameRecord, change: Partial<Record<keyof PlayOptions, unknown>> | ((o: PlayOptions) => unknown), field: string): string {
  const { options, begun } = counted()
  const given = typeof change === 'function' ? change(options) : { ...options, ...change }
  const error = thrownRedzoneError(() => play(given))
  expect(error.code).toBe('invalid-argument')
  expect(error.message.startsWith(`redzone: ${call}: ${field}: `), error.message).toBe(true)
  expect(begun()).toBe(0)
  return error.message
}

describe('playGame and GameTable.play options', () => {
  it('a seed not a whole number from 0 to 2^32 - 1 is invalid-argument naming options.seed, and no game is played', () => {
    for (const [call, play] of CALLS) {
      expect(refused(call, play, { seed: -1 }, 'options.seed')).toBe(`redzone: ${call}: options.seed: a seed must be from 0 to 4294967295, got -1`)
      expect(refused(call, play, { seed: 1.5 }, 'options.seed')).toBe(`redzone: ${call}: options.seed: expected a seed (a whole number), got 1.5`)
      expect(refused(call, play, { seed: 2 ** 32 }, 'options.seed')).toContain('got 4294967296')
      expect(refused(call, play, { seed: 'x' }, 'options.seed')).toContain('got "x"')
      expect(refused(call, play, { seed: undefined }, 'options.seed')).toContain('got undefined')
      expect(refused(call, play, { seed: Number.NaN }, 'options.seed')).toContain('got NaN')
    }
    // The ends of the range are seeds.
    for (const seed of [0, 2 ** 32 - 1]) expect(replay(playGame({ seed, agents: [randomAgent, randomAgent], decks: DECKS })).pendingDecision().kind).toBe('gameOver')
  })

  it('agents that are not agent factories are invalid-argument naming options.agents[i], saying what an agent is; a built-in agent\'s name points to its export', () => {
    for (const [call, play] of CALLS) {
      const named = refused(call, play, { agents: ['heuristic', 'random'] }, 'options.agents[0]')
      expect(named).toContain('got the string "heuristic" (for "heuristic", pass heuristicAgent)')
      expect(named).toContain('an agent is an AgentFactory { name, create(seed) } whose create returns an Agent { choose(view, decision, legal) }')
      expect(named).toContain('the built-in agents are the exported heuristicAgent, randomAgent, searchAgent')
      expect(refused(call, play, { agents: [heuristicAgent, 'search'] }, 'options.agents[1]')).toContain('(for "search", pass searchAgent)')
      expect(refused(call, play, { agents: [heuristicAgent, 'mine'] }, 'options.agents[1]')).toContain('got the string "mine": an agent is')
      expect(refused(call, play, { agents: [null, randomAgent] }, 'options.agents[0]')).toContain('got null')
      expect(refused(call, play, { agents: [randomAgent, 7] }, 'options.agents[1]')).toContain('got 7')
      expect(refused(call, play, { agents: [randomAgent, { name: 'no-create' }] }, 'options.agents[1]')).toContain('got an object without a create function')
      expect(refused(call, play, { agents: [{ create: randomAgent.create }, randomAgent] }, 'options.agents[0]')).toContain('got the name undefined')
      expect(refused(call, play, { agents: [randomAgent, { name: '', create: randomAgent.create }] }, 'options.agents[1]')).toContain('got the name ""')
      expect(refused(call, play, { agents: 'heuristic,random' }, 'options.agents')).toContain('expected a list of 2 to 4 entries, one per player, got "heuristic,random"')
      expect(refused(call, play, { agents: undefined }, 'options.agents')).toContain('got undefined')
    }
    // The exports the message names are the built-in agents, under the names a string would give.
    const exports = sim as unknown as Record<string, AgentFactory>
    expect(['heuristicAgent', 'randomAgent', 'searchAgent'].map((name) => exports[name]?.name)).toEqual(['heuristic', 'random', 'search'])
  })

  it('a maxSteps that replay would refuse is invalid-argument naming options.maxSteps; one it accepts is played and recorded', () => {
    const record = playGame({ seed: 3, agents: [randomAgent, randomAgent], decks: DECKS })
    for (const [call, play] of CALLS) {
      for (const maxSteps of [0, -5, 1.5, Number.POSITIVE_INFINITY, Number.NaN, '50', null]) {
        expect(refused(call, play, { maxSteps }, 'options.maxSteps')).toContain('expected a whole number of 1 or more, got')
        // The same rule as a record's: replay refuses a record with this cap.
        expect(recordShapeError({ ...record, maxSteps })).toMatch(/^maxSteps: expected a whole number of 1 or more, got/)
      }
    }
    const capped = playGame({ seed: 3, agents: [randomAgent, randomAgent], decks: DECKS, maxSteps: 1 })
    expect(capped).toMatchObject({ reason: 'step-cap', maxSteps: 1, actions: [expect.any(String)] })
    expect(replay(capped).pendingDecision().kind).not.toBe('gameOver')
  })

  it('options that are not an object are invalid-argument naming options, listing the options', () => {
    expect(thrownRedzoneError(() => (playGame as () => GameRecord)()).message).toBe(
      'redzone: playGame: options: expected an object of options (seed, agents, decks, deckRules, maxSteps, onGame, stats), got undefined',
    )
    for (const [call, play] of CALLS) {
      for (const [options, got] of [[null, 'null'], [7, '7'], ['seed', '"seed"'], [[1, DECKS], 'an array']] as const) {
        const error = thrownRedzoneError(() => play(options))
        expect(error.code).toBe('invalid-argument')
        expect(error.message).toBe(`redzone: ${call}: options: expected an object of options (seed, agents, decks, deckRules, maxSteps, onGame, stats), got ${got}`)
      }
    }
  })

  it('an unknown option name is invalid-argument naming it and listing the options', () => {
    for (const [call, play] of CALLS) {
      expect(refused(call, play, (o) => ({ ...o, maxStep: 10 }), 'options.maxStep')).toBe(
        `redzone: ${call}: options.maxStep: unknown option; expected one of seed, agents, decks, deckRules, maxSteps, onGame, stats`,
      )
      refused(call, play, (o) => ({ ...o, players: 2 }), 'options.players')
    }
  })

  it('decks of the wrong type or count are invalid-argument naming options.decks or options.decks[i]', () => {
    for (const [call, play] of CALLS) {
      expect(refused(call, play, { decks: 'green-white' }, 'options.decks')).toContain('expected a list of 2 to 4 entries, one per player, got "green-white"')
      expect(refused(call, play, { decks: ['green-white'] }, 'options.decks')).toContain('1 entries: a game has 2 to 4 players')
      expect(refused(call, play, { decks: ['green-white', 'black-red', 'black-red'] }, 'options.decks')).toContain('3 entries for 2 players')
      expect(refused(call, play, { decks: [42, 'black-red'] }, 'options.decks[0]')).toContain('a deck is a built-in deck name (green-white, black-red), a non-empty list of card names or a deck list { name, cards }, got 42')
      expect(refused(call, play, { decks: ['green-white', null] }, 'options.decks[1]')).toContain('got null')
      expect(refused(call, play, { decks: ['green-white', 'blue'] }, 'options.decks[1]')).toContain('unknown deck "blue"')
      expect(refused(call, play, { decks: ['green-white', []] }, 'options.decks[1]')).toContain('a non-empty list of card names')
      expect(refused(call, play, { decks: [{ name: 'x' }, 'black-red'] }, 'options.decks[0]')).toContain('a deck list is { name, cards')
    }
  })

  it('deckRules, onGame and stats of the wrong type are invalid-argument naming the field', () => {
    for (const [call, play] of CALLS) {
      expect(refused(call, play, { deckRules: 'no' }, 'options.deckRules')).toContain('expected true or false, got "no"')
      expect(refused(call, play, { onGame: 'log' }, 'options.onGame')).toContain('expected a function (game) => void, got "log"')
      expect(refused(call, play, { stats: {} }, 'options.stats')).toContain('expected counters { decisions: number, forced: number }, got an object')
      expect(refused(call, play, { stats: null }, 'options.stats')).toContain('got null')
    }
  })

  it('an onGame that throws is the caller\'s error: thrown as it is, and no record is made', () => {
    const mine = new Error('my listener failed')
    for (const [, play] of CALLS) {
      for (const seed of [1, 2, 5]) {
        let thrown: unknown
        try {
          play({ seed, agents: [heuristicAgent, randomAgent], decks: DECKS, onGame: () => { throw mine } })
        } catch (error) {
          thrown = error
        }
        expect(thrown).toBe(mine)
      }
    }
  })

  it('GameTable.fresh refuses a seed no record can carry, naming it, also once its game of those decks is built', () => {
    const table = new GameTable()
    expect(() => table.fresh(DECKS, 2 ** 32 - 1)).not.toThrow()
    // The game is built: the seed goes to its random stream alone, which would take any number.
    for (const seed of [-1, 1.5, 2 ** 32, Number.NaN]) {
      const error = thrownRedzoneError(() => table.fresh(DECKS, seed))
      expect(error.code).toBe('invalid-argument')
      expect(error.message).toMatch(/^redzone: GameTable\.fresh: seed: /)
    }
  })
})

describe('replay options', () => {
  const record = playGame({ seed: 4, agents: [randomAgent, randomAgent], decks: DECKS })

  it('options that are not an object, an unknown name, a maxSteps below 1 or an onGame not a function are invalid-argument naming the field', () => {
    const cases: [unknown, string][] = [
      [null, 'redzone: replay: options: expected an object of options (onGame, maxSteps), got null'],
      [5, 'redzone: replay: options: expected an object of options (onGame, maxSteps), got 5'],
      [{ table: new GameTable() }, 'redzone: replay: options.table: unknown option; expected one of onGame, maxSteps'],
      [{ maxSteps: 0 }, 'redzone: replay: options.maxSteps: expected a whole number of 1 or more, got 0'],
      [{ maxSteps: 2.5 }, 'redzone: replay: options.maxSteps: expected a whole number of 1 or more, got 2.5'],
      [{ onGame: true }, 'redzone: replay: options.onGame: expected a function (game) => void, got true'],
    ]
    for (const [options, message] of cases) {
      const error = thrownRedzoneError(() => replay(record, options as Parameters<typeof replay>[1]))
      expect(error.code).toBe('invalid-argument')
      expect(error.message).toBe(message)
    }
    expect(replay(record, { maxSteps: 20_000 }).pendingDecision().kind).toBe('gameOver')
  })
})

/** An agent that plays at random and fails at its `n`th decision the way `how` says. */
function failingAt(n: number, how: 'throw' | 'undefined' | 'string'): AgentFactory {
  return {
    name: `fails-${how}-at-${n}`,
    create(seed) {
      const rng = new Rng(seed)
      let decisions = 0
      return {
        choose(view, decision, legal) {
          if (++decisions < n) return randomAction(rng, view, decision, legal)
          if (how === 'throw') throw new Error(`gave up at ${n}`)
          return (how === 'string' ? 'pass' : undefined) as never
        },
      }
    },
  }
}

describe('records playGame returns replay', () => {
  it('a record is held to playGame\'s rules for its seed and cap: a seed past 2^32 - 1 or a cap below 1 is not a game record', () => {
    const record = playGame({ seed: 4, agents: [randomAgent, randomAgent], decks: DECKS })
    expect(recordShapeError({ ...record, seed: 2 ** 32 })).toBe('seed: a seed must be from 0 to 4294967295, got 4294967296')
    expect(thrownRedzoneError(() => replay({ ...record, seed: 2 ** 32 })).message).toBe('redzone: not a game record: seed: a seed must be from 0 to 4294967295, got 4294967296')
    expect(recordShapeError({ ...record, maxSteps: 0 })).toBe('maxSteps: expected a whole number of 1 or more, got 0')
    expect(recordShapeError({ ...record, seed: 2 ** 32 - 1, maxSteps: 1 })).toBeNull()
  })

  it('an agent whose create throws or returns no agent ends its game as an error record naming it and its seat, and the record replays', () => {
    const throwing: AgentFactory = { name: 'broken', create: () => { throw new Error('no weights file') } }
    const empty: AgentFactory = { name: 'empty', create: () => undefined as never }
    for (const seed of [1, 2, 5, 6]) {
      const a = playGame({ seed, agents: [randomAgent, throwing], decks: DECKS })
      expect(a).toMatchObject({ reason: 'error', winner: null, actions: [], error: 'redzone: agent "broken" (seat 1) threw when created: no weights file' })
      expect(replay(a).pendingDecision().kind).toBe('mulligan')
      const b = playGame({ seed, agents: [empty, randomAgent], decks: DECKS })
      expect(b.error).toBe('redzone: agent "empty" (seat 0): create returned undefined, not an Agent { choose(view, decision, legal) }')
      expect(replay(b).pendingDecision().kind).toBe('mulligan')
    }
  })

  it('whatever the options, playGame either throws before playing or returns a record replay accepts (seeds, agents, decks, caps, failing agents, 2 to 4 players)', () => {
    const seeds: unknown[] = [0, 1, 7, 123_456, 2 ** 32 - 1, -1, 1.5, 2 ** 32, '3']
    const agentSets: unknown[][] = [
      [heuristicAgent, randomAgent],
      [randomAgent, failingAt(30, 'throw')],
      [failingAt(12, 'undefined'), heuristicAgent],
      [randomAgent, failingAt(5, 'string'), heuristicAgent],
      [randomAgent, randomAgent, randomAgent, heuristicAgent],
      ['heuristic', 'random'],
    ]
    const caps: unknown[] = [undefined, 40, 1, 0, Number.POSITIVE_INFINITY]
    const decksFor = (n: number, i: number): unknown[] => Array.from({ length: n }, (_, s) => ((s + i) % 2 === 0 ? 'green-white' : 'black-red'))
    const table = new GameTable()
    const plays: ((options: unknown) => GameRecord)[] = [(o) => playGame(o as PlayOptions), (o) => table.play(o as PlayOptions)]
    let played = 0
    let refusedCount = 0
    let i = 0
    for (const seed of seeds) {
      for (const agents of agentSets) {
        const cap = caps[i % caps.length]
        const options = { seed, agents, decks: decksFor(agents.length, i), ...(cap === undefined ? {} : { maxSteps: cap }) }
        i++
        for (const play of plays) {
          let record: GameRecord
          try {
            record = play(options)
          } catch (error) {
            expect(error).toMatchObject({ code: 'invalid-argument' })
            refusedCount++
            continue
          }
          played++
          const text = JSON.parse(JSON.stringify(record)) as GameRecord
          expect(recordShapeError(text), JSON.stringify(options)).toBeNull()
          expect(() => replay(text), `seed ${String(seed)}, ${record.agents.join(' vs ')}`).not.toThrow()
          expect(() => table.replay(text)).not.toThrow()
        }
      }
    }
    // Both kinds happened: the grid has options of each.
    expect(played).toBeGreaterThanOrEqual(20)
    expect(refusedCount).toBeGreaterThanOrEqual(20)
  }, 60_000)
})
