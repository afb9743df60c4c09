/**
 * `.npy` files (numpy's format, version 1.0) written as a stream of rows: a header of fixed width
 * first, the rows through buffers of bounded size, then the header again with the real number of
 * rows. Memory stays a few buffers whatever the number of rows.
 */
import { closeSync, openSync, write } from 'node:fs'
import { writeAll } from './fd-io.js'
import { endianness } from 'node:os'

const LE = endianness() === 'LE'

/** The header's size in bytes (magic, version, length, the dict padded with spaces): room for any row count, 64-byte aligned as numpy writes it. */
export const NPY_HEADER_BYTES = 128

/** The element types written: numpy's `descr` without the byte order, and the bytes of one element. */
export const NPY_TYPES = {
  float32: { descr: 'f4', bytes: 4 },
  uint8: { descr: 'u1', bytes: 1 },
  int8: { descr: 'i1', bytes: 1 },
  int16: { descr: 'i2', bytes: 2 },
  int32: { descr: 'i4', bytes: 4 },
} as const

export type NpyType = keyof typeof NPY_TYPES

/** The header of an array of `rows` rows of `shape` (the row's own dimensions: [] for a scalar per row). */
export function npyHeader(type: NpyType, rows: number, shape: readonly number[]): Uint8Array {
  const { descr, bytes } = NPY_TYPES[type]
  // One-byte types have no byte order ('|'); the others are written in this machine's order, as the typed arrays hold them.
  const order = bytes === 1 ? '|' : LE ? '<' : '>'
  const dims = [rows, ...shape]
  const text = `{'descr': '${order}${descr}', 'fortran_order': False, 'shape': (${dims.join(', ')}${dims.length === 1 ? ',' : ''}), }`
  const header = Buffer.alloc(NPY_HEADER_BYTES, 0x20)
  header.write('\x93NUMPY', 0, 'latin1')
  header[6] = 1
  header[7] = 0
  header.writeUInt16LE(NPY_HEADER_BYTES - 10, 8)
  if (10 + text.length + 1 > NPY_HEADER_BYTES) throw new Error(`redzone internal error: an npy header of ${text.length} characters; please report a bug`)
  header.write(text, 10, 'latin1')
  header[NPY_HEADER_BYTES - 1] = 0x0a
  return header
}

/**
 * One `.npy` file written row by row. Full buffers are written in the background (the thread
 * pool's writes overlap the rows being made) while the caller goes on in a fresh buffer; `settle`
 * waits until at most N writes are in flight, which bounds the memory: a caller that settles
 * between batches of rows holds N buffers and those of one batch.
 */
export class NpyWriter {
  /** Rows written. */
  rows = 0
  /** Bytes of the file so far (header included, buffered bytes too). */
  bytes = NPY_HEADER_BYTES
  private readonly fd: number
  private buffer: Buffer
  private used = 0
  private readonly bufferBytes: number
  private readonly rowBytes: number
  /** Where the next full buffer goes in the file. */
  private position = NPY_HEADER_BYTES
  private inFlight = 0
  private readonly spare: Buffer[] = []
  private readonly waiting: (() => void)[] = []
  private failure: Error | null = null
  private closed = false

  constructor(
    readonly path: string,
    readonly type: NpyType,
    /** The dimensions of one row ([] for one element per row). */
    readonly shape: readonly number[],
    bufferBytes = 1 << 22,
  ) {
    this.rowBytes = shape.reduce((n, d) => n * d, NPY_TYPES[type].bytes)
    this.bufferBytes = Math.max(bufferBytes, this.rowBytes)
    this.buffer = Buffer.allocUnsafe(this.bufferBytes)
    this.fd = openSync(path, 'w')
    writeAll(this.fd, npyHeader(type, 0, shape), 0)
  }

  /** A whole row from a typed array's bytes (`rowBytes` of them). */
  row(bytes: Uint8Array): void {
    if (this.used + bytes.length > this.buffer.length) this.flush()
    this.buffer.set(bytes, this.used)
    this.used += bytes.length
    this.count()
  }

  /** One element per row. */
  value(v: number): void {
    if (this.used + this.rowBytes > this.buffer.length) this.flush()
    const b = this.buffer
    const at = this.used
    switch (this.type) {
      case 'uint8':
        b[at] = v
        break
      case 'int8':
        b.writeInt8(v, at)
        break
      case 'int16':
        if (LE) b.writeInt16LE(v, at)
        else b.writeInt16BE(v, at)
        break
      case 'int32':
        if (LE) b.writeInt32LE(v, at)
        else b.writeInt32BE(v, at)
        break
      case 'float32':
        if (LE) b.writeFloatLE(v, at)
        else b.writeFloatBE(v, at)
        break
    }
    this.used += this.rowBytes
    this.count()
  }

  private count(): void {
    this.rows++
    this.bytes += this.rowBytes
  }

  /** Starts writing the buffer in the background and goes on in a spare one. */
  private flush(): void {
    if (this.used === 0) return
    const buffer = this.buffer
    const length = this.used
    const position = this.position
    this.position += length
    this.inFlight++
    writeInBackground(this.fd, buffer, length, position, (error) => {
      this.inFlight--
      if (error !== null) this.failure ??= error
      this.spare.push(buffer)
      for (const wake of this.waiting.splice(0)) wake()
    })
    this.buffer = this.spare.pop() ?? Buffer.allocUnsafe(this.bufferBytes)
    this.used = 0
  }

  /** Waits until at most `most` writes are in flight; throws the first write that failed. */
  async settle(most = 1): Promise<void> {
    while (this.inFlight > most) await new Promise<void>((wake) => this.waiting.push(wake))
    if (this.failure !== null) throw this.failure
  }

  /** Writes what is buffered, puts the real row count in the header and closes the file. */
  async close(): Promise<void> {
    this.flush()
    await this.settle(0)
    writeAll(this.fd, npyHeader(this.type, this.rows, this.shape), 0)
    this.closed = true
    closeSync(this.fd)
  }

  /** Closes the file as it is, once no write is in flight (a failed export removes it). */
  async abandon(): Promise<void> {
    if (this.closed) return
    this.closed = true
    while (this.inFlight > 0) await new Promise<void>((wake) => this.waiting.push(wake))
    closeSync(this.fd)
  }
}

/** `fs.write` until every byte of `buffer[0, length)` is at `position`, then `done`. */
function writeInBackground(fd: number, buffer: Buffer, length: number, position: number, done: (error: Error | null) => void, from = 0): void {
  write(fd, buffer, from, length - from, position + from, (error, written) => {
    if (error) done(error)
    else if (from + written < length) writeInBackground(fd, buffer, length, position, done, from + written)
    else done(null)
  })
}


