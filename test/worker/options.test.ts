/**
 * The options of `redzone/worker`'s public functions, checked on the side that is given them:
 * an unknown key (`{ veiwer: 'B' }`, `{ sed: 7 }`, `{ maks: 1 }`, `{ comands }`) was taken
 * silently (the full event stream, the default seed, no limit, no commands); a viewer that is not
 * a string was named "[object Object]"; agents given as a Map were dropped; a command name found on
 * Object.prototype ran it. Each is now a `RedzoneError` naming the key or value.
 */
import { MessageChannel } from 'node:worker_threads'
import { describe, expect, it } from 'vitest'
import type { ClientEvent } from '../../src/api/event-stream.js'
import { Game } from '../../src/api/game.js'
import { clientState, onEvent } from '../../src/api/views.js'
import { RedzoneError } from '../../src/core/errors.js'
import { createRemoteGame, exposeGame, type MessageEndpoint } from '../../src/worker/index.js'
import { creature, thrownRedzoneError } from '../helpers.js'

const POSITION = {
  players: [{ id: 'A' }, { id: 'B' }],
  objects: [creature('giant', 'A', 4, 4), creature('wall', 'B', 0, 3)],
}
const DECKS = ['green-white', 'black-red'] as const

function channel(commands = {}): MessageEndpoint {
  const { port1, port2 } = new MessageChannel()
  exposeGame(port2 as unknown as MessageEndpoint, { commands })
  return port1 as unknown as MessageEndpoint
}

/** What a promise rejected with (a test fails if it resolved). */
async function rejection(promise: Promise<unknown>): Promise<RedzoneError> {
  const error = await promise.then(() => null, (e: unknown) => e)
  expect(error).toBeInstanceOf(RedzoneError)
  return error as RedzoneError
}

describe('redzone/worker: unknown options and values of the wrong kind', () => {
  it('remote onEvent refuses an unknown option key (a misspelt viewer) naming it and the known options, instead of the full stream', async () => {
    const remote = await createRemoteGame(channel(), { decks: DECKS }, { seed: 3 })
    const heard: ClientEvent[] = []
    expect(thrownRedzoneError(() => remote.onEvent((e) => heard.push(e), { veiwer: 'B' } as never))).toMatchObject({
      code: 'invalid-argument',
      message: 'redzone: onEvent: options.veiwer: unknown option; expected one of viewer',
    })
    expect(thrownRedzoneError(() => remote.onEvent(() => undefined, null as never)).message).toBe('redzone: onEvent: options: expected an object of options (viewer), got null')
    await remote.act({ type: 'keep', player: 'A' })
    expect(heard).toEqual([])
    remote.dispose()
  })

  it('remote onEvent refuses a viewer that is not a string with invalid-argument describing it, as onEvent does in the same thread', async () => {
    const remote = await createRemoteGame(channel(), POSITION)
    const local = new Game(POSITION)
    for (const [viewer, got] of [[{ id: 'B' }, 'an object'], [0, '0']] as const) {
      const error = thrownRedzoneError(() => remote.onEvent(() => undefined, { viewer } as never))
      expect(error).toMatchObject({ code: 'invalid-argument', message: `redzone: onEvent: options.viewer: expected a player id (a string), got ${got}` })
      expect(error.message).toBe(thrownRedzoneError(() => onEvent(local, () => undefined, { viewer } as never)).message)
    }
    expect(thrownRedzoneError(() => remote.onEvent(() => undefined, { viewer: 'Z' })).message).toBe('redzone: onEvent: the viewer "Z" is not a player of this game')
    remote.dispose()
  })

  it('remote onEvent refuses a listener that is not a function in the same words as onEvent', async () => {
    const remote = await createRemoteGame(channel(), POSITION)
    for (const listener of ['x', null, {}]) {
      const error = thrownRedzoneError(() => remote.onEvent(listener as never))
      expect(error.code).toBe('invalid-argument')
      expect(error.message).toBe(thrownRedzoneError(() => onEvent(new Game(POSITION), listener as never)).message)
    }
    expect(thrownRedzoneError(() => remote.onEvent('x' as never)).message).toBe('redzone: onEvent: listener: expected a function, got "x"')
    remote.dispose()
  })

  it('remote clientState refuses a viewer that is not a string with invalid-argument, as clientState does', async () => {
    const remote = await createRemoteGame(channel(), POSITION)
    const error = await rejection(remote.clientState({ viewer: 'B' } as never))
    expect(error).toMatchObject({ code: 'invalid-argument', message: 'redzone: clientState: viewer: expected a player id (a string), got an object' })
    expect(error.message).toBe(thrownRedzoneError(() => clientState(new Game(POSITION), { viewer: 'B' } as never)).message)
    remote.dispose()
  })

  it('createRemoteGame refuses an unknown option key (sed) naming it and the known options, instead of the default seed', async () => {
    expect(await rejection(createRemoteGame(channel(), POSITION, { sed: 7 } as never))).toMatchObject({
      code: 'invalid-argument',
      message: 'redzone: createRemoteGame: options.sed: unknown option; expected one of seed, agents',
    })
    expect((await rejection(createRemoteGame(channel(), POSITION, 7 as never))).message).toBe('redzone: createRemoteGame: options: expected an object of options (seed, agents), got 7')
  })

  it('createRemoteGame refuses agents that are not agent names by player, on the page, describing the value (a Map was dropped: no agents)', async () => {
    const map = new Map([['B', 'random']])
    expect(await rejection(createRemoteGame(channel(), { decks: DECKS }, { agents: map as never }))).toMatchObject({
      code: 'invalid-argument',
      message: 'redzone: createRemoteGame: options.agents must be an object of player id to agent name, got a Map',
    })
    expect(await rejection(createRemoteGame(channel(), { decks: DECKS }, { agents: { B: 5 as never } }))).toMatchObject({
      code: 'invalid-argument',
      message: 'redzone: createRemoteGame: options.agents.B: unknown agent 5; expected one of heuristic, random, search',
    })
  })

  it('runAgents refuses an unknown option key (maks) naming it and the known options, instead of running without a limit', async () => {
    const remote = await createRemoteGame(channel(), { decks: DECKS }, { seed: 1, agents: { A: 'random', B: 'random' } })
    expect(await rejection(remote.runAgents({ maks: 1 } as never))).toMatchObject({
      code: 'invalid-argument',
      message: 'redzone: runAgents: options.maks: unknown option; expected one of max, autoPass',
    })
    expect((await rejection(remote.runAgents(null as never))).message).toBe('redzone: runAgents: options: expected an object of options (max, autoPass), got null')
    expect((await remote.pendingDecision()).kind).toBe('mulligan')
    remote.dispose()
  })

  it('exposeGame refuses an unknown option key (comands) and commands that are not functions, naming them', () => {
    const { port2 } = new MessageChannel()
    const port = port2 as unknown as MessageEndpoint
    expect(thrownRedzoneError(() => exposeGame(port, { comands: {} } as never))).toMatchObject({
      code: 'invalid-argument',
      message: 'redzone: exposeGame: options.comands: unknown option; expected one of commands',
    })
    expect(thrownRedzoneError(() => exposeGame(port, { commands: [] as never }))).toMatchObject({
      code: 'invalid-argument',
      message: 'redzone: exposeGame: options.commands: expected an object of named functions, got an array',
    })
    expect(thrownRedzoneError(() => exposeGame(port, { commands: { bench: 'run' as never } }))).toMatchObject({
      code: 'invalid-argument',
      message: 'redzone: exposeGame: options.commands.bench: expected a function (game, ...args), got "run"',
    })
    port2.close()
  })

  it('command runs only the registered commands: a name found on Object.prototype (toString, constructor) is unknown', async () => {
    const remote = await createRemoteGame(channel({ life: () => 20 }), POSITION)
    expect(await remote.command('life')).toBe(20)
    for (const name of ['toString', 'constructor']) {
      expect(await rejection(remote.command(name))).toMatchObject({ code: 'invalid-argument', message: `redzone: unknown worker command "${name}"` })
    }
    remote.dispose()
  })
})
