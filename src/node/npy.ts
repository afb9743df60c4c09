/**
 * `.npy` files (numpy's format, version 1.0) written as a stream of rows: a header of fixed width
 * first, the rows through a buffer of bounded size, then the header again with the real number of
 * rows. Memory stays the size of the buffer whatever the number of rows.
 */
import { closeSync, openSync, writeSync } from 'node:fs'
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
export function npyHeader(type: NpyType, rows: number, shape: readonly number[]): Buffer {
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

/** One `.npy` file written row by row. */
export class NpyWriter {
  /** Rows written. */
  rows = 0
  /** Bytes of the file so far (header included, buffered bytes too). */
  bytes = NPY_HEADER_BYTES
  private readonly fd: number
  private readonly buffer: Buffer
  private used = 0
  private readonly rowBytes: number

  constructor(
    readonly path: string,
    readonly type: NpyType,
    /** The dimensions of one row ([] for one element per row). */
    readonly shape: readonly number[],
    bufferBytes = 1 << 22,
  ) {
    this.rowBytes = shape.reduce((n, d) => n * d, NPY_TYPES[type].bytes)
    this.buffer = Buffer.allocUnsafe(Math.max(bufferBytes, this.rowBytes))
    this.fd = openSync(path, 'w')
    writeAll(this.fd, npyHeader(type, 0, shape), null)
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

  private flush(): void {
    if (this.used === 0) return
    writeAll(this.fd, this.buffer.subarray(0, this.used), null)
    this.used = 0
  }

  /** Writes what is buffered, puts the real row count in the header and closes the file. */
  close(): void {
    this.flush()
    writeAll(this.fd, npyHeader(this.type, this.rows, this.shape), 0)
    closeSync(this.fd)
  }

  /** Closes the file as it is (a failed export removes it). */
  abandon(): void {
    try {
      closeSync(this.fd)
    } catch {
      // closed already
    }
  }
}

/** `writeSync` until every byte is written (at `position`, or where the file is). */
export function writeAll(fd: number, data: Uint8Array, position: number | null): void {
  let done = 0
  while (done < data.length) {
    done += writeSync(fd, data, done, data.length - done, position === null ? null : position + done)
  }
}
