/**
 * A game's state as a document that travels: to JSON (`redzone-state/1`) or to one binary buffer
 * (transferable to a Worker, storable, sendable), and back into a fresh game in another process.
 * Both are written from one snapshot and read back through the state registry: the columns of
 * `state-registry.ts` and the resources of `state-resources.ts`, each read with its shape
 * checked (a `RedzoneError('invalid-snapshot')` naming the path). The round trip is exact: the
 * same digest, the same RNG state, the same next events.
 */
import { Zone, ZONE_NAMES } from '../../components/zones.js'
import { RedzoneError } from '../core/errors.js'
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
import { buildWorld, zoneList, type GameWorld } from '../core/world.js'
import { buildPosition, type Position } from './position.js'
import { MadeSnapshot, restoreWorld, snapshotBytes, snapshotWorld, tapeOf, type WorldSnapshot } from './snapshot.js'

export const STATE_FORMAT = 'redzone-state/1'

type ColumnType = 'i32' | 'u32' | 'u8'
/** A column in JSON: its type, and values its type holds. */
const JSON_COLUMN: Shape = {
  by: 'type',
  kinds: { i32: { values: { list: [-(2 ** 31), 2 ** 31 - 1] } }, u32: { values: { list: [0, 2 ** 32 - 1] } }, u8: { values: { list: [0, 255] } } },
}
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

let canonical: ReturnType<typeof stateLayout> | null = null
/** This engine's state columns (the same in every world): the layout a document or buffer is read into. */
function engineLayout(): ReturnType<typeof stateLayout> {
  return (canonical ??= stateLayout(buildWorld({})))
}

/** A new snapshot of this engine's layout at `rows` rows, with room for `ids` tape ids. */
function blankSnapshot(entities: number, rows: number, ids: number, resources: MadeSnapshot['resources'], origin: Position): MadeSnapshot {
  const layout = engineLayout()
  const k = layout.index['kw.effective']!
  return new MadeSnapshot(entities, layout.signature, rows, arenaBytes(layout.columns, rows), arenaBytes(layout.columns.slice(0, k), rows), ids, resources, origin)
}

/** The game as a `redzone-state/1` JSON document. */
export function stateToJson(world: GameWorld): StateDocument {
  const layout = stateLayout(world)
  const columns = layout.columns.map(([, c]) => ({ type: typeOf(c), values: Array.from(c) }))
  return { format: STATE_FORMAT, setup: setupOf(world), state: { entities: world.labels.length, layout: layout.signature, columns, ...captureResources(world) } }
}

/**
 * The checked `state` of a document (`format`, `setup`, `state`), its fields of `fields`: the
 * entity count first (entity ids are checked against it), then the whole state.
 */
function readHead(doc: unknown, fields: (state: Record<string, unknown>) => Record<string, Shape>): { setup: Position; state: Record<string, unknown>; entities: number } {
  if (typeof doc !== 'object' || doc === null) throw new RedzoneError('invalid-snapshot', 'a state document is an object')
  const d = doc as Partial<StateDocument>
  if (d.format !== STATE_FORMAT) throw new RedzoneError('invalid-snapshot', `expected a "${STATE_FORMAT}" document, got format ${JSON.stringify(d.format)}`)
  if (typeof d.setup !== 'object' || d.setup === null) throw new RedzoneError('invalid-snapshot', 'the state document has no setup (the position the game was built from)')
  const state = d.state as unknown as Record<string, unknown>
  checkShape(state, 'object', '$.state', 0)
  checkShape(state.entities, ENTITIES, '$.state.entities', 0)
  checkShape(state, { fields: { entities: ENTITIES, ...fields(state) } }, '$.state', state.entities as number)
  return { setup: d.setup, state, entities: state.entities as number }
}

/** The setup and the snapshot of a `redzone-state/1` document (throws `RedzoneError` for one that isn't). */
export function readJson(doc: unknown): { setup: Position; snapshot: WorldSnapshot } {
  const head = readHead(doc, (state) => {
    checkShape(state.layout, 'string', '$.state.layout', 0)
    return { layout: 'string', columns: { list: JSON_COLUMN, length: (state.layout as string).split(',').length }, ...RESOURCE_SHAPES }
  })
  const { state, entities } = head
  const layout = engineLayout()
  if (state.layout !== layout.signature) throw new RedzoneError('invalid-snapshot', `the document's columns (${state.layout as string}) don't match this engine's (${layout.signature})`)
  const tape = encodeTape(state)
  const s = blankSnapshot(entities, entities, tape.ids.length, pickCopied(state), head.setup)
  const columns = state.columns as { type: ColumnType; values: number[] }[]
  arenaColumns(layout.columns, s.arena, entities).forEach((column, i) => {
    const { type, values } = columns[i]!
    if (type !== typeOf(column)) invalidAt(`$.state.columns[${i}].type`, `"${typeOf(column)}" (${layout.columns[i]![0]})`, type)
    if (values.length < entities) invalidAt(`$.state.columns[${i}]`, `a column of at least ${entities} values`, values.length)
    column.set(values.length > entities ? values.slice(0, entities) : values)
  })
  s.nums.set(tape.nums)
  s.ids.set(tape.ids)
  return { setup: head.setup, snapshot: s }
}

/** A new world with the state of a `redzone-state/1` document (throws `RedzoneError` for a document that doesn't fit). */
export function worldFromJson(doc: unknown): GameWorld {
  const { setup, snapshot } = readJson(doc)
  const world = buildPosition(setup).world
  restoreWorld(world, snapshot)
  checkZoneLists(world)
  return world
}

/** The zones a player's lists hold (`$.state.zones[player]`, in this order). */
const LISTED: readonly Zone[] = [Zone.Library, Zone.Hand, Zone.Graveyard, Zone.Exile]

/**
 * CR 400.1, 400.3: the zone lists a state gives agree with its objects: each player's library,
 * hand, graveyard and exile list, once each, exactly the cards that player owns in that zone. The
 * rules move a card by its owner's list, so a document that says otherwise is refused (its world,
 * new, is dropped), naming the entry or the object.
 */
function checkZoneLists(world: GameWorld): void {
  const { zone, owner } = world.place
  const listed = new Uint8Array(world.labels.length)
  world.playerOrder.forEach((player, i) => {
    LISTED.forEach((z, k) => {
      zoneList(world.zoneLists[player]!, z).forEach((card, j) => {
        if (listed[card] === 1 || zone[card] !== z || owner[card] !== player || world.players.isPlayer[card] === 1) {
          const why = listed[card] === 1 ? 'is listed twice' : `is not a card ${world.labels[player]} owns in the ${ZONE_NAMES[z]}`
          throw new RedzoneError('invalid-snapshot', `$.state.zones[${i}][${k}][${j}]: ${world.labels[card]} ${why}`)
        }
        listed[card] = 1
      })
    })
  })
  for (let eid = 1; eid < world.labels.length; eid++) {
    if (listed[eid] === 0 && world.players.isPlayer[eid] === 0 && LISTED.includes(zone[eid]!)) {
      throw new RedzoneError('invalid-snapshot', `$.state.zones: ${world.labels[eid]} is in the ${ZONE_NAMES[zone[eid]!]} but in no list of it`)
    }
  }
}

const MAGIC = 0x525a5354 // "RZST"
/**
 * The layout of the binary buffer: 3 is a snapshot's buffer (the arena, then the tape), its zero
 * bytes packed out, after a JSON head; 2 was a JSON head with every resource, then each column
 * whole; 1 had magic number "RZS1" and no version.
 */
export const BINARY_VERSION = 3
/** Magic number, version, length of the JSON head, hash of the layout: four big-endian Uint32. */
const HEADER_BYTES = 16

const pad8 = (n: number): number => (n + 7) & ~7

/** FNV-1a of the layout's signature: a buffer of other columns is refused. */
function layoutHash(signature: string): number {
  let h = 2166136261
  for (let i = 0; i < signature.length; i++) h = Math.imul(h ^ signature.charCodeAt(i), 16777619) >>> 0
  return h
}

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
 * length of the head, the layout's hash), the head (JSON: the setup; the entity count, the rows
 * of the arena, the length of the tape's `ids`, and the copied resources), then a snapshot's
 * buffer (`MadeSnapshot`: the world's arena and the tape) with its zero bytes packed out (`pack`).
 */
export function stateToBinary(world: GameWorld): ArrayBuffer {
  const setup = setupOf(world)
  const s = snapshotWorld(world) as MadeSnapshot
  const state = { entities: s.entities, rows: s.rows, ids: s.ids.length, ...s.resources }
  const head = new TextEncoder().encode(JSON.stringify({ format: STATE_FORMAT, setup, state }))
  const body = new Uint8Array(s.buffer)
  const out = new Uint8Array(HEADER_BYTES + pad8(head.length) + body.length + (body.length >> 3) + 1)
  const view = new DataView(out.buffer)
  view.setUint32(0, MAGIC)
  view.setUint32(4, BINARY_VERSION)
  view.setUint32(8, head.length)
  view.setUint32(12, layoutHash(s.layout))
  out.set(head, HEADER_BYTES)
  return out.buffer.slice(0, pack(body, out, HEADER_BYTES + pad8(head.length)))
}

/** A new world with the state of a binary buffer made by `stateToBinary`. */
export function worldFromBinary(buffer: ArrayBuffer): GameWorld {
  const { setup, snapshot } = readBinary(buffer)
  const world = buildPosition(setup).world
  restoreWorld(world, snapshot)
  checkZoneLists(world)
  return world
}

const truncated = (): RedzoneError => new RedzoneError('invalid-snapshot', 'the state buffer is truncated')

/**
 * The setup and the snapshot of a buffer made by `stateToBinary` (throws `invalid-snapshot` for
 * any other buffer, short or corrupted, and for one of another binary version: version 2, of
 * redzone 0.1.1 and before, is not read; convert it with `toJSON` in the version that wrote it).
 */
export function readBinary(buffer: ArrayBuffer): { setup: Position; snapshot: WorldSnapshot } {
  if (!(buffer instanceof ArrayBuffer) || buffer.byteLength < HEADER_BYTES) throw new RedzoneError('invalid-snapshot', 'expected the bytes toBinary made (an ArrayBuffer or a view of one)')
  const view = new DataView(buffer)
  if (view.getUint32(0) !== MAGIC) throw new RedzoneError('invalid-snapshot', 'this buffer is not a redzone state (wrong magic number)')
  const version = view.getUint32(4)
  if (version !== BINARY_VERSION) {
    throw new RedzoneError('invalid-snapshot', `this state buffer is of binary version ${version}; this version of redzone reads version ${BINARY_VERSION} only (a buffer of an older version travels as its toJSON document, which every version reads)`)
  }
  const length = view.getUint32(8)
  const layout = engineLayout()
  if (view.getUint32(12) !== layoutHash(layout.signature)) throw new RedzoneError('invalid-snapshot', "this state buffer's columns are not this version of redzone's (another layout hash)")
  if (HEADER_BYTES + length > buffer.byteLength) throw truncated()
  let doc: unknown
  try {
    doc = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(new Uint8Array(buffer, HEADER_BYTES, length)))
  } catch {
    throw new RedzoneError('invalid-snapshot', 'the head of the state buffer is not JSON')
  }
  const head = readHead(doc, (state) => ({ rows: [typeof state.entities === 'number' ? state.entities : 1, LIMITS.capacity.max], ids: [0, LIMITS.capacity.max * 8], ...COPIED_SHAPES }))
  const { rows, ids } = head.state as { rows: number; ids: number }
  // At least a mask byte for every 8 bytes of the snapshot: checked before its buffer is made.
  if (HEADER_BYTES + pad8(length) + snapshotBytes(arenaBytes(layout.columns, rows), ids) / 8 > buffer.byteLength) throw truncated()
  const s = blankSnapshot(head.entities, rows, ids, pickCopied(head.state), head.setup)
  if (unpack(new Uint8Array(buffer), HEADER_BYTES + pad8(length), new Uint8Array(s.buffer)) !== buffer.byteLength) {
    throw new RedzoneError('invalid-snapshot', "the state buffer's length doesn't match its columns and tape")
  }
  checkTape(tapeOf(s), '$.state', head.entities)
  return { setup: head.setup, snapshot: s }
}
