/**
 * The learning environment over a byte stream (`redzone serve --stdio`): the protocol a Python
 * client (python/redzone) speaks to a `VecEnv`. One request frame, one response frame; a batch's
 * arrays travel either in the response frame (transport `pipe`) or in a shared-memory file the
 * client maps (transport `shm`: only the small arrays travel in the frame). All numbers are
 * little-endian.
 *
 *   request:  u32 length (of what follows) | u8 op | payload
 *   response: u32 length (of what follows) | u8 status (0 ok, 1 error) | payload
 *
 * Ops (payloads): HELLO (UTF-8 JSON `ServeOptions`) -> JSON `ServeInfo`; RESET (f64 seed, NaN:
 * every env starts its next game) -> batch; STEP (i32 x n actions) -> batch; RESTART (u32 env) ->
 * batch; OBSERVE (u32 env, u32 seat) -> f32 x OBS_SIZE; STATS -> JSON `VecEnvStats`; CLOSE -> empty.
 * An error payload is JSON `{ code, message }` (a `RedzoneError` code). A request refused (bad
 * input, an action the mask does not allow) leaves the env as before; one that fails after games
 * moved (an internal error) leaves their steps taken, and the next batch brings the client level.
 *
 * A batch: reward f32 x n | terminated u8 x n | truncated u8 x n | seat u8 x n | winner i8 x n |
 * zero padding to a multiple of 4 | the observations and masks, by transport | finals: for each
 * env whose terminated or truncated byte is 1, in env order, f32 x 2*OBS_SIZE, seat 0's then seat
 * 1's observation of the game that ended (`VecEnv.finalObs`). The observations and masks:
 *
 * - `pipe`: obs f32 x n*OBS_SIZE | mask u8 x n*ACTION_SIZE, whole, in the frame.
 * - `shm`: nothing in the frame; the file holds obs (at 0) then mask, written before the response.
 * - `delta` (HELLO option `delta: true`): mask u8 x n*ACTION_SIZE | u32 count | u32 x count float
 *   indices into obs (n*OBS_SIZE floats, env-major) | u32 x count the new values' bits (f32): every
 *   float that changed since the last batch, each once, and maybe some that did not. The client
 *   starts with obs all zeros and sets each. The server keeps no copy of what the client holds:
 *   as env i is written (`onWriting`, `onWritten`, while its row is in cache), the spans before and
 *   after its object rows (the globals, the players, the histograms) are compared with themselves
 *   before the write, and of the object rows the floats the writer wrote are sent
 *   (`ObjectRows.written`: a group of floats whenever one of them may have changed): a few dozen of
 *   an env's 4,156 a step, so the frame is tens of kB where `shm` copies every float of every env
 *   into the file. A request that fails sends nothing; the next batch sends every float of each env
 *   it wrote (after HELLO, every nonzero float of every env: the client holds zeros).
 *
 * redzone-rl/2 added the finals; redzone-rl/3 the delta transport. A client of another protocol
 * refuses the server at HELLO.
 */
import { closeSync, ftruncateSync, openSync } from 'node:fs'
import { writeAll } from './fd-io.js'
import { internalError, RedzoneError } from '../core/errors.js'
import { IntList } from '../core/int-list.js'
import { ACTION_LAYOUT, ACTION_SIZE, OBJECT_SIZE, OBS_LAYOUT, OBS_SIZE, OBS_VERSION, OFFSET, type ActionLayout, type ObsLayout } from '../rl/layout.js'
import { envRows, onWriting, onWritten, VecEnv, type Opponent, type VecEnvStats } from '../rl/vec-env.js'
import type { DeckSpec } from '../play/decks.js'
import type { GameRecord } from '../play/record.js'

export const PROTOCOL = 'redzone-rl/3'

export const OP = { HELLO: 1, RESET: 2, STEP: 3, RESTART: 4, OBSERVE: 5, STATS: 6, CLOSE: 7 } as const

export interface ServeOptions {
  n?: number
  seed?: number
  /** The number in the batch of this server's first env (`VecEnvOptions.firstEnv`: a batch split over several servers). */
  firstEnv?: number
  opponent?: 'random' | 'heuristic' | 'search' | 'self'
  seat?: 0 | 1 | 'alternate'
  decks?: [DeckSpec, DeckSpec]
  maxSteps?: number
  /** A file the client created (in /dev/shm): the server sizes it and writes obs and mask there. */
  shm?: string | null
  /** The delta transport: each batch carries the floats of obs that changed (not with `shm`). */
  delta?: boolean
  /** A file to append each finished game's record to (JSONL, redzone-game/1). */
  records?: string | null
}

export interface ServeInfo {
  protocol: typeof PROTOCOL
  obsVersion: number
  obsSize: number
  actionSize: number
  n: number
  transport: 'pipe' | 'shm' | 'delta'
  /** Bytes of the small arrays at the head of a batch (reward .. winner, padded to 4). */
  headBytes: number
  /** In the shm file (or after the head in a pipe batch): where the mask begins, in bytes. */
  maskOffset: number
  /** Bytes of the shm file (obs and mask). */
  shmBytes: number
  obsLayout: ObsLayout
  actionLayout: ActionLayout
}

/** The delta transport: the spans of an observation before and after its object rows (first, end, ...), and their floats. */
const SPAN_BOUNDS = [0, OFFSET.objects, OFFSET.myGraveyard, OBS_SIZE] as const
const SPANS = OFFSET.objects + (OBS_SIZE - OFFSET.myGraveyard)
/** The spans an env's row has (`SPAN_BOUNDS`' pairs). */
const SPAN_COUNT = SPAN_BOUNDS.length / 2
const RESEND_NONZERO = 1
const RESEND_ALL = 2

const OPTION_KEYS = new Set(['n', 'seed', 'firstEnv', 'opponent', 'seat', 'decks', 'maxSteps', 'shm', 'delta', 'records'])

/** One env behind a byte protocol. `handle` takes a request's op and payload and returns the response frame. */
export class RlServer {
  private env: VecEnv | null = null
  private shmFd: number | null = null
  private recordsFd: number | null = null
  private head: Buffer = Buffer.alloc(0)
  private info: ServeInfo | null = null
  private observed = new Float32Array(OBS_SIZE)
  /** The delta transport is on (HELLO's `delta`). */
  private delta = false
  /** env's obs as bits (a view). */
  private bits: Int32Array<ArrayBufferLike> = new Int32Array(0)
  /** The delta transport: the spans around the object rows of the env being written, as they were before (`SPANS` floats). */
  private readonly before = new Int32Array(SPANS)
  /** The delta transport: the histogram floats of the env being written that were nonzero before (`ObjectRows.histogram` then; the first `beforeHistogramCount`). */
  private readonly beforeHistogram = new Int16Array(OBS_SIZE - OFFSET.myGraveyard)
  private beforeHistogramCount = 0
  /**
   * The delta transport: views of each env's spans in `bits` (env `i`'s at `i * SPAN_COUNT`),
   * made once, so that `saveSpans` copies them with the builtin `set` (a loop over a typed array
   * checks the array at each element: about 30 instructions a float).
   */
  private spanViews: Int32Array<ArrayBufferLike>[] = []
  /** The env being written (between `onWriting` and `onWritten`), or -1. */
  private writing = -1
  /** The request's changes so far: two lists of one length, index and new bits. */
  private readonly deltaIndex = new IntList()
  private readonly deltaValue = new IntList()
  /** Which envs the changes were taken for (each once a request). */
  private captured = new Uint8Array(0)
  private capturedCount = 0
  /**
   * Per env: 0, or what the client holds of it is not known from the last batch and the next
   * sends it whole: `RESEND_NONZERO` (the client holds zeros: after HELLO) or `RESEND_ALL` (after
   * a request that failed once the env was written).
   */
  private resend = new Uint8Array(0)
  private resendAny = false
  private readonly deltaCount = Buffer.alloc(4)
  closed = false

  /** The response frame (with its length prefix) to one request. Never throws for bad input: an error frame. */
  handle(op: number, payload: Buffer): Buffer[] {
    try {
      return this.dispatch(op, payload)
    } catch (error) {
      const code = error instanceof RedzoneError ? error.code : 'internal-error'
      const message = error instanceof Error ? error.message : String(error)
      return [frame(1, Buffer.from(JSON.stringify({ code, message }), 'utf8'))]
    }
  }

  private dispatch(op: number, payload: Buffer): Buffer[] {
    if (op === OP.HELLO) return [frame(0, Buffer.from(JSON.stringify(this.hello(payload)), 'utf8'))]
    if (op === OP.CLOSE) {
      this.close()
      return [frame(0, Buffer.alloc(0))]
    }
    const env = this.env
    if (env === null) throw new RedzoneError('invalid-argument', `op ${op}: the first request must be HELLO (op ${OP.HELLO})`)
    if (this.delta && (op === OP.RESET || op === OP.STEP || op === OP.RESTART)) {
      this.clearDeltas()
      try {
        return this.request(env, op, payload)
      } catch (error) {
        this.rollBack()
        throw error
      }
    }
    return this.request(env, op, payload)
  }

  private request(env: VecEnv, op: number, payload: Buffer): Buffer[] {
    switch (op) {
      case OP.RESET: {
        need(payload, 8, 'RESET')
        const seed = payload.readDoubleLE(0)
        if (Number.isNaN(seed)) for (let i = 0; i < env.n; i++) env.restart(i)
        else env.reset(seed)
        return this.batch()
      }
      case OP.STEP: {
        need(payload, env.n * 4, 'STEP')
        const actions = new Int32Array(payload.buffer.slice(payload.byteOffset, payload.byteOffset + env.n * 4))
        env.step(actions)
        return this.batch()
      }
      case OP.RESTART: {
        need(payload, 4, 'RESTART')
        env.restart(payload.readUInt32LE(0))
        return this.batch()
      }
      case OP.OBSERVE: {
        need(payload, 8, 'OBSERVE')
        const seat = payload.readUInt32LE(4)
        if (seat !== 0 && seat !== 1) throw new RedzoneError('invalid-argument', `OBSERVE: seat is 0 or 1, not ${seat}`)
        env.observeSeat(payload.readUInt32LE(0), seat, this.observed)
        return [frame(0, Buffer.from(this.observed.buffer, this.observed.byteOffset, this.observed.byteLength))]
      }
      case OP.STATS:
        return [frame(0, Buffer.from(JSON.stringify(env.stats satisfies VecEnvStats), 'utf8'))]
      default:
        throw new RedzoneError('invalid-argument', `unknown op ${op} (${PROTOCOL}: ${Object.entries(OP).map(([k, v]) => `${v} ${k}`).join(', ')})`)
    }
  }

  private hello(payload: Buffer): ServeInfo {
    if (this.env !== null) throw new RedzoneError('invalid-argument', 'HELLO: the env is already made (one HELLO per server)')
    let options: ServeOptions
    try {
      options = JSON.parse(payload.toString('utf8')) as ServeOptions
    } catch (error) {
      throw new RedzoneError('invalid-argument', `HELLO: the options are not JSON: ${(error as Error).message}`)
    }
    if (typeof options !== 'object' || options === null || Array.isArray(options)) throw new RedzoneError('invalid-argument', 'HELLO: the options are a JSON object')
    for (const key of Object.keys(options)) if (!OPTION_KEYS.has(key)) throw new RedzoneError('invalid-argument', `HELLO: unknown option "${key}" (expected ${[...OPTION_KEYS].join(', ')})`)
    if (options.opponent !== undefined && !['random', 'heuristic', 'search', 'self'].includes(options.opponent)) {
      throw new RedzoneError('invalid-argument', `HELLO: opponent is random, heuristic, search or self, not ${JSON.stringify(options.opponent)}`)
    }
    if (options.decks !== undefined && (!Array.isArray(options.decks) || options.decks.length !== 2)) throw new RedzoneError('invalid-argument', 'HELLO: decks is a pair [seat 0, seat 1]')
    if (options.delta !== undefined && typeof options.delta !== 'boolean') throw new RedzoneError('invalid-argument', `HELLO: delta is true or false, not ${JSON.stringify(options.delta)}`)
    if (options.delta && options.shm) throw new RedzoneError('invalid-argument', 'HELLO: one transport: shm or delta, not both')
    let recordsFd: number | null = null
    if (options.records) {
      try {
        recordsFd = openSync(options.records, 'a')
      } catch (error) {
        throw new RedzoneError('invalid-argument', `HELLO: records: can't open ${options.records}: ${(error as Error).message}`)
      }
    }
    const onRecord = recordsFd === null ? undefined : (record: GameRecord): void => writeAll(recordsFd!, Buffer.from(`${JSON.stringify(record)}\n`, 'utf8'))
    let env: VecEnv
    try {
      env = new VecEnv({
        n: options.n, seed: options.seed, firstEnv: options.firstEnv, opponent: options.opponent as Opponent | undefined, seat: options.seat,
        decks: options.decks, maxSteps: options.maxSteps, name: 'python', onRecord,
      })
    } catch (error) {
      if (recordsFd !== null) closeSync(recordsFd)
      throw error
    }
    const n = env.n
    const headBytes = align4(n * 8)
    const obsBytes = n * OBS_SIZE * 4
    const shmBytes = obsBytes + n * ACTION_SIZE
    if (options.shm) {
      try {
        this.shmFd = openSync(options.shm, 'r+')
        ftruncateSync(this.shmFd, shmBytes)
        // Every page written once now: a full /dev/shm fails here, not in the middle of a step (which has then already happened).
        const zeros = Buffer.alloc(Math.min(shmBytes, 1 << 20))
        for (let at = 0; at < shmBytes; at += zeros.length) writeAll(this.shmFd, zeros.subarray(0, Math.min(zeros.length, shmBytes - at)), at)
      } catch (error) {
        if (this.shmFd !== null) closeSync(this.shmFd)
        this.shmFd = null
        if (recordsFd !== null) closeSync(recordsFd)
        throw new RedzoneError('invalid-argument', `HELLO: shm: can't use ${options.shm} for ${shmBytes.toLocaleString('en-US')} bytes: ${(error as Error).message} (a smaller n, more room in /dev/shm, or transport="pipe")`)
      }
    }
    this.env = env
    this.recordsFd = recordsFd
    this.head = Buffer.alloc(headBytes)
    if (options.delta) {
      this.delta = true
      this.bits = new Int32Array(env.obs.buffer, env.obs.byteOffset, env.obs.length)
      this.spanViews = []
      for (let i = 0; i < n; i++) {
        for (let q = 0; q < SPAN_BOUNDS.length; q += 2) this.spanViews.push(this.bits.subarray(i * OBS_SIZE + SPAN_BOUNDS[q]!, i * OBS_SIZE + SPAN_BOUNDS[q + 1]!))
      }
      this.reserveDeltas(n * 256)
      this.captured = new Uint8Array(n)
      this.resend = new Uint8Array(n).fill(RESEND_NONZERO)
      this.resendAny = true
      // Each env's changes are taken as it is written, while its row is in cache.
      onWriting(env, (i) => this.saveSpans(env, i))
      onWritten(env, (i) => this.capture(env, i))
    }
    this.info = {
      protocol: PROTOCOL, obsVersion: OBS_VERSION, obsSize: OBS_SIZE, actionSize: ACTION_SIZE, n,
      transport: options.shm ? 'shm' : options.delta ? 'delta' : 'pipe', headBytes, maskOffset: obsBytes, shmBytes,
      obsLayout: OBS_LAYOUT, actionLayout: ACTION_LAYOUT,
    }
    return this.info
  }

  /** The batch response: the head in the frame, obs and mask in the frame or the shm file. */
  private batch(): Buffer[] {
    const env = this.env!
    const n = env.n
    const head = this.head
    Buffer.from(env.reward.buffer, env.reward.byteOffset, n * 4).copy(head, 0)
    Buffer.from(env.terminated.buffer, env.terminated.byteOffset, n).copy(head, n * 4)
    Buffer.from(env.truncated.buffer, env.truncated.byteOffset, n).copy(head, n * 5)
    Buffer.from(env.seat.buffer, env.seat.byteOffset, n).copy(head, n * 6)
    Buffer.from(env.winner.buffer, env.winner.byteOffset, n).copy(head, n * 7)
    const mask = Buffer.from(env.mask.buffer, env.mask.byteOffset, env.mask.byteLength)
    const finals = this.finals()
    let finalBytes = 0
    for (const part of finals) finalBytes += part.length
    if (this.delta) {
      const count = this.changes(env)
      this.captured.fill(0)
      this.capturedCount = 0
      this.deltaCount.writeUInt32LE(count, 0)
      const index = Buffer.from(this.deltaIndex.items.buffer, 0, count * 4)
      const value = Buffer.from(this.deltaValue.items.buffer, 0, count * 4)
      return [header(0, head.length + mask.length + 4 + count * 8 + finalBytes), head, mask, this.deltaCount, index, value, ...finals]
    }
    const obs = Buffer.from(env.obs.buffer, env.obs.byteOffset, env.obs.byteLength)
    if (this.shmFd !== null) {
      writeAll(this.shmFd, obs, 0)
      writeAll(this.shmFd, mask, obs.length)
      return [header(0, head.length + finalBytes), head, ...finals]
    }
    return [header(0, head.length + obs.length + mask.length + finalBytes), head, obs, mask, ...finals]
  }

  /** The delta transport, as env `i` is about to be written: the spans around its object rows as they are, and which of its histogram floats are nonzero. */
  private saveSpans(env: VecEnv, i: number): void {
    const before = this.before
    const views = this.spanViews
    this.writing = i
    let k = 0
    for (let q = i * SPAN_COUNT, e = q + SPAN_COUNT; q < e; q++) {
      const view = views[q]!
      before.set(view, k)
      k += view.length
    }
    const rows = envRows(env, i)
    const listed = rows.histogram
    const saved = this.beforeHistogram
    const count = rows.histogramCount
    for (let t = 0; t < count; t++) saved[t] = listed[t]!
    this.beforeHistogramCount = count
  }

  /**
   * The delta transport, once env `i` is written: the floats of the spans around its object rows
   * that differ from before the write (`saveSpans`; of the histograms, only the floats nonzero
   * before or after it are compared), and the floats of its object rows the writer
   * wrote (`ObjectRows.written`: each group of floats one of which may have changed), added to the
   * request's changes; or, for an env the client holds nothing known of (`resend`), its whole row.
   * An env is written once a request (`VecEnv`): a second write would list its floats twice, so it
   * is refused (the request fails).
   */
  private capture(env: VecEnv, i: number): void {
    if (this.captured[i] === 1) throw internalError(`serve: env ${i} written twice in one request`)
    // Marked first: a failure below still has the env sent whole by the next batch (`rollBack`).
    this.captured[i] = 1
    this.capturedCount++
    if (this.writing !== i) throw internalError(`serve: env ${i} written without onWriting`)
    this.writing = -1
    const bits = this.bits
    const before = this.before
    const index = this.deltaIndex
    const value = this.deltaValue
    const base = i * OBS_SIZE
    const rows = envRows(env, i)
    // The worst case of an env: every float. Room for it first.
    this.reserveDeltas(OBS_SIZE)
    if (this.resend[i] !== 0) {
      this.sendWhole(i)
      rows.forgetTouched()
      return
    }
    let count = index.length
    const ids = index.items
    const values = value.items
    // The globals and the players, float by float.
    for (let j = base, e = base + OFFSET.objects, k = 0; j < e; j++, k++) {
      const v = bits[j]!
      if (v === before[k]) continue
      ids[count] = j
      values[count++] = v
    }
    // The histograms: a float of theirs is nonzero only while the rows list it
    // (`ObjectRows.histogram`), so what changed is among the floats listed before the write (each
    // compared with its value then) and those listed after it that were zero before.
    const shift = OFFSET.objects - OFFSET.myGraveyard
    const listedBefore = this.beforeHistogram
    for (let t = 0, e = this.beforeHistogramCount; t < e; t++) {
      const at = listedBefore[t]!
      const v = bits[base + at]!
      if (v === before[at + shift]) continue
      ids[count] = base + at
      values[count++] = v
    }
    const listed = rows.histogram
    for (let t = 0, e = rows.histogramCount; t < e; t++) {
      const at = listed[t]!
      if (before[at + shift] !== 0) continue
      ids[count] = base + at
      values[count++] = bits[base + at]!
    }
    const touched = rows.touched
    const written = rows.written
    for (let t = 0; t < rows.touchedCount; t++) {
      const s = touched[t]!
      for (let w = 0; w < 2; w++) {
        let features = written[2 * s + w]!
        const at = base + OFFSET.objects + s * OBJECT_SIZE + 32 * w
        while (features !== 0) {
          const j = at + 31 - Math.clz32(features & -features)
          features &= features - 1
          ids[count] = j
          values[count++] = bits[j]!
        }
      }
    }
    rows.forgetTouched()
    index.length = value.length = count
  }

  /** Adds every float of env `i`'s row (`RESEND_NONZERO`: the nonzero ones) to the request's changes (room reserved), and clears its `resend`. */
  private sendWhole(i: number): void {
    const bits = this.bits
    const index = this.deltaIndex
    const value = this.deltaValue
    const all = this.resend[i] === RESEND_ALL
    let count = index.length
    for (let j = i * OBS_SIZE, e = j + OBS_SIZE; j < e; j++) {
      const v = bits[j]!
      if (v === 0 && !all) continue
      index.items[count] = j
      value.items[count++] = v
    }
    index.length = value.length = count
    this.resend[i] = 0
  }

  /** The request's changes, to send: those taken as each env was written (`capture`), and the whole row of each env still to `resend`. How many. */
  private changes(env: VecEnv): number {
    if (this.resendAny) {
      for (let i = 0; i < env.n; i++) {
        if (this.resend[i] === 0) continue
        this.reserveDeltas(OBS_SIZE)
        this.sendWhole(i)
        envRows(env, i).forgetTouched()
      }
      this.resendAny = false
    }
    return this.deltaIndex.length
  }

  /**
   * A request failed: none of its changes is sent, and each env it wrote (or began to write) is
   * sent whole by the next batch (the client holds it as the last batch left it). A request
   * refused before any game moved (a step the mask does not allow) wrote none.
   */
  private rollBack(): void {
    const env = this.env!
    if (this.writing >= 0) this.captured[this.writing] = 1
    this.writing = -1
    for (let i = 0; i < env.n; i++) {
      if (this.captured[i] === 0) continue
      this.resend[i] = RESEND_ALL
      this.resendAny = true
      envRows(env, i).forgetTouched()
    }
    this.clearDeltas()
    this.captured.fill(0)
    this.capturedCount = 0
  }

  private reserveDeltas(extra: number): void {
    this.deltaIndex.reserve(extra)
    this.deltaValue.reserve(extra)
  }

  private clearDeltas(): void {
    this.deltaIndex.clear()
    this.deltaValue.clear()
  }

  /** The final observations of the envs whose game ended on this request (views of `finalObs`, no copy). */
  private finals(): Buffer[] {
    const env = this.env!
    const parts: Buffer[] = []
    const rowBytes = 2 * OBS_SIZE * 4
    for (let i = 0; i < env.n; i++) {
      if (env.terminated[i] === 0 && env.truncated[i] === 0) continue
      parts.push(Buffer.from(env.finalObs.buffer, env.finalObs.byteOffset + i * rowBytes, rowBytes))
    }
    return parts
  }

  close(): void {
    if (this.closed) return
    this.closed = true
    if (this.shmFd !== null) closeSync(this.shmFd)
    if (this.recordsFd !== null) closeSync(this.recordsFd)
    this.shmFd = null
    this.recordsFd = null
  }
}

function need(payload: Buffer, bytes: number, op: string): void {
  if (payload.length !== bytes) throw new RedzoneError('invalid-argument', `${op}: a payload of ${bytes} bytes, not ${payload.length}`)
}

function align4(bytes: number): number {
  return (bytes + 3) & ~3
}

function header(status: number, length: number): Buffer {
  const h = Buffer.alloc(5)
  h.writeUInt32LE(length + 1, 0)
  h.writeUInt8(status, 4)
  return h
}

function frame(status: number, payload: Buffer): Buffer {
  return Buffer.concat([header(status, payload.length), payload])
}


