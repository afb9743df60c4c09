/**
 * Misuse of the API throws a `RedzoneError` whose `code` is one of a closed set, with a message
 * starting `redzone:`; broken invariants are internal errors asking for a bug report. A code is
 * required by the type (no one-argument constructor), and every code of `REDZONE_ERROR_CODES` is
 * thrown by some call below, as `test/decisions/reject-codes.test.ts` does for reject codes.
 */
import { MessageChannel } from 'node:worker_threads'
import { describe, expect, it } from 'vitest'
import { REDZONE_ERROR_CODES, RedzoneError, internalError, type RedzoneErrorCode } from '../src/core/errors.js'
import { parseManaCost } from '../src/rules/mana/cost.js'
import { restoreWorld, snapshotWorld, type WorldSnapshot } from '../src/state/snapshot.js'
import { stateToJson, worldFromBinary, worldFromJson } from '../src/state/serialize.js'
import { addCard, addPlayer, createGameWorld } from '../src/core/world.js'
import { decodeAction } from '../src/play/encode.js'
import { deckCards, parseDeckList } from '../src/play/decks.js'
import { GameView } from '../src/play/view.js'
import { playGame, replay } from '../src/play/play-game.js'
import type { AgentFactory } from '../src/play/agent.js'
import { randomAgent } from '../src/play/agents/random.js'
import { parseShard } from '../src/node/selfplay/config.js'
import { workerFile } from '../src/node/selfplay/pool.js'
import { createRemoteGame, exposeGame, type MessageEndpoint } from '../src/worker/index.js'
import { Zone } from '../components/zones.js'
import { cardInHand, creature, drive, LIBRARIES, newGame } from './helpers.js'
import { clientState, onEvent } from '../src/api/views.js'
import { worldOf } from '../src/api/game.js'
import { act } from '../src/decisions/act.js'

function codeOf(fn: () => unknown): RedzoneErrorCode {
  try {
    fn()
  } catch (error) {
    expect(error).toBeInstanceOf(RedzoneError)
    expect((error as Error).message).toMatch(/^redzone: /)
    return (error as RedzoneError).code
  }
  throw new Error('expected a RedzoneError')
}

describe('RedzoneError codes', () => {
  it('invalid-position: createGame with an invalid position', () => {
    expect(codeOf(() => newGame([creature('bear', 'C', 2, 2)]))).toBe('invalid-position')
  })

  it('invalid-snapshot: restoring a snapshot into a world of another size, or a snapshot of other columns', () => {
    const game = newGame([creature('bear', 'A', 2, 2)])
    const other = newGame([creature('bear', 'A', 2, 2), creature('cat', 'A', 1, 1)])
    expect(codeOf(() => restoreWorld(worldOf(other), snapshotWorld(worldOf(game))))).toBe('invalid-snapshot')
    const snapshot = snapshotWorld(worldOf(game))
    const broken = { ...snapshot, layout: 'another layout' } as typeof snapshot
    expect(codeOf(() => restoreWorld(worldOf(game), broken))).toBe('invalid-snapshot')
  })

  it('invalid-snapshot: a state document or buffer that is not one; invalid-argument: serializing a world built by hand', () => {
    expect(codeOf(() => worldFromJson({}))).toBe('invalid-snapshot')
    expect(codeOf(() => worldFromJson({ format: 'redzone-state/0' }))).toBe('invalid-snapshot')
    expect(codeOf(() => worldFromBinary(new ArrayBuffer(2)))).toBe('invalid-snapshot')
    expect(codeOf(() => worldFromBinary(new ArrayBuffer(16)))).toBe('invalid-snapshot')
    expect(codeOf(() => stateToJson(createGameWorld()))).toBe('invalid-argument')
  })

  it('invalid-mana-cost: parsing a cost that is not of the format', () => {
    expect(codeOf(() => parseManaCost('{C}'))).toBe('invalid-mana-cost')
  })

  it('unknown-entity and invalid-argument: addCard with an owner that is not a player, a count out of range', () => {
    const world = createGameWorld()
    const a = addPlayer(world, 'A', 20)
    expect(codeOf(() => addCard(world, { label: 'x', owner: 42, controller: a, zone: Zone.Hand, types: 1, keywords: 0 }))).toBe('unknown-entity')
    expect(codeOf(() => addCard(world, { label: 'x', owner: a, controller: a, zone: Zone.Hand, types: 1, keywords: 0, toughness: Number.NaN }))).toBe('invalid-argument')
  })

  it('a code is required: the one-argument form does not compile', () => {
    // @ts-expect-error the code is missing (npm run typecheck fails if this ever compiles again)
    const uncoded = (): RedzoneError => new RedzoneError('no such thing')
    const error = new RedzoneError('invalid-argument', 'no such thing')
    expect(error).toMatchObject({ code: 'invalid-argument', message: 'redzone: no such thing', issues: [] })
    expect(uncoded).toBeTypeOf('function')
  })

  it('an internal error asks for a bug report and is not a RedzoneError', () => {
    const error = internalError('x')
    expect(error).not.toBeInstanceOf(RedzoneError)
    expect(error.message).toMatch(/please report a bug$/)
  })
})

/** An agent that passes at every decision: illegal at a mulligan. */
const alwaysPasses: AgentFactory = { name: 'always-passes', create: () => ({ choose: (_view, decision) => ({ type: 'pass', player: decision.player! }) }) }

function remoteEndpoint(): MessageEndpoint {
  const { port1, port2 } = new MessageChannel()
  exposeGame(port2 as unknown as MessageEndpoint)
  return port1 as unknown as MessageEndpoint
}

/**
 * Each code of `REDZONE_ERROR_CODES`, with calls that throw it (the type makes every code need an
 * entry): the engine throws every code it declares, and each throw site below gives its own.
 */
const THROWN: Record<RedzoneErrorCode, Record<string, () => unknown>> = {
  'invalid-position': {
    'a position naming a player that is not in the game': () => newGame([creature('bear', 'C', 2, 2)]),
  },
  'invalid-argument': {
    'an unknown step': () => drive(newGame([])).walkTo('nowhere' as never),
    'an unknown deck': () => deckCards('no-such-deck'),
    'replaying a record of a custom deck written without its list': () => {
      const { deckLists: _lists, ...record } = playGame({ seed: 1, agents: [randomAgent, randomAgent], decks: ['green-white', 'black-red'] })
      return replay({ ...record, decks: ['custom', 'black-red'] })
    },
    'an action of no known type given to act at the entity level': () => act(worldOf(newGame([])), { type: 'bogus' } as never),
    'an encoded action of no known kind': () => decodeAction('?', 1),
    'an encoded action with an id that is not one': () => decodeAction('x0', 1),
    'sampling a world built by hand': () => new GameView(createGameWorld(), 1).blankCopy(),
  },
  'unknown-entity': {
    'the client state of a viewer who is not a player': () => clientState(newGame([creature('bear', 'A', 2, 2)]), 'bear'),
    'the event stream of a viewer who is not a player': () => onEvent(newGame([]), () => {}, { viewer: 'nobody' }),
  },
  'invalid-mana-cost': {
    'a cost with an unknown symbol': () => parseManaCost('{C}'),
  },
  'invalid-snapshot': {
    'restoring something that is not a snapshot': () => restoreWorld(worldOf(newGame([])), {} as WorldSnapshot),
    'a state document of another format': () => worldFromJson({ format: 'redzone-state/0' }),
  },
  'hidden-object': {
    "reading a card in the opponent's hand": () => {
      const game = newGame([cardInHand('bolt', 'B', 'Shock'), ...LIBRARIES])
      return new GameView(worldOf(game), game.eid('A')!).name(game.eid('bolt')!)
    },
  },
  'illegal-agent-action': {
    'replaying a record whose action the game rejects': () => {
      const record = playGame({ seed: 1, agents: [randomAgent, randomAgent], decks: ['green-white', 'black-red'] })
      return replay({ ...record, actions: ['p', ...record.actions] })
    },
  },
  'no-game': {
    'a call pending when the remote game is disposed': async () => {
      const remote = await createRemoteGame(remoteEndpoint(), { players: [{ id: 'A' }, { id: 'B' }], objects: [] })
      const pending = remote.checksum()
      remote.dispose()
      return pending
    },
  },
  usage: {
    'a shard K/N with K above N': () => parseShard('3/2'),
  },
  'run-failed': {
    'the worker threads\' file is not built': () => workerFile(['./no-such-worker.js']),
  },
  'invalid-deck': {
    'a deck list with a card not in the pool': () => parseDeckList('4 Lightening Bolt\n36 Mountain'),
    'playGame with five copies of a card': () =>
      playGame({ seed: 1, agents: [randomAgent, randomAgent], decks: [[...Array<string>(5).fill('Shock'), ...Array<string>(35).fill('Mountain')], 'black-red'] }),
  },
  'version-mismatch': {
    'replaying a record of another version': () => {
      const record = playGame({ seed: 1, agents: [randomAgent, randomAgent], decks: ['green-white', 'black-red'] })
      return replay({ ...record, version: '0.0.1+pool.000000000000' })
    },
  },
}

async function thrown(fn: () => unknown): Promise<unknown> {
  try {
    await fn()
  } catch (error) {
    return error
  }
  return 'nothing thrown'
}

describe('every RedzoneErrorCode is thrown by the engine', () => {
  it('there are calls for each code of REDZONE_ERROR_CODES and no other', () => {
    expect(Object.keys(THROWN).sort()).toEqual([...REDZONE_ERROR_CODES].sort())
    for (const calls of Object.values(THROWN)) expect(Object.keys(calls).length).toBeGreaterThan(0)
  })

  for (const code of REDZONE_ERROR_CODES) {
    for (const [what, call] of Object.entries(THROWN[code])) {
      it(`${code}: ${what}`, async () => {
        const error = await thrown(call)
        expect(error).toBeInstanceOf(RedzoneError)
        expect(error).toMatchObject({ code })
        expect((error as Error).message).toMatch(/^redzone: \S/)
      })
    }
  }

  it('illegal-agent-action: playGame records the error of an agent whose action the game rejects', () => {
    const record = playGame({ seed: 1, agents: [alwaysPasses, alwaysPasses], decks: ['green-white', 'black-red'] })
    expect(record).toMatchObject({ reason: 'error', winner: null })
    expect(record.error).toMatch(/^redzone: illegal action "p" at mulligan: /)
  })
})
