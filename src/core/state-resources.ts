/**
 * The resources of a game: everything it holds besides the per-entity columns of `ENTITY_STORES`
 * (`state-registry.ts`). Each entry says how to capture the resource, as a copy that is plain JSON
 * data and shares nothing mutable with the world, and the copy's `shape`, checked when it is read
 * (a `RedzoneError('invalid-snapshot')` naming the path): the JSON document and the digest hold
 * that form. A snapshot holds the hot ones (zones, turn, roster, the SBA queue, counters, the RNG)
 * as numbers on its tape (`TapedResource`: written and read without allocating, in the order of
 * their shape, so `checkTape` reads a tape back as their JSON copies), the others (effects, the
 * stack, pending triggers: empty most of the time) as their copies (`CopiedResource`). Snapshot
 * and restore (`src/state/snapshot.ts`), the JSON document and the binary buffer
 * (`serialize.ts`) and the digest (`digest.ts`) iterate `RESOURCES`: a new resource is one entry
 * here. `NOT_STATE` says why each other field of the context travels with none of them; the
 * compiler makes every field of `GameContext` a column store, a resource or one of those.
 */
import type { ContinuousEffect } from './card-spec.js'
import { internalError, RedzoneError } from './errors.js'
import type { IntList } from './int-list.js'
import { describeValue, INT32_MAX } from './limits.js'
import type { EntityStoreName } from './state-registry.js'
import { STEP_COUNT, type StepId } from './steps.js'
import { copyItem, releaseItem } from './stack-items.js'
import { releaseEffect } from './effect-pool.js'
import { cutTo } from './lists.js'
import { Await, type AwaitKind } from './await.js'
import type { GameContext, StackItem, TurnState } from './world.js'

/**
 * The shape of a JSON value, checked as a state is read: a number (an entity id of the world, a
 * 32-bit integer signed or not, a count, or a whole number in `[min, max]`), `bool`, `string`,
 * any `object`, a `list` (of a fixed length or not), one of some strings, an object with exactly
 * some `fields`, or an object whose fields depend on its kind (`by` names the field).
 */
export type Shape =
  | 'eid'
  | 'bits'
  | 'count'
  | 'bool'
  | 'string'
  | 'object'
  | readonly [min: number, max: number]
  | { readonly list: Shape; readonly length?: number }
  | { readonly oneOf: readonly string[] }
  | { readonly fields: Fields }
  | { readonly by: string; readonly kinds: Readonly<Record<string, Fields>> }
export type Fields = Readonly<Record<string, Shape>>

/** One resource: `S` is its captured copy, plain JSON data (numbers, arrays, plain objects). */
interface BaseResource<N extends string, F extends keyof GameContext, S> {
  /** Its key in the JSON document's `state` (and in a snapshot's `resources` when it is copied). */
  readonly name: N
  /** The fields of the context it holds, and those rebuilt from them when it is restored. */
  readonly fields: readonly F[]
  capture(world: GameContext): S
  /** The shape of the copy, checked when it is read. */
  readonly shape: Shape
}

/** A resource a snapshot keeps as its captured copy. */
export interface CopiedResource<N extends string, F extends keyof GameContext, S> extends BaseResource<N, F, S> {
  /** Puts a captured copy back (copying again: the copy can be restored any number of times). */
  restore(world: GameContext, saved: S): void
}

/**
 * A snapshot's numbers: `nums` holds the scalars (a float64 keeps any number of the state
 * exactly), `ids` the lengths of lists and the entity ids in them; `n` and `i` are the cursors.
 */
export interface Tape {
  nums: Float64Array
  n: number
  ids: Int32Array
  i: number
}

/**
 * A resource a snapshot keeps on its tape: `write` puts its values there in the order of its
 * shape (a scalar, or a list of fixed length of scalars, to `nums`; a list's length, and its
 * items when they are entity ids, to `ids`), `read` takes them back into the world.
 */
export interface TapedResource<N extends string, F extends keyof GameContext, S> extends BaseResource<N, F, S> {
  /** How many `ids` it writes now. */
  ids(world: GameContext): number
  write(world: GameContext, tape: Tape): void
  read(world: GameContext, tape: Tape): void
}

export type Resource<N extends string, F extends keyof GameContext, S> = CopiedResource<N, F, S> | TapedResource<N, F, S>

/** Throws the error for the value at `path` (`$.state.zones[0][1]`). */
export function invalidAt(path: string, expected: string, value: unknown): never {
  throw new RedzoneError('invalid-snapshot', `invalid snapshot at ${path}: expected ${expected}, got ${describeValue(value)}`)
}

type Scalar = 'eid' | 'bits' | 'count' | readonly [number, number]
const RANGES = { bits: [-(2 ** 31), 2 ** 32 - 1], count: [0, Number.MAX_SAFE_INTEGER] } as const
const TYPES = { bool: ['boolean', 'true or false'], string: ['string', 'a string'], object: ['object', 'an object'] } as const
const isScalar = (shape: Shape): shape is Scalar => (typeof shape === 'string' ? !(shape in TYPES) : Array.isArray(shape))
const rangeOf = (shape: Scalar, entities: number): readonly [number, number] => (shape === 'eid' ? [0, entities - 1] : typeof shape === 'string' ? RANGES[shape] : shape)
const fits = (value: unknown, range: readonly [number, number]): boolean => typeof value === 'number' && Number.isInteger(value) && value >= range[0] && value <= range[1]

/** Checks that `value` has the shape; entity ids are below `entities`. */
export function checkShape(value: unknown, shape: Shape, path: string, entities: number): void {
  if (isScalar(shape)) {
    const range = rangeOf(shape, entities)
    if (!fits(value, range)) invalidAt(path, `a whole number from ${range[0]} to ${range[1]}`, value)
  } else if (typeof shape === 'string') {
    const [type, expected] = TYPES[shape]
    if (typeof value !== type || value === null || Array.isArray(value)) invalidAt(path, expected, value)
  } else if ('list' in shape) {
    if (!Array.isArray(value) || (shape.length !== undefined && value.length !== shape.length)) invalidAt(path, `an array${shape.length === undefined ? '' : ` of ${shape.length}`}`, value)
    // An item's path is written only for an item that is not a number in range (columns are long).
    const range = isScalar(shape.list) ? rangeOf(shape.list, entities) : null
    for (let i = 0; i < value.length; i++) if (!range || !fits(value[i], range)) checkShape(value[i], shape.list, `${path}[${i}]`, entities)
  } else if ('oneOf' in shape) {
    if (!shape.oneOf.includes(value as string)) invalidAt(path, `one of ${shape.oneOf.join(', ')}`, value)
  } else {
    checkShape(value, 'object', path, entities)
    const record = value as Record<string, unknown>
    let fields: Fields
    if ('fields' in shape) fields = shape.fields
    else {
      const kinds = Object.keys(shape.kinds)
      checkShape(record[shape.by], { oneOf: kinds }, `${path}.${shape.by}`, entities)
      fields = { [shape.by]: { oneOf: kinds }, ...shape.kinds[record[shape.by] as string] }
    }
    for (const key of Object.keys(record)) if (!(key in fields)) invalidAt(`${path}.${key}`, 'no such field', record[key])
    for (const key in fields) checkShape(record[key], fields[key]!, `${path}.${key}`, entities)
  }
}

const eids: Shape = { list: 'eid' }

/** Per player in turn order: library (top first), hand, graveyard, exile. */
type PlayerZones = [number[], number[], number[], number[]]

function putList(t: Tape, list: readonly number[]): void {
  const ids = t.ids
  const n = list.length
  let i = t.i
  ids[i++] = n
  for (let k = 0; k < n; k++) ids[i++] = list[k]!
  t.i = i
}

/**
 * Into `list` in place: overwritten, then pushed to or cut (`cutTo`: never given holes, which would
 * slow every later read, and its room kept).
 */
function takeList(t: Tape, list: number[]): void {
  const ids = t.ids
  let i = t.i
  const n = ids[i++]!
  const kept = Math.min(n, list.length)
  for (let k = 0; k < kept; k++) list[k] = ids[i++]!
  for (let k = kept; k < n; k++) list.push(ids[i++]!)
  cutTo(list, n)
  t.i = i
}

/** The first resource on a tape, so a snapshot of another number of players is refused before anything changes. */
const zones: TapedResource<'zones', 'zoneLists', PlayerZones[]> = {
  name: 'zones',
  fields: ['zoneLists'],
  capture(world: GameContext): PlayerZones[] {
    return world.playerOrder.map((p) => {
      const z = world.zoneLists[p]!
      return [z.library.slice(), z.hand.slice(), z.graveyard.slice(), z.exile.slice()]
    })
  },
  ids(world: GameContext): number {
    let n = 1
    for (let i = 0, order = world.playerOrder; i < order.length; i++) {
      const z = world.zoneLists[order[i]!]!
      n += 4 + z.library.length + z.hand.length + z.graveyard.length + z.exile.length
    }
    return n
  },
  write(world: GameContext, t: Tape): void {
    t.ids[t.i++] = world.playerOrder.length
    for (let i = 0, order = world.playerOrder; i < order.length; i++) {
      const z = world.zoneLists[order[i]!]!
      putList(t, z.library)
      putList(t, z.hand)
      putList(t, z.graveyard)
      putList(t, z.exile)
    }
  },
  read(world: GameContext, t: Tape): void {
    const players = t.ids[t.i++]!
    if (players !== world.playerOrder.length) {
      throw new RedzoneError('invalid-snapshot', `a snapshot of ${players} players can't restore a world of ${world.playerOrder.length}`)
    }
    for (let i = 0, order = world.playerOrder; i < order.length; i++) {
      const z = world.zoneLists[order[i]!]!
      takeList(t, z.library)
      takeList(t, z.hand)
      takeList(t, z.graveyard)
      takeList(t, z.exile)
    }
  },
  shape: { list: { list: eids, length: 4 } },
}

const int32: Shape = [-INT32_MAX, INT32_MAX]
const TURN_SHAPE: { readonly [K in keyof TurnState]: Shape } = {
  number: int32,
  active: 'eid',
  step: [0, STEP_COUNT - 1],
  attackersDeclared: 'bool',
  blockersDeclared: 'bool',
  firstStrikeStepDone: 'bool',
  regularDamageDone: 'bool',
  priority: 'eid',
  passes: int32,
  landsPlayed: int32,
  // A numeric enum's object also maps each number back to its name: the numbers only.
  awaiting: [0, Math.max(...Object.values(Await).filter((v) => typeof v === 'number'))],
  decider: 'eid',
  resumeAt: int32,
  choiceCount: int32,
  cleanupPriority: 'bool',
  first: 'eid',
  blockersDone: int32,
}

/**
 * A number read off a tape, as a small integer when it is one: a float64 element stored into a
 * field as it is arrived as a heap number (the counters did), and the field then holds boxed
 * doubles for the rest of the game.
 */
const smi = (x: number): number => (x === (x | 0) ? x | 0 : x)

/** The turn on a tape: its fields in the order of `TURN_SHAPE`, booleans as 0 and 1. */
const turn: TapedResource<'turn', 'turn', TurnState> = {
  name: 'turn',
  fields: ['turn'],
  capture: (world: GameContext): TurnState => ({ ...world.turn }),
  ids: () => 0,
  write({ turn: s }: GameContext, t: Tape): void {
    const v = t.nums
    let n = t.n
    v[n++] = s.number
    v[n++] = s.active
    v[n++] = s.step
    v[n++] = +s.attackersDeclared
    v[n++] = +s.blockersDeclared
    v[n++] = +s.firstStrikeStepDone
    v[n++] = +s.regularDamageDone
    v[n++] = s.priority
    v[n++] = s.passes
    v[n++] = s.landsPlayed
    v[n++] = s.awaiting
    v[n++] = s.decider
    v[n++] = s.resumeAt
    v[n++] = s.choiceCount
    v[n++] = +s.cleanupPriority
    v[n++] = s.first
    v[n++] = s.blockersDone
    t.n = n
  },
  read({ turn: s }: GameContext, t: Tape): void {
    const v = t.nums
    let n = t.n
    s.number = smi(v[n++]!)
    s.active = smi(v[n++]!)
    s.step = smi(v[n++]!) as StepId
    s.attackersDeclared = v[n++] !== 0
    s.blockersDeclared = v[n++] !== 0
    s.firstStrikeStepDone = v[n++] !== 0
    s.regularDamageDone = v[n++] !== 0
    s.priority = smi(v[n++]!)
    s.passes = smi(v[n++]!)
    s.landsPlayed = smi(v[n++]!)
    s.awaiting = smi(v[n++]!) as AwaitKind
    s.decider = smi(v[n++]!)
    s.resumeAt = smi(v[n++]!)
    s.choiceCount = smi(v[n++]!)
    s.cleanupPriority = v[n++] !== 0
    s.first = smi(v[n++]!)
    s.blockersDone = smi(v[n++]!)
    t.n = n
  },
  shape: { fields: TURN_SHAPE },
}

/** An `IntList`'s items, as a copy. */
function listItems(list: IntList): number[] {
  return Array.from(list.items.subarray(0, list.length))
}

function putInts(t: Tape, list: IntList): void {
  const ids = t.ids
  const n = list.length
  const items = list.items
  let i = t.i
  ids[i++] = n
  for (let k = 0; k < n; k++) ids[i++] = items[k]!
  t.i = i
}

function takeInts(t: Tape, list: IntList): void {
  const ids = t.ids
  let i = t.i
  const n = ids[i++]!
  list.clear()
  list.reserve(n)
  const items = list.items
  for (let k = 0; k < n; k++) items[k] = ids[i++]!
  list.length = n
  t.i = i
}

type RosterCopy = Record<'attackers' | 'blockers' | 'blockList', number[]>

const roster: TapedResource<'roster', 'roster', RosterCopy> = {
  name: 'roster',
  fields: ['roster'],
  capture: ({ roster: r }: GameContext): RosterCopy => ({ attackers: listItems(r.attackers), blockers: listItems(r.blockers), blockList: listItems(r.blockList) }),
  ids: ({ roster: r }: GameContext): number => 3 + r.attackers.length + r.blockers.length + r.blockList.length,
  write({ roster: r }: GameContext, t: Tape): void {
    putInts(t, r.attackers)
    putInts(t, r.blockers)
    putInts(t, r.blockList)
  },
  read({ roster: r }: GameContext, t: Tape): void {
    takeInts(t, r.attackers)
    takeInts(t, r.blockers)
    takeInts(t, r.blockList)
  },
  shape: { fields: { attackers: eids, blockers: eids, blockList: eids } },
}

const copyEffects = (list: readonly ContinuousEffect[]): ContinuousEffect[] => (list.length === 0 ? [] : list.map((e) => ({ ...e })))
const EFFECT_SHAPE: { readonly [K in keyof ContinuousEffect]: Shape } = {
  timestamp: 'count',
  target: 'eid',
  addKeywords: 'bits',
  removeKeywords: 'bits',
  power: [-Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
  toughness: [-Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
  duration: { oneOf: ['endOfTurn', 'attached'] },
  source: 'eid',
}

/** An effect's fields in the one order all effects have them (`EFFECT_SHAPE`'s). */
const EFFECT_FIELDS = Object.keys(EFFECT_SHAPE) as (keyof ContinuousEffect)[]

const effects: CopiedResource<'effects', 'effects' | 'effectsByTarget' | 'attachmentEffects', ContinuousEffect[]> = {
  name: 'effects',
  fields: ['effects', 'effectsByTarget', 'attachmentEffects'],
  capture: (world: GameContext): ContinuousEffect[] => copyEffects(world.effects),
  /**
   * The effects, and their indexes by target and by attached source rebuilt, into the world's own
   * list (emptied by popping: it keeps its storage, and the field is never assigned, as the
   * stack's: a field assigned only sometimes, as when an empty list was skipped, made the
   * optimizer throw its code away at the first game that assigned it, 14% slower games).
   */
  restore(world: GameContext, saved: ContinuousEffect[]): void {
    // The live effects go back to the pool (`releaseEffect`: an attached one nulls its source's
    // entry), each leaving its target's list: those are the only lists not empty and the only
    // entries not null, so both are emptied without a walk over every object ever affected. The
    // copies are taken from the pool: a game started from a snapshot allocates no effect.
    for (const e of world.effects) {
      const on = world.effectsByTarget.get(e.target)
      if (on) cutTo(on, 0)
      releaseEffect(world, e)
    }
    const pool = world.effectPool
    const effects = world.effects
    cutTo(effects, 0)
    // Field by field in the order of their shape, which is the order `addEffect` sets them in (a
    // test compares the JSON): a saved effect's keys may come in any order (a state document
    // re-serialized with sorted keys), and the digest reads them in the object's order; its other
    // keys are not copied.
    for (const e of saved) {
      const c = (pool.pop() ?? {}) as Record<string, unknown>
      for (const field of EFFECT_FIELDS) c[field] = e[field]
      effects.push(c as unknown as ContinuousEffect)
    }
    for (const e of effects) {
      const on = world.effectsByTarget.get(e.target)
      if (on) on.push(e)
      else world.effectsByTarget.set(e.target, [e])
      if (e.duration === 'attached') world.attachmentEffects.set(e.source, e)
    }
  },
  shape: { list: { fields: EFFECT_SHAPE } },
}

/** CR 405: the objects on the stack, by kind (the ability and the trigger are card data, checked as objects). */
const STACK_ITEM: Shape = {
  by: 'kind',
  kinds: {
    spell: { card: 'eid', controller: 'eid', target: 'eid' },
    equip: { source: 'eid', controller: 'eid', target: 'eid', ability: 'object' },
    trigger: { source: 'eid', controller: 'eid', trigger: 'object' },
  },
}

/**
 * A list of stack objects, copied item by item: the world's items are used again once they have
 * resolved (`stack-items.ts`), so a snapshot holds copies of its own, and a restore gives the world
 * copies (from its pool) and puts the items it held back. Reached through `get`, as the counters
 * are.
 */
function stackList<N extends 'stack' | 'pendingTriggers'>(name: N, get: (world: GameContext) => StackItem[]): CopiedResource<N, N, StackItem[]> {
  return {
    name,
    fields: [name],
    capture: (world: GameContext): StackItem[] => {
      const list = get(world)
      return list.length === 0 ? [] : list.map((item) => ({ ...item }))
    },
    /** Into the world's own list, emptied by popping (`effects`' restore says why). */
    restore(world: GameContext, saved: StackItem[]): void {
      const list = get(world)
      for (const item of list) releaseItem(world, item)
      cutTo(list, 0)
      for (const item of saved) list.push(copyItem(world, item))
    },
    shape: { list: STACK_ITEM },
  }
}

const sbaQueue: TapedResource<'sbaQueue', 'sbaQueue' | 'sbaQueued', number[]> = {
  name: 'sbaQueue',
  fields: ['sbaQueue', 'sbaQueued'],
  capture: (world: GameContext): number[] => listItems(world.sbaQueue),
  ids: (world: GameContext): number => 1 + world.sbaQueue.length,
  write: (world: GameContext, t: Tape): void => putInts(t, world.sbaQueue),
  /** The queue, and its membership marks. */
  read(world: GameContext, t: Tape): void {
    const { sbaQueue: queue, sbaQueued: queued } = world
    for (let i = 0; i < queue.length; i++) queued[queue.items[i]!] = 0
    takeInts(t, queue)
    for (let i = 0; i < queue.length; i++) queued[queue.items[i]!] = 1
  },
  shape: eids,
}

/**
 * A counter of the context (a plain number), read and set through `get` and `set`, each written
 * for its field: in code both counters share, `world[name]` sees two names and V8 makes it a
 * generic keyed access (the two counters took about as long as the turn's seventeen fields).
 */
function counter<N extends 'nextTimestamp' | 'nextEntry'>(name: N, get: (world: GameContext) => number, set: (world: GameContext, value: number) => void): TapedResource<N, N, number> {
  return {
    name,
    fields: [name],
    capture: get,
    ids: () => 0,
    write(world: GameContext, t: Tape): void {
      t.nums[t.n++] = get(world)
    },
    read(world: GameContext, t: Tape): void {
      set(world, smi(t.nums[t.n++]!))
    },
    shape: 'count',
  }
}

type RngState = [number, number, number, number]

const rng: TapedResource<'rng', 'rng', RngState> = {
  name: 'rng',
  fields: ['rng'],
  capture: (world: GameContext): RngState => world.rng.state(),
  ids: () => 0,
  /** Item by item: `nums.set(state())` hands the array to a call, so it is made; read by index, V8 never makes it. */
  write(world: GameContext, t: Tape): void {
    const s = world.rng.state()
    const v = t.nums
    const n = (t.n += 4)
    v[n - 4] = s[0]
    v[n - 3] = s[1]
    v[n - 2] = s[2]
    v[n - 1] = s[3]
  },
  read(world: GameContext, t: Tape): void {
    world.rng.setState(t.nums, (t.n += 4) - 4)
  },
  shape: { list: 'bits', length: 4 },
}

/** Every resource, in the order of the JSON document (`redzone-state/2`). */
export const RESOURCES = [
  zones,
  turn,
  roster,
  effects,
  stackList('stack', (w) => w.stack),
  stackList('pendingTriggers', (w) => w.pendingTriggers),
  sbaQueue,
  counter('nextTimestamp', (w) => w.nextTimestamp, (w, v) => void (w.nextTimestamp = v)),
  counter('nextEntry', (w) => w.nextEntry, (w, v) => void (w.nextEntry = v)),
  rng,
] as const

type AnyResource = (typeof RESOURCES)[number]
export type ResourceName = AnyResource['name']
/** The copy of every resource, by name: a snapshot's `resources`, and the resources in the `state` of a JSON document. */
export type ResourceValues = { [R in AnyResource as R['name']]: ReturnType<R['capture']> }
type ResourceField = AnyResource['fields'][number]

/** The table with the types of its entries forgotten, to iterate (each entry reads only what it wrote). */
const ENTRIES: readonly Resource<ResourceName, ResourceField, unknown>[] = RESOURCES

/**
 * Why each other field of the context is not state:
 * - `setup`: fixed when the world is built; a world built from the same position has it;
 * - `derived`: follows from the state (the capacity grows with the entities);
 * - `scratch`: working space inside one system or check, or kept across actions for a reader of the
 *   game and never read by the rules (the pool of ended items, the observation writer's change notes);
 * - `transient`: the decision mailbox, written by an answer and consumed within the same action;
 * - `outside`: not the game (listeners).
 */
export const NOT_STATE: { readonly [K in Exclude<keyof GameContext, EntityStoreName | ResourceField>]: 'setup' | 'derived' | 'scratch' | 'transient' | 'outside' } = {
  capacity: 'derived',
  abilities: 'setup',
  cardData: 'setup',
  labels: 'setup',
  playerOrder: 'setup',
  attachables: 'setup',
  legendaries: 'setup',
  origin: 'setup',
  keywordTags: 'setup',
  sbaWork: 'scratch',
  sbaDoomed: 'scratch',
  effectPool: 'scratch',
  itemPool: 'scratch',
  plan: 'scratch',
  scratch: 'scratch',
  stamp: 'scratch',
  left: 'derived',
  derived: 'derived',
  pending: 'transient',
  events: 'outside',
}

/** Every resource's copy, by name (the JSON document's and the digest's form). */
export function captureResources(world: GameContext): ResourceValues {
  const out: Partial<Record<ResourceName, unknown>> = {}
  for (const r of ENTRIES) out[r.name] = r.capture(world)
  return out as ResourceValues
}

/** The shape of each resource, by name (the resources of the `state` of a JSON document). */
export const RESOURCE_SHAPES: Fields = Object.fromEntries(ENTRIES.map((r) => [r.name, r.shape]))

type AnyTaped = Extract<AnyResource, { write: unknown }>
type AnyCopied = Exclude<AnyResource, AnyTaped>
/** The resources a snapshot keeps on its tape, in tape order (the zones first). */
const TAPED = ENTRIES.filter((r): r is TapedResource<ResourceName, ResourceField, unknown> => 'write' in r)
const COPIED = ENTRIES.filter((r): r is CopiedResource<ResourceName, ResourceField, unknown> => 'restore' in r)
/** The copies of the resources a snapshot keeps as copies, by name. */
export type CopiedValues = { [R in AnyCopied as R['name']]: ReturnType<R['capture']> }
/** The shapes of those. */
export const COPIED_SHAPES: Fields = Object.fromEntries(COPIED.map((r) => [r.name, r.shape]))
export type TapedName = AnyTaped['name']

/** How many `nums` a value of this shape takes on a tape (a constant: what varies in length goes to `ids`). */
function numsOf(shape: Shape): number {
  if (isScalar(shape) || shape === 'bool') return 1
  if (typeof shape === 'object' && 'list' in shape) {
    const each = shape.list === 'eid' ? 0 : numsOf(shape.list)
    if (shape.length === undefined && each !== 0) throw internalError('a list of varying length on a tape holds entity ids or lists of them')
    return (shape.length ?? 0) * each
  }
  if (typeof shape === 'object' && 'fields' in shape) return Object.values(shape.fields).reduce((n: number, f) => n + numsOf(f), 0)
  throw internalError(`a shape that no tape holds: ${JSON.stringify(shape)}`)
}

/** The `nums` of every tape (the same for every world). */
export const TAPE_NUMS = TAPED.reduce((n, r) => n + numsOf(r.shape), 0)

/** How many `ids` the tape of this world takes now. */
export function tapeIds(world: GameContext): number {
  let n = 0
  for (const r of TAPED) n += r.ids(world)
  return n
}

/** Writes the taped resources on `tape` (sized by `TAPE_NUMS` and `tapeIds`). */
export function writeTape(world: GameContext, tape: Tape): void {
  for (const r of TAPED) r.write(world, tape)
}

/** Reads them back into the world (a tape that `checkTape` accepted, or one `writeTape` wrote). */
export function readTape(world: GameContext, tape: Tape): void {
  for (const r of TAPED) r.read(world, tape)
}

/** Copies the resources a snapshot keeps as copies, into `out` (reused). */
export function captureCopied(world: GameContext, out: Partial<CopiedValues>): CopiedValues {
  for (const r of COPIED) (out as Record<string, unknown>)[r.name] = r.capture(world)
  return out as CopiedValues
}

export function restoreCopied(world: GameContext, values: CopiedValues): void {
  for (const r of COPIED) r.restore(world, values[r.name as keyof CopiedValues])
}

/** A value of `shape` read off a tape; `path` names it when the tape is too short. */
function decode(shape: Shape, t: Tape, path: string): unknown {
  const next = (list: Float64Array | Int32Array, at: number): number => {
    if (at >= list.length) invalidAt(path, 'more values on the tape', 'its end')
    return list[at]!
  }
  if (shape === 'bool') return next(t.nums, t.n++) !== 0
  if (isScalar(shape)) return next(t.nums, t.n++)
  if (typeof shape === 'object' && 'list' in shape) {
    const n = shape.length ?? next(t.ids, t.i++)
    if (n < 0) invalidAt(path, 'a length', n)
    const out: unknown[] = []
    for (let k = 0; k < n; k++) out.push(shape.list === 'eid' ? next(t.ids, t.i++) : decode(shape.list, t, `${path}[${k}]`))
    return out
  }
  const fields = (shape as { fields: Fields }).fields
  const out: Record<string, unknown> = {}
  for (const key in fields) out[key] = decode(fields[key]!, t, `${path}.${key}`)
  return out
}

/** Writes a value of `shape` (checked) on a tape of growable arrays: the inverse of `decode`. */
function encode(value: unknown, shape: Shape, t: { nums: number[]; ids: number[] }): void {
  if (shape === 'bool') t.nums.push(value ? 1 : 0)
  else if (isScalar(shape)) t.nums.push(value as number)
  else if (typeof shape === 'object' && 'list' in shape) {
    const list = value as unknown[]
    if (shape.length === undefined) t.ids.push(list.length)
    for (const item of list) {
      if (shape.list === 'eid') t.ids.push(item as number)
      else encode(item, shape.list, t)
    }
  } else {
    const fields = (shape as { fields: Fields }).fields
    for (const key in fields) encode((value as Record<string, unknown>)[key], fields[key]!, t)
  }
}

/**
 * The copies of the taped resources on a tape (as `capture` makes them), each checked against its
 * shape (entity ids below `entities`): a tape this engine did not write is read this way before it
 * is restored. Throws `invalid-snapshot` naming the path under `path` (`$.resources.turn.step`).
 */
export function checkTape(tape: Tape, path: string, entities: number): Record<TapedName, unknown> {
  const out: Record<string, unknown> = {}
  for (const r of TAPED) checkShape((out[r.name] = decode(r.shape, tape, `${path}.${r.name}`)), r.shape, `${path}.${r.name}`, entities)
  return out as Record<TapedName, unknown>
}

/** The tape of the taped resources of a checked JSON state (the inverse of `decode`). */
export function encodeTape(json: Readonly<Record<string, unknown>>): { nums: number[]; ids: number[] } {
  const t = { nums: [] as number[], ids: [] as number[] }
  for (const r of TAPED) encode(json[r.name], r.shape, t)
  return t
}

/** The copied resources of `json` (the `state` of a document, its shape checked). */
export function pickCopied(json: Readonly<Record<string, unknown>>): CopiedValues {
  return Object.fromEntries(COPIED.map((r) => [r.name, json[r.name]])) as CopiedValues
}
