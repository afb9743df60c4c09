/**
 * `redzone/worker` over a MessageChannel in this process (the same protocol a Worker carries;
 * test/browser/worker-in-chromium.test.ts runs it in a real Worker): the remote game answers
 * like the local one, events arrive in order before the call resolves, state crosses as a
 * transferred buffer, misuse rejects the promise with a `RedzoneError` of the worker's code and issues.
 * Misuse the page can see is refused on the page, a throwing listener is reported without stopping
 * anything, and every call settles (after dispose, after terminate, with an argument that can't
 * be sent): each of these hung or was taken silently before.
 */
import { MessageChannel } from 'node:worker_threads'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ClientEvent } from '../../src/api/event-stream.js'
import { Game } from '../../src/api/game.js'
import { drive } from '../../src/api/game-driver.js'
import { checksum, fromBinary, toBinary, toJSON } from '../../src/api/serialization.js'
import { clientState, gameState, onEvent } from '../../src/api/views.js'
import { internalError, RedzoneError } from '../../src/core/errors.js'
import { createDeckGame } from '../../src/play/setup.js'
import type { Position } from '../../src/state/position.js'
import { createRemoteGame, exposeGame, type MessageEndpoint } from '../../src/worker/index.js'
import { creature, expectOk } from '../helpers.js'

const POSITION = {
  players: [{ id: 'A' }, { id: 'B' }],
  objects: [creature('giant', 'A', 4, 4, ['trample']), creature('bear', 'A', 2, 2), creature('wall', 'B', 0, 3)],
}

function channel(commands = {}): MessageEndpoint {
  const { port1, port2 } = new MessageChannel()
  exposeGame(port2 as unknown as MessageEndpoint, { commands })
  return port1 as unknown as MessageEndpoint
}

describe('redzone/worker: a remote game', () => {
  it('plays a combat like the local game: same results, same events, same checksum', async () => {
    const local = new Game(POSITION)
    const remote = await createRemoteGame(channel(), POSITION)
    const localEvents: ClientEvent[] = []
    const remoteEvents: ClientEvent[] = []
    onEvent(local, (e) => localEvents.push(e))
    remote.onEvent((e) => remoteEvents.push(e))
    expect(await remote.pendingDecision()).toEqual(local.pendingDecision())
    expect(await remote.drive.walkToAttack({ giant: 'B', bear: 'B' })).toEqual(drive(local).walkToAttack({ giant: 'B', bear: 'B' }))
    const seen = remoteEvents.length
    expect(seen).toBeGreaterThan(0)
    expect(await remote.drive.walkToBlock({ wall: 'giant' })).toEqual(drive(local).walkToBlock({ wall: 'giant' }))
    expect(await remote.drive.walkToDamage()).toEqual(drive(local).walkToDamage())
    expect(await remote.declareAttackers({ giant: 'giant' })).toEqual(local.declareAttackers({ giant: 'giant' }))
    expect(remoteEvents).toEqual(localEvents)
    expect(await remote.checksum()).toBe(checksum(local))
    expect(await remote.version()).toBe(local.version)
    expect(await remote.clientState('B')).toEqual(clientState(local, 'B'))
    expect((await remote.state()).players).toEqual(gameState(local).players)
    expect(gameState(local).players['B']!.life).toBeLessThan(20)
    remote.dispose()
  })

  it('gives a player\'s event stream like the local one: an opponent\'s draws unnamed', async () => {
    const local = createDeckGame(['green-white', 'black-red'], { seed: 3 })
    const remote = await createRemoteGame(channel(), toBinary(local))
    const mine: ClientEvent[] = []
    const theirs: ClientEvent[] = []
    const everything: ClientEvent[] = []
    onEvent(local, (e) => mine.push(e), { viewer: 'A' })
    remote.onEvent((e) => theirs.push(e), { viewer: 'A' })
    remote.onEvent((e) => everything.push(e))
    for (let i = 0; i < 40; i++) {
      const d = local.pendingDecision()
      if (d.kind !== 'priority' && d.kind !== 'mulligan') break
      const action = d.kind === 'mulligan' ? ({ type: 'keep', player: d.player! } as const) : ({ type: 'pass', player: d.player! } as const)
      expect(await remote.act(action)).toEqual(local.act(action))
    }
    const strip = (events: ClientEvent[]) => events.map(({ version: _v, ...rest }) => rest)
    expect(strip(theirs)).toEqual(strip(mine))
    expect(theirs.some((e) => e.type === 'cardDrawn' && e['player'] === 'B' && e['card'] === null)).toBe(true)
    expect(everything.some((e) => e.type === 'cardDrawn' && e['player'] === 'B' && typeof e['card'] === 'string')).toBe(true)
  })

  it('starts from a transferred toBinary buffer and continues identically; snapshot and restore cross as buffers', async () => {
    const local = new Game(POSITION, { seed: 5 })
    drive(local).walkToAttack({ giant: 'B' })
    const buffer = toBinary(local)
    const remote = await createRemoteGame(channel(), buffer)
    expect(buffer.byteLength).toBe(0)
    expect(await remote.checksum()).toBe(checksum(local))
    const before = await remote.snapshot()
    expect(before).toBeInstanceOf(ArrayBuffer)
    await remote.drive.walkToDamage()
    drive(local).walkToDamage()
    expect(await remote.checksum()).toBe(checksum(local))
    await remote.restore(before)
    expect(await remote.checksum()).not.toBe(checksum(local))
    expect(gameState(fromBinary(await remote.toBinary())).turn.step).toBe('declareAttackers')
  })

  it('starts from a redzone-state/1 document (before the checksum) as fromJSON does, and names a format version it does not read', async () => {
    const local = new Game(POSITION)
    expectOk(drive(local).walkToAttack({ bear: 'B' }))
    const doc = toJSON(local)
    const old = { format: 'redzone-state/1', setup: doc.setup, state: doc.state }
    const remote = await createRemoteGame(channel(), old as never)
    expect(await remote.state()).toEqual(gameState(local))
    await expect(createRemoteGame(channel(), { ...old, format: 'redzone-state/9' } as never)).rejects.toMatchObject({ code: 'invalid-snapshot', message: expect.stringContaining('"redzone-state/9"') })
  })

  it('starts from a JSON document, runs registered commands, and rejects misuse with the worker\'s message', async () => {
    const remote = await createRemoteGame(channel({ lifeOf: (game: Game | null, id: unknown) => gameState(game!).players[id as string]!.life }), toJSON(new Game(POSITION)))
    expect(await remote.command('lifeOf', 'B')).toBe(20)
    await expect(remote.command('nope')).rejects.toThrow('redzone: unknown worker command "nope"')
    await expect(remote.drive.walkTo('nowhere' as never)).rejects.toThrow('redzone: unknown step "nowhere"')
    expect(await remote.drive.walkToAttack({ wall: 'A' })).toMatchObject({ ok: false })
    await expect(createRemoteGame(channel(), { players: [{ id: 'A' }, { id: 'B' }], objects: [creature('bear', 'C', 2, 2)] })).rejects.toThrow(/^redzone: /)
  })

  it('rethrows a RedzoneError on the page with the worker\'s code, issues and message; an illegal action stays a value', async () => {
    const invalid: Position = { players: [{ id: 'A' }, { id: 'B' }], objects: [creature('bear', 'C', 2, 2), creature('cat', 'A', Number.NaN, 1)] }
    let local: unknown
    try {
      new Game(invalid)
    } catch (error) {
      local = error
    }
    expect(local).toBeInstanceOf(RedzoneError)
    const { code, issues, message } = local as RedzoneError
    expect(code).toBe('invalid-position')
    expect(issues.length).toBeGreaterThan(1)

    const atStart = await createRemoteGame(channel(), invalid).then(() => null, (error: unknown) => error)
    expect(atStart).toBeInstanceOf(RedzoneError)
    expect(atStart).toMatchObject({ name: 'RedzoneError', code, issues, message })

    const remote = await createRemoteGame(channel({ build: (_game: Game | null, position: unknown) => void new Game(position as Position) }), POSITION)
    const inCommand = await remote.command('build', invalid).then(() => null, (error: unknown) => error)
    expect(inCommand).toBeInstanceOf(RedzoneError)
    expect(inCommand).toMatchObject({ code, issues, message })
    await expect(remote.drive.walkTo('nowhere' as never)).rejects.toMatchObject({ code: 'invalid-argument', issues: [], message: 'redzone: unknown step "nowhere"' })

    expect(await remote.act({ type: 'pass', player: 'B' })).toMatchObject({ ok: false, error: { code: 'not-your-priority' } })
    expect(await remote.drive.walkToAttack({ wall: 'A' })).toMatchObject({ ok: false, error: { code: 'not-your-creature' } })
    remote.dispose()
  })

  it('sends code, issues and message on the wire: a call before any game is no-game', async () => {
    const { port1, port2 } = new MessageChannel()
    exposeGame(port2 as unknown as MessageEndpoint)
    const reply = new Promise((resolve) => port1.once('message', resolve))
    port1.postMessage({ rz: 'call', id: 7, method: 'checksum', args: [] })
    expect(await reply).toEqual({
      rz: 'reply', id: 7, events: [], streams: [], ok: false,
      error: { name: 'RedzoneError', code: 'no-game', issues: [], message: 'redzone: no game in this worker yet: createRemoteGame starts one' },
    })
    port1.close()
  })

  it('rethrows any other error as an Error with the worker\'s name and message, not a RedzoneError', async () => {
    const remote = await createRemoteGame(channel({
      broken: () => { throw internalError('a broken invariant') },
      typo: () => (null as unknown as { x: number }).x,
      text: () => { throw 'not an Error' },
    }), POSITION)
    const broken = await remote.command('broken').then(() => null, (error: unknown) => error)
    expect(broken).toBeInstanceOf(Error)
    expect(broken).not.toBeInstanceOf(RedzoneError)
    expect(broken).toMatchObject({ name: 'Error', message: 'redzone internal error: a broken invariant; please report a bug' })
    await expect(remote.command('typo')).rejects.toMatchObject({ name: 'TypeError' })
    await expect(remote.command('text')).rejects.toMatchObject({ name: 'Error', message: 'not an Error' })
    remote.dispose()
  })
})

/**
 * A call's outcome, resolved or rejected (each of these calls hung forever before: a hang now fails
 * the test at vitest's timeout, not at a guess of how long an answer takes on a loaded machine).
 */
function settled<T>(promise: Promise<T>): Promise<{ value: T } | { error: unknown }> {
  return promise.then((value) => ({ value }), (error: unknown) => ({ error }))
}

describe('redzone/worker: misuse and failures on the page', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('onEvent refuses a listener that is not a function at once, with invalid-argument naming it', async () => {
    const remote = await createRemoteGame(channel(), POSITION)
    expect(() => remote.onEvent('x' as never)).toThrow(RedzoneError)
    expect(() => remote.onEvent('x' as never)).toThrow(expect.objectContaining({ code: 'invalid-argument', message: 'redzone: onEvent: listener: expected a function, got "x"' }))
    expect(await settled(remote.drive.walkToAttack({ giant: 'B' }))).toEqual({ value: { ok: true } })
    remote.dispose()
  })

  it('a listener that throws is reported with reportError, and neither stops the other listeners nor the call\'s promise', async () => {
    const reported: unknown[] = []
    vi.stubGlobal('reportError', (error: unknown) => reported.push(error))
    const local = new Game(POSITION)
    const localEvents: ClientEvent[] = []
    onEvent(local, (e) => localEvents.push(e))
    const remote = await createRemoteGame(channel(), POSITION)
    const boom = new Error('boom')
    const seen: ClientEvent[] = []
    remote.onEvent(() => { throw boom })
    remote.onEvent((e) => seen.push(e))
    const answer = await settled(remote.drive.walkToAttack({ giant: 'B', bear: 'B' }))
    expect(answer).toEqual({ value: drive(local).walkToAttack({ giant: 'B', bear: 'B' }) })
    expect(seen.length).toBeGreaterThan(1)
    expect(seen).toEqual(localEvents)
    expect(reported).toEqual(seen.map(() => boom))
    remote.dispose()
  })

  it('without reportError (Node), a listener\'s error is thrown from a microtask, and the call still resolves', async () => {
    vi.stubGlobal('reportError', undefined)
    const queued: (() => void)[] = []
    const queue = globalThis.queueMicrotask
    vi.spyOn(globalThis, 'queueMicrotask').mockImplementation((task) => {
      queued.push(task)
      queue(() => undefined)
    })
    const remote = await createRemoteGame(channel(), POSITION)
    const boom = new Error('boom')
    let calls = 0
    remote.onEvent(() => {
      calls++
      throw boom
    })
    expect(await settled(remote.drive.walkToAttack({ giant: 'B' }))).toEqual({ value: { ok: true } })
    vi.restoreAllMocks()
    expect(calls).toBeGreaterThan(1)
    const thrown = queued.map((task) => {
      try {
        task()
        return null
      } catch (error) {
        return error
      }
    }).filter((error) => error !== null)
    expect(thrown).toEqual(Array.from({ length: calls }, () => boom))
    remote.dispose()
  })

  it('onEvent with a viewer who is not a player throws unknown-entity at once, as onEvent does in Node', async () => {
    let local: unknown = null
    try {
      onEvent(new Game(POSITION), () => undefined, { viewer: 'Z' })
    } catch (error) {
      local = error
    }
    expect(local).toMatchObject({ code: 'unknown-entity' })
    const fromBuffer = await createRemoteGame(channel(), toBinary(new Game(POSITION)))
    const fromDecks = await createRemoteGame(channel(), { decks: ['green-white', 'black-red'] })
    for (const remote of [fromBuffer, fromDecks]) {
      let far: unknown = null
      try {
        remote.onEvent(() => undefined, { viewer: 'Z' })
      } catch (error) {
        far = error
      }
      expect(far).toBeInstanceOf(RedzoneError)
      expect(far).toMatchObject({ code: (local as RedzoneError).code, message: (local as RedzoneError).message })
      expect(typeof remote.onEvent(() => undefined, { viewer: 'B' })).toBe('function')
      remote.dispose()
    }
  })

  it('a call after dispose rejects at once with no-game, as do the calls pending when it was disposed', async () => {
    const remote = await createRemoteGame(channel(), POSITION)
    const pending = settled(remote.checksum())
    remote.dispose()
    expect(await pending).toEqual({ error: expect.objectContaining({ code: 'no-game', message: 'redzone: checksum: the remote game was disposed' }) })
    const after = await settled(remote.pendingDecision())
    expect(after).toEqual({ error: expect.objectContaining({ code: 'no-game', message: 'redzone: pendingDecision: the remote game was disposed' }) })
    expect(await settled(remote.drive.walkToAttack({ giant: 'B' }))).toEqual({ error: expect.objectContaining({ code: 'no-game' }) })
    expect(() => remote.onEvent(() => undefined)).toThrow(expect.objectContaining({ code: 'no-game' }))
    remote.dispose()
  })

  it('terminate() terminates the worker; the calls pending then and every later call reject with no-game', async () => {
    const { port1, port2 } = new MessageChannel()
    exposeGame(port2 as unknown as MessageEndpoint)
    let terminated = 0
    const worker = Object.assign(port1 as unknown as MessageEndpoint, { terminate: () => { terminated++; port1.close() } })
    const remote = await createRemoteGame(worker, POSITION)
    const pending = settled(remote.version())
    remote.terminate()
    expect(terminated).toBe(1)
    expect(await pending).toEqual({ error: expect.objectContaining({ code: 'no-game', message: 'redzone: version: the worker was terminated' }) })
    expect(await settled(remote.pendingDecision())).toEqual({ error: expect.objectContaining({ code: 'no-game', message: 'redzone: pendingDecision: the worker was terminated' }) })
    remote.terminate()
    expect(terminated).toBe(1)
  })

  it('runAgents refuses a max that is not a whole number from 0, and an autoPass that is not a list of ids, with invalid-argument', async () => {
    const remote = await createRemoteGame(channel(), { decks: ['green-white', 'black-red'] }, { agents: { B: 'random' } })
    for (const max of [-1, 'x', 1.5, Number.NaN, null]) {
      expect(await settled(remote.runAgents({ max: max as never }))).toEqual({
        error: expect.objectContaining({ code: 'invalid-argument', message: expect.stringMatching(/^redzone: runAgents: max must be a whole number from 0/) }),
      })
    }
    expect(await settled(remote.runAgents({ autoPass: 'A' as never }))).toEqual({ error: expect.objectContaining({ code: 'invalid-argument', message: expect.stringContaining('autoPass') }) })
    expect(await settled(remote.runAgents('x' as never))).toEqual({ error: expect.objectContaining({ code: 'invalid-argument', message: expect.stringContaining('options') }) })
    expect(await remote.version()).toBe(0)
    expect(await settled(remote.runAgents({ max: 0 }))).toEqual({ value: expect.objectContaining({ chosen: [] }) })
    remote.dispose()
  })

  it('createRemoteGame refuses a worker that is not one and a source that is not a game\'s, with invalid-argument naming it', async () => {
    const refusal = async (promise: Promise<unknown>) => {
      const answer = await settled(promise)
      return 'error' in answer ? answer.error : answer
    }
    expect(await refusal(createRemoteGame(channel(), null as never))).toMatchObject({ name: 'RedzoneError', code: 'invalid-argument', message: expect.stringContaining('source') })
    expect(await refusal(createRemoteGame(channel(), 'pos' as never))).toMatchObject({ code: 'invalid-argument', message: expect.stringContaining('source') })
    expect(await refusal(createRemoteGame({} as never, POSITION))).toMatchObject({ code: 'invalid-argument', message: expect.stringContaining('worker') })
    expect(await refusal(createRemoteGame(null as never, POSITION))).toMatchObject({ code: 'invalid-argument', message: expect.stringContaining('worker') })
    expect(await refusal(createRemoteGame(channel(), POSITION, { seed: 'x' as never }))).toMatchObject({ code: 'invalid-argument', message: expect.stringContaining('seed') })
    expect(await refusal(createRemoteGame(channel(), POSITION, null as never))).toMatchObject({ code: 'invalid-argument', message: expect.stringContaining('options') })
  })

  it('restore refuses what is not a snapshot buffer, or one already transferred, with invalid-argument naming snapshot', async () => {
    const remote = await createRemoteGame(channel(), POSITION)
    const undo = await remote.snapshot()
    for (const bad of [undefined, {}, 'x']) {
      expect(await settled(remote.restore(bad as never))).toEqual({
        error: expect.objectContaining({ name: 'RedzoneError', code: 'invalid-argument', message: expect.stringMatching(/^redzone: restore: snapshot must be an ArrayBuffer/) }),
      })
    }
    expect(await remote.version()).toBe(0)
    expect(await settled(remote.restore(undo))).toEqual({ value: undefined })
    expect(await settled(remote.restore(undo))).toEqual({ error: expect.objectContaining({ code: 'invalid-argument', message: expect.stringContaining('transferred') }) })
    remote.dispose()
  })

  it('an argument that can\'t be sent, or a command\'s value that can\'t be sent back, rejects the call instead of hanging', async () => {
    const remote = await createRemoteGame(channel({ fn: () => () => 1 }), POSITION)
    expect(await settled(remote.act((() => 1) as never))).toEqual({ error: expect.objectContaining({ code: 'invalid-argument', message: expect.stringMatching(/^redzone: act: /) }) })
    expect(await settled(remote.command('fn'))).toEqual({ error: expect.objectContaining({ message: expect.stringContaining('could not be cloned') }) })
    expect(await settled(remote.checksum())).toEqual({ value: expect.any(Number) })
    remote.dispose()
  })
})
