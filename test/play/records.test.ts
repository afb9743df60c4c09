/**
 * Game records and replay: a record carries the version of the engine and card pool that played
 * it and the full lists of its custom decks; `replay` plays every record again (custom decks,
 * step caps, games that ended in an error) and checks it is the recorded game; a record of another
 * version is refused, not replayed wrong.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { EVENT_NAMES, type GameEventName } from '../../src/core/events.js'
import type { Game } from '../../src/api/game.js'
import { gameState } from '../../src/api/views.js'
import type { AgentFactory } from '../../src/play/agent.js'
import { heuristicAgent } from '../../src/play/agents/heuristic.js'
import { randomAgent } from '../../src/play/agents/random.js'
import { deckCards, parseDeckList, resolveDeck } from '../../src/play/decks.js'
import { GameTable, playGame, replay } from '../../src/play/play-game.js'
import type { GameRecord } from '../../src/play/record.js'
import { cardPoolHash, engineVersion, ENGINE_VERSION, UNVERSIONED_RECORDS, versionError } from '../../src/play/version.js'
import { CARD_POOL } from '../../src/rules/cards/pool.js'
import { thrownRedzoneError } from '../helpers.js'

const MONO_RED = parseDeckList('4 Lightning Bolt\n4 Shock\n4 Raging Goblin\n4 Boggart Brute\n4 Gray Ogre\n3 Hill Giant\n17 Mountain', { name: 'mono-red' })

function events(into: unknown[]): (game: Game) => void {
  return (game) => {
    for (const name of EVENT_NAMES) game.on(name as GameEventName, ((...args: unknown[]) => into.push([name, ...args])) as never)
  }
}

describe('game records', () => {
  it('a custom-deck record carries the full list and replays to the same game, event for event', () => {
    for (const seed of [1, 2, 3]) {
      const played: unknown[] = []
      const record = playGame({ seed, agents: [heuristicAgent, randomAgent], decks: [MONO_RED, 'green-white'], onGame: events(played) })
      expect(record.reason).not.toBe('error')
      expect(record.decks).toEqual(['mono-red', 'green-white'])
      expect(record.deckLists).toEqual([MONO_RED.cards, resolveDeck('green-white').cards])
      // The record is plain JSON: it replays from its text.
      const replayed: unknown[] = []
      const game = replay(JSON.parse(JSON.stringify(record)) as GameRecord, { onGame: events(replayed) })
      expect(game.pendingDecision().kind).toBe('gameOver')
      expect(JSON.stringify(replayed)).toBe(JSON.stringify(played))
    }
  })

  it('a record of a list of card names carries it in list order (runs of equal names) and replays', () => {
    const cards = deckCards('black-red').reverse()
    const record = new GameTable().play({ seed: 4, agents: [randomAgent, randomAgent], decks: ['green-white', cards] })
    expect(record.deckLists![0]).toEqual(resolveDeck('green-white').cards)
    expect(record.deckLists![1]!.flatMap(([name, n]) => Array<string>(n).fill(name))).toEqual(cards)
    expect(replay(record).pendingDecision().kind).toBe('gameOver')
  })

  it('GameTable.replay replays many records, of any decks, on games it restores, with the same checks as replay', () => {
    const table = new GameTable()
    const records = [1, 2, 3, 4].map((seed) => playGame({ seed, agents: [heuristicAgent, randomAgent], decks: seed % 2 ? [MONO_RED, 'black-red'] : ['green-white', 'black-red'] }))
    for (const record of [...records, ...records]) expect(table.replay(record).pendingDecision().kind).toBe('gameOver')
    expect(() => table.replay({ ...records[0]!, turns: 99 })).toThrow(/the replay differs from the record/)
    expect(() => table.replay({ ...records[0]!, version: '9.9.9' })).toThrow(expect.objectContaining({ code: 'version-mismatch' }))
  })

  it('a record of the built-in decks names them, carries their full lists and the version, and replays', () => {
    const record = playGame({ seed: 5, agents: [randomAgent, randomAgent], decks: ['green-white', 'black-red'] })
    expect(record.version).toBe(engineVersion())
    expect(record.decks).toEqual(['green-white', 'black-red'])
    expect(record.deckLists).toEqual([resolveDeck('green-white').cards, resolveDeck('black-red').cards])
    expect(replay(record).pendingDecision().kind).toBe('gameOver')
    // A record without the lists (written before records carried them) replays by the names.
    const { deckLists: _lists, ...named } = record
    expect(replay(named).pendingDecision().kind).toBe('gameOver')
    expect(Object.keys(record).slice(0, 3)).toEqual(['format', 'version', 'seed'])
  })

  it('a step-cap record with a cap not the default carries it and replays', () => {
    const record = playGame({ seed: 3, agents: [randomAgent, randomAgent], decks: ['green-white', 'black-red'], maxSteps: 50 })
    expect(record).toMatchObject({ reason: 'step-cap', maxSteps: 50 })
    expect(replay(record).pendingDecision().kind).not.toBe('gameOver')
  })

  it('a record of a game that ended in an error replays up to the error', () => {
    const failing: AgentFactory = {
      name: 'fails-on-turn-5',
      create: (seed) => {
        const agent = randomAgent.create(seed)
        return { choose: (view, decision, legal) => (view.turn.number >= 5 ? (undefined as never) : agent.choose(view, decision, legal)) }
      },
    }
    const record = playGame({ seed: 6, agents: [failing, randomAgent], decks: ['green-white', 'black-red'] })
    expect(record.reason).toBe('error')
    const game = replay(record)
    expect(game.pendingDecision().kind).not.toBe('gameOver')
    expect(gameState(game).turn.number).toBe(record.turns)
  })
})

describe('record versions', () => {
  it('the version is the engine version and a hash of the card pool, the same on every call; the engine version is package.json\'s', () => {
    const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'package.json'), 'utf8')) as { version: string }
    expect(ENGINE_VERSION).toBe(pkg.version)
    expect(engineVersion()).toBe(`${pkg.version}+pool.${cardPoolHash()}`)
    expect(cardPoolHash()).toMatch(/^[0-9a-f]{12}$/)
    expect(cardPoolHash()).toBe(cardPoolHash())
  })

  it('the card pool hash changes when a card\'s definition changes', () => {
    const before = cardPoolHash()
    const bears = CARD_POOL.get('Grizzly Bears') as { power?: number }
    bears.power = 3
    try {
      expect(cardPoolHash()).not.toBe(before)
    } finally {
      bears.power = 2
    }
    expect(cardPoolHash()).toBe(before)
  })

  it('a record of another version is refused with a message naming both versions', () => {
    const record = playGame({ seed: 7, agents: [randomAgent, randomAgent], decks: ['green-white', 'black-red'] })
    const engine = engineVersion().split('+')[0]!
    const error = thrownRedzoneError(() => replay({ ...record, version: `${engine}+pool.0123456789ab` }))
    expect(error.code).toBe('version-mismatch')
    expect(error.message).toBe(
      `redzone: the record was written by redzone ${engine}+pool.0123456789ab; this is redzone ${engineVersion()} (the same engine, another card pool): replay it with the version that wrote it`,
    )
    expect(thrownRedzoneError(() => replay({ ...record, version: '0.0.9+pool.0123456789ab' })).message).toContain('written by redzone 0.0.9+pool.0123456789ab; this is redzone')
  })

  it('a record without a version (written before records carried one) replays while the engine and pool are those of that time, and is refused after', () => {
    const { version: _, ...unversioned } = playGame({ seed: 8, agents: [randomAgent, heuristicAgent], decks: ['black-red', 'green-white'] })
    // This engine (0.1.1) is no longer that of unversioned records (0.1.0): they are refused, and would replay on 0.1.0.
    expect(engineVersion()).not.toBe(UNVERSIONED_RECORDS)
    const refused = thrownRedzoneError(() => replay(unversioned as GameRecord))
    expect(refused.code).toBe('version-mismatch')
    expect(refused.message).toContain(`the record has no version (written before records carried one, by redzone ${UNVERSIONED_RECORDS}); this is redzone ${engineVersion()}`)
    expect(versionError(undefined, UNVERSIONED_RECORDS)).toBeNull()
    expect(versionError(undefined, '0.2.0+pool.0123456789ab')).toMatch(/^the record has no version \(written before records carried one, by redzone 0\.1\.0\+pool\.\w+\); this is redzone 0\.2\.0/)
  })

  it('replay refuses a record that is not the game it replays: another winner, another turn count, actions left over or missing', () => {
    const record = playGame({ seed: 9, agents: [heuristicAgent, randomAgent], decks: ['green-white', 'black-red'] })
    expect(record.winner).not.toBeNull()
    expect(thrownRedzoneError(() => replay({ ...record, winner: record.winner === 0 ? 1 : 0 })).message).toMatch(/the replay differs from the record: it ends with seat \d winning \(life\) after \d+ turns, seat \d first; the record says/)
    expect(thrownRedzoneError(() => replay({ ...record, turns: record.turns + 1 })).code).toBe('invalid-argument')
    expect(thrownRedzoneError(() => replay({ ...record, actions: [...record.actions, 'p'] })).message).toContain('with 1 recorded actions left')
    expect(thrownRedzoneError(() => replay({ ...record, actions: record.actions.slice(0, 10) })).message).toContain('the record ended before the game did')
    const { deckLists: _lists, ...noLists } = record
    expect(thrownRedzoneError(() => replay({ ...noLists, decks: ['custom', 'black-red'] })).message).toContain('not a built-in deck and the record has no list of its cards (written before records carried them)')
    expect(thrownRedzoneError(() => replay({ ...record, seed: -1 })).message).toBe('redzone: not a game record: seed: a seed must be from 0 to 4294967295, got -1')
  })
})
