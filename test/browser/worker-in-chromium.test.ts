/**
 * `redzone/worker` in a real Web Worker in Chromium: a mid-game state made on the page crosses to
 * the worker as a transferred buffer and continues there exactly as on the page (same results,
 * same events in order, same checksum after every action); misuse in the worker rejects on the
 * page with a `RedzoneError` of the same code and issues.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bundleForBrowser } from './bundle-for-browser.js'
import { findChromium, launchChromium, NO_CHROMIUM, type LaunchedChromium } from './chromium.js'
import { serveFiles, type Served } from './serve.js'

const chromiumPath = findChromium()
if (chromiumPath === null) console.log(NO_CHROMIUM)

type Core = typeof import('../../src/index.js')
type Sim = typeof import('../../src/sim.js')
type WorkerApi = typeof import('../../src/worker/index.js')

const PAGE_BUNDLE = `import * as redzone from 'redzone'
import * as sim from 'redzone/sim'
import * as worker from 'redzone/worker'
import { gameState } from '../../src/api/views.js'
;(globalThis as Record<string, unknown>).redzone = redzone
;(globalThis as Record<string, unknown>).sim = sim
;(globalThis as Record<string, unknown>).redzoneWorker = worker
`
const WORKER_BUNDLE = `import { exposeGame } from 'redzone/worker'
exposeGame(self as never)
`

describe.skipIf(chromiumPath === null)(`redzone/worker in Chromium (${chromiumPath ?? NO_CHROMIUM})`, () => {
  let chromium: LaunchedChromium
  let served: Served

  beforeAll(async () => {
    const [page, worker] = await Promise.all([bundleForBrowser(PAGE_BUNDLE, { format: 'iife' }), bundleForBrowser(WORKER_BUNDLE, { format: 'iife' })])
    served = await serveFiles({
      '/index.html': { body: '<!doctype html><title>redzone worker</title><script src="/page.js"></script>', type: 'text/html' },
      '/page.js': { body: page.code, type: 'text/javascript' },
      '/worker.js': { body: worker.code, type: 'text/javascript' },
    })
    chromium = await launchChromium(chromiumPath!)
  }, 60_000)

  afterAll(async () => {
    await chromium?.close()
    await served?.close()
  })

  it('a state restored in a Worker continues identically to the original: same results, events and checksum after the same actions', async () => {
    const page = await chromium.context.newPage()
    const problems: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text())
    })
    page.on('pageerror', (error) => problems.push(error.message))
    await page.goto(`${served.url}/`)
    const result = await page.evaluate(async () => {
      const g = globalThis as unknown as { redzone: Core; sim: Sim; redzoneWorker: WorkerApi; Worker: new (url: string) => never }
      const { checksum, clientState, onEvent, toBinary } = g.redzone
      const { createDeckGame, pendingDecision, legalActions, randomAction, viewOf, worldOf, Rng } = g.sim
      const game = createDeckGame(['green-white', 'black-red'], { seed: 11 })
      const world = worldOf(game)
      const rng = new Rng(99)
      const views = new Map<number, ReturnType<typeof viewOf>>()
      /** The next random action, with ids instead of entities (for the remote game). */
      const next = (): { ids: unknown } | null => {
        const decision = pendingDecision(world)
        if (decision.kind === 'gameOver') return null
        const player = decision.player!
        if (!views.has(player)) views.set(player, viewOf(world, player))
        const entity = randomAction(rng, views.get(player)!, decision, legalActions(world))
        const named = JSON.parse(JSON.stringify(entity), (key, value) => {
          if (['player', 'card', 'object', 'attacker', 'blocker', 'creature', 'recipient'].includes(key) && typeof value === 'number') return game.id(value)
          if (key === 'target' && typeof value === 'number') return value === 0 ? undefined : game.id(value)
          if ((key === 'cards' || key === 'pay') && Array.isArray(value)) return value.map((e: number) => game.id(e))
          return value
        })
        return { ids: named }
      }
      for (let i = 0; i < 150; i++) {
        const step = next()
        if (!step) break
        if (!game.act(step.ids as never).ok) throw new Error('a legal random action was rejected')
      }
      const buffer = toBinary(game)
      const bytes = buffer.byteLength
      const remote = await g.redzoneWorker.createRemoteGame(new g.Worker('/worker.js'), buffer)
      const transferred = buffer.byteLength === 0
      const checksums: [number, number][] = [[checksum(game), await remote.checksum()]]
      const localEvents: unknown[] = []
      const remoteEvents: unknown[] = []
      const strip = ({ version: _v, ...rest }: { version: number }) => rest
      onEvent(game, (e) => localEvents.push(strip(e)))
      remote.onEvent((e) => remoteEvents.push(strip(e)))
      let actions = 0
      let sameResults = true
      for (let i = 0; i < 300; i++) {
        const step = next()
        if (!step) break
        const local = game.act(step.ids as never)
        const far = await remote.act(step.ids as never)
        sameResults &&= JSON.stringify(local) === JSON.stringify(far) && local.ok
        checksums.push([checksum(game), await remote.checksum()])
        actions++
      }
      const sameState = JSON.stringify(clientState(game)) === JSON.stringify(await remote.clientState())
      return { bytes, transferred, checksums, actions, sameResults, sameState, localEvents, remoteEvents, turn: g.redzone.gameState(game).turn.number }
    })
    await page.close()
    expect(result.transferred).toBe(true)
    expect(result.bytes).toBeGreaterThan(1000)
    expect(result.actions).toBeGreaterThan(50)
    expect(result.sameResults).toBe(true)
    for (const [local, remote] of result.checksums) expect(remote).toBe(local)
    expect(new Set(result.checksums.map(([c]) => c)).size).toBeGreaterThan(10)
    expect(result.remoteEvents.length).toBeGreaterThan(50)
    expect(result.remoteEvents).toEqual(result.localEvents)
    expect(result.sameState).toBe(true)
    expect(problems).toEqual([])
  }, 60_000)

  it('misuse in the Worker rejects on the page with a RedzoneError of the same code, issues and message', async () => {
    const page = await chromium.context.newPage()
    await page.goto(`${served.url}/`)
    const result = await page.evaluate(async () => {
      const g = globalThis as unknown as { redzone: Core; redzoneWorker: WorkerApi; Worker: new (url: string) => never }
      const invalid = { players: [{ id: 'A' }, { id: 'B' }], objects: [{ id: 'bear', controller: 'C', types: ['creature'], power: 2, toughness: 2 }] }
      let local: unknown = null
      try {
        new g.redzone.Game(invalid as never)
      } catch (error) {
        local = error
      }
      const remote = await g.redzoneWorker.createRemoteGame(new g.Worker('/worker.js'), invalid as never).then(() => null, (error: unknown) => error)
      const describe = (e: unknown) => e instanceof g.redzone.RedzoneError ? { code: e.code, issues: [...e.issues], message: e.message } : { notARedzoneError: String(e) }
      return { local: describe(local), remote: describe(remote) }
    })
    await page.close()
    expect(result.local).toMatchObject({ code: 'invalid-position', issues: [{ path: '$.objects[0].controller' }] })
    expect(result.remote).toEqual(result.local)
  }, 60_000)

  it('a page listener that throws is reported on the page\'s error event; the other listeners and the call\'s promise go on', async () => {
    const page = await chromium.context.newPage()
    const pageErrors: string[] = []
    page.on('pageerror', (error) => pageErrors.push(error.message))
    await page.goto(`${served.url}/`)
    const result = await page.evaluate(async () => {
      const g = globalThis as unknown as { redzoneWorker: WorkerApi; Worker: new (url: string) => never }
      const position = { players: [{ id: 'A' }, { id: 'B' }], objects: [{ id: 'viper', controller: 'A', types: ['creature'], power: 1, toughness: 1 }] }
      const errorEvents: unknown[] = []
      const window = globalThis as unknown as { addEventListener(type: 'error', listener: (event: { error: unknown; preventDefault(): void }) => void): void }
      window.addEventListener('error', (event) => {
        errorEvents.push(event.error instanceof Error ? event.error.message : String(event.error))
        event.preventDefault()
      })
      const remote = await g.redzoneWorker.createRemoteGame(new g.Worker('/worker.js'), position as never)
      let notAFunction: unknown = null
      try {
        remote.onEvent('x' as never)
      } catch (error) {
        notAFunction = { name: (error as Error).name, code: (error as { code?: unknown }).code, message: (error as Error).message }
      }
      remote.onEvent(() => {
        throw new Error('boom')
      })
      const seen: string[] = []
      remote.onEvent((e) => seen.push(e.type))
      // A hang fails the test at its timeout (it hung forever before).
      const answer = await remote.drive.walkToAttack({ viper: 'B' })
      await new Promise((resolve) => setTimeout(resolve, 0))
      remote.terminate()
      return { answer, seen, errorEvents, notAFunction }
    })
    await page.close()
    expect(result.notAFunction).toEqual({ name: 'RedzoneError', code: 'invalid-argument', message: 'redzone: onEvent: listener: expected a function, got "x"' })
    expect(result.answer).toEqual({ ok: true })
    expect(result.seen.length).toBeGreaterThan(1)
    expect(result.seen).toContain('attackerDeclared')
    expect(result.errorEvents).toEqual(result.seen.map(() => 'boom'))
    expect(pageErrors).toEqual([])
  }, 60_000)

  it('refuses misuse on the page with a RedzoneError naming the argument, and no call hangs: after dispose, after terminate, a worker that did not load', async () => {
    const page = await chromium.context.newPage()
    await page.goto(`${served.url}/`)
    const result = await page.evaluate(async () => {
      const g = globalThis as unknown as { redzoneWorker: WorkerApi; Worker: new (url: string) => { terminate(): void } }
      const position = { players: [{ id: 'A' }, { id: 'B' }], objects: [{ id: 'viper', controller: 'A', types: ['creature'], power: 1, toughness: 1 }] }
      const outcome = async (run: () => Promise<unknown> | unknown): Promise<unknown> => {
        try {
          // A hang fails the test at its timeout.
          return { value: await run() }
        } catch (error) {
          return { name: (error as Error).name, code: (error as { code?: unknown }).code, message: (error as Error).message }
        }
      }
      const remote = await g.redzoneWorker.createRemoteGame(new g.Worker('/worker.js') as never, position as never)
      const unknownViewer = await outcome(() => remote.onEvent(() => undefined, { viewer: 'Z' }))
      const misspeltViewer = await outcome(() => remote.onEvent(() => undefined, { veiwer: 'B' } as never))
      const unknownOption = await outcome(() => g.redzoneWorker.createRemoteGame({ postMessage() {}, addEventListener() {} } as never, position as never, { sed: 7 } as never))
      const maxNegative = await outcome(() => remote.runAgents({ max: -1 }))
      const maxText = await outcome(() => remote.runAgents({ max: 'x' as never }))
      const restoreNothing = await outcome(() => (remote.restore as () => Promise<void>)())
      const restoreObject = await outcome(() => remote.restore({} as never))
      const nullSource = await outcome(() => g.redzoneWorker.createRemoteGame(new g.Worker('/worker.js') as never, null as never))
      const notAWorker = await outcome(() => g.redzoneWorker.createRemoteGame({} as never, position as never))
      const missingScript = await outcome(() => g.redzoneWorker.createRemoteGame(new g.Worker('/missing.js') as never, position as never))
      remote.dispose()
      const afterDispose = await outcome(() => remote.pendingDecision())
      const worker = new g.Worker('/worker.js')
      const second = await g.redzoneWorker.createRemoteGame(worker as never, position as never)
      const pending = outcome(() => second.pendingDecision())
      second.terminate()
      const afterTerminate = await outcome(() => second.pendingDecision())
      return { unknownViewer, misspeltViewer, unknownOption, maxNegative, maxText, restoreNothing, restoreObject, nullSource, notAWorker, missingScript, afterDispose, pending: await pending, afterTerminate }
    })
    await page.close()
    const refusal = (code: string, message: RegExp) => ({ name: 'RedzoneError', code, message: expect.stringMatching(message) })
    expect(result.unknownViewer).toEqual(refusal('unknown-entity', /^redzone: onEvent: the viewer "Z" is not a player of this game$/))
    expect(result.misspeltViewer).toEqual(refusal('invalid-argument', /^redzone: onEvent: options\.veiwer: unknown option; expected one of viewer$/))
    expect(result.unknownOption).toEqual(refusal('invalid-argument', /^redzone: createRemoteGame: options\.sed: unknown option; expected one of seed, agents$/))
    expect(result.maxNegative).toEqual(refusal('invalid-argument', /^redzone: runAgents: max must be .*, got -1$/))
    expect(result.maxText).toEqual(refusal('invalid-argument', /^redzone: runAgents: max must be .*, got "x"$/))
    expect(result.restoreNothing).toEqual(refusal('invalid-argument', /^redzone: restore: snapshot must be an ArrayBuffer .*, got undefined$/))
    expect(result.restoreObject).toEqual(refusal('invalid-argument', /^redzone: restore: snapshot must be an ArrayBuffer .*, got an object$/))
    expect(result.nullSource).toEqual(refusal('invalid-argument', /^redzone: createRemoteGame: source: expected .*, got null$/))
    expect(result.notAWorker).toEqual(refusal('invalid-argument', /^redzone: createRemoteGame: worker must be a Worker/))
    expect(result.missingScript).toEqual(refusal('no-game', /^redzone: createRemoteGame: the worker failed before it started a game/))
    expect(result.afterDispose).toEqual(refusal('no-game', /^redzone: pendingDecision: the remote game was disposed$/))
    expect(result.pending).toEqual(refusal('no-game', /^redzone: pendingDecision: the worker was terminated$/))
    expect(result.afterTerminate).toEqual(refusal('no-game', /^redzone: pendingDecision: the worker was terminated$/))
  }, 60_000)
})
