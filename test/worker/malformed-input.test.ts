/**
 * `redzone/worker` given what a plain-JavaScript caller (or another script on the channel) can
 * give it: options as a Map or a Date (read as an object without options: every default,
 * silently), a deck source with a field it does not have, no endpoint at all, BigInt arguments,
 * and messages that are not the protocol's. Each is a `RedzoneError` with a code, naming what is
 * wrong; a malformed message gets a reply carrying one, never a TypeError from inside the worker.
 */
import { MessageChannel } from 'node:worker_threads'
import { describe, expect, it } from 'vitest'
import type { ClientEvent } from '../../src/api/event-stream.js'
import { RedzoneError } from '../../src/core/errors.js'
import { createRemoteGame, exposeGame, type MessageEndpoint } from '../../src/worker/index.js'
import { creature, thrownRedzoneError } from '../helpers.js'

const POSITION = {
  players: [{ id: 'A' }, { id: 'B' }],
  objects: [creature('giant', 'A', 4, 4), creature('wall', 'B', 0, 3)],
}
const DECKS = ['green-white', 'black-red'] as const

function channel(): MessageEndpoint {
  const { port1, port2 } = new MessageChannel()
  exposeGame(port2 as unknown as MessageEndpoint)
  return port1 as unknown as MessageEndpoint
}

/** What a promise rejected with (a test fails if it resolved). */
async function rejection(promise: Promise<unknown>): Promise<RedzoneError> {
  const error = await promise.then(() => null, (e: unknown) => e)
  expect(error).toBeInstanceOf(RedzoneError)
  return error as RedzoneError
}

describe('redzone/worker: options that are not plain objects', () => {
  it('createRemoteGame refuses options given as a Map, naming the kind', async () => {
    expect(await rejection(createRemoteGame(channel(), POSITION, new Map([['seed', 7]]) as never))).toMatchObject({
      code: 'invalid-argument',
      message: 'redzone: createRemoteGame: options: expected an object of options (seed, agents), got a Map',
    })
  })

  it('createRemoteGame refuses a deck source with a field a deck source does not have', async () => {
    expect(await rejection(createRemoteGame(channel(), { decks: DECKS, extra: 1 } as never))).toMatchObject({
      code: 'invalid-argument',
      message: 'redzone: createRemoteGame: source.extra: unknown field of a deck source; expected decks',
    })
  })

  it('remote onEvent and runAgents refuse options given as a Date; exposeGame refuses them as a Map', async () => {
    const remote = await createRemoteGame(channel(), { decks: DECKS }, { seed: 1, agents: { B: 'random' } })
    const heard: ClientEvent[] = []
    expect(thrownRedzoneError(() => remote.onEvent((e) => heard.push(e), new Date(0) as never))).toMatchObject({
      code: 'invalid-argument',
      message: 'redzone: onEvent: options: expected an object of options (viewer), got a Date',
    })
    expect(await rejection(remote.runAgents(new Date(0) as never))).toMatchObject({
      code: 'invalid-argument',
      message: 'redzone: runAgents: options: expected an object of options (max, autoPass), got a Date',
    })
    expect((await remote.act({ type: 'keep', player: 'A' })).ok).toBe(true)
    expect(heard).toEqual([])
    remote.dispose()
    const { port2 } = new MessageChannel()
    expect(thrownRedzoneError(() => exposeGame(port2 as unknown as MessageEndpoint, new Map() as never))).toMatchObject({
      code: 'invalid-argument',
      message: 'redzone: exposeGame: options: expected an object of options (commands), got a Map',
    })
    port2.close()
  })

  it('exposeGame refuses a scope that is not one (none, null, an object without postMessage) as createRemoteGame refuses its worker', () => {
    for (const [scope, got] of [[undefined, 'undefined'], [null, 'null'], [{}, 'an object']] as const) {
      expect(thrownRedzoneError(() => exposeGame(scope as never))).toMatchObject({
        code: 'invalid-argument',
        message: `redzone: exposeGame: worker must be a worker's scope (self) or a MessagePort (postMessage and addEventListener), got ${got}`,
      })
    }
  })
})

describe('redzone/worker: arguments and messages the protocol does not carry', () => {
  it('a call with BigInt arguments rejects with invalid-argument naming the argument, and the game goes on', async () => {
    const remote = await createRemoteGame(channel(), POSITION)
    expect(await rejection(remote.play(10n as never, 'x'))).toMatchObject({
      code: 'invalid-argument',
      message: 'redzone: play: args[0]: expected a value JSON can carry, got 10n',
    })
    expect(await rejection(remote.drive.walkToAttack({ giant: 2n } as never))).toMatchObject({
      code: 'invalid-argument',
      message: 'redzone: drive.walkToAttack: args[0].giant: expected a value JSON can carry, got 2n',
    })
    expect(await remote.version()).toBe(0)
    expect((await remote.pass()).ok).toBe(true)
    remote.dispose()
  })

  it('replies to a malformed message with a typed invalid-argument error naming what is wrong', async () => {
    const { port1, port2 } = new MessageChannel()
    exposeGame(port2 as unknown as MessageEndpoint)
    const replies = new Map<number, { ok: boolean; error?: { name: string; code?: string; message: string } }>()
    port1.on('message', (reply: { id: number; ok: boolean; error?: { name: string; code?: string; message: string } }) => replies.set(reply.id, reply))
    const answer = async (message: Record<string, unknown>): Promise<{ ok: boolean; error?: { name: string; code?: string; message: string } }> => {
      port1.postMessage(message)
      for (let i = 0; i < 100 && !replies.has(message['id'] as number); i++) await new Promise((resolve) => setImmediate(resolve))
      return replies.get(message['id'] as number)!
    }
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ rz: 'init', id: 2, source: null }, /^redzone: worker message "init": source: expected a position, a toBinary buffer, a redzone-state\/2 \(or \/1\) document or \{ decks \}, got null$/],
      [{ rz: 'nope', id: 3 }, /^redzone: worker message "nope": unknown kind; expected one of init, agents, call, drive, command, events$/],
      [{ rz: 'call', id: 9, method: 'act', args: 'x' }, /^redzone: worker message "call": args: expected a list of arguments, got "x"$/],
      [{ rz: 'agents', id: 11, autoPass: 5 }, /^redzone: worker message "agents": max: expected null or a whole number from 0, got undefined$/],
      [{ rz: 'agents', id: 12, max: null, autoPass: 5 }, /^redzone: worker message "agents": autoPass: expected a list of player ids, got 5$/],
      [{ rz: 'events', id: 13, on: 'yes', viewer: null }, /^redzone: worker message "events": on: expected true or false, got "yes"$/],
    ]
    for (const [message, expected] of cases) {
      const reply = await answer(message)
      expect(reply, JSON.stringify(message)).toMatchObject({ ok: false, error: { name: 'RedzoneError', code: 'invalid-argument' } })
      expect(reply.error!.message).toMatch(expected)
    }
    // The port still serves a game.
    const remote = await createRemoteGame(port1 as unknown as MessageEndpoint, POSITION)
    expect(await remote.version()).toBe(0)
    remote.dispose()
    port1.close()
  })
})
