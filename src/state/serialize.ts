/**
 * A game's state as a document that travels: to JSON (`redzone-state/1`) or to one binary buffer
 * (transferable to a Worker, storable, sendable), and back into a fresh game in another process.
 * Derived from the snapshot, itself derived from the state registry: nothing is listed twice.
 * The round trip is exact: the same digest, the same RNG state, the same next events.
 */
import type { ContinuousEffect } from '../rules/effects.js'
import { RedzoneError } from '../core/errors.js'
import { buildPosition, originOf, type Position } from './position.js'
import { restoreWorld, snapshotWorld, type WorldSnapshot } from './snapshot.js'
import type { Column } from '../core/state-registry.js'
import type { GameWorld, StackItem, TurnState } from '../core/world.js'

export const STATE_FORMAT = 'redzone-state/1'

/** The JSON document of a game: the position it was built from, and its state now. */
export interface StateDocument {
  format: typeof STATE_FORMAT
  /** The position the game was built from (its entities: players and cards, in order). */
  setup: Position
  state: {
    entities: number
    layout: string
    /** Each column as numbers, in layout order. */
    columns: { type: 'i32' | 'u32' | 'u8'; values: number[] }[]
    zones: [number[], number[], number[], number[]][]
    turn: TurnState
    roster: { attackers: number[]; blockers: number[]; blockList: number[] }
    effects: ContinuousEffect[]
    stack: StackItem[]
    pendingTriggers: StackItem[]
    sbaQueue: number[]
    nextTimestamp: number
    nextEntry: number
    rng: [number, number, number, number]
  }
}

function typeOf(column: Column): 'i32' | 'u32' | 'u8' {
  return column instanceof Int32Array ? 'i32' : column instanceof Uint32Array ? 'u32' : 'u8'
}

function makeColumn(type: 'i32' | 'u32' | 'u8', values: ArrayLike<number>): Column {
  if (type === 'i32') return Int32Array.from(values)
  if (type === 'u32') return Uint32Array.from(values)
  return Uint8Array.from(values)
}

function setupOf(world: GameWorld): Position {
  const setup = originOf(world)
  if (!setup) throw new RedzoneError('invalid-argument', 'this world was not built from a position, so its state can\'t be serialized (build it with createGame or buildPosition)')
  return setup
}

/** The game as a `redzone-state/1` JSON document. */
export function stateToJson(world: GameWorld): StateDocument {
  const s = snapshotWorld(world)
  return {
    format: STATE_FORMAT,
    setup: setupOf(world),
    state: {
      entities: s.entities,
      layout: s.layout,
      columns: s.columns.map((c) => ({ type: typeOf(c), values: Array.from(c) })),
      zones: s.zones,
      turn: s.turn,
      roster: { attackers: Array.from(s.roster.attackers), blockers: Array.from(s.roster.blockers), blockList: Array.from(s.roster.blockList) },
      effects: s.effects,
      stack: s.stack,
      pendingTriggers: s.pendingTriggers,
      sbaQueue: Array.from(s.sbaQueue),
      nextTimestamp: s.nextTimestamp,
      nextEntry: s.nextEntry,
      rng: s.rng,
    },
  }
}

function snapshotFromJson(doc: StateDocument): WorldSnapshot {
  const st = doc.state
  return {
    entities: st.entities,
    layout: st.layout,
    columns: st.columns.map((c) => makeColumn(c.type, c.values)),
    zones: st.zones,
    turn: st.turn,
    roster: { attackers: Int32Array.from(st.roster.attackers), blockers: Int32Array.from(st.roster.blockers), blockList: Int32Array.from(st.roster.blockList) },
    effects: st.effects,
    stack: st.stack,
    pendingTriggers: st.pendingTriggers,
    sbaQueue: Int32Array.from(st.sbaQueue),
    nextTimestamp: st.nextTimestamp,
    nextEntry: st.nextEntry,
    rng: st.rng,
  }
}

function checkDocument(doc: unknown): asserts doc is StateDocument {
  if (typeof doc !== 'object' || doc === null) throw new RedzoneError('invalid-snapshot', 'a state document is an object')
  const d = doc as Partial<StateDocument>
  if (d.format !== STATE_FORMAT) throw new RedzoneError('invalid-snapshot', `expected a "${STATE_FORMAT}" document, got format ${JSON.stringify(d.format)}`)
  if (typeof d.setup !== 'object' || d.setup === null) throw new RedzoneError('invalid-snapshot', 'the state document has no setup (the position the game was built from)')
  if (typeof d.state !== 'object' || d.state === null || !Array.isArray(d.state.columns)) throw new RedzoneError('invalid-snapshot', 'the state document has no state')
}

/** The setup and the snapshot of a `redzone-state/1` document (throws `RedzoneError` for one that isn't). */
export function readJson(doc: unknown): { setup: Position; snapshot: WorldSnapshot } {
  checkDocument(doc)
  return { setup: doc.setup, snapshot: snapshotFromJson(doc) }
}

/** A new world with the state of a `redzone-state/1` document (throws `RedzoneError` for a document that doesn't fit). */
export function worldFromJson(doc: unknown): GameWorld {
  const { setup, snapshot } = readJson(doc)
  const world = buildPosition(setup).world
  restoreWorld(world, snapshot)
  return world
}

const MAGIC = 0x525a5331 // "RZS1"

/**
 * The game as one binary buffer (transferable): a header (magic, length of the JSON part), the
 * JSON of everything but the columns, then each column's bytes, 4-byte aligned.
 */
export function stateToBinary(world: GameWorld): ArrayBuffer {
  const doc = stateToJson(world)
  const snapshot = snapshotWorld(world)
  const head = { ...doc, state: { ...doc.state, columns: snapshot.columns.map((c) => ({ type: typeOf(c), length: c.length })) } }
  const json = new TextEncoder().encode(JSON.stringify(head))
  const jsonPadded = (json.length + 3) & ~3
  let size = 8 + jsonPadded
  for (const c of snapshot.columns) size += (c.byteLength + 3) & ~3
  const buffer = new ArrayBuffer(size)
  const view = new DataView(buffer)
  view.setUint32(0, MAGIC)
  view.setUint32(4, json.length)
  new Uint8Array(buffer, 8, json.length).set(json)
  let at = 8 + jsonPadded
  for (const c of snapshot.columns) {
    new Uint8Array(buffer, at, c.byteLength).set(new Uint8Array(c.buffer, c.byteOffset, c.byteLength))
    at += (c.byteLength + 3) & ~3
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

/** The setup and the snapshot of a buffer made by `stateToBinary`. */
export function readBinary(buffer: ArrayBuffer): { setup: Position; snapshot: WorldSnapshot } {
  if (!(buffer instanceof ArrayBuffer) || buffer.byteLength < 8) throw new RedzoneError('invalid-snapshot', 'expected an ArrayBuffer made by stateToBinary')
  const view = new DataView(buffer)
  if (view.getUint32(0) !== MAGIC) throw new RedzoneError('invalid-snapshot', 'this buffer is not a redzone state (wrong magic number)')
  const length = view.getUint32(4)
  if (8 + length > buffer.byteLength) throw new RedzoneError('invalid-snapshot', 'the state buffer is truncated')
  const head = JSON.parse(new TextDecoder().decode(new Uint8Array(buffer, 8, length))) as StateDocument
  const layout = head.state.columns as unknown as { type: 'i32' | 'u32' | 'u8'; length: number }[]
  let at = 8 + ((length + 3) & ~3)
  const columns: Column[] = layout.map(({ type, length: n }) => {
    const bytes = n * (type === 'u8' ? 1 : 4)
    if (at + bytes > buffer.byteLength) throw new RedzoneError('invalid-snapshot', 'the state buffer is truncated')
    const copy = buffer.slice(at, at + bytes)
    at += (bytes + 3) & ~3
    return type === 'i32' ? new Int32Array(copy) : type === 'u32' ? new Uint32Array(copy) : new Uint8Array(copy)
  })
  checkDocument({ ...head, state: { ...head.state, columns: [] } })
  const snapshot = snapshotFromJson({ ...head, state: { ...head.state, columns: [] } })
  snapshot.columns = columns
  return { setup: head.setup, snapshot }
}
