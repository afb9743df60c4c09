import { KEYWORD_TAGS } from '../../components/keywords.js'
import { RedzoneError } from '../core/errors.js'
import { arenaBytes, arenaColumns, stateLayout } from '../core/state-registry.js'
import {
  captureCopied,
  checkShape,
  checkTape,
  COPIED_SHAPES,
  invalidAt,
  readTape,
  restoreCopied,
  TAPE_NUMS,
  tapeIds,
  writeTape,
  type CopiedValues,
  type Tape,
} from '../core/state-resources.js'
import type { Position } from '../core/position-spec.js'
import { setEffectiveKeywords, type GameWorld } from '../core/world.js'

/**
 * A copy of a game's state, as the state registry declares it: the world's arena copied whole
 * (every state column at `rows` rows, as `state-registry.ts` lays them out: one copy), the hot
 * resources as numbers on its tape (`nums`, `ids`: written without allocating) and the others as
 * copies (`resources`; `state-resources.ts`). It restores into any world built from the same
 * position. For undo, search, and replaying a position many times; `serialize.ts` turns it into
 * JSON or a binary buffer.
 */
export interface WorldSnapshot {
  entities: number
  /** The names of the columns (`store.field`), joined: a snapshot restores into a world with the same layout. */
  layout: string
  /** The rows of each column in `arena` (the capacity of the world it was taken of). */
  rows: number
  /** The state columns, laid out as the registry lays a world's arena out at `rows` rows. */
  arena: Uint8Array
  /** The taped resources: their scalars, then (in `ids`) their lists' lengths and entity ids (`Tape`). */
  nums: Float64Array
  ids: Int32Array
  /** The other resources' copies, by name. */
  resources: CopiedValues
  /** The position of the world it was taken of (setup, not state): a checked restore into a world of another position is refused. */
  origin: Position | null
}

const pad8 = (n: number): number => (n + 7) & ~7

/** The bytes of a snapshot's buffer (its arena, then its tape). */
export function snapshotBytes(arena: number, ids: number): number {
  return pad8(arena) + TAPE_NUMS * 8 + ids * 4
}

/**
 * A snapshot this engine made (or read and checked: `serialize.ts`), in one ArrayBuffer: the
 * arena, then the tape's `nums` and `ids`. `checkSnapshot` trusts its resources' shapes.
 */
export class MadeSnapshot implements WorldSnapshot, Tape {
  readonly buffer: ArrayBuffer
  readonly arena: Uint8Array
  readonly nums: Float64Array
  readonly ids: Int32Array
  /** The saved `kw.effective` column (the keyword tags follow it on restore). */
  readonly effective: Uint32Array
  /** Its own tape's cursors (`tapeOf` puts them at the start): writing or reading it allocates no tape. */
  n = 0
  i = 0

  constructor(
    public entities: number,
    readonly layout: string,
    readonly rows: number,
    arena: number,
    effectiveAt: number,
    ids: number,
    public resources: CopiedValues,
    public origin: Position | null,
  ) {
    this.buffer = new ArrayBuffer(snapshotBytes(arena, ids))
    this.arena = new Uint8Array(this.buffer, 0, arena)
    this.nums = new Float64Array(this.buffer, pad8(arena), TAPE_NUMS)
    this.ids = new Int32Array(this.buffer, pad8(arena) + TAPE_NUMS * 8, ids)
    this.effective = new Uint32Array(this.buffer, effectiveAt, rows)
  }
}

/** A tape over a snapshot's numbers, its cursors at the start (a snapshot this engine made is its own). */
export function tapeOf(s: { nums: Float64Array; ids: Int32Array }): Tape {
  if (!(s instanceof MadeSnapshot)) return { nums: s.nums, n: 0, ids: s.ids, i: 0 }
  s.n = s.i = 0
  return s
}

/**
 * A snapshot of the world. With `reuse` (a snapshot of a world of the same size), its buffer is
 * overwritten instead of allocated: the cheap path for search, which snapshots often.
 */
export function snapshotWorld(world: GameWorld, reuse?: WorldSnapshot): WorldSnapshot {
  const layout = stateLayout(world)
  const ids = tapeIds(world)
  let s: MadeSnapshot
  if (reuse instanceof MadeSnapshot && reuse.layout === layout.signature && reuse.rows === layout.capacity && reuse.ids.length >= ids) s = reuse
  else {
    const effectiveAt = layout.columns[layout.index['kw.effective']!]![1].byteOffset
    // A snapshot made to be reused gets room for its lists to grow.
    const room = reuse === undefined ? ids : ids + (ids >> 1)
    s = new MadeSnapshot(world.labels.length, layout.signature, layout.capacity, layout.arena.length, effectiveAt, room, {} as CopiedValues, world.origin)
  }
  s.entities = world.labels.length
  s.origin = world.origin
  captureCopied(world, s.resources)
  s.arena.set(layout.arena)
  writeTape(world, tapeOf(s))
  return s
}

declare const opaque: unique symbol

/** A snapshot as the public entries hand it out: opaque (`WorldSnapshot` inside), to give back to `restore`. */
export interface Snapshot {
  readonly [opaque]: 'redzone.Snapshot'
}

/** The saved `kw.effective` column of a snapshot. */
function savedEffective(world: GameWorld, s: WorldSnapshot): Uint32Array {
  if (s instanceof MadeSnapshot) return s.effective
  const layout = stateLayout(world)
  return arenaColumns(layout.columns, s.arena, s.rows)[layout.index['kw.effective']!] as Uint32Array
}

/**
 * The first entity whose saved keyword mask differs from the world's (`entities` if none), each
 * such mask checked: a bit of no keyword is refused. Only a mask that differs from the world's can
 * be wrong (the world's are right).
 */
function firstChanged(effective: Uint32Array, current: Uint32Array, entities: number): number {
  let changed = entities
  for (let eid = entities - 1; eid >= 1; eid--) {
    const mask = effective[eid]!
    if (mask === current[eid]) continue
    if (mask >>> KEYWORD_TAGS.length !== 0) throw new RedzoneError('invalid-snapshot', `the snapshot gives entity ${eid} keyword bits of no keyword (kw.effective ${mask})`)
    changed = eid
  }
  return changed
}

/**
 * Puts a world back to a snapshot of it, or of a world built from the same position (no entity
 * may have been added since). Keyword tag components are brought in line with the restored
 * effective masks (in a world that keeps them: `keywordTags`); the decision mailbox (not state: `NOT_STATE`) is emptied. Listeners stay subscribed.
 */
export function restoreWorld(world: GameWorld, snapshot: WorldSnapshot): void {
  const s = snapshot
  if (typeof s !== 'object' || s === null || typeof s.entities !== 'number' || !(s.arena instanceof Uint8Array) || !(s.nums instanceof Float64Array) || !(s.ids instanceof Int32Array) || typeof s.resources !== 'object' || s.resources === null) {
    throw new RedzoneError('invalid-snapshot', 'expected a snapshot made by snapshotWorld (or snapshot(game))')
  }
  if (world.labels.length !== s.entities) {
    throw new RedzoneError('invalid-snapshot', `a snapshot of ${s.entities - 1} entities can't restore a world of ${world.labels.length - 1}`)
  }
  const layout = stateLayout(world)
  const bytes = s.rows === layout.capacity ? layout.arena.length : arenaBytes(layout.columns, s.rows)
  if (s.layout !== layout.signature || s.arena.length !== bytes || s.rows < s.entities) {
    throw new RedzoneError('invalid-snapshot', `the snapshot's columns (${s.layout}, ${s.rows} rows) don't match this world's (${layout.signature})`)
  }
  // The keyword masks become tag components: a bit of no keyword is refused before anything has
  // changed, and so is a snapshot of another number of players (the zones, read first). The first
  // entity whose mask differs is where the tags start to change.
  const effective = savedEffective(world, s)
  const current = world.kw.effective
  const changed = firstChanged(effective, current, s.entities)
  readTape(world, tapeOf(s))
  restoreCopied(world, s.resources)
  for (let eid = changed; eid < s.entities; eid++) {
    if (current[eid] !== effective[eid]) setEffectiveKeywords(world, eid, effective[eid]!)
  }
  if (s.rows === layout.capacity) layout.arena.set(s.arena)
  else {
    const saved = arenaColumns(layout.columns, s.arena, s.rows)
    layout.columns.forEach(([, column], i) => {
      column.fill(0)
      column.set(saved[i]!.subarray(0, column.length))
    })
  }
  world.derived.battlefield = null
  const pending = world.pending
  pending.attackers = null
  pending.blockers = null
  pending.assignmentGiven = false
  pending.assignment = null
  pending.discard = null
  pending.searchGiven = false
  pending.search = null
}

/** Whether two positions are the same (the same object, or equal as JSON). */
function samePosition(a: Position | null, b: Position | null): boolean {
  return a === b || (a !== null && b !== null && JSON.stringify(a) === JSON.stringify(b))
}

/**
 * Checks a snapshot given by a caller before it is restored into `world` (a public `restore`):
 * taken of a world built from the same position, its arena as long as the world's layout at its
 * rows, its tape and every copied resource of their declared shapes with entity ids in range (for
 * an object this engine did not make; one it made is opaque to callers, `Snapshot`). Throws
 * `invalid-snapshot` naming what doesn't fit; nothing has changed then.
 */
export function checkSnapshot(world: GameWorld, snapshot: unknown): asserts snapshot is WorldSnapshot {
  const s = snapshot as Partial<WorldSnapshot> | null
  if (typeof s !== 'object' || s === null || typeof s.entities !== 'number' || typeof s.resources !== 'object' || s.resources === null) {
    throw new RedzoneError('invalid-snapshot', 'expected a snapshot made by snapshot() (or snapshotWorld)')
  }
  if (!samePosition(s.origin ?? null, world.origin)) throw new RedzoneError('invalid-snapshot', 'the snapshot was taken of a game built from another position')
  // A snapshot this engine made has its resources' shapes by construction; any other object is checked in full.
  if (s instanceof MadeSnapshot) return
  checkShape(s.rows, [s.entities, 2 ** 28], '$.rows', 0)
  const bytes = arenaBytes(stateLayout(world).columns, s.rows!)
  if (!(s.arena instanceof Uint8Array) || s.arena.length !== bytes) invalidAt('$.arena', `a Uint8Array of ${bytes} bytes`, s.arena)
  if (!(s.nums instanceof Float64Array)) invalidAt('$.nums', 'a Float64Array', s.nums)
  if (!(s.ids instanceof Int32Array)) invalidAt('$.ids', 'an Int32Array', s.ids)
  checkTape(tapeOf(s as WorldSnapshot), '$.resources', s.entities)
  checkShape(s.resources, { fields: COPIED_SHAPES }, '$.resources', s.entities)
}
