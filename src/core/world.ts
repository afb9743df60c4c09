import { internalError } from './errors.js'
import { addComponent, addEntity, createWorld, removeComponent, type World } from 'bitecs'
import { createCombatState, type CombatState } from '../../components/combat.js'
import { createCardState, type CardState } from '../../components/cards.js'
import { layArena, layOut } from './state-registry.js'
import { createKeywordMasks, KEYWORD_TAGS, type KeywordMasks } from '../../components/keywords.js'
import { createPlayerStats, Player, type PlayerStats } from '../../components/players.js'
import { createStats, createStatus, type Stats, type Status } from '../../components/stats.js'
import { createCardTypes, TYPE_TAGS, type CardTypes } from '../../components/types.js'
import { Card, createPlacement, Zone, type Placement, type ZoneId } from '../../components/zones.js'
import type { ParameterizedKeyword } from '../../components/abilities.js'
import { Enchant, Equip, Plot } from '../../components/abilities.js'
import { GameEmitter, type Eid } from './events.js'
import { IntList } from './int-list.js'
import { Rng } from './rng.js'
import { checkCardSpec, checkPlayerArgs, checkWorldOptions } from './entity-args.js'
import { Step, type StepId } from './steps.js'
import { Await, type AwaitKind } from './await.js'
import type { CardSpec, ContinuousEffect, ExplicitAssignment, GrantedCharacteristics, ManaCost, SpellSpec, TriggerSpec } from './card-spec.js'
import type { Position } from './position-spec.js'
export type { CardSpec }
import { createDamagePlan, type DamagePlan } from './damage-plan-store.js'
import type { StackItem, StackItemPool } from './stack-items.js'

/** A card's printed data besides the combat characteristics (it never changes): used by casting, equip and Auras. What changes is in `GameContext.cards`. */
export interface CardData {
  name: string | null
  /** CR 205.4a: Legendary matters to the legend rule (704.5j). */
  legendary: boolean
  manaCost: ManaCost | null
  subtypes: readonly string[]
  /**
   * Its subtypes name Equipment (CR 301.5) or Aura (303.4): read from them once, as the world is
   * built (state-based actions and the target checks ask at every priority; a search of the
   * subtypes by name was a builtin call each time).
   */
  equipment: boolean
  aura: boolean
  spell: SpellSpec | null
  equipped: GrantedCharacteristics | null
  enchanted: GrantedCharacteristics | null
  triggers: readonly TriggerSpec[]
}

export type { StackItem }

/** The ordered zones of one player (CR 400.1); the battlefield is found through `Placement.zone`. */
export interface ZoneLists {
  /** Top card first (CR 401.1 keeps the order). */
  library: number[]
  hand: number[]
  /** Oldest first. */
  graveyard: number[]
  exile: number[]
}

export interface TurnState {
  number: number
  active: Eid
  step: StepId
  /** CR 508: attackers have been declared this turn (possibly none). */
  attackersDeclared: boolean
  blockersDeclared: boolean
  /** CR 510.4: this combat has had a first-strike combat damage step. */
  firstStrikeStepDone: boolean
  regularDamageDone: boolean
  /** CR 117.3: who holds priority, and how many players in a row have passed. */
  priority: Eid
  passes: number
  /** CR 305.2: lands the active player has played this turn. */
  landsPlayed: number
  /**
   * A choice the game waits for (`Await`), made by `decider`: while it is not `None`, nobody has
   * priority. `resumeAt` is the turn-based action of the step that waits for it.
   */
  awaiting: AwaitKind
  decider: Eid
  resumeAt: number
  /** How many cards the pending discard (514.1) or bottom (103.5) choice takes. */
  choiceCount: number
  /** CR 514.3a: state-based actions happened in this cleanup step, so players get priority in it. */
  cleanupPriority: boolean
  /** CR 103.1: the player who takes the first turn (0 when the game began from a position). */
  first: Eid
  /** CR 509.1, 802.4a: the defending players (bits by turn order) who have declared their blocks this step; -1: all. */
  blockersDone: number
}

/** Combat roster: attackers and blockers in declaration order (CR 508.1, 509.1). */
export interface Roster {
  attackers: IntList
  blockers: IntList
  /** Blockers grouped by the attacker they block (see `CombatState.blockStart`). */
  blockList: IntList
}

/** Inputs of the turn-based actions that take a player's choices, validated before they are set. */
export interface PendingChoices {
  attackers: readonly { attacker: Eid; target: Eid }[] | null
  blockers: readonly { blocker: Eid; attacker: Eid }[] | null
  /** Whether the damage assignment of the step was given (`assignment` null: the default for every creature). */
  assignmentGiven: boolean
  /** The explicit combat damage assignment: the answer's own list of entries, read by the damage step in the same `act`. */
  assignment: ExplicitAssignment | null
  /** CR 514.1: the cards the active player discards. */
  discard: readonly Eid[] | null
  /** CR 701.23: whether the search of the resolving ability was answered, and the cards chosen (null: declined). */
  searchGiven: boolean
  search: readonly Eid[] | null
}

export interface GameContext {
  capacity: number
  kw: KeywordMasks
  types: CardTypes
  stats: Stats
  status: Status
  place: Placement
  players: PlayerStats
  combat: CombatState
  cards: CardState
  /** Equip, enchant and plot with their parameters, by entity (a sparse array: entities without any have none). */
  abilities: ParameterizedKeyword[][]
  /** Characteristics and state not read in combat (mana cost, subtypes, spell effect, attachment, plot). */
  cardData: CardData[]
  /** Names for messages and output (the scenario id), by entity (entity 0, no entity: none). */
  labels: string[]
  /** Player entities in turn order (CR 101.4, 103.1). */
  playerOrder: Eid[]
  zoneLists: ZoneLists[]
  turn: TurnState
  roster: Roster
  /** Continuous effects in timestamp order (CR 613.7). */
  effects: ContinuousEffect[]
  /** The effects on each object, in timestamp order: a list for each object ever affected (empty when none is left: kept, not deleted, so that a step's effects churn no table). */
  effectsByTarget: Map<Eid, ContinuousEffect[]>
  /** Ended effects' objects, which `addEffect` uses again (not state: each live effect is the world's alone, a snapshot holds copies). */
  effectPool: ContinuousEffect[]
  nextTimestamp: number
  /** Every Equipment and Aura, for the attachment state-based actions (CR 704.5m-n). */
  attachables: Eid[]
  /** Every legendary card, for the legend rule (CR 704.5j). */
  legendaries: Set<Eid>
  nextEntry: number
  /** The effect each attached Equipment or Aura currently gives its host (CR 613, layers 6 and 7c); null once it is detached (kept, not deleted: a delete can shrink the map). */
  attachmentEffects: Map<Eid, ContinuousEffect | null>
  /** CR 405: the stack, last in first out (the top is the last item). */
  stack: StackItem[]
  /** CR 603.3: triggered abilities waiting to be put on the stack the next time a player would receive priority. */
  pendingTriggers: StackItem[]
  /** Items that have resolved, which the next of their kind uses again (`stack-items.ts`; not state). */
  itemPool: StackItemPool
  /** Objects whose state-based actions must be checked again (CR 704.3). */
  sbaQueue: IntList
  sbaQueued: Uint8Array
  /** Scratch lists of the state-based action check. */
  sbaWork: IntList
  sbaDoomed: IntList
  plan: DamagePlan
  scratch: Scratch
  stamp: number
  /**
   * How many players are still in the game (`playersLeft`), counted the first time it is asked
   * after a player was added or lost (704.5a-b) or the world restored; -1 until then. Derived from
   * `players.lost`: each of those writes sets it to -1.
   */
  left: number
  /**
   * Lists derived from the entities, which only change when entities are added (`entities` is the
   * count they were made for): the entities of each kind (`entity-lists.ts`) and the lands' mana
   * masks by entity and more at the indexes `entity-lists.ts` names; and the cards on the
   * battlefield, listed into `store` from the zones when first asked after a restore or once
   * entities were added (`battlefieldOf`), and kept in step by `moveToZone` since
   * (`battlefieldChanged`).
   */
  derived: { entities: number; kinds: (Int32Array | undefined)[]; battlefield: Eid[] | null; store: Eid[] }
  pending: PendingChoices
  events: GameEmitter
  rng: Rng
  /**
   * Whether the keyword tag components (`Flying`, ...) follow the effective keywords (true for
   * every world but the learning environment's own, which no caller reaches: `dropKeywordTags`).
   */
  keywordTags: boolean
  /**
   * The position the world was built from (`buildPosition` sets it): a world with the same
   * entities is built from it to restore a state into (serialization, sampling). Null for a world
   * built by hand.
   */
  origin: Position | null
}

export type GameWorld = World<GameContext>

/** A new world (checked options: `capacity` and `seed` in range, else `RedzoneError`). */
export function createGameWorld(options: { capacity?: number; seed?: number } = {}): GameWorld {
  checkWorldOptions(options)
  return buildWorld(options)
}

/** A new world from options already checked (a checked position's). */
export function buildWorld(options: { capacity?: number; seed?: number }): GameWorld {
  const capacity = Math.max(16, options.capacity ?? 64)
  const context: GameContext = {
    capacity,
    kw: createKeywordMasks(capacity),
    types: createCardTypes(capacity),
    stats: createStats(capacity),
    status: createStatus(capacity),
    place: createPlacement(capacity),
    players: createPlayerStats(capacity),
    combat: createCombatState(capacity),
    cards: createCardState(capacity),
    abilities: [],
    cardData: [],
    labels: [''],
    playerOrder: [],
    zoneLists: [],
    turn: {
      number: 1,
      active: 0,
      step: Step.PrecombatMain,
      attackersDeclared: false,
      blockersDeclared: false,
      firstStrikeStepDone: false,
      regularDamageDone: false,
      priority: 0,
      passes: 0,
      landsPlayed: 0,
      awaiting: Await.None,
      decider: 0,
      resumeAt: 0,
      choiceCount: 0,
      cleanupPriority: false,
      first: 0,
      blockersDone: 0,
    },
    roster: { attackers: new IntList(), blockers: new IntList(), blockList: new IntList() },
    effects: [],
    effectsByTarget: new Map(),
    effectPool: [],
    nextTimestamp: 1,
    attachables: [],
    legendaries: new Set(),
    nextEntry: 1,
    attachmentEffects: new Map(),
    stack: [],
    pendingTriggers: [],
    itemPool: { spell: [], equip: [], trigger: [] },
    sbaQueue: new IntList(),
    sbaQueued: new Uint8Array(capacity),
    sbaWork: new IntList(),
    sbaDoomed: new IntList(),
    plan: createDamagePlan(capacity),
    scratch: createScratch(capacity),
    stamp: 0,
    left: -1,
    derived: { entities: 0, kinds: [], battlefield: null, store: [] },
    pending: { attackers: null, blockers: null, assignmentGiven: false, assignment: null, discard: null, searchGiven: false, search: null },
    events: new GameEmitter(),
    rng: new Rng(options.seed ?? 1),
    keywordTags: true,
    origin: null,
  }
  layArena(context, capacity)
  return createWorld(context)
}

/** Grows every typed-array store so that entity ids below `needed` fit: the state's arena, then the scratch stores. The one place stores grow. */
export function ensureCapacity(world: GameWorld, needed: number): void {
  if (needed <= world.capacity) return
  let capacity = world.capacity
  while (capacity < needed) capacity *= 2
  layArena(world, capacity)
  layOut([world.plan.perEntity, world.scratch], capacity)
  const queued = new Uint8Array(capacity)
  queued.set(world.sbaQueued)
  world.sbaQueued = queued
  world.capacity = capacity
}

function newEntity(world: GameWorld, label: string): Eid {
  const eid = addEntity(world)
  ensureCapacity(world, eid + 1)
  world.labels[eid] = label
  return eid
}

/** Adds a player (checked: life in range, else `RedzoneError`). */
export function addPlayer(world: GameWorld, label: string, life: number): Eid {
  checkPlayerArgs(label, life)
  return buildPlayer(world, label, life)
}

/** Adds a player whose values are already checked (a checked position's). */
export function buildPlayer(world: GameWorld, label: string, life: number): Eid {
  const eid = newEntity(world, label)
  addComponent(world, eid, Player)
  world.players.isPlayer[eid] = 1
  world.players.life[eid] = life
  world.playerOrder.push(eid)
  world.left = -1
  world.zoneLists[eid] = { library: [], hand: [], graveyard: [], exile: [] }
  return eid
}


/**
 * Adds a card or permanent. Its effective characteristics start equal to the printed ones
 * (no effects apply yet); the caller queues state-based checks as needed. Throws a
 * `RedzoneError` naming the field when the owner or controller is not a player of the world or
 * a count is out of its range (`src/core/limits.ts`).
 */
export function addCard(world: GameWorld, spec: CardSpec): Eid {
  checkCardSpec(world, spec)
  return buildCard(world, spec)
}

/** `addCard` for a spec already checked (a checked position's objects). */
export function buildCard(world: GameWorld, spec: CardSpec): Eid {
  const eid = newEntity(world, spec.label)
  addComponent(world, eid, Card)
  world.place.owner[eid] = spec.owner
  world.place.controller[eid] = spec.zone === Zone.Battlefield ? spec.controller : spec.owner
  world.place.zone[eid] = spec.zone
  world.types.mask[eid] = spec.types
  for (let i = 0; i < TYPE_TAGS.length; i++) if (spec.types & (1 << i)) addComponent(world, eid, TYPE_TAGS[i]!)
  world.kw.printed[eid] = spec.keywords
  world.stats.printedPower[eid] = spec.power ?? 0
  world.stats.printedToughness[eid] = spec.toughness ?? 0
  world.stats.power[eid] = spec.power ?? 0
  world.stats.toughness[eid] = spec.toughness ?? 0
  world.stats.printedLoyalty[eid] = spec.printedLoyalty ?? spec.loyalty ?? 0
  world.stats.loyalty[eid] = spec.loyalty ?? 0
  if (spec.zone === Zone.Battlefield) {
    world.status.tapped[eid] = spec.tapped ? 1 : 0
    world.status.sick[eid] = spec.sick ? 1 : 0
    world.stats.damage[eid] = spec.damage ?? 0
  } else {
    const lists = world.zoneLists[spec.owner]!
    zoneList(lists, spec.zone).push(eid)
  }
  setEffectiveKeywords(world, eid, spec.keywords)
  if (spec.abilities && spec.abilities.length > 0) {
    world.abilities[eid] = spec.abilities
    for (const a of spec.abilities) {
      addComponent(world, eid, a.kind === 'enchant' ? Enchant : a.kind === 'plot' ? Plot : Equip)
    }
  }
  return eid
}

/** The ordered list of a zone other than the battlefield. */
export function zoneList(lists: ZoneLists, zone: ZoneId): number[] {
  switch (zone) {
    case Zone.Library:
      return lists.library
    case Zone.Hand:
      return lists.hand
    case Zone.Graveyard:
      return lists.graveyard
    case Zone.Exile:
      return lists.exile
    default:
      throw internalError(`zone ${zone} has no list`)
  }
}

/** Sets the effective keyword mask and keeps the keyword tag components in step with it (`keywordTags`). */
export function setEffectiveKeywords(world: GameWorld, eid: Eid, mask: number): void {
  const old = world.kw.effective[eid]!
  world.kw.effective[eid] = mask
  let diff = world.keywordTags ? old ^ mask : 0
  while (diff !== 0) {
    const bit = diff & -diff
    const tag = KEYWORD_TAGS[31 - Math.clz32(bit)]!
    if (mask & bit) addComponent(world, eid, tag)
    else removeComponent(world, eid, tag)
    diff ^= bit
  }
}

/**
 * The world's keyword tag components removed, and no longer kept (`keywordTags`): the effective
 * keywords stay in `kw.effective`, which every rule reads. For a world no caller can query with
 * bitecs (the learning environment's): a tag added and removed is bitecs bookkeeping of a few
 * hundred bytes (its closures, its rest arguments, the entity's component set).
 */
export function dropKeywordTags(world: GameWorld): void {
  for (let eid = 1; eid < world.labels.length; eid++) {
    for (let mask = world.kw.effective[eid]!; mask !== 0; mask &= mask - 1) removeComponent(world, eid, KEYWORD_TAGS[31 - Math.clz32(mask & -mask)]!)
  }
  world.keywordTags = false
}

/** Queues an object for the next state-based action check (CR 704.3). */
export function queueStateCheck(world: GameWorld, eid: Eid): void {
  if (world.sbaQueued[eid] === 0) {
    world.sbaQueued[eid] = 1
    world.sbaQueue.push(eid)
  }
}

export function label(world: GameWorld, eid: Eid): string {
  // Entity 0 (no entity) and an id past the entities by their number.
  return world.labels[eid] || `#${eid}`
}

export function isPlayer(world: GameWorld, eid: Eid): boolean {
  return world.players.isPlayer[eid] === 1
}

/** Whether `eid` is a permanent on the battlefield (an object, not a player). */
export function onBattlefield(world: GameWorld, eid: Eid): boolean {
  return !isPlayer(world, eid) && world.place.zone[eid] === Zone.Battlefield
}

/** Whether `eid` is a permanent on the battlefield with one of the card types `types` (a mask). */
export function permanentOfType(world: GameWorld, eid: Eid, types: number): boolean {
  return onBattlefield(world, eid) && (world.types.mask[eid]! & types) !== 0
}

/**
 * Scratch marks per entity for checks over a whole declaration (duplicates, counts) without
 * allocating: `nextStamp` returns a fresh stamp, and `marks[eid] === stamp` means "seen".
 */
export interface Scratch {
  marks: Uint32Array
  /** A second set of marks, for a second kind of entity in the same check. */
  otherMarks: Uint32Array
  counts: Int32Array
  /**
   * 1 for an object whose state an observation shows may have changed since the learning env's
   * writer last read it (`noteChange`; a restore marks every one): what it reads again.
   */
  changed: Uint8Array
}

export function createScratch(capacity: number): Scratch {
  return { marks: new Uint32Array(capacity), otherMarks: new Uint32Array(capacity), counts: new Int32Array(capacity), changed: new Uint8Array(capacity) }
}

/**
 * Notes that an object on the battlefield changed in what an observation shows of it (tapped,
 * sick, damage, loyalty, power, toughness, keywords, controller, combat, attachment; types never
 * change in play; `Scratch.changed`). A change of zone needs no note: the object is then in
 * another row of the observation (and leaving the battlefield notes it anyway, `leaveCombat`),
 * and off the battlefield nothing an observation shows of it changes.
 */
export function noteChange(world: GameWorld, eid: Eid): void {
  world.scratch.changed[eid] = 1
}

export function nextStamp(world: GameWorld): number {
  world.stamp = (world.stamp + 1) >>> 0
  if (world.stamp === 0) {
    world.scratch.marks.fill(0)
    world.scratch.otherMarks.fill(0)
    world.stamp = 1
  }
  return world.stamp
}

/**
 * Whether an id is named twice in `ids` (by the scratch marks: no set made). An id past the
 * entities is never marked, so never found twice: a check after this one refuses it.
 */
export function repeats(world: GameWorld, ids: readonly Eid[]): boolean {
  const marks = world.scratch.marks
  const stamp = nextStamp(world)
  for (let i = 0; i < ids.length; i++) {
    if (marks[ids[i]!] === stamp) return true
    marks[ids[i]!] = stamp
  }
  return false
}
