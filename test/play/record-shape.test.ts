/**
 * A game record is held to its shape as strictly as a scenario file (`recordShapeError`, which
 * `replay`, `GameTable.replay`, `redzone replay` and `redzone export` run first): a field the
 * record doesn't have (a misspelt `winnr`) is refused by its path, not ignored; a deck without its
 * list must be a built-in one; every action string must be exactly an action's encoding. Every
 * writer of records (playGame, GameTable, VecEnv's onRecord; selfplay writes playGame's) writes only
 * the record's fields. A record of another version is still refused for its version: its fields and
 * action strings are that version's.
 */
import { describe, expect, it } from 'vitest'
import type { Agent, AgentFactory } from '../../src/play/agent.js'
import { heuristicAgent } from '../../src/play/agents/heuristic.js'
import { randomAgent } from '../../src/play/agents/random.js'
import { deckCards } from '../../src/play/decks.js'
import { decodeAction } from '../../src/play/encode.js'
import { GameTable, playGame, replay } from '../../src/play/play-game.js'
import { recordShapeError, type GameRecord } from '../../src/play/record.js'
import { Rng } from '../../src/core/rng.js'
import { ACTION_SIZE } from '../../src/rl/layout.js'
import { VecEnv } from '../../src/rl/vec-env.js'
import { thrownRedzoneError } from '../helpers.js'
import { randomMasked } from '../rl/rl-helpers.js'

const KNOWN = 'format, version, seed, agents, decks, deckLists, maxSteps, first, winner, turns, reason, eliminated, actions, error'

/** A record as a games file holds it: plain JSON. */
function asText(record: GameRecord): GameRecord {
  return JSON.parse(JSON.stringify(record)) as GameRecord
}

const record = asText(playGame({ seed: 11, agents: [heuristicAgent, randomAgent], decks: ['green-white', 'black-red'] }))

/** An agent that throws at its first choice: its game is recorded as an `error` draw. */
const failing: AgentFactory = { name: 'failing', create: (): Agent => ({ choose: () => { throw new Error('no idea') } }) }

describe('game records are strict', () => {
  it('an unknown field is refused by its path, listing the known ones', () => {
    expect(recordShapeError({ ...record, winnr: 1 })).toBe(`winnr: unknown field (known: ${KNOWN})`)
    expect(recordShapeError({ ...record, 'a field': true })).toBe(`["a field"]: unknown field (known: ${KNOWN})`)
    expect(recordShapeError(JSON.parse(`{"__proto__": 1, ${JSON.stringify(record).slice(1)}`))).toBe(`__proto__: unknown field (known: ${KNOWN})`)
    const error = thrownRedzoneError(() => replay({ ...record, winnr: 1 } as GameRecord))
    expect(error.code).toBe('invalid-argument')
    expect(error.message).toBe(`redzone: not a game record: winnr: unknown field (known: ${KNOWN})`)
    expect(() => new GameTable().replay({ ...record, winnr: 1 } as GameRecord)).toThrow(/not a game record: winnr: unknown field/)
  })

  it('an error that is not a string is refused; the optional fields may be absent', () => {
    expect(recordShapeError({ ...record, reason: 'error', error: 5 })).toBe('error: expected a string, got 5')
    const { deckLists: _lists, maxSteps: _cap, eliminated: _out, error: _error, ...bare } = record
    expect(recordShapeError(bare)).toBeNull()
    expect(() => replay(bare)).not.toThrow()
  })

  it('every writer of records writes only the record\'s fields: playGame and GameTable (two and four players, a cap, an error), VecEnv\'s onRecord', () => {
    const table = new GameTable()
    const written: GameRecord[] = [
      record,
      playGame({ seed: 12, agents: [randomAgent, randomAgent, heuristicAgent, randomAgent], decks: ['green-white', 'black-red', 'green-white', 'black-red'] }),
      table.play({ seed: 13, agents: [heuristicAgent, randomAgent], decks: [deckCards('black-red').reverse(), 'green-white'], maxSteps: 150 }),
      playGame({ seed: 14, agents: [randomAgent, failing], decks: ['green-white', 'black-red'] }),
    ]
    const fromEnv: GameRecord[] = []
    for (const opponent of ['random', failing] as const) {
      const env = new VecEnv({ n: 2, seed: 15, opponent, maxSteps: 300, onRecord: (r) => fromEnv.push(r) })
      const rng = new Rng(3)
      const actions = new Int32Array(env.n)
      for (let step = 0; step < 400; step++) {
        for (let i = 0; i < env.n; i++) actions[i] = randomMasked(rng, env.mask, i * ACTION_SIZE)
        env.step(actions)
      }
    }
    expect(fromEnv.some((r) => r.error !== undefined) && fromEnv.some((r) => r.error === undefined)).toBe(true)
    written.push(...fromEnv)
    expect(written.some((r) => r.error !== undefined)).toBe(true)
    expect(written.some((r) => r.eliminated !== undefined)).toBe(true)
    expect(written.some((r) => r.maxSteps !== undefined)).toBe(true)
    expect(written.length).toBeGreaterThan(6)
    for (const r of written) {
      expect(recordShapeError(asText(r)), JSON.stringify(r).slice(0, 200)).toBeNull()
      expect(() => table.replay(asText(r))).not.toThrow()
    }
  })

  it('a deck named with no list of its cards (deckLists absent, or null for it) must be a built-in deck', () => {
    const lists = record.deckLists!
    expect(recordShapeError({ ...record, decks: ['green-white', 'mono-red'], deckLists: [lists[0], null] }))
      .toBe('decks[1]: "mono-red" is not a built-in deck and the record has no list of its cards')
    const { deckLists: _lists, ...noLists } = record
    expect(thrownRedzoneError(() => replay({ ...noLists, decks: ['mono-red', 'black-red'] })).message)
      .toBe('redzone: not a game record: decks[0]: "mono-red" is not a built-in deck and the record has no list of its cards')
    // A built-in deck's name with null (or no lists at all): its cards are known by its name.
    expect(recordShapeError({ ...record, deckLists: [null, lists[1]] })).toBeNull()
    expect(recordShapeError(noLists)).toBeNull()
  })

  it('a deck with its list may carry any name, a built-in deck\'s too: the list is what was played, and it replays', () => {
    // As `playGame` records a deck list named like a built-in deck (a deck file green-white.txt).
    const named = asText(playGame({ seed: 16, agents: [randomAgent, randomAgent], decks: [{ name: 'green-white', cards: deckCards('black-red').map((c): [string, number] => [c, 1]) }, 'black-red'] }))
    expect(named.decks[0]).toBe('green-white')
    expect(recordShapeError(named)).toBeNull()
    expect(() => replay(named)).not.toThrow()
  })

  it('unknown agent names are accepted: custom agents have their own', () => {
    expect(recordShapeError({ ...record, agents: ['my-agent', 'another'] })).toBeNull()
    expect(() => replay({ ...record, agents: ['my-agent', 'another'] })).not.toThrow()
  })

  it('an action string that is not exactly an encoding is refused as not a record, naming its index (a refused action stays illegal-agent-action)', () => {
    for (const bad of ['l09', 'zz', 'e', 'd:', 'l9 ']) {
      const actions = record.actions.map((a, i) => (i === 9 ? bad : a))
      expect(recordShapeError({ ...record, actions }), bad).toBe(`actions[9]: not an encoded action: "${bad}"`)
      const error = thrownRedzoneError(() => replay({ ...record, actions }))
      expect(error.code).toBe('invalid-argument')
      expect(error.message).toBe(`redzone: not a game record: actions[9]: not an encoded action: "${bad}"`)
    }
    expect(recordShapeError({ ...record, actions: record.actions.map((a, i) => (i === 9 ? 'lzz' : a)) })).toBe('actions[9]: not an entity id: "zz"')
    // Well formed, but not what the game allows there: the replay's, not the shape's.
    const refused = record.actions.map((a, i) => (i === 9 ? 'a999>1' : a))
    expect(recordShapeError({ ...record, actions: refused })).toBeNull()
    expect(thrownRedzoneError(() => replay({ ...record, actions: refused })).code).toBe('illegal-agent-action')
  })

  it('decodeAction refuses e, E and d: as not encoded actions (they were TypeErrors)', () => {
    for (const text of ['e', 'E', 'd:', 'd,']) {
      const error = thrownRedzoneError(() => decodeAction(text, 1))
      expect(error.code, text).toBe('invalid-argument')
      expect(error.message, text).toBe(`redzone: not an encoded action: "${text}"`)
    }
  })

  it('a record of another version is refused for its version, whatever fields or action strings it has', () => {
    const other = { ...record, version: '0.0.1+pool.0123456789ab', winnr: 1, actions: record.actions.map((a, i) => (i === 9 ? 'zz' : a)) }
    expect(recordShapeError(other)).toBeNull()
    expect(thrownRedzoneError(() => replay(other as GameRecord)).code).toBe('version-mismatch')
    const { version: _, ...unversioned } = { ...other, decks: ['custom', 'black-red'], deckLists: undefined }
    expect(thrownRedzoneError(() => replay(unversioned as GameRecord)).code).toBe('version-mismatch')
    // The fields every version has written are still checked.
    expect(recordShapeError({ ...other, seed: -1 })).toMatch(/^seed: /)
  })
})
