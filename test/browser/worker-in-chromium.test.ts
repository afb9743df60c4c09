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
})
