import type { ContinuousEffect } from '../rules/effects.js'
import { RedzoneError } from '../core/errors.js'
import type { Eid } from '../core/events.js'
import { stateLayout, type Column } from '../core/state-registry.js'
import { setEffectiveKeywords, type GameWorld, type StackItem, type TurnState } from '../core/world.js'

/**
 * A copy of a game's state, derived from the state registry (`state-registry.ts`): every state
 * column (raw typed-array copies of the whole store, keyed by `store.field` name, so a
 * snapshot restores into any world built from the same position), the zone lists, the turn, the
 * combat roster, the stack, the effects, the counters and the RNG. For undo, search, and
 * replaying a position many times; `serialize.ts` turns it into JSON or a binary buffer.
 */
export interface WorldSnapshot {
  entities: number
  /** The names of the columns (`store.field`), joined: a snapshot restores into a world with the same layout. */
  layout: string
  /** The columns, in the order of the layout. */
  columns: Column[]
  /** Per player in turn order: library (top first), hand, graveyard, exile. */
  zones: [number[], number[], number[], number[]][]
  turn: TurnState
  roster: { attackers: Int32Array; blockers: Int32Array; blockList: Int32Array }
  effects: ContinuousEffect[]
  stack: StackItem[]
  pendingTriggers: StackItem[]
  sbaQueue: Int32Array
  nextTimestamp: number
  nextEntry: number
  rng: [number, number, number, number]
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
  const entities = world.labels.length
  const layout = stateLayout(world)
  const columns: Column[] = reuse?.layout === layout.signature ? reuse.columns : []
  const source = layout.columns
  for (let i = 0; i < source.length; i++) columns[i] = copyInto(columns[i], source[i]![1])
  const zones: WorldSnapshot['zones'] = []
  for (const p of world.playerOrder) {
    const z = world.zoneLists.get(p)!
    zones.push([z.library.slice(), z.hand.slice(), z.graveyard.slice(), z.exile.slice()])
  }
  const { roster } = world
  return {
    entities,
    layout: layout.signature,
    columns,
    zones,
    turn: { ...world.turn },
    roster: {
      attackers: roster.attackers.items.slice(0, roster.attackers.length),
      blockers: roster.blockers.items.slice(0, roster.blockers.length),
      blockList: roster.blockList.items.slice(0, roster.blockList.length),
    },
    effects: world.effects.length === 0 ? [] : world.effects.map((e) => ({ ...e })),
    stack: world.stack.slice(),
    pendingTriggers: world.pendingTriggers.slice(),
    sbaQueue: world.sbaQueue.items.slice(0, world.sbaQueue.length),
    nextTimestamp: world.nextTimestamp,
    nextEntry: world.nextEntry,
    rng: world.rng.state(),
  }
}

/**
 * Puts a world back to a snapshot of it, or of a world built from the same position (no entity
 * may have been added since). Keyword tag components are brought in line with the restored
 * effective masks. Listeners stay subscribed.
 */
export function restoreWorld(world: GameWorld, snapshot: WorldSnapshot): void {
  if (typeof snapshot !== 'object' || snapshot === null || typeof snapshot.entities !== 'number' || !Array.isArray(snapshot.columns) || !Array.isArray(snapshot.zones)) {
    throw new RedzoneError('invalid-snapshot', 'expected a snapshot made by snapshotWorld (or Game.snapshot)')
  }
  if (world.labels.length !== snapshot.entities) {
    throw new RedzoneError('invalid-snapshot', `a snapshot of ${snapshot.entities - 1} entities can't restore a world of ${world.labels.length - 1}`)
  }
  const layout = stateLayout(world)
  const columns = layout.columns
  if (snapshot.layout !== layout.signature) {
    throw new RedzoneError('invalid-snapshot', `the snapshot's columns (${snapshot.layout}) don't match this world's (${layout.signature})`)
  }
  const effective = snapshot.columns[layout.index['kw.effective']!]!
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
  world.playerOrder.forEach((p, i) => {
    const z = world.zoneLists.get(p)!
    const [library, hand, graveyard, exile] = snapshot.zones[i]!
    replace(z.library, library)
    replace(z.hand, hand)
    replace(z.graveyard, graveyard)
    replace(z.exile, exile)
  })
  Object.assign(world.turn, snapshot.turn)
  const { roster } = world
  setList(roster.attackers, snapshot.roster.attackers)
  setList(roster.blockers, snapshot.roster.blockers)
  setList(roster.blockList, snapshot.roster.blockList)
  world.effects = snapshot.effects.length === 0 ? [] : snapshot.effects.map((e) => ({ ...e }))
  if (world.effectsByTarget.size > 0) world.effectsByTarget.clear()
  if (world.attachmentEffects.size > 0) world.attachmentEffects.clear()
  for (const e of world.effects) {
    const on = world.effectsByTarget.get(e.target)
    if (on) on.push(e)
    else world.effectsByTarget.set(e.target, [e])
    if (e.duration === 'attached') world.attachmentEffects.set(e.source, e)
  }
  world.nextTimestamp = snapshot.nextTimestamp
  world.nextEntry = snapshot.nextEntry
  world.stack = snapshot.stack.slice()
  world.pendingTriggers = snapshot.pendingTriggers.slice()
  world.rng.setState(snapshot.rng)
  for (let i = 0; i < world.sbaQueue.length; i++) world.sbaQueued[world.sbaQueue.items[i]!] = 0
  setList(world.sbaQueue, snapshot.sbaQueue)
  for (const eid of snapshot.sbaQueue) world.sbaQueued[eid] = 1
  const pending = world.pending
  pending.attackers = null
  pending.blockers = null
  pending.assignmentGiven = false
  pending.assignment = null
  pending.discard = null
  pending.searchGiven = false
  pending.search = null
}

function replace(list: number[], items: readonly Eid[]): void {
  list.length = items.length
  for (let i = 0; i < items.length; i++) list[i] = items[i]!
}

function setList(list: { items: Int32Array; length: number; reserve(n: number): void; clear(): void }, items: Int32Array): void {
  list.clear()
  list.reserve(items.length)
  list.items.set(items)
  list.length = items.length
}
