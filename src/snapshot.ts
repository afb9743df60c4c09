import type { ContinuousEffect } from './effects.js'
import type { Eid } from './events.js'
import { setEffectiveKeywords, type GameContext, type GameWorld, type StackItem, type TurnState, type ZoneLists } from './world.js'

type TypedStore = Record<string, Int32Array | Uint32Array | Uint8Array>

/**
 * A copy of a game's state: every typed-array store up to the highest entity (raw typed-array
 * copies, no per-entity objects), the zone lists, the turn, the combat roster, the effects and
 * the RNG. For self-play and benchmarks that replay a position many times, and for undo.
 */
export interface WorldSnapshot {
  entities: number
  /** Store name -> field name -> copy, so a snapshot restores into any world built the same way. */
  stores: Record<string, Record<string, Int32Array | Uint32Array | Uint8Array>>
  zoneLists: Map<Eid, ZoneLists>
  turn: TurnState
  roster: { attackers: Int32Array; blockers: Int32Array; blockList: Int32Array }
  effects: ContinuousEffect[]
  nextTimestamp: number
  rng: [number, number, number, number]
  sbaQueue: Int32Array
  /** Mutable card data: attachment and plot state. */
  cards: [Eid, { attachedTo: Eid; plotted: boolean; plottedTurn: number; enteredAt: number }][]
  nextEntry: number
  stack: StackItem[]
  pendingTriggers: StackItem[]
}

/** The typed-array stores a snapshot copies, by name. */
function storesOf(world: GameContext): [string, TypedStore][] {
  return [
    ['types', world.types as unknown as TypedStore],
    ['stats', world.stats as unknown as TypedStore],
    ['status', world.status as unknown as TypedStore],
    ['place', world.place as unknown as TypedStore],
    ['players', world.players as unknown as TypedStore],
    ['combat', world.combat as unknown as TypedStore],
    ['kw', world.kw as unknown as TypedStore],
  ]
}

export function snapshotWorld(world: GameWorld): WorldSnapshot {
  const entities = world.labels.length
  const stores: WorldSnapshot['stores'] = {}
  for (const [name, store] of storesOf(world)) {
    const copy: Record<string, Int32Array | Uint32Array | Uint8Array> = {}
    for (const [key, value] of Object.entries(store)) copy[key] = value.slice(0, entities)
    stores[name] = copy
  }
  const lists = new Map<Eid, ZoneLists>()
  for (const [player, z] of world.zoneLists) {
    lists.set(player, { library: [...z.library], hand: [...z.hand], graveyard: [...z.graveyard], exile: [...z.exile] })
  }
  return {
    entities,
    stores,
    zoneLists: lists,
    turn: { ...world.turn },
    roster: {
      attackers: world.roster.attackers.items.slice(0, world.roster.attackers.length),
      blockers: world.roster.blockers.items.slice(0, world.roster.blockers.length),
      blockList: world.roster.blockList.items.slice(0, world.roster.blockList.length),
    },
    effects: world.effects.map((e) => ({ ...e })),
    nextTimestamp: world.nextTimestamp,
    rng: world.rng.state(),
    sbaQueue: world.sbaQueue.items.slice(0, world.sbaQueue.length),
    cards: [...world.cardData].map(([eid, d]) => [eid, { attachedTo: d.attachedTo, plotted: d.plotted, plottedTurn: d.plottedTurn, enteredAt: d.enteredAt }]),
    nextEntry: world.nextEntry,
    stack: [...world.stack],
    pendingTriggers: [...world.pendingTriggers],
  }
}

/**
 * Puts a world back to a snapshot taken from it (no entity may have been added since). Keyword
 * tag components are brought in line with the restored effective masks.
 */
export function restoreWorld(world: GameWorld, snapshot: WorldSnapshot): void {
  if (world.labels.length !== snapshot.entities) {
    throw new Error(`redzone: a snapshot of ${snapshot.entities - 1} entities can't restore a world of ${world.labels.length - 1}`)
  }
  for (const [name, store] of storesOf(world)) {
    if (name === 'kw') continue
    const copy = snapshot.stores[name]
    if (!copy) throw new Error(`redzone: the snapshot has no store "${name}"`)
    for (const [key, value] of Object.entries(copy)) store[key]!.set(value)
  }
  const kw = snapshot.stores['kw']!
  world.kw.printed.set(kw['printed']!)
  const effective = kw['effective']!
  const current = world.kw.effective
  for (let eid = 1; eid < snapshot.entities; eid++) {
    if (current[eid] !== effective[eid]) setEffectiveKeywords(world, eid, effective[eid]!)
  }
  world.zoneLists.clear()
  for (const [player, z] of snapshot.zoneLists) {
    world.zoneLists.set(player, { library: [...z.library], hand: [...z.hand], graveyard: [...z.graveyard], exile: [...z.exile] })
  }
  Object.assign(world.turn, snapshot.turn)
  const { roster } = world
  for (const [list, items] of [
    [roster.attackers, snapshot.roster.attackers],
    [roster.blockers, snapshot.roster.blockers],
    [roster.blockList, snapshot.roster.blockList],
  ] as const) {
    list.clear()
    for (let i = 0; i < items.length; i++) list.push(items[i]!)
  }
  world.effects = snapshot.effects.map((e) => ({ ...e }))
  world.effectsByTarget.clear()
  for (const e of world.effects) {
    const on = world.effectsByTarget.get(e.target)
    if (on) on.push(e)
    else world.effectsByTarget.set(e.target, [e])
  }
  world.nextTimestamp = snapshot.nextTimestamp
  world.attachmentEffects.clear()
  for (const e of world.effects) if (e.duration === 'attached') world.attachmentEffects.set(e.source, e)
  for (const [eid, d] of snapshot.cards) Object.assign(world.cardData.get(eid)!, d)
  world.nextEntry = snapshot.nextEntry
  world.stack = [...snapshot.stack]
  world.pendingTriggers = [...snapshot.pendingTriggers]
  world.rng.setState(snapshot.rng)
  world.sbaQueue.clear()
  world.sbaQueued.fill(0)
  for (const eid of snapshot.sbaQueue) {
    world.sbaQueue.push(eid)
    world.sbaQueued[eid] = 1
  }
  const pending = world.pending
  pending.attackers = null
  pending.blockers = null
  pending.assignmentGiven = false
  pending.assignment = null
  pending.discard = null
  pending.searchGiven = false
  pending.search = null
}
