/**
 * A game's state as a document that travels: to JSON (`redzone-state/2`) or to one binary buffer
 * (transferable to a Worker, storable, sendable), and back into a fresh game in another process.
 * Both are written from one snapshot and read back through the state registry: the columns of
 * `state-registry.ts` and the resources of `state-resources.ts`, each read with its shape
 * checked (a `RedzoneError('invalid-snapshot')` naming the path). Each carries a checksum of what
 * it holds. Every reader goes through one path, `loadState`: the position built (a position that
 * isn't one is `invalid-snapshot` too), the state checked to agree with it (`checkSnapshot`), the
 * checksum, then the restore. The round trip is exact: the same digest, the same RNG state, the
 * same next events, the same game version.
 */
import { RedzoneError, type InputIssue } from '../core/errors.js'
import { LIMITS } from '../core/limits.js'
import { arenaBytes, arenaColumns, stateLayout, type Column } from '../core/state-registry.js'
import {
  captureResources,
  checkShape,
  checkTape,
  COPIED_SHAPES,
  encodeTape,
  invalidAt,
  pickCopied,
  RESOURCE_SHAPES,
  type ResourceValues,
  type Shape,
} from '../core/state-resources.js'
import { buildWorld, type GameWorld } from '../core/world.js'
import { crc32, jsonChecksum } from './digest.js'
import { fnv1a } from '../core/fnv.js'
import { buildPosition, type BuiltPosition, type Position } from './position.js'
import { atDecision, checkSnapshot, MadeSnapshot, restoreWorld, snapshotBytes, snapshotWorld, tapeOf, type SnapshotSource, type WorldSnapshot } from './snapshot.js'

/** The JSON document's format: 2 added `gameVersion` and `checksum`. */
export const STATE_FORMAT = 'redzone-state/2'
/**
 * The format before: still read (its game version is 0). It has no checksum to verify, so it is
 * trusted input, as a position is; its values are checked as any state's (`checkSnapshot`), so it
 * can't carry what a `/2` document may not (docs/state-format.md).
 */
const STATE_FORMAT_1 = 'redzone-state/1'

type ColumnType = 'i32' | 'u32' | 'u8'
/** A column in JSON: its type, and values its type holds. */
const JSON_COLUMN: Shape = {
  by: 'type',
  kinds: { i32: { values: { list: [-(2 ** 31), 2 ** 31 - 1] } }, u32: { values: { list: [0, 2 ** 32 - 1] } }, u8: { values: { list: [0, 255] } } },
}
/** The entity count: the players, the cards and the unused id 0. */
const ENTITIES: Shape = [1, LIMITS.capacity.max]

/** The JSON document of a game: the position it was built from, its state now (the columns, then every resource by name), its version and checksum. */
export interface StateDocument {
  format: typeof STATE_FORMAT
  /** `game.version` when it was written: the game read from it goes on counting from there. */
  gameVersion: number
  /** The position the game was built from (its entities: players and cards, in order). */
  setup: Position
  state: {
    entities: number
    layout: string
    /** Each column as numbers, in layout order. */
    columns: { type: ColumnType; values: number[] }[]
  } & ResourceValues
  /** `jsonChecksum` of the rest of the document (docs/state-format.md): a changed or corrupted document is refused. */
  checksum: number
}

/** A document or buffer read: its position, its state as a snapshot to restore, its game version, and whether its checksum matched. */
export interface StateRead {
  setup: Position
  snapshot: WorldSnapshot
  gameVersion: number
  /** False when the JSON document's checksum doesn't match it: `loadState` refuses it after its other checks (a buffer's is refused at once). */
  intact: boolean
}

const checksumMismatch = (): RedzoneError => new RedzoneError('invalid-snapshot', 'checksum mismatch: the document was changed or corrupted')

function typeOf(column: Column): ColumnType {
  return column instanceof Int32Array ? 'i32' : column instanceof Uint32Array ? 'u32' : 'u8'
}

function setupOf(world: GameWorld): Position {
  if (!world.origin) throw new RedzoneError('invalid-argument', "this world was not built from a position, so its state can't be serialized (build it with createGame or buildPosition)")
  return world.origin
}

let canonical: ReturnType<typeof stateLayout> | null = null
/** This engine's state columns (the same in every world): the layout a document or buffer is read into. */
function engineLayout(): ReturnType<typeof stateLayout> {
  return (canonical ??= stateLayout(buildWorld({})))
}

/** A new snapshot of this engine's layout at `rows` rows, with room for `ids` tape ids, to be read from `source` (so checked before it is restored). */
function blankSnapshot(source: Exclude<SnapshotSource, 'object'>, entities: number, rows: number, ids: number, resources: MadeSnapshot['resources'], origin: Position): MadeSnapshot {
  const layout = engineLayout()
  const k = layout.index['kw.effective']!
  const s = new MadeSnapshot(entities, layout.signature, rows, arenaBytes(layout.columns, rows), arenaBytes(layout.columns.slice(0, k), rows), ids, resources, origin)
  s.source = source
  return s
}

/** The game as a `redzone-state/2` JSON document (`gameVersion`: the game's version, 0 for a world alone). */
export function stateToJson(world: GameWorld, gameVersion = 0): StateDocument {
  atDecision(world, 'toJSON')
  const layout = stateLayout(world)
  const head = { format: STATE_FORMAT as typeof STATE_FORMAT, gameVersion, setup: setupOf(world) }
  const resources = captureResources(world)
  const state = <V>(values: (column: Column) => V) => ({
    entities: world.labels.length,
    layout: layout.signature,
    columns: layout.columns.map(([, c]) => ({ type: typeOf(c), values: values(c) })),
    ...resources,
  })
  // The checksum of the document as it will be, its columns hashed where they are (a typed array
  // hashes as its numbers): hashing the new arrays instead made JSON.stringify of them twice as slow.
  const checksum = jsonChecksum({ ...head, state: state((c) => c) }, 'checksum')
  return { ...head, state: state((c) => Array.from(c)), checksum }
}

/** The fields of a document, by format; of a buffer's head. */
const DOCUMENT_FIELDS: Readonly<Record<string, Readonly<Record<string, Shape>>>> = {
  [STATE_FORMAT]: { format: 'string', gameVersion: 'count', setup: 'object', state: 'object', checksum: [0, 2 ** 32 - 1] },
  [STATE_FORMAT_1]: { format: 'string', setup: 'object', state: 'object' },
}
const HEAD_FIELDS: Readonly<Record<string, Shape>> = { format: 'string', gameVersion: 'count', setup: 'object', state: 'object' }

/**
 * The checked head of a document or a buffer (its `format`, `setup` and `state`, each field known:
 * `fields`, by format), its state's fields of `state`: the entity count first (entity ids are
 * checked against it), then the whole state. The setup is checked when it is built (`loadState`),
 * as every position is: a field no position has is refused there, under `$.setup` (a game built
 * from a whole scenario document keeps it as its position, its scenario fields too: the engine
 * reads back what it writes).
 */
function readHead(
  doc: unknown,
  fields: (format: string) => Readonly<Record<string, Shape>> | undefined,
  state: (state: Record<string, unknown>) => Record<string, Shape>,
): { format: string; setup: Position; state: Record<string, unknown>; entities: number; gameVersion: number } {
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) throw new RedzoneError('invalid-snapshot', 'a state document is an object')
  const d = doc as Record<string, unknown>
  const known = typeof d.format === 'string' ? fields(d.format) : undefined
  if (known === undefined) throw new RedzoneError('invalid-snapshot', `expected a "${STATE_FORMAT}" document (or "${STATE_FORMAT_1}"), got format ${JSON.stringify(d.format)}`)
  if (typeof d.setup !== 'object' || d.setup === null) throw new RedzoneError('invalid-snapshot', 'the state document has no setup (the position the game was built from)')
  checkShape(d, { fields: known }, '$', 0)
  const s = d.state as Record<string, unknown>
  checkShape(s.entities, ENTITIES, '$.state.entities', 0)
  checkShape(s, { fields: { entities: ENTITIES, ...state(s) } }, '$.state', s.entities as number)
  return { format: d.format as string, setup: d.setup as Position, state: s, entities: s.entities as number, gameVersion: (d.gameVersion as number | undefined) ?? 0 }
}

/**
 * A `redzone-state/2` document (or `/1`) read: every field checked in shape (an unknown one
 * refused, naming its path), its checksum compared (`intact`; `loadState` refuses a mismatch after
 * its other checks, so a document edited by hand is told what is wrong in it first). Throws
 * `RedzoneError('invalid-snapshot')` for one that isn't a state document.
 */
export function readJson(doc: unknown): StateRead {
  const head = readHead(doc, (format) => DOCUMENT_FIELDS[format], (state) => {
    checkShape(state.layout, 'string', '$.state.layout', 0)
    return { layout: 'string', columns: { list: JSON_COLUMN, length: (state.layout as string).split(',').length }, ...RESOURCE_SHAPES }
  })
  const { state, entities } = head
  const layout = engineLayout()
  if (state.layout !== layout.signature) throw new RedzoneError('invalid-snapshot', `the document's columns (${state.layout as string}) don't match this engine's (${layout.signature})`)
  const tape = encodeTape(state)
  const s = blankSnapshot('json', entities, entities, tape.ids.length, pickCopied(state), head.setup)
  const columns = state.columns as { type: ColumnType; values: number[] }[]
  arenaColumns(layout.columns, s.arena, entities).forEach((column, i) => {
    const { type, values } = columns[i]!
    if (type !== typeOf(column)) invalidAt(`$.state.columns[${i}].type`, `"${typeOf(column)}" (${layout.columns[i]![0]})`, type)
    if (values.length < entities) invalidAt(`$.state.columns[${i}]`, `a column of at least ${entities} values`, values.length)
    column.set(values.length > entities ? values.slice(0, entities) : values)
  })
  s.nums.set(tape.nums)
  s.ids.set(tape.ids)
  const d = doc as { checksum?: number }
  const intact = head.format === STATE_FORMAT_1 || jsonChecksum(doc as Record<string, unknown>, 'checksum') === d.checksum
  return { setup: head.setup, snapshot: s, gameVersion: head.gameVersion, intact }
}

/**
 * The position of a state rebuilt, its state checked against it and restored: the one path every
 * reader goes through (`fromJSON`, `fromBinary`, `worldFromJson`, `worldFromBinary`, a Worker's
 * game). A setup that is not a valid position is `invalid-snapshot` listing its issues under
 * `$.setup`; then `checkSnapshot` (the state agrees with itself and the position: zone lists,
 * owners, the turn's players, ...); then the checksum; nothing is restored unless all pass.
 */
export function loadState(read: StateRead): BuiltPosition {
  let built: BuiltPosition
  try {
    built = buildPosition(read.setup)
  } catch (error) {
    if (!(error instanceof RedzoneError)) throw error
    const issues: InputIssue[] = error.issues.map(({ path, message }) => ({ path: `$.setup${path.slice(1)}`, message }))
    const listed = issues.length > 0 ? issues.map((i) => `  at ${i.path}: ${i.message}`).join('\n') : `  ${error.message.replace(/^redzone: /, '')}`
    throw new RedzoneError('invalid-snapshot', `the state's setup is not a valid position:\n${listed}`, issues)
  }
  checkSnapshot(built.world, read.snapshot)
  if (!read.intact) throw checksumMismatch()
  restoreWorld(built.world, read.snapshot)
  return built
}

/** A new world with the state of a `redzone-state/2` (or `/1`) document (throws `RedzoneError` for a document that doesn't fit). */
export function worldFromJson(doc: unknown): GameWorld {
  return loadState(readJson(doc)).world
}

const MAGIC = 0x525a5354 // "RZST"
/**
 * The layout of the binary buffer: 4 is 3 with the game version in the head and a CRC-32 of all
 * the bytes before it at the end; 3 is a snapshot's buffer (the arena, then the tape), its zero
 * bytes packed out, after a JSON head; 2 was a JSON head with every resource, then each column
 * whole; 1 had magic number "RZS1" and no version.
 */
export const BINARY_VERSION = 4
/** Magic number, version, length of the JSON head, hash of the layout: four big-endian Uint32. */
const HEADER_BYTES = 16
/** The CRC-32 at the end: a big-endian Uint32. */
const CHECKSUM_BYTES = 4

const pad8 = (n: number): number => (n + 7) & ~7


/**
 * Writes `bytes` (a multiple of 4 long, 4-byte aligned) into `out` from `at` with its zero bytes
 * left out: for every 8 bytes a mask byte (bit k: byte k is not zero), then those that are not.
 * A state is mostly zeros (451 of the 7,732 bytes of a deck game's arena at turn 8), so this is a
 * fifth of its size, in one pass that skips zero words. Returns where it ended.
 */
function pack(bytes: Uint8Array, out: Uint8Array, at: number): number {
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.length >> 2)
  for (let i = 0; i < bytes.length; i += 8) {
    if (words[i >> 2] === 0 && words[(i >> 2) + 1] === 0) {
      out[at++] = 0
      continue
    }
    const maskAt = at++
    let mask = 0
    for (let k = 0; k < 8 && i + k < bytes.length; k++) {
      const b = bytes[i + k]!
      if (b !== 0) {
        mask |= 1 << k
        out[at++] = b
      }
    }
    out[maskAt] = mask
  }
  return at
}

/** Reads what `pack` wrote from `from` at `at` into `out` (zeros); returns where it ended. */
function unpack(from: Uint8Array, at: number, out: Uint8Array): number {
  for (let i = 0; i < out.length; i += 8) {
    if (at >= from.length) throw truncated()
    const mask = from[at++]!
    for (let k = 0; mask >> k !== 0; k++) {
      if ((mask >> k) & 1) {
        if (at >= from.length) throw truncated()
        out[i + k] = from[at++]!
      }
    }
  }
  return at
}

/**
 * The game as one binary buffer (transferable): a header (magic number, `BINARY_VERSION`, the
 * length of the head, the layout's hash), the head (JSON: the format, the game version, the setup;
 * the entity count, the rows of the arena, the length of the tape's `ids`, and the copied
 * resources), then a snapshot's buffer (`MadeSnapshot`: the world's arena and the tape) with its
 * zero bytes packed out (`pack`), then the CRC-32 of every byte before it.
 */
export function stateToBinary(world: GameWorld, gameVersion = 0): ArrayBuffer {
  atDecision(world, 'toBinary')
  const setup = setupOf(world)
  const s = snapshotWorld(world) as MadeSnapshot
  const state = { entities: s.entities, rows: s.rows, ids: s.ids.length, ...s.resources }
  const head = new TextEncoder().encode(JSON.stringify({ format: STATE_FORMAT, gameVersion, setup, state }))
  const body = new Uint8Array(s.buffer)
  const out = new Uint8Array(HEADER_BYTES + pad8(head.length) + body.length + (body.length >> 3) + 1 + CHECKSUM_BYTES)
  const view = new DataView(out.buffer)
  view.setUint32(0, MAGIC)
  view.setUint32(4, BINARY_VERSION)
  view.setUint32(8, head.length)
  view.setUint32(12, fnv1a(s.layout))
  out.set(head, HEADER_BYTES)
  const end = pack(body, out, HEADER_BYTES + pad8(head.length))
  view.setUint32(end, crc32(out, 0, end))
  return out.buffer.slice(0, end + CHECKSUM_BYTES)
}

/** A new world with the state of a binary buffer made by `stateToBinary`. */
export function worldFromBinary(buffer: ArrayBuffer): GameWorld {
  return loadState(readBinary(buffer)).world
}

const truncated = (): RedzoneError => new RedzoneError('invalid-snapshot', 'the state buffer is truncated')

/**
 * A buffer made by `stateToBinary` read: what it is first (magic number, version, layout), then
 * its checksum (a buffer of those is opaque bytes: one changed or corrupted is refused as such
 * before anything in it is read), then its head and snapshot in shape. Throws `invalid-snapshot`
 * for any other buffer, short or corrupted, and for one of another binary version: 3 and 2 (3 of
 * no released version; 2 of redzone 0.1.1 and before) are not read; convert one with `toJSON` in
 * the version that wrote it.
 */
export function readBinary(buffer: ArrayBuffer): StateRead {
  if (!(buffer instanceof ArrayBuffer) || buffer.byteLength < HEADER_BYTES) throw new RedzoneError('invalid-snapshot', 'expected the bytes toBinary made (an ArrayBuffer or a view of one)')
  const view = new DataView(buffer)
  if (view.getUint32(0) !== MAGIC) throw new RedzoneError('invalid-snapshot', 'this buffer is not a redzone state (wrong magic number)')
  const version = view.getUint32(4)
  if (version !== BINARY_VERSION) {
    throw new RedzoneError('invalid-snapshot', `this state buffer is of binary version ${version}; this version of redzone reads version ${BINARY_VERSION} only (a buffer of an older version travels as its toJSON document, which later versions read)`)
  }
  const length = view.getUint32(8)
  const layout = engineLayout()
  if (view.getUint32(12) !== fnv1a(layout.signature)) throw new RedzoneError('invalid-snapshot', "this state buffer's columns are not this version of redzone's (another layout hash)")
  const end = buffer.byteLength - CHECKSUM_BYTES
  if (end < HEADER_BYTES + length) throw truncated()
  const bytes = new Uint8Array(buffer)
  if (view.getUint32(end) !== crc32(bytes, 0, end)) throw checksumMismatch()
  let doc: unknown
  try {
    doc = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(new Uint8Array(buffer, HEADER_BYTES, length)))
  } catch {
    throw new RedzoneError('invalid-snapshot', 'the head of the state buffer is not JSON')
  }
  const head = readHead(
    doc,
    (format) => (format === STATE_FORMAT ? HEAD_FIELDS : undefined),
    (state) => ({ rows: [typeof state.entities === 'number' ? state.entities : 1, LIMITS.capacity.max], ids: [0, LIMITS.capacity.max * 8], ...COPIED_SHAPES }),
  )
  const { rows, ids } = head.state as { rows: number; ids: number }
  // At least a mask byte for every 8 bytes of the snapshot: checked before its buffer is made.
  if (HEADER_BYTES + pad8(length) + snapshotBytes(arenaBytes(layout.columns, rows), ids) / 8 > end) throw truncated()
  const s = blankSnapshot('binary', head.entities, rows, ids, pickCopied(head.state), head.setup)
  if (unpack(bytes.subarray(0, end), HEADER_BYTES + pad8(length), new Uint8Array(s.buffer)) !== end) {
    throw new RedzoneError('invalid-snapshot', "the state buffer's length doesn't match its columns and tape")
  }
  checkTape(tapeOf(s), '$.state', head.entities)
  return { setup: head.setup, snapshot: s, gameVersion: head.gameVersion, intact: true }
}
