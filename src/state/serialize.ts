/**
 * A game's state as a document that travels: to JSON (`redzone-state/1`) or to one binary buffer
 * (transferable to a Worker, storable, sendable), and back into a fresh game in another process.
 * Both are written from one snapshot and read back through the state registry: the columns of
 * `state-registry.ts` and the resources of `state-resources.ts`, each read with its shape
 * checked (a `RedzoneError('invalid-snapshot')` naming the path). The round trip is exact: the
 * same digest, the same RNG state, the same next events.
 */
import { RedzoneError } from '../core/errors.js'
import { LIMITS } from '../core/limits.js'
import type { Column } from '../core/state-registry.js'
import { checkShape, invalidAt, pickResources, RESOURCE_SHAPES, type ResourceValues, type Shape } from '../core/state-resources.js'
import type { GameWorld } from '../core/world.js'
import { buildPosition, type Position } from './position.js'
import { restoreWorld, snapshotWorld, type WorldSnapshot } from './snapshot.js'

export const STATE_FORMAT = 'redzone-state/1'

type ColumnType = 'i32' | 'u32' | 'u8'
const COLUMN_TYPES = { i32: Int32Array, u32: Uint32Array, u8: Uint8Array } as const
/** A column in JSON: its type, and values its type holds. */
const JSON_COLUMN: Shape = {
  by: 'type',
  kinds: { i32: { values: { list: [-(2 ** 31), 2 ** 31 - 1] } }, u32: { values: { list: [0, 2 ** 32 - 1] } }, u8: { values: { list: [0, 255] } } },
}
/** A column in a binary head: its type and length (its values follow the head). */
const LENGTH: Record<string, Shape> = { length: [0, LIMITS.capacity.max] }
const BINARY_COLUMN: Shape = { by: 'type', kinds: { i32: LENGTH, u32: LENGTH, u8: LENGTH } }
/** The entity count: the players, the cards and the unused id 0. */
const ENTITIES: Shape = [1, LIMITS.capacity.max]

/** The JSON document of a game: the position it was built from, and its state now (the columns, then every resource by name). */
export interface StateDocument {
  format: typeof STATE_FORMAT
  /** The position the game was built from (its entities: players and cards, in order). */
  setup: Position
  state: {
    entities: number
    layout: string
    /** Each column as numbers, in layout order. */
    columns: { type: ColumnType; values: number[] }[]
  } & ResourceValues
}

function typeOf(column: Column): ColumnType {
  return column instanceof Int32Array ? 'i32' : column instanceof Uint32Array ? 'u32' : 'u8'
}

function setupOf(world: GameWorld): Position {
  if (!world.origin) throw new RedzoneError('invalid-argument', "this world was not built from a position, so its state can't be serialized (build it with createGame or buildPosition)")
  return world.origin
}

/** The document of a snapshot, each column written by `column` (its values in JSON; its type and length in a binary head). */
function documentOf<C>(setup: Position, s: WorldSnapshot, column: (c: Column) => C): Omit<StateDocument, 'state'> & { state: Omit<StateDocument['state'], 'columns'> & { columns: C[] } } {
  return { format: STATE_FORMAT, setup, state: { entities: s.entities, layout: s.layout, columns: s.columns.map(column), ...s.resources } }
}

/** The game as a `redzone-state/1` JSON document. */
export function stateToJson(world: GameWorld): StateDocument {
  return documentOf(setupOf(world), snapshotWorld(world), (c) => ({ type: typeOf(c), values: Array.from(c) }))
}

interface Head {
  setup: Position
  state: Record<string, unknown>
  entities: number
  layout: string
  /** The columns as written: their values in JSON, their lengths in a binary head. */
  columns: { type: string; values?: number[]; length?: number }[]
}

/**
 * The checked head of a document, its columns of the shape `column` (their values in JSON, their
 * types and lengths in a binary head): the entity count and the layout first (entity ids and the
 * number of columns are checked against them), then the whole state, every resource by its shape.
 */
function readHead(doc: unknown, column: Shape): Head {
  if (typeof doc !== 'object' || doc === null) throw new RedzoneError('invalid-snapshot', 'a state document is an object')
  const d = doc as Partial<StateDocument>
  if (d.format !== STATE_FORMAT) throw new RedzoneError('invalid-snapshot', `expected a "${STATE_FORMAT}" document, got format ${JSON.stringify(d.format)}`)
  if (typeof d.setup !== 'object' || d.setup === null) throw new RedzoneError('invalid-snapshot', 'the state document has no setup (the position the game was built from)')
  const state = d.state as unknown as Record<string, unknown>
  checkShape(state, 'object', '$.state', 0)
  const { entities, layout, columns } = state
  checkShape(entities, ENTITIES, '$.state.entities', 0)
  checkShape(layout, 'string', '$.state.layout', 0)
  const length = (layout as string).split(',').length
  checkShape(state, { fields: { entities: ENTITIES, layout: 'string', columns: { list: column, length }, ...RESOURCE_SHAPES } }, '$.state', entities as number)
  return { setup: d.setup, state, entities: entities as number, layout: layout as string, columns: columns as Head['columns'] }
}

/** The snapshot of a checked head and its columns, each of which must hold every entity. */
function snapshotOf(head: Head, columns: Column[]): WorldSnapshot {
  columns.forEach((c, i) => {
    if (c.length < head.entities) invalidAt(`$.state.columns[${i}]`, `a column of at least ${head.entities} values`, c.length)
  })
  return { entities: head.entities, layout: head.layout, columns, resources: pickResources(head.state), origin: head.setup }
}

/** The setup and the snapshot of a `redzone-state/1` document (throws `RedzoneError` for one that isn't). */
export function readJson(doc: unknown): { setup: Position; snapshot: WorldSnapshot } {
  const head = readHead(doc, JSON_COLUMN)
  const columns = head.columns.map(({ type, values }) => COLUMN_TYPES[type as ColumnType].from(values!))
  return { setup: head.setup, snapshot: snapshotOf(head, columns) }
}

/** A new world with the state of a `redzone-state/1` document (throws `RedzoneError` for a document that doesn't fit). */
export function worldFromJson(doc: unknown): GameWorld {
  const { setup, snapshot } = readJson(doc)
  const world = buildPosition(setup).world
  restoreWorld(world, snapshot)
  return world
}

const MAGIC = 0x525a5354 // "RZST"
/** The layout of the binary buffer (1 was the layout of magic number "RZS1", without a version field). */
export const BINARY_VERSION = 2
/** Magic number, version, length of the JSON head: three big-endian Uint32. */
const HEADER_BYTES = 12

const pad4 = (n: number): number => (n + 3) & ~3

/**
 * The game as one binary buffer (transferable): a header (magic number, `BINARY_VERSION`, the
 * length of the head), the head (the JSON document but for the columns' values: their types and
 * lengths), then each column's bytes copied from the snapshot, 4-byte aligned.
 */
export function stateToBinary(world: GameWorld): ArrayBuffer {
  const setup = setupOf(world)
  const snapshot = snapshotWorld(world)
  const head = new TextEncoder().encode(JSON.stringify(documentOf(setup, snapshot, (c) => ({ type: typeOf(c), length: c.length }))))
  let size = HEADER_BYTES + pad4(head.length)
  for (const c of snapshot.columns) size += pad4(c.byteLength)
  const buffer = new ArrayBuffer(size)
  const view = new DataView(buffer)
  view.setUint32(0, MAGIC)
  view.setUint32(4, BINARY_VERSION)
  view.setUint32(8, head.length)
  const bytes = new Uint8Array(buffer)
  bytes.set(head, HEADER_BYTES)
  let at = HEADER_BYTES + pad4(head.length)
  for (const c of snapshot.columns) {
    bytes.set(new Uint8Array(c.buffer, c.byteOffset, c.byteLength), at)
    at += pad4(c.byteLength)
  }
  return buffer
}

/** A new world with the state of a binary buffer made by `stateToBinary`. */
export function worldFromBinary(buffer: ArrayBuffer): GameWorld {
  const { setup, snapshot } = readBinary(buffer)
  const world = buildPosition(setup).world
  restoreWorld(world, snapshot)
  return world
}

const truncated = (): RedzoneError => new RedzoneError('invalid-snapshot', 'the state buffer is truncated')

/** The setup and the snapshot of a buffer made by `stateToBinary` (throws `invalid-snapshot` for any other buffer, short or corrupted). */
export function readBinary(buffer: ArrayBuffer): { setup: Position; snapshot: WorldSnapshot } {
  if (!(buffer instanceof ArrayBuffer) || buffer.byteLength < HEADER_BYTES) throw new RedzoneError('invalid-snapshot', 'expected an ArrayBuffer made by stateToBinary')
  const view = new DataView(buffer)
  if (view.getUint32(0) !== MAGIC) throw new RedzoneError('invalid-snapshot', 'this buffer is not a redzone state (wrong magic number)')
  const version = view.getUint32(4)
  if (version !== BINARY_VERSION) throw new RedzoneError('invalid-snapshot', `this state buffer is of binary version ${version}; this version of redzone reads version ${BINARY_VERSION}`)
  const length = view.getUint32(8)
  if (HEADER_BYTES + length > buffer.byteLength) throw truncated()
  let doc: unknown
  try {
    doc = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(new Uint8Array(buffer, HEADER_BYTES, length)))
  } catch {
    throw new RedzoneError('invalid-snapshot', 'the head of the state buffer is not JSON')
  }
  const head = readHead(doc, BINARY_COLUMN)
  let at = HEADER_BYTES + pad4(length)
  const columns = head.columns.map(({ type, length: n }) => {
    const Type = COLUMN_TYPES[type as ColumnType]
    const bytes = n! * Type.BYTES_PER_ELEMENT
    if (at + bytes > buffer.byteLength) throw truncated()
    const column = new Type(buffer.slice(at, at + bytes))
    at += pad4(bytes)
    return column
  })
  if (at !== buffer.byteLength) throw new RedzoneError('invalid-snapshot', "the state buffer's length doesn't match its columns")
  return { setup: head.setup, snapshot: snapshotOf(head, columns) }
}
