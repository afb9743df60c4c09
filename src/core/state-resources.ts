/**
 * The resources of a game: everything it holds besides the per-entity columns of `ENTITY_STORES`
 * (`state-registry.ts`). Each entry says how to capture the resource (a copy that shares nothing
 * mutable with the world), put a copy back, write it as JSON, and read it from JSON once its
 * `shape` is checked (a `RedzoneError('invalid-snapshot')` naming the path). Snapshot and restore
 * (`src/state/snapshot.ts`), the JSON document and the binary buffer (`serialize.ts`) and the
 * digest (`digest.ts`) iterate `RESOURCES`: a new resource is one entry here. `NOT_STATE` says
 * why each other field of the context travels with none of them; the compiler makes every field
 * of `GameContext` a column store, a resource or one of those.
 */
import type { ContinuousEffect } from './card-spec.js'
import { RedzoneError } from './errors.js'
import type { Eid } from './events.js'
import type { IntList } from './int-list.js'
import { describeValue, INT32_MAX } from './limits.js'
import type { EntityStoreName } from './state-registry.js'
import { STEP_COUNT } from './steps.js'
import { Await } from './await.js'
import type { GameContext, StackItem, TurnState } from './world.js'

/**
 * The shape of a JSON value, checked as a state is read: a number (an entity id of the world, a
 * 32-bit integer signed or not, a count, or a whole number in `[min, max]`), `bool`, any
 * `object`, a `list` (of a fixed length or not), one of some strings, an object with exactly
 * some `fields`, or an object whose fields depend on its kind (`by` names the field).
 */
export type Shape =
  | 'eid'
  | 'bits'
  | 'count'
  | 'bool'
  | 'object'
  | readonly [min: number, max: number]
  | { readonly list: Shape; readonly length?: number }
  | { readonly oneOf: readonly string[] }
  | { readonly fields: Fields }
  | { readonly by: string; readonly kinds: Readonly<Record<string, Fields>> }
type Fields = Readonly<Record<string, Shape>>

/** One resource: `S` is its captured copy, `J` its JSON form. */
export interface Resource<N extends string, F extends keyof GameContext, S, J> {
  /** Its key in a snapshot's `resources` and in the JSON document's `state`. */
  readonly name: N
  /** The fields of the context it holds, and those rebuilt from them when it is restored. */
  readonly fields: readonly F[]
  capture(world: GameContext): S
  /** Puts a captured copy back (copying again: the copy can be restored any number of times). */
  restore(world: GameContext, saved: S): void
  toJson(saved: S): J
  /** The shape of `J`, checked before `fromJson` reads it. */
  readonly shape: Shape
  fromJson(json: J): S
}

/** Throws the error for the value at `path` (`$.state.zones[0][1]`). */
export function invalidAt(path: string, expected: string, value: unknown): never {
  throw new RedzoneError('invalid-snapshot', `invalid snapshot at ${path}: expected ${expected}, got ${describeValue(value)}`)
}

const isRange = (shape: Shape): shape is readonly [number, number] => Array.isArray(shape)
const RANGES = { bits: [-(2 ** 31), 2 ** 32 - 1], count: [0, Number.MAX_SAFE_INTEGER] } as const

/** Checks that `value` has the shape; entity ids are below `entities`. */
export function checkShape(value: unknown, shape: Shape, path: string, entities: number): void {
  if (typeof shape === 'string' || isRange(shape)) {
    if (shape === 'bool' || shape === 'object') {
      if (shape === 'bool' ? typeof value !== 'boolean' : typeof value !== 'object' || value === null || Array.isArray(value)) invalidAt(path, shape === 'bool' ? 'true or false' : 'an object', value)
      return
    }
    const [min, max] = shape === 'eid' ? [0, entities - 1] : typeof shape === 'string' ? RANGES[shape] : shape
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) invalidAt(path, `a whole number from ${min} to ${max}`, value)
  } else if ('list' in shape) {
    if (!Array.isArray(value) || (shape.length !== undefined && value.length !== shape.length)) invalidAt(path, `an array${shape.length === undefined ? '' : ` of ${shape.length}`}`, value)
    value.forEach((item: unknown, i) => checkShape(item, shape.list, `${path}[${i}]`, entities))
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
/** The JSON form of a copy that is already JSON. */
const same = <T>(value: T): T => value

/** Per player in turn order: library (top first), hand, graveyard, exile. */
type PlayerZones = [number[], number[], number[], number[]]
const ZONE_LISTS = ['library', 'hand', 'graveyard', 'exile'] as const

const zones: Resource<'zones', 'zoneLists', PlayerZones[], PlayerZones[]> = {
  name: 'zones',
  fields: ['zoneLists'],
  capture(world: GameContext): PlayerZones[] {
    return world.playerOrder.map((p) => {
      const z = world.zoneLists.get(p)!
      return ZONE_LISTS.map((name) => z[name].slice()) as PlayerZones
    })
  },
  restore(world: GameContext, saved: PlayerZones[]): void {
    if (saved.length !== world.playerOrder.length) {
      throw new RedzoneError('invalid-snapshot', `a snapshot of ${saved.length} players can't restore a world of ${world.playerOrder.length}`)
    }
    world.playerOrder.forEach((p, i) => {
      const z = world.zoneLists.get(p)!
      ZONE_LISTS.forEach((name, k) => replace(z[name], saved[i]![k]!))
    })
  },
  toJson: same,
  shape: { list: { list: eids, length: 4 } },
  fromJson: same,
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
  awaiting: [0, Math.max(...Object.values(Await))],
  decider: 'eid',
  resumeAt: int32,
  choiceCount: int32,
  cleanupPriority: 'bool',
  first: 'eid',
  blockersDone: int32,
}

const turn: Resource<'turn', 'turn', TurnState, TurnState> = {
  name: 'turn',
  fields: ['turn'],
  capture: (world: GameContext): TurnState => ({ ...world.turn }),
  restore(world: GameContext, saved: TurnState): void {
    Object.assign(world.turn, saved)
  },
  toJson: same,
  shape: { fields: TURN_SHAPE },
  fromJson: same,
}

/** An `IntList`'s items, as a copy. */
function listItems(list: IntList): Int32Array {
  return list.items.slice(0, list.length)
}

function setList(list: IntList, items: Int32Array): void {
  list.clear()
  list.reserve(items.length)
  list.items.set(items)
  list.length = items.length
}

const ROSTER_LISTS = ['attackers', 'blockers', 'blockList'] as const
type RosterCopy<T> = Record<(typeof ROSTER_LISTS)[number], T>
/** Each list of the roster mapped by `f`. */
const mapRoster = <A, B>(lists: RosterCopy<A>, f: (list: A) => B): RosterCopy<B> => Object.fromEntries(ROSTER_LISTS.map((name) => [name, f(lists[name])])) as RosterCopy<B>

const roster: Resource<'roster', 'roster', RosterCopy<Int32Array>, RosterCopy<number[]>> = {
  name: 'roster',
  fields: ['roster'],
  capture: (world: GameContext): RosterCopy<Int32Array> => mapRoster(world.roster, listItems),
  restore(world: GameContext, saved: RosterCopy<Int32Array>): void {
    for (const name of ROSTER_LISTS) setList(world.roster[name], saved[name])
  },
  toJson: (saved: RosterCopy<Int32Array>): RosterCopy<number[]> => mapRoster(saved, (list) => Array.from(list)),
  shape: { fields: { attackers: eids, blockers: eids, blockList: eids } },
  fromJson: (json: RosterCopy<number[]>): RosterCopy<Int32Array> => mapRoster(json, (list) => Int32Array.from(list)),
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

const effects: Resource<'effects', 'effects' | 'effectsByTarget' | 'attachmentEffects', ContinuousEffect[], ContinuousEffect[]> = {
  name: 'effects',
  fields: ['effects', 'effectsByTarget', 'attachmentEffects'],
  capture: (world: GameContext): ContinuousEffect[] => copyEffects(world.effects),
  /** The effects, and their indexes by target and by attached source rebuilt. */
  restore(world: GameContext, saved: ContinuousEffect[]): void {
    world.effects = copyEffects(saved)
    if (world.effectsByTarget.size > 0) world.effectsByTarget.clear()
    if (world.attachmentEffects.size > 0) world.attachmentEffects.clear()
    for (const e of world.effects) {
      const on = world.effectsByTarget.get(e.target)
      if (on) on.push(e)
      else world.effectsByTarget.set(e.target, [e])
      if (e.duration === 'attached') world.attachmentEffects.set(e.source, e)
    }
  },
  toJson: same,
  shape: { list: { fields: EFFECT_SHAPE } },
  fromJson: same,
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

/** A list of stack objects: the objects are never changed in place, so a copy of the list is a copy. */
function stackList<N extends 'stack' | 'pendingTriggers'>(name: N): Resource<N, N, StackItem[], StackItem[]> {
  return {
    name,
    fields: [name],
    capture: (world: GameContext): StackItem[] => world[name].slice(),
    restore(world: GameContext, saved: StackItem[]): void {
      world[name] = saved.slice()
    },
    toJson: same,
    shape: { list: STACK_ITEM },
    fromJson: same,
  }
}

const sbaQueue: Resource<'sbaQueue', 'sbaQueue' | 'sbaQueued', Int32Array, number[]> = {
  name: 'sbaQueue',
  fields: ['sbaQueue', 'sbaQueued'],
  capture: (world: GameContext): Int32Array => listItems(world.sbaQueue),
  /** The queue, and its membership marks. */
  restore(world: GameContext, saved: Int32Array): void {
    for (let i = 0; i < world.sbaQueue.length; i++) world.sbaQueued[world.sbaQueue.items[i]!] = 0
    setList(world.sbaQueue, saved)
    for (const eid of saved) world.sbaQueued[eid] = 1
  },
  toJson: (saved: Int32Array): number[] => Array.from(saved),
  shape: eids,
  fromJson: (json: number[]): Int32Array => Int32Array.from(json),
}

/** A counter of the context (a plain number). */
function counter<N extends 'nextTimestamp' | 'nextEntry'>(name: N): Resource<N, N, number, number> {
  return {
    name,
    fields: [name],
    capture: (world: GameContext): number => world[name],
    restore(world: GameContext, saved: number): void {
      world[name] = saved
    },
    toJson: same,
    shape: 'count',
    fromJson: same,
  }
}

type RngState = [number, number, number, number]

const rng: Resource<'rng', 'rng', RngState, RngState> = {
  name: 'rng',
  fields: ['rng'],
  capture: (world: GameContext): RngState => world.rng.state(),
  restore(world: GameContext, saved: RngState): void {
    world.rng.setState(saved)
  },
  toJson: same,
  shape: { list: 'bits', length: 4 },
  fromJson: same,
}

/** Every resource, in the order of the JSON document (`redzone-state/1`). */
export const RESOURCES = [
  zones,
  turn,
  roster,
  effects,
  stackList('stack'),
  stackList('pendingTriggers'),
  sbaQueue,
  counter('nextTimestamp'),
  counter('nextEntry'),
  rng,
] as const

type AnyResource = (typeof RESOURCES)[number]
export type ResourceName = AnyResource['name']
/** The captured copy of every resource, by name (a snapshot's `resources`). */
export type ResourceValues = { [R in AnyResource as R['name']]: ReturnType<R['capture']> }
/** Every resource as JSON, by name (in the `state` of a JSON document). */
export type ResourceJson = { [R in AnyResource as R['name']]: ReturnType<R['toJson']> }
type ResourceField = AnyResource['fields'][number]

/** The table with the types of its entries forgotten, to iterate (each entry reads only what it wrote). */
const ENTRIES: readonly Resource<ResourceName, ResourceField, unknown, unknown>[] = RESOURCES

/**
 * Why each other field of the context is not state:
 * - `setup`: fixed when the world is built; a world built from the same position has it;
 * - `derived`: follows from the state (the capacity grows with the entities);
 * - `scratch`: working space inside one system or check;
 * - `transient`: the decision mailbox, written by an answer and consumed within the same action;
 * - `outside`: not the game (listeners, the test trace).
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
  sbaWork: 'scratch',
  sbaDoomed: 'scratch',
  plan: 'scratch',
  scratch: 'scratch',
  stamp: 'scratch',
  pending: 'transient',
  events: 'outside',
  trace: 'outside',
}

export function captureResources(world: GameContext): ResourceValues {
  const out: Partial<Record<ResourceName, unknown>> = {}
  for (const r of ENTRIES) out[r.name] = r.capture(world)
  return out as ResourceValues
}

export function restoreResources(world: GameContext, values: ResourceValues): void {
  for (const r of ENTRIES) r.restore(world, values[r.name])
}

export function resourcesToJson(values: ResourceValues): ResourceJson {
  const out: Partial<Record<ResourceName, unknown>> = {}
  for (const r of ENTRIES) out[r.name] = r.toJson(values[r.name])
  return out as ResourceJson
}

/** Every resource read from the fields of `json` (the `state` of a document, at `path`), each checked against its shape. */
export function resourcesFromJson(json: Readonly<Record<string, unknown>>, path: string, entities: number): ResourceValues {
  const out: Partial<Record<ResourceName, unknown>> = {}
  for (const r of ENTRIES) {
    checkShape(json[r.name], r.shape, `${path}.${r.name}`, entities)
    out[r.name] = r.fromJson(json[r.name])
  }
  return out as ResourceValues
}

function replace(list: number[], items: readonly Eid[]): void {
  list.length = items.length
  for (let i = 0; i < items.length; i++) list[i] = items[i]!
}
