import { KEYWORD_TAGS } from '../../components/keywords.js'
import { RedzoneError } from '../core/errors.js'
import { stateLayout, type Column } from '../core/state-registry.js'
import { captureResources, checkShape, RESOURCE_SHAPES, restoreResources, type ResourceValues } from '../core/state-resources.js'
import type { Position } from '../core/position-spec.js'
import { setEffectiveKeywords, type GameWorld } from '../core/world.js'

/**
 * A copy of a game's state, as the state registry declares it: every state column (raw
 * typed-array copies of the whole store, keyed by `store.field` name, so a snapshot restores
 * into any world built from the same position; `state-registry.ts`) and every resource
 * (`state-resources.ts`). For undo, search, and replaying a position many times;
 * `serialize.ts` turns it into JSON or a binary buffer.
 */
export interface WorldSnapshot {
  entities: number
  /** The names of the columns (`store.field`), joined: a snapshot restores into a world with the same layout. */
  layout: string
  /** The columns, in the order of the layout. */
  columns: Column[]
  /** Every resource's copy, by name. */
  resources: ResourceValues
  /** The position of the world it was taken of (setup, not state): a checked restore into a world of another position is refused. */
  origin: Position | null
}

/** A copy of a whole column (its capacity, not just the entities: no view to allocate), into `target` when it fits. */
function copyInto(target: Column | undefined, source: Column): Column {
  if (target !== undefined && target.length === source.length && target.constructor === source.constructor) {
    target.set(source)
    return target
  }
  return source.slice()
}

/**
 * A snapshot of the world. With `reuse` (a snapshot of a world of the same size), its typed
 * arrays are overwritten instead of allocated: the cheap path for search, which snapshots often.
 */
export function snapshotWorld(world: GameWorld, reuse?: WorldSnapshot): WorldSnapshot {
  const layout = stateLayout(world)
  const columns: Column[] = reuse?.layout === layout.signature ? reuse.columns : []
  const source = layout.columns
  for (let i = 0; i < source.length; i++) columns[i] = copyInto(columns[i], source[i]![1])
  return new MadeSnapshot(world.labels.length, layout.signature, columns, captureResources(world), world.origin)
}

/**
 * A snapshot `snapshotWorld` made: its resources have the declared shapes, so `checkSnapshot`
 * checks them in full only for any other object (a copy made with `{ ...snapshot }` is one).
 */
class MadeSnapshot implements WorldSnapshot {
  constructor(
    readonly entities: number,
    readonly layout: string,
    readonly columns: Column[],
    readonly resources: ResourceValues,
    readonly origin: Position | null,
  ) {}
}

declare const opaque: unique symbol

/** A snapshot as the public entries hand it out: opaque (`WorldSnapshot` inside), to give back to `restore`. */
export interface Snapshot {
  readonly [opaque]: 'redzone.Snapshot'
}

/**
 * Puts a world back to a snapshot of it, or of a world built from the same position (no entity
 * may have been added since). Keyword tag components are brought in line with the restored
 * effective masks; the decision mailbox (not state: `NOT_STATE`) is emptied. Listeners stay subscribed.
 */
export function restoreWorld(world: GameWorld, snapshot: WorldSnapshot): void {
  if (typeof snapshot !== 'object' || snapshot === null || typeof snapshot.entities !== 'number' || !Array.isArray(snapshot.columns) || typeof snapshot.resources !== 'object' || snapshot.resources === null) {
    throw new RedzoneError('invalid-snapshot', 'expected a snapshot made by snapshotWorld (or snapshot(game))')
  }
  if (world.labels.length !== snapshot.entities) {
    throw new RedzoneError('invalid-snapshot', `a snapshot of ${snapshot.entities - 1} entities can't restore a world of ${world.labels.length - 1}`)
  }
  const layout = stateLayout(world)
  const columns = layout.columns
  if (snapshot.layout !== layout.signature || snapshot.columns.length !== columns.length) {
    throw new RedzoneError('invalid-snapshot', `the snapshot's columns (${snapshot.layout}) don't match this world's (${layout.signature})`)
  }
  // The keyword masks become tag components: a bit of no keyword is refused before anything has
  // changed, and so is the one resource that can refuse a snapshot (the zones, of another number
  // of players), restored first.
  const effective = snapshot.columns[layout.index['kw.effective']!]!
  for (let eid = 1; eid < snapshot.entities; eid++) {
    if (effective[eid]! >>> KEYWORD_TAGS.length !== 0) throw new RedzoneError('invalid-snapshot', `the snapshot gives entity ${eid} keyword bits of no keyword (kw.effective ${effective[eid]})`)
  }
  restoreResources(world, snapshot.resources)
  const current = world.kw.effective
  for (let eid = 1; eid < snapshot.entities; eid++) {
    if (current[eid] !== effective[eid]) setEffectiveKeywords(world, eid, effective[eid]!)
  }
  for (let i = 0; i < columns.length; i++) {
    const column = columns[i]![1]
    const saved = snapshot.columns[i]!
    if (saved.length === column.length) column.set(saved)
    else {
      column.fill(0)
      column.set(saved.length > column.length ? saved.subarray(0, column.length) : saved)
    }
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
 * taken of a world built from the same position, every column a typed array of the world's type,
 * every resource of its declared shape with entity ids in range (for an object this engine did not
 * make; one it made is opaque to callers, `Snapshot`). Throws `invalid-snapshot` naming
 * what doesn't fit; nothing has changed then.
 */
export function checkSnapshot(world: GameWorld, snapshot: unknown): asserts snapshot is WorldSnapshot {
  const s = snapshot as Partial<WorldSnapshot> | null
  if (typeof s !== 'object' || s === null || typeof s.entities !== 'number' || !Array.isArray(s.columns) || typeof s.resources !== 'object' || s.resources === null) {
    throw new RedzoneError('invalid-snapshot', 'expected a snapshot made by snapshot() (or snapshotWorld)')
  }
  if (!samePosition(s.origin ?? null, world.origin)) throw new RedzoneError('invalid-snapshot', 'the snapshot was taken of a game built from another position')
  const columns = stateLayout(world).columns
  s.columns.forEach((column, i) => {
    const own = columns[i]?.[1]
    if (own === undefined || !ArrayBuffer.isView(column) || column.constructor !== own.constructor) {
      throw new RedzoneError('invalid-snapshot', `invalid snapshot at $.columns[${i}]: expected ${own === undefined ? 'no column' : `a ${own.constructor.name}`}`)
    }
  })
  // A snapshot this engine made has its resources' shapes by construction; any other object is checked in full.
  if (!(s instanceof MadeSnapshot)) checkShape(s.resources, { fields: RESOURCE_SHAPES }, '$.resources', s.entities)
}
