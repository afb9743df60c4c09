/**
 * The redzone-rl/3 protocol (`redzone serve --stdio`, src/node/rl-server.ts), in process: every bad
 * request gets an error frame with a redzone error code and leaves the env as it was; a batch
 * carries exactly the env's buffers, and the final observations of the envs whose game ended.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { OP, RlServer, type ServeInfo } from '../../src/node/rl-server.js'
import { ACTION_SIZE, OBJECT_FEATURES, OBJECT_SIZE, OBJECT_SLOTS, OBS_SIZE, OFFSET } from '../../src/rl/layout.js'
import { envBuilder, onWritten, VecEnv } from '../../src/rl/vec-env.js'
import { Rng } from '../../src/core/rng.js'

function reply(server: RlServer, op: number, payload: Buffer = Buffer.alloc(0)): { status: number; body: Buffer } {
  const bytes = Buffer.concat(server.handle(op, payload))
  const length = bytes.readUInt32LE(0)
  expect(bytes.length).toBe(length + 4)
  return { status: bytes[4]!, body: bytes.subarray(5) }
}

function hello(server: RlServer, options: object): ServeInfo {
  const r = reply(server, OP.HELLO, Buffer.from(JSON.stringify(options)))
  expect(r.status, r.body.toString()).toBe(0)
  return JSON.parse(r.body.toString()) as ServeInfo
}

function error(r: { status: number; body: Buffer }): { code: string; message: string } {
  expect(r.status).toBe(1)
  return JSON.parse(r.body.toString()) as { code: string; message: string }
}

/** Runs `request` with a failure thrown once env `at` has been written and captured (the server's `onWritten` hook), then puts the hook back. */
function failingAfterCapture<T>(env: VecEnv, at: number, message: string, request: () => T): T {
  const hook = env['afterWrite']!
  onWritten(env, (i) => {
    hook(i)
    if (i === at) throw new Error(message)
  })
  try {
    return request()
  } finally {
    onWritten(env, hook)
  }
}

/** Runs `request` with a failure thrown in the middle of env `at`'s write (its row written, its capture never taken), then puts the writer back. */
function failingInsideWrite<T>(env: VecEnv, at: number, message: string, request: () => T): T {
  const builder = envBuilder(env, at)
  const write = builder.observeAt
  builder.observeAt = function (...args: Parameters<typeof write>): void {
    write.apply(this, args)
    throw new Error(message)
  }
  try {
    return request()
  } finally {
    builder.observeAt = write
  }
}

/**
 * A delta batch's changed floats set into `held` (the client's copy, as bits): each index within
 * obs and named once, the mask as the env holds it. How many floats it set.
 */
function applyDelta(r: { status: number; body: Buffer }, info: ServeInfo, env: VecEnv, held: Uint32Array): number {
  expect(r.status, r.body.toString()).toBe(0)
  const n = env.n
  const maskAt = info.headBytes
  expect(r.body.subarray(maskAt, maskAt + n * ACTION_SIZE).equals(Buffer.from(env.mask))).toBe(true)
  const count = r.body.readUInt32LE(maskAt + n * ACTION_SIZE)
  const at = maskAt + n * ACTION_SIZE + 4
  // Checked together, once a batch (a full batch names every float of obs).
  const seen = new Uint8Array(n * OBS_SIZE)
  let outside = 0
  let twice = 0
  for (let k = 0; k < count; k++) {
    const index = r.body.readUInt32LE(at + 4 * k)
    if (index >= n * OBS_SIZE) {
      outside++
      continue
    }
    if (seen[index] === 1) twice++
    seen[index] = 1
    held[index] = r.body.readUInt32LE(at + 4 * count + 4 * k)
  }
  expect({ outside, twice }, 'indices past obs, and indices named twice').toEqual({ outside: 0, twice: 0 })
  return count
}

/** One action per env, uniform among those its mask allows. */
function maskedActions(env: VecEnv, rng: Rng): Int32Array {
  const actions = new Int32Array(env.n)
  for (let i = 0; i < env.n; i++) {
    const allowed: number[] = []
    for (let a = 0; a < ACTION_SIZE; a++) if (env.mask[i * ACTION_SIZE + a] === 1) allowed.push(a)
    actions[i] = allowed[rng.int(allowed.length)]!
  }
  return actions
}

describe('redzone-rl/3: serve', () => {
  it('answers HELLO with the layout and sizes, and a batch with the env buffers (pipe transport)', () => {
    const server = new RlServer()
    const info = hello(server, { n: 3, seed: 9, opponent: 'self' })
    expect(info).toMatchObject({ protocol: 'redzone-rl/3', n: 3, obsSize: OBS_SIZE, actionSize: ACTION_SIZE, transport: 'pipe', headBytes: 24 })
    expect(info.obsLayout.size).toBe(OBS_SIZE)
    const env = new VecEnv({ n: 3, seed: 9, opponent: 'self' })
    const r = reply(server, OP.RESET, Buffer.from(new Float64Array([9]).buffer))
    expect(r.status).toBe(0)
    expect(r.body.length).toBe(info.headBytes + info.shmBytes)
    const obs = new Float32Array(r.body.buffer.slice(r.body.byteOffset + info.headBytes, r.body.byteOffset + info.headBytes + OBS_SIZE * 3 * 4))
    expect(Buffer.from(obs.buffer).equals(Buffer.from(env.obs.buffer))).toBe(true)
    expect(r.body.subarray(info.headBytes + info.maskOffset).equals(Buffer.from(env.mask))).toBe(true)
    expect([...r.body.subarray(18, 21)]).toEqual([...env.seat])
  })

  for (const transport of ['pipe', 'shm', 'delta'] as const) {
    it(`sends each seat's final observation of the envs whose game ended, after the arrays (${transport})`, () => {
      const dir = mkdtempSync(join(tmpdir(), 'redzone-rl-'))
      const shm = join(dir, 'shm')
      if (transport === 'shm') writeFileSync(shm, '')
      const server = new RlServer()
      const options = { n: 3, seed: 5, opponent: 'self', maxSteps: 25 } as const
      const info = hello(server, { ...options, ...(transport === 'shm' ? { shm } : transport === 'delta' ? { delta: true } : {}) })
      expect(info.transport).toBe(transport)
      const env = new VecEnv(options)
      let arrays = transport === 'pipe' ? info.shmBytes : 0
      let ended = 0
      try {
        for (let s = 0; s < 60; s++) {
          const actions = new Int32Array(3)
          for (let i = 0; i < 3; i++) actions[i] = env.mask.subarray(i * ACTION_SIZE, (i + 1) * ACTION_SIZE).indexOf(1)
          env.step(actions)
          const r = reply(server, OP.STEP, Buffer.from(actions.buffer))
          expect(r.status).toBe(0)
          if (transport === 'delta') arrays = 3 * ACTION_SIZE + 4 + 8 * r.body.readUInt32LE(info.headBytes + 3 * ACTION_SIZE)
          const done = [0, 1, 2].filter((i) => env.terminated[i] || env.truncated[i])
          expect([...r.body.subarray(12, 15)]).toEqual([...env.terminated])
          expect(r.body.length).toBe(info.headBytes + arrays + done.length * 2 * OBS_SIZE * 4)
          done.forEach((i, k) => {
            const at = info.headBytes + arrays + k * 2 * OBS_SIZE * 4
            const want = Buffer.from(env.finalObs.buffer, i * 2 * OBS_SIZE * 4, 2 * OBS_SIZE * 4)
            expect(r.body.subarray(at, at + want.length).equals(want), `env ${i}`).toBe(true)
          })
          ended += done.length
        }
      } finally {
        server.close()
        rmSync(dir, { recursive: true, force: true })
      }
      expect(ended).toBeGreaterThan(2)
    })
  }

  it('delta transport: obs rebuilt from the changed floats of each batch equals the server env\'s, bit for bit, through resets, restarts, refused and failed requests and game ends', () => {
    const server = new RlServer()
    const n = 8
    const info = hello(server, { n, seed: 21, opponent: 'self', maxSteps: 70, delta: true })
    const env = server['env'] as VecEnv
    const held = new Uint32Array(n * OBS_SIZE)
    const rng = new Rng(8)
    let floats = 0
    let batches = 0
    let failed = 0
    const apply = (r: { status: number; body: Buffer }): void => {
      floats += applyDelta(r, info, env, held)
      batches++
      expect(Buffer.from(held.buffer).equals(Buffer.from(env.obs.buffer, env.obs.byteOffset, env.obs.byteLength)), `batch ${batches}`).toBe(true)
    }
    const masked = (): Int32Array => maskedActions(env, rng)
    apply(reply(server, OP.RESET, Buffer.from(new Float64Array([21]).buffer)))
    for (let s = 0; s < 400; s++) {
      if (s % 120 === 119) apply(reply(server, OP.RESET, Buffer.from(new Float64Array([s]).buffer)))
      else if (s % 53 === 52) apply(reply(server, OP.RESTART, Buffer.from(new Uint32Array([s % n]).buffer)))
      else {
        // A refused step moves no game: the next batch still carries every change.
        if (s % 31 === 30) expect(error(reply(server, OP.STEP, Buffer.from(new Int32Array(n).fill(ACTION_SIZE + 1).buffer))).code).toBe('invalid-argument')
        // A step that fails after some games moved (here: after env 3 is written): nothing of it is sent, and the next batch brings the client level.
        if (s % 45 === 44) {
          expect(error(failingAfterCapture(env, 3, 'injected failure', () => reply(server, OP.STEP, Buffer.from(masked().buffer)))).message).toBe('injected failure')
          failed++
        }
        // A step that fails in the middle of env 5's write (its row written, its capture never
        // taken): the next batch brings that env level too.
        if (s % 45 === 22) {
          expect(error(failingInsideWrite(env, 5, 'injected failure in a write', () => reply(server, OP.STEP, Buffer.from(masked().buffer)))).message).toBe('injected failure in a write')
          failed++
        }
        apply(reply(server, OP.STEP, Buffer.from(masked().buffer)))
      }
    }
    expect(env.stats.games).toBeGreaterThan(n)
    expect(failed).toBeGreaterThan(10)
    // Far fewer floats than whole observations: the point of the transport.
    expect(floats / batches).toBeLessThan((n * OBS_SIZE) / 10)
  })

  it('delta transport: a STEP first after HELLO, and two failed requests in a row that both wrote, still rebuild obs bit for bit', () => {
    const server = new RlServer()
    const n = 6
    const info = hello(server, { n, seed: 9, opponent: 'self', delta: true })
    const env = server['env'] as VecEnv
    const held = new Uint32Array(n * OBS_SIZE)
    const rng = new Rng(4)
    const level = (r: { status: number; body: Buffer }, at: string): void => {
      applyDelta(r, info, env, held)
      expect(Buffer.from(held.buffer).equals(Buffer.from(env.obs.buffer, env.obs.byteOffset, env.obs.byteLength)), at).toBe(true)
    }
    // No RESET: the first batch sends every nonzero float of every env (the client holds zeros).
    level(reply(server, OP.STEP, Buffer.from(maskedActions(env, rng).buffer)), 'first step')
    for (let s = 0; s < 40; s++) {
      if (s % 10 === 3) {
        // Two failures in a row: after env 1's capture, then inside env 2's write.
        expect(error(failingAfterCapture(env, 1, 'after a capture', () => reply(server, OP.STEP, Buffer.from(maskedActions(env, rng).buffer)))).message).toBe('after a capture')
        expect(error(failingInsideWrite(env, 2, 'inside a write', () => reply(server, OP.STEP, Buffer.from(maskedActions(env, rng).buffer)))).message).toBe('inside a write')
      }
      level(reply(server, OP.STEP, Buffer.from(maskedActions(env, rng).buffer)), `step ${s}`)
    }
  })

  it('delta transport over whole games (no step cap): every batch rebuilt bit for bit while every object feature the decks can change changes', () => {
    // The server sends only what the observation writer notes it wrote in the object rows (the
    // floats `ObjectRows.written` names) and what changed in the spans around them: a write it does
    // not note leaves the client's copy stale. (Tried by hand: a float written but not noted, the
    // `sick` or the `chosen` one, fails this test; the capped games above, 70 steps, never change a
    // creature's damage for long enough to.)
    const server = new RlServer()
    const n = 16
    const info = hello(server, { n, seed: 5, opponent: 'self', delta: true })
    const env = server['env'] as VecEnv
    const held = new Uint32Array(n * OBS_SIZE)
    const bits = new Uint32Array(env.obs.buffer, env.obs.byteOffset, env.obs.length)
    const before = new Uint32Array(n * OBS_SIZE)
    const changed = new Set<number>()
    // The histograms (graveyards and the library seen in a search): the server compares only the
    // floats they list nonzero before and after a write, so each must see floats rise from zero,
    // rise and fall to zero.
    const histograms = [['myGraveyard', OFFSET.myGraveyard, OFFSET.theirGraveyard], ['theirGraveyard', OFFSET.theirGraveyard, OFFSET.myLibrarySeen], ['myLibrarySeen', OFFSET.myLibrarySeen, OBS_SIZE]] as const
    const histogramMoves = new Set<string>()
    const floats = new Float32Array(bits.buffer, bits.byteOffset, bits.length)
    const floatsBefore = new Float32Array(before.buffer)
    const rng = new Rng(3)
    let batches = 0
    const apply = (r: { status: number; body: Buffer }): void => {
      applyDelta(r, info, env, held)
      batches++
      expect(Buffer.from(held.buffer).equals(Buffer.from(bits.buffer, bits.byteOffset, bits.byteLength)), `batch ${batches}`).toBe(true)
      for (let i = 0; i < n; i++) {
        for (let r = 0; r < OBJECT_SLOTS; r++) {
          const row = i * OBS_SIZE + OFFSET.objects + r * OBJECT_SIZE
          for (let f = 0; f < OBJECT_SIZE; f++) if (bits[row + f] !== before[row + f]) changed.add(f)
        }
        for (const [name, first, end] of histograms) {
          for (let j = i * OBS_SIZE + first, e = i * OBS_SIZE + end; j < e; j++) {
            const now = floats[j]!
            const then = floatsBefore[j]!
            if (now > then) histogramMoves.add(`${name} ${then === 0 ? 'from zero' : 'up'}`)
            else if (now < then) histogramMoves.add(`${name} ${now === 0 ? 'to zero' : 'down'}`)
          }
        }
      }
      before.set(bits)
    }
    apply(reply(server, OP.RESET, Buffer.from(new Float64Array([5]).buffer)))
    for (let s = 0; s < 1500; s++) apply(reply(server, OP.STEP, Buffer.from(maskedActions(env, rng).buffer)))
    expect(env.stats.games).toBeGreaterThan(n)
    // What these games cannot change: no card of the pool is a planeswalker (so loyalty stays 0,
    // CR 306.5b) or a sorcery, and the built-in decks hold no indestructible or trample over
    // planeswalkers card. Every other object feature changed.
    const never = OBJECT_FEATURES.filter((_, f) => !changed.has(f)).map((feature) => feature.name)
    expect(never).toEqual(['loyalty', 'keyword.indestructible', 'keyword.trample over planeswalkers', 'type.planeswalker', 'type.sorcery'])
    // A graveyard's count of a card only grows within a game (these decks take nothing out of a
    // graveyard) and falls to zero at the next; the library seen is written for a search and cleared after it.
    expect([...histogramMoves].sort()).toEqual(
      ['myGraveyard from zero', 'myGraveyard to zero', 'myGraveyard up', 'myLibrarySeen from zero', 'myLibrarySeen to zero', 'theirGraveyard from zero', 'theirGraveyard to zero', 'theirGraveyard up'].sort(),
    )
  }, 60_000)

  it('refuses requests before HELLO, a second HELLO, unknown ops and options, and wrong payload sizes', () => {
    const server = new RlServer()
    expect(error(reply(server, OP.STEP, Buffer.alloc(4))).message).toMatch(/first request must be HELLO/)
    expect(error(reply(server, OP.HELLO, Buffer.from('{nope'))).message).toMatch(/not JSON/)
    expect(error(reply(server, OP.HELLO, Buffer.from('{"n":2,"gpu":true}'))).message).toMatch(/unknown option "gpu"/)
    expect(error(reply(server, OP.HELLO, Buffer.from('{"opponent":"alphazero"}'))).message).toMatch(/opponent/)
    expect(error(reply(server, OP.HELLO, Buffer.from('{"n":0}'))).code).toBe('invalid-argument')
    expect(error(reply(server, OP.HELLO, Buffer.from('{"delta":"yes"}'))).message).toMatch(/delta is true or false/)
    expect(error(reply(server, OP.HELLO, Buffer.from('{"delta":true,"shm":"/dev/shm/x"}'))).message).toMatch(/one transport/)
    hello(server, { n: 2 })
    expect(error(reply(server, OP.HELLO, Buffer.from('{}'))).message).toMatch(/already made/)
    expect(error(reply(server, 99)).message).toMatch(/unknown op 99/)
    expect(error(reply(server, OP.STEP, Buffer.alloc(4))).message).toMatch(/8 bytes, not 4/)
    expect(error(reply(server, OP.OBSERVE, Buffer.from(new Uint32Array([0, 2]).buffer))).message).toMatch(/seat/)
    expect(error(reply(server, OP.RESTART, Buffer.from(new Uint32Array([5]).buffer))).message).toMatch(/env 5/)
  })

  it('refuses a step the mask does not allow and steps no game', () => {
    const server = new RlServer()
    const info = hello(server, { n: 2, seed: 4, opponent: 'random' })
    const before = reply(server, OP.RESET, Buffer.from(new Float64Array([4]).buffer)).body
    const mask = before.subarray(info.headBytes + info.maskOffset)
    const allowed = (i: number): number => mask.subarray(i * ACTION_SIZE, (i + 1) * ACTION_SIZE).indexOf(1)
    const banned = mask.subarray(ACTION_SIZE, 2 * ACTION_SIZE).indexOf(0)
    const e = error(reply(server, OP.STEP, Buffer.from(new Int32Array([allowed(0), banned]).buffer)))
    expect(e).toMatchObject({ code: 'invalid-argument' })
    expect(e.message).toMatch(/env 1/)
    const stats = JSON.parse(reply(server, OP.STATS).body.toString()) as { steps: number }
    expect(stats.steps).toBe(0)
  })

  it('redzone serve --stdio exits cleanly at the end of its input and refuses a frame of another protocol', () => {
    const cli = join(import.meta.dirname, '..', '..', 'dist', 'cli.js')
    const empty = spawnSync(process.execPath, [cli, 'serve', '--stdio'], { input: Buffer.alloc(0) })
    expect(empty.status).toBe(0)
    const junk = spawnSync(process.execPath, [cli, 'serve', '--stdio'], { input: Buffer.from('GET / HTTP/1.1\r\n\r\n') })
    expect(junk.status).toBe(2)
    expect(junk.stderr.toString()).toMatch(/not this protocol/)
  })
})
