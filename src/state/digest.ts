import { stateColumns } from '../core/state-registry.js'
import { captureResources } from '../core/state-resources.js'
import type { GameWorld } from '../core/world.js'
import { FNV_BASIS, FNV_PRIME, fnv1a } from '../core/fnv.js'

function hashArray(view: ArrayLike<number>, n: number, h: number): number {
  for (let i = 0; i < n; i++) h = Math.imul(h ^ (view[i]! | 0), FNV_PRIME) >>> 0
  return h
}

/**
 * A fingerprint of exactly the state the registry declares: every state column up to the highest
 * entity, and every resource (its copy, as it is written to JSON). Two equal digests mean the same game
 * (the same snapshot); used to prove that a rejected action changed nothing.
 */
export function worldDigest(world: GameWorld): string {
  const n = world.labels.length
  let h = FNV_BASIS
  for (const [, column] of stateColumns(world)) h = hashArray(column, n, h)
  return `${h.toString(16)}:${JSON.stringify(captureResources(world))}`
}

/** A 32-bit checksum of the game (FNV-1a of the digest), for cheap desync checks between copies. */
export function checksum(world: GameWorld): number {
  return fnv1a(worldDigest(world))
}

let crcTables: Int32Array | null = null

/** The eight tables of CRC-32 (IEEE 802.3, zlib's) taken eight bytes at a time, made at the first call. */
function crcTable(): Int32Array {
  if (crcTables !== null) return crcTables
  const t = new Int32Array(2048)
  for (let n = 0; n < 256; n++) {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    t[n] = c
  }
  for (let n = 0; n < 256; n++) {
    let c = t[n]!
    for (let k = 1; k < 8; k++) t[k * 256 + n] = c = t[c & 0xff]! ^ (c >>> 8)
  }
  return (crcTables = t)
}

/**
 * CRC-32 (zlib's `crc32`) of `bytes[from, to)`, eight bytes a step, allocating nothing: every
 * change of up to 32 bits in a row is caught, so every flipped bit of a state buffer.
 */
export function crc32(bytes: Uint8Array, from: number, to: number): number {
  const t = crcTable()
  let c = -1
  let i = from
  for (; i + 8 <= to; i += 8) {
    c ^= bytes[i]! | (bytes[i + 1]! << 8) | (bytes[i + 2]! << 16) | (bytes[i + 3]! << 24)
    c =
      t[1792 + (c & 0xff)]! ^ t[1536 + ((c >>> 8) & 0xff)]! ^ t[1280 + ((c >>> 16) & 0xff)]! ^ t[1024 + (c >>> 24)]! ^
      t[768 + bytes[i + 4]!]! ^ t[512 + bytes[i + 5]!]! ^ t[256 + bytes[i + 6]!]! ^ t[bytes[i + 7]!]!
  }
  for (; i < to; i++) c = t[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8)
  return ~c >>> 0
}

const fnv = (h: number, word: number): number => Math.imul(h ^ word, FNV_PRIME)
let wide: DataView | null = null

function hashNumber(value: number, h: number): number {
  if ((value | 0) === value) return fnv(fnv(h, 1), value)
  // Its float64's words, low first whatever the machine's byte order: a document checks anywhere.
  wide ??= new DataView(new ArrayBuffer(8))
  wide.setFloat64(0, value, true)
  return fnv(fnv(fnv(h, 2), wide.getUint32(0, true)), wide.getUint32(4, true))
}

function hashString(value: string, h: number): number {
  const n = value.length
  h = fnv(fnv(h, 3), n)
  let i = 0
  for (; i + 1 < n; i += 2) h = fnv(h, value.charCodeAt(i) | (value.charCodeAt(i + 1) << 16))
  return i < n ? fnv(h, value.charCodeAt(i)) : h
}

/**
 * FNV-1a over a JSON value's structure, 32-bit words a step: a tag per kind, then an integer
 * (int32) as its word, another number as the two words of its float64, a string's length and
 * UTF-16 units two a word, an array's length and items in order, an object's count of fields and
 * the sum of its fields' hashes (each from the offset basis: its key, then its value), so the
 * order of an object's keys doesn't count (a document re-serialized with sorted keys checks), as
 * it doesn't in JSON. Each step is a bijection of the hash, so a single word changed (an integer,
 * two characters) always changes it; other changes do but for one chance in 2^32.
 */
function hashJson(value: unknown, h: number): number {
  if (typeof value === 'number') return hashNumber(value, h)
  if (typeof value === 'string') return hashString(value, h)
  if (typeof value === 'boolean') return fnv(h, value ? 4 : 5)
  if (typeof value !== 'object') return fnv(h, 9)
  if (value === null) return fnv(h, 6)
  if (Array.isArray(value)) {
    const n = value.length
    h = fnv(fnv(h, 7), n)
    // Numbers inline: a column is thousands of them.
    for (let i = 0; i < n; i++) {
      const v: unknown = value[i]
      h = typeof v === 'number' ? hashNumber(v, h) : hashJson(v, h)
    }
    return h
  }
  // A typed array hashes as the array of its numbers (`Array.from`): a column hashed where it is.
  if (value instanceof Int32Array || value instanceof Uint32Array || value instanceof Uint8Array) {
    const n = value.length
    h = fnv(fnv(h, 7), n)
    for (let i = 0; i < n; i++) h = hashNumber(value[i]!, h)
    return h
  }
  return hashFields(value as Record<string, unknown>, null, h)
}

/**
 * An object's fields as `hashJson` hashes them, but `skip`; fields `undefined` left out, as JSON
 * leaves them. A document's objects are plain data: `for...in` walks their fields without making a
 * list of keys.
 */
function hashFields(record: Record<string, unknown>, skip: string | null, h: number): number {
  let sum = 0
  let n = 0
  for (const key in record) {
    const v = record[key]
    if (key === skip || v === undefined) continue
    sum = (sum + hashJson(v, hashString(key, FNV_BASIS))) | 0
    n++
  }
  return fnv(fnv(fnv(h, 8), n), sum)
}

/** The checksum of a JSON document but its field `skip` (where the checksum travels): `hashJson` of the rest, as an unsigned 32-bit number. */
export function jsonChecksum(doc: Readonly<Record<string, unknown>>, skip: string): number {
  return hashFields(doc as Record<string, unknown>, skip, FNV_BASIS) >>> 0
}
