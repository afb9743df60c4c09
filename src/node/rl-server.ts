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
 * An error payload is JSON `{ code, message }` (a `RedzoneError` code): the env is as before.
 *
 * A batch: reward f32 x n | terminated u8 x n | truncated u8 x n | seat u8 x n | winner i8 x n |
 * zero padding to a multiple of 4 | the observations and masks, by transport | finals: for each
 * env whose terminated or truncated byte is 1, in env order, f32 x 2*OBS_SIZE, seat 0's then seat
 * 1's observation of the game that ended (`VecEnv.finalObs`). The observations and masks:
 *
 * - `pipe`: obs f32 x n*OBS_SIZE | mask u8 x n*ACTION_SIZE, whole, in the frame.
 * - `shm`: nothing in the frame; the file holds obs (at 0) then mask, written before the response.
 * - `delta` (HELLO option `delta: true`): mask u8 x n*ACTION_SIZE | u32 count | u32 x count float
 *   indices into obs (n*OBS_SIZE floats, env-major) | u32 x count the new values' bits (f32): the
 *   floats that changed since the last batch, each once. The client starts with
 *   obs all zeros (as the server's copy of what it holds) and sets each; only the floats the
 *   observation writer may have written are compared (the globals, the players, the histograms
 *   and the object rows it touched: `ObjectRows.touched`), a few hundred of an env's 4,156, so
 *   the frame is tens of kB where `shm` copies every float of every env into the file. Each env's
 *   changes are taken as soon as it is written (`onWritten`); a request that fails sends none, the
 *   server's copy is rolled back, and the next batch compares every float.
 *
 * redzone-rl/2 added the finals; redzone-rl/3 the delta transport. A client of another protocol
 * refuses the server at HELLO.
 */
import { closeSync, ftruncateSync, openSync } from 'node:fs'
import { writeAll } from './fd-io.js'
import { internalError, RedzoneError } from '../core/errors.js'
import { IntList } from '../core/int-list.js'
import { ACTION_LAYOUT, ACTION_SIZE, OBJECT_SIZE, OBS_LAYOUT, OBS_SIZE, OBS_VERSION, OFFSET, type ActionLayout, type ObsLayout } from '../rl/layout.js'
import { envRows, onWritten, VecEnv, type Opponent, type VecEnvStats } from '../rl/vec-env.js'
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

const OPTION_KEYS = new Set(['n', 'seed', 'firstEnv', 'opponent', 'seat', 'decks', 'maxSteps', 'shm', 'delta', 'records'])

/** One env behind a byte protocol. `handle` takes a request's op and payload and returns the response frame. */
export class RlServer {
  private env: VecEnv | null = null
  private shmFd: number | null = null
  private recordsFd: number | null = null
  private head: Buffer = Buffer.alloc(0)
  private info: ServeInfo | null = null
  private observed = new Float32Array(OBS_SIZE)
  /**
   * The delta transport: obs as the client holds it (its bits); the request's changes so far
   * (three lists of one length: index, new bits, the bits they replaced); which envs they were
   * taken for; and whether the next batch must compare every float (after HELLO, and after a
   * request that failed: its changes were never sent).
   */
  private shadow: Int32Array | null = null
  /** env's obs as bits (a view), what `shadow` is compared with. */
  private bits: Int32Array<ArrayBufferLike> = new Int32Array(0)
  private readonly deltaIndex = new IntList()
  private readonly deltaValue = new IntList()
  private readonly deltaOld = new IntList()
  private captured = new Uint8Array(0)
  private capturedCount = 0
  private resync = true
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
    if (this.shadow !== null && (op === OP.RESET || op === OP.STEP || op === OP.RESTART)) {
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
      this.shadow = new Int32Array(n * OBS_SIZE)
      this.bits = new Int32Array(env.obs.buffer, env.obs.byteOffset, env.obs.length)
      this.reserveDeltas(n * 256)
      this.captured = new Uint8Array(n)
      // Each env's changes are taken as soon as it is written, while its rows are in cache.
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
    if (this.shadow !== null) {
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

  /**
   * The delta transport, once env `i` is written: the floats of its observation whose bits differ
   * from `shadow` (what the client holds), compared where the writer may have written since (the
   * spans before and after the object rows, and the rows its `ObjectRows` touched), added to the
   * request's changes; `shadow` then holds them too. An env is written once a request (`VecEnv`):
   * a second write would list its floats twice, so it is refused (the request fails, rolled back).
   */
  private capture(env: VecEnv, i: number): void {
    const bits = this.bits
    const shadow = this.shadow!
    if (this.captured[i] === 1) throw internalError(`serve: env ${i} written twice in one request`)
    this.captured[i] = 1
    this.capturedCount++
    const base = i * OBS_SIZE
    // The worst case of an env: every float changed. Room for it before comparing.
    this.reserveDeltas(OBS_SIZE)
    this.compare(bits, shadow, base, base + OFFSET.objects)
    const rows = envRows(env, i)
    const touched = rows.touched
    for (let k = 0; k < rows.touchedCount; k++) {
      const at = base + OFFSET.objects + touched[k]! * OBJECT_SIZE
      this.compare(bits, shadow, at, at + OBJECT_SIZE)
    }
    rows.forgetTouched()
    this.compare(bits, shadow, base + OFFSET.myGraveyard, base + OBS_SIZE)
  }

  /**
   * The request's changes, to send: those taken as each env was written (`capture`), and after
   * HELLO or a failed request every other float that differs from `shadow` (the whole of obs
   * compared: the failed request's changes were rolled back from `shadow`, never sent). How many.
   */
  private changes(env: VecEnv): number {
    if (this.resync) {
      const bits = this.bits
      const shadow = this.shadow!
      this.reserveDeltas(bits.length)
      this.compare(bits, shadow, 0, bits.length)
      for (let i = 0; i < env.n; i++) envRows(env, i).forgetTouched()
      this.resync = false
    }
    return this.deltaIndex.length
  }

  /**
   * A request failed: `shadow` back to what the client holds (the changes taken undone, last
   * first); if any env was written, the next batch compares every float (a request refused before
   * any game moved, a step the mask does not allow, wrote none).
   */
  private rollBack(): void {
    const shadow = this.shadow!
    const index = this.deltaIndex.items
    const old = this.deltaOld.items
    for (let k = this.deltaIndex.length - 1; k >= 0; k--) shadow[index[k]!] = old[k]!
    if (this.capturedCount > 0) this.resync = true
    this.clearDeltas()
    this.captured.fill(0)
    this.capturedCount = 0
  }

  /** Adds the floats of `bits` from `from` to `to` that differ from `shadow` to the request's changes (room reserved: `reserveDeltas`), and to `shadow`. */
  private compare(bits: Int32Array, shadow: Int32Array, from: number, to: number): void {
    const index = this.deltaIndex.items
    const value = this.deltaValue.items
    const old = this.deltaOld.items
    let count = this.deltaIndex.length
    for (let j = from; j < to; j++) {
      const v = bits[j]!
      const was = shadow[j]!
      if (v === was) continue
      shadow[j] = v
      index[count] = j
      value[count] = v
      old[count++] = was
    }
    this.deltaIndex.length = this.deltaValue.length = this.deltaOld.length = count
  }

  private reserveDeltas(extra: number): void {
    this.deltaIndex.reserve(extra)
    this.deltaValue.reserve(extra)
    this.deltaOld.reserve(extra)
  }

  private clearDeltas(): void {
    this.deltaIndex.clear()
    this.deltaValue.clear()
    this.deltaOld.clear()
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


