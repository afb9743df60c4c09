/**
 * The resources of a game: everything it holds besides the per-entity columns of `ENTITY_STORES`
 * (`state-registry.ts`). Each entry says how to capture the resource, as a copy that is plain JSON
 * data and shares nothing mutable with the world, how to put such a copy back, and the copy's
 * `shape`, checked when it is read from JSON (a `RedzoneError('invalid-snapshot')` naming the
 * path). A snapshot, the JSON document and the digest hold that one form. Snapshot and restore
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
export interface Resource<N extends string, F extends keyof GameContext, S> {
  /** Its key in a snapshot's `resources` and in the JSON document's `state`. */
  readonly name: N
  /** The fields of the context it holds, and those rebuilt from them when it is restored. */
  readonly fields: readonly F[]
  capture(world: GameContext): S
  /** Puts a captured copy back (copying again: the copy can be restored any number of times). */
  restore(world: GameContext, saved: S): void
  /** The shape of the copy, checked when it is read from JSON. */
  readonly shape: Shape
}

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

const zones: Resource<'zones', 'zoneLists', PlayerZones[]> = {
  name: 'zones',
  fields: ['zoneLists'],
  capture(world: GameContext): PlayerZones[] {
    return world.playerOrder.map((p) => {
      const z = world.zoneLists.get(p)!
      return [z.library.slice(), z.hand.slice(), z.graveyard.slice(), z.exile.slice()]
    })
  },
  restore(world: GameContext, saved: PlayerZones[]): void {
    if (saved.length !== world.playerOrder.length) {
      throw new RedzoneError('invalid-snapshot', `a snapshot of ${saved.length} players can't restore a world of ${world.playerOrder.length}`)
    }
    world.playerOrder.forEach((p, i) => {
      const z = world.zoneLists.get(p)!
      const [library, hand, graveyard, exile] = saved[i]!
      replace(z.library, library)
      replace(z.hand, hand)
      replace(z.graveyard, graveyard)
      replace(z.exile, exile)
    })
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
  awaiting: [0, Math.max(...Object.values(Await))],
  decider: 'eid',
  resumeAt: int32,
  choiceCount: int32,
  cleanupPriority: 'bool',
  first: 'eid',
  blockersDone: int32,
}

const turn: Resource<'turn', 'turn', TurnState> = {
  name: 'turn',
  fields: ['turn'],
  capture: (world: GameContext): TurnState => ({ ...world.turn }),
  restore(world: GameContext, saved: TurnState): void {
    Object.assign(world.turn, saved)
  },
  shape: { fields: TURN_SHAPE },
}

/** An `IntList`'s items, as a copy. */
function listItems(list: IntList): number[] {
  return Array.from(list.items.subarray(0, list.length))
}

function setList(list: IntList, items: readonly number[]): void {
  list.clear()
  list.reserve(items.length)
  list.items.set(items)
  list.length = items.length
}

const ROSTER_LISTS = ['attackers', 'blockers', 'blockList'] as const
type RosterCopy = Record<(typeof ROSTER_LISTS)[number], number[]>

const roster: Resource<'roster', 'roster', RosterCopy> = {
  name: 'roster',
  fields: ['roster'],
  capture: ({ roster: r }: GameContext): RosterCopy => ({ attackers: listItems(r.attackers), blockers: listItems(r.blockers), blockList: listItems(r.blockList) }),
  restore(world: GameContext, saved: RosterCopy): void {
    for (const name of ROSTER_LISTS) setList(world.roster[name], saved[name])
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

const effects: Resource<'effects', 'effects' | 'effectsByTarget' | 'attachmentEffects', ContinuousEffect[]> = {
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

/** A list of stack objects: the objects are never changed in place, so a copy of the list is a copy. */
function stackList<N extends 'stack' | 'pendingTriggers'>(name: N): Resource<N, N, StackItem[]> {
  return {
    name,
    fields: [name],
    capture: (world: GameContext): StackItem[] => world[name].slice(),
    restore(world: GameContext, saved: StackItem[]): void {
      world[name] = saved.slice()
    },
    shape: { list: STACK_ITEM },
  }
}

const sbaQueue: Resource<'sbaQueue', 'sbaQueue' | 'sbaQueued', number[]> = {
  name: 'sbaQueue',
  fields: ['sbaQueue', 'sbaQueued'],
  capture: (world: GameContext): number[] => listItems(world.sbaQueue),
  /** The queue, and its membership marks. */
  restore(world: GameContext, saved: number[]): void {
    for (let i = 0; i < world.sbaQueue.length; i++) world.sbaQueued[world.sbaQueue.items[i]!] = 0
    setList(world.sbaQueue, saved)
    for (const eid of saved) world.sbaQueued[eid] = 1
  },
  shape: eids,
}

/** A counter of the context (a plain number). */
function counter<N extends 'nextTimestamp' | 'nextEntry'>(name: N): Resource<N, N, number> {
  return {
    name,
    fields: [name],
    capture: (world: GameContext): number => world[name],
    restore(world: GameContext, saved: number): void {
      world[name] = saved
    },
    shape: 'count',
  }
}

type RngState = [number, number, number, number]

const rng: Resource<'rng', 'rng', RngState> = {
  name: 'rng',
  fields: ['rng'],
  capture: (world: GameContext): RngState => world.rng.state(),
  restore(world: GameContext, saved: RngState): void {
    world.rng.setState(saved)
  },
  shape: { list: 'bits', length: 4 },
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
/** The copy of every resource, by name: a snapshot's `resources`, and the resources in the `state` of a JSON document. */
export type ResourceValues = { [R in AnyResource as R['name']]: ReturnType<R['capture']> }
type ResourceField = AnyResource['fields'][number]

/** The table with the types of its entries forgotten, to iterate (each entry reads only what it wrote). */
const ENTRIES: readonly Resource<ResourceName, ResourceField, unknown>[] = RESOURCES

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
  derived: 'derived',
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

/** The shape of each resource, by name (the resources of the `state` of a JSON document). */
export const RESOURCE_SHAPES: Fields = Object.fromEntries(ENTRIES.map((r) => [r.name, r.shape]))

/** The resources of `json` (the `state` of a document, its shape checked). */
export function pickResources(json: Readonly<Record<string, unknown>>): ResourceValues {
  return Object.fromEntries(ENTRIES.map((r) => [r.name, json[r.name]])) as ResourceValues
}

function replace(list: number[], items: readonly Eid[]): void {
  list.length = items.length
  for (let i = 0; i < items.length; i++) list[i] = items[i]!
}
