import { C_ALL_COMBAT, C_ATTACKING, C_BLOCKING } from '../../components/combat.js'
import { KEYWORD_TAGS } from '../../components/keywords.js'
import { Zone, ZONE_NAMES } from '../../components/zones.js'
import { assignCombatDamage } from '../../systems/assign-combat-damage.js'
import { discardToHandSize } from '../../systems/cleanup-step.js'
import { declareAttackers } from '../../systems/declare-attackers.js'
import { declareBlockers } from '../../systems/declare-blockers.js'
import { BEGIN_COUNT, SCHEDULE, type System } from '../../systems/schedule.js'
import { Await } from '../core/await.js'
import { KEPT } from '../decisions/pregame.js'
import { STARTING_HAND_SIZE } from '../core/rule-numbers.js'
import { isGameOver } from '../core/players.js'
import { stepGivesPriority } from '../turn/runner.js'
import { internalError, RedzoneError } from '../core/errors.js'
import { countError, INT32_MAX, LIMITS, type CountRange } from '../core/limits.js'
import { Step, STEP_NAMES } from '../core/steps.js'
import { searchOf } from '../rules/spells/resolve.js'
import { arenaBytes, arenaColumns, stateLayout, type Column } from '../core/state-registry.js'
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
import { setEffectiveKeywords, type GameWorld, type StackItem, type TurnState } from '../core/world.js'

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
 * Where a snapshot not made by `snapshotWorld` came from: a state document, a binary buffer, or
 * an object a caller gave `restore`. The paths its errors name are that source's.
 */
export type SnapshotSource = 'json' | 'binary' | 'object'

/**
 * A snapshot this engine made (or read and checked in shape: `serialize.ts`), in one ArrayBuffer:
 * the arena, then the tape's `nums` and `ids`. `checkSnapshot` trusts its resources' shapes, and
 * what one made by `snapshotWorld` (`source` null) says; one read (`source` 'json' or 'binary')
 * is checked to agree with itself and its position before it is restored (`checkAgrees`).
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
  /** Null when `snapshotWorld` wrote it; else the document or buffer it was read from. */
  source: Exclude<SnapshotSource, 'object'> | null = null

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
  s.source = null
  captureCopied(world, s.resources)
  s.arena.set(layout.arena)
  writeTape(world, tapeOf(s))
  return s
}

/**
 * A snapshot or saved state (`snapshot`, `toJSON`, `toBinary`, redzone/sim's `snapshot`) asked for by a client's listener
 * (checked at the public entries: the engine's own snapshots, a search agent's samples, are not a listener's):
 * it runs in the middle of the change it hears (`events.calling`: combat damage half dealt,
 * state-based actions not yet performed), a state no decision is pending in and that no game
 * could go on from. Refused (`invalid-argument`) as a listener's action is.
 */
export function notMidChange(world: GameWorld, call: string): void {
  if (world.events.calling) throw new RedzoneError('invalid-argument', `${call}: a listener may not save the game: it runs in the middle of the change it hears (save it once that change has returned)`)
}

/**
 * A saved game (`toJSON`, `toBinary`) must be at a decision, as every loaded one is checked to be
 * (`checkAgrees`): a game not begun (`GameTable.fresh` hands one out: `beginGame` starts it) has
 * none, and would save a document no load takes. Refused (`invalid-argument`) as it is written.
 */
export function atDecision(world: GameWorld, call: string): void {
  notMidChange(world, call)
  if (world.turn.awaiting === Await.None && !isGameOver(world) && !stepGivesPriority(world)) {
    throw new RedzoneError('invalid-argument', `${call}: no decision is pending in this game (one not begun: begin it first), so no load could go on from its state (CR 117.3)`)
  }
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
  world.left = -1
  // Every object may have changed (`noteChange`).
  world.scratch.changed.fill(1)
  const pending = world.pending
  pending.attackers = null
  pending.blockers = null
  pending.assignmentGiven = false
  pending.assignment = null
  pending.discard = null
  pending.searchGiven = false
  pending.search = null
}

/** Whether two positions are the same (the same object, or equal as JSON data: `sameData`, whatever the order of keys). */
function samePosition(a: Position | null, b: Position | null): boolean {
  return a === b || (a !== null && b !== null && sameData(a, b))
}

/**
 * Checks a snapshot given by a caller before it is restored into `world` (a public `restore`, and
 * every state read from a document or a buffer): taken of a world built from the same position;
 * for an object this engine did not make, its arena as long as the world's layout at its rows, its
 * tape and every copied resource of their declared shapes with entity ids in range; for that and
 * for a snapshot read from a document or buffer, what it says agreeing with itself and the
 * position (`checkAgrees`). Throws `invalid-snapshot` naming what doesn't fit; nothing has changed
 * then. A snapshot `snapshotWorld` made is trusted (opaque to callers: `Snapshot`): undo and
 * search restore it at full speed.
 */
export function checkSnapshot(world: GameWorld, snapshot: unknown): asserts snapshot is WorldSnapshot {
  const s = snapshot as Partial<WorldSnapshot> | null
  if (typeof s !== 'object' || s === null || typeof s.entities !== 'number' || typeof s.resources !== 'object' || s.resources === null) {
    throw new RedzoneError('invalid-snapshot', 'expected a snapshot made by snapshot() (or snapshotWorld)')
  }
  if (!samePosition(s.origin ?? null, world.origin)) throw new RedzoneError('invalid-snapshot', 'the snapshot was taken of a game built from another position')
  // A snapshot this engine made has its resources' shapes by construction; any other object is checked in full.
  if (s instanceof MadeSnapshot) {
    if (s.source !== null) checkAgrees(world, s, s.source)
    return
  }
  checkShape(s.rows, [s.entities, 2 ** 28], '$.rows', 0)
  const bytes = arenaBytes(stateLayout(world).columns, s.rows!)
  if (!(s.arena instanceof Uint8Array) || s.arena.length !== bytes) invalidAt('$.arena', `a Uint8Array of ${bytes} bytes`, s.arena)
  if (!(s.nums instanceof Float64Array)) invalidAt('$.nums', 'a Float64Array', s.nums)
  if (!(s.ids instanceof Int32Array)) invalidAt('$.ids', 'an Int32Array', s.ids)
  checkShape(s.resources, { fields: COPIED_SHAPES }, '$.resources', s.entities)
  // The tape is read back and checked in shape there.
  checkAgrees(world, s as WorldSnapshot, 'object')
}

/** The lists a player's zones hold (`zones[i]`: library, hand, graveyard, exile, in this order). */
const LISTED: readonly Zone[] = [Zone.Library, Zone.Hand, Zone.Graveyard, Zone.Exile]

const disagrees = (path: string, problem: string): RedzoneError => new RedzoneError('invalid-snapshot', `invalid snapshot at ${path}: ${problem}`)

/** Whether two values are equal as JSON data, whatever the order of their objects' keys. */
function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined)
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined)
  return ka.length === kb.length && ka.every((k) => Object.hasOwn(b, k) && sameData((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
}

/**
 * What a snapshot not made by `snapshotWorld` says agrees with itself and with the position of
 * `world` (which entities are players, and who owns each card: neither ever changes), as the rules
 * read it: every card in a zone of 0 to 6 (CR 400.1), owned by its owner (108.3) and controlled by
 * a player (108.4); each player's library, hand, graveyard and exile list holding exactly the
 * cards that player owns in that zone, once each (400.3: the rules move a card by its owner's
 * list); the stack's spells exactly the cards in the stack zone (405.1), each spell and ability
 * controlled by a player, an ability one its source has; and the turn's players players (102.1
 * the active player, 117.1 priority, the decider of a choice the game waits for, else 0; 103.1
 * the starting player, or 0). Throws `invalid-snapshot` naming the path of the first that doesn't
 * (a column's cell, `$.state.columns[7].values[12] (place.zone)` in a document, `place.zone[12]`
 * in a buffer, `$.arena place.zone[12]` in an object).
 */
function checkAgrees(world: GameWorld, s: WorldSnapshot, source: SnapshotSource): void {
  const entities = world.labels.length
  if (s.entities !== entities) throw new RedzoneError('invalid-snapshot', `a snapshot of ${s.entities - 1} entities can't restore a world of ${entities - 1}`)
  const base = source === 'object' ? '$.resources' : '$.state'
  const layout = stateLayout(world)
  const saved = arenaColumns(layout.columns, s.arena, s.rows)
  const column = (name: string): [Column, (eid: number) => string] => {
    const c = layout.index[name]!
    const at = source === 'json' ? (eid: number) => `$.state.columns[${c}].values[${eid}] (${name})` : (eid: number) => `${source === 'object' ? '$.arena ' : ''}${name}[${eid}]`
    return [saved[c]!, at]
  }
  const [zone, zoneAt] = column('place.zone')
  const [owner, ownerAt] = column('place.owner')
  const [controller, controllerAt] = column('place.controller')
  const [isPlayerColumn, isPlayerAt] = column('players.isPlayer')
  const players = world.players.isPlayer
  const isPlayer = (eid: number): boolean => Number.isInteger(eid) && eid >= 1 && eid < entities && players[eid] === 1
  const isCard = (eid: number): boolean => Number.isInteger(eid) && eid >= 1 && eid < entities && players[eid] === 0
  const label = (eid: number): string => world.labels[eid] ?? String(eid)
  const entity = (eid: number): string => (eid === 0 ? '0 (no entity)' : eid >= 1 && eid < entities ? `${eid} (${isPlayer(eid) ? 'player' : 'card'} ${label(eid)})` : `${eid} (no entity)`)

  for (let eid = 1; eid < entities; eid++) {
    const player = players[eid] === 1
    if (isPlayerColumn[eid] !== players[eid]) throw disagrees(isPlayerAt(eid), `${label(eid)} is ${player ? 'a player' : 'a card'} of the position, so ${+player}, not ${isPlayerColumn[eid]}`)
    if (owner[eid] !== world.place.owner[eid]) {
      throw disagrees(ownerAt(eid), player ? `${label(eid)} is a player, owned by no one (0), not ${entity(owner[eid]!)}` : `${label(eid)} is owned by ${label(world.place.owner[eid]!)}, not ${entity(owner[eid]!)} (CR 108.3: a card's owner never changes)`)
    }
    if (player) continue
    if (zone[eid]! > Zone.Outside) throw disagrees(zoneAt(eid), `${label(eid)} is in zone ${zone[eid]}, which is none (0 to 6: ${ZONE_NAMES.join(', ')}; CR 400.1)`)
    if (!isPlayer(controller[eid]!)) throw disagrees(controllerAt(eid), `${label(eid)} is controlled by ${entity(controller[eid]!)}, not a player (CR 108.4)`)
  }

  const taped = checkTape(tapeOf(s), base, entities) as Taped
  if (taped.zones.length !== world.playerOrder.length) {
    throw new RedzoneError('invalid-snapshot', `a snapshot of ${taped.zones.length} players can't restore a world of ${world.playerOrder.length}`)
  }
  const listed = new Uint8Array(entities)
  world.playerOrder.forEach((player, i) => {
    LISTED.forEach((z, k) => {
      taped.zones[i]![k]!.forEach((card, j) => {
        if (listed[card] === 1 || !isCard(card) || zone[card] !== z || owner[card] !== player) {
          const why = listed[card] === 1 ? 'is listed twice' : `is not a card ${label(player)} owns in the ${ZONE_NAMES[z]}`
          throw disagrees(`${base}.zones[${i}][${k}][${j}]`, `${isCard(card) ? label(card) : `entity ${entity(card)}`} ${why}`)
        }
        listed[card] = 1
      })
    })
  })
  for (let eid = 1; eid < entities; eid++) {
    if (listed[eid] === 0 && isCard(eid) && LISTED.includes(zone[eid]!)) throw disagrees(`${base}.zones`, `${label(eid)} is in the ${ZONE_NAMES[zone[eid]!]} but in no list of it`)
  }

  const checkItems = (list: readonly StackItem[], name: 'stack' | 'pendingTriggers'): void => {
    list.forEach((item, i) => {
      const path = `${base}.${name}[${i}]`
      if (!isPlayer(item.controller)) throw disagrees(`${path}.controller`, `${entity(item.controller)} is not a player (CR 108.4, 113.8, 603.3a: a spell's or ability's controller is a player)`)
      if (item.kind === 'spell') {
        if (!isCard(item.card) || zone[item.card] !== Zone.Stack || listed[item.card] === 2) {
          throw disagrees(`${path}.card`, listed[item.card] === 2 ? `${label(item.card)} is a spell on the stack twice` : `${entity(item.card)} is not a card in the stack zone (CR 405.1: a spell is its card on the stack)`)
        }
        listed[item.card] = 2
      } else if (item.kind === 'equip') {
        if (!(world.abilities[item.source] ?? []).some((a) => sameData(a, item.ability))) throw disagrees(`${path}.ability`, `not an ability ${entity(item.source)} has`)
      } else if (!(world.cardData[item.source]?.triggers ?? []).some((t) => sameData(t, item.trigger))) {
        throw disagrees(`${path}.trigger`, `not a triggered ability ${entity(item.source)} has`)
      }
    })
  }
  const resources = s.resources as { stack: StackItem[]; pendingTriggers: StackItem[] }
  checkItems(resources.stack, 'stack')
  checkItems(resources.pendingTriggers, 'pendingTriggers')
  for (let eid = 1; eid < entities; eid++) {
    if (isCard(eid) && zone[eid] === Zone.Stack && listed[eid] !== 2) throw disagrees(`${base}.stack`, `${label(eid)} is in the stack zone but is no spell on the stack (CR 405.1)`)
  }

  const turn = taped.turn
  const field = (name: keyof TurnState, problem: string): RedzoneError => disagrees(`${base}.turn.${name}`, `${entity(turn[name] as number)} ${problem}`)
  if (!isPlayer(turn.active)) throw field('active', 'is not a player (CR 102.1: the active player is the player whose turn it is)')
  if (!isPlayer(turn.priority)) throw field('priority', 'is not a player (CR 117.1: priority is a player\'s to hold)')
  if (turn.awaiting === Await.None && turn.decider !== 0) throw field('decider', 'decides nothing: the game waits for no choice (turn.awaiting 0), so the decider is 0')
  if (turn.awaiting !== Await.None && !isPlayer(turn.decider)) {
    throw field('decider', `is not a player (the choice the game waits for, turn.awaiting ${turn.awaiting}, is a player's: CR 508.1, 509.1, 510.1, 514.1, 701.23, 103.5)`)
  }
  if (turn.first !== 0 && !isPlayer(turn.first)) throw field('first', 'is not a player (CR 103.1: the starting player is a player; 0 when the game began from a position)')
  checkValues(world, { column, base, taped, stack: resources.stack, isPlayer, isCard, label, entity })
}

/** What `checkTape` reads back of the taped resources that `checkAgrees` reads. */
type Taped = { zones: number[][][]; turn: TurnState; roster: { attackers: number[]; blockers: number[]; blockList: number[] }; nextEntry: number }

/** What `checkAgrees` has read, for `checkValues`. */
interface Agreed {
  column: (name: string) => [Column, (eid: number) => string]
  base: string
  taped: Taped
  stack: readonly StackItem[]
  isPlayer: (eid: number) => boolean
  isCard: (eid: number) => boolean
  label: (eid: number) => string
  entity: (eid: number) => string
}

const flag = (what: string): CountRange => ({ min: 0, max: 1, what: `${what} (0 or 1)` })
/**
 * The range of every state column a game can hold (`src/core/limits.ts` for the counts: a game
 * saturates at their ends, never beyond), by name; `'position'`: a printed value, set when the
 * position is built and never changed (so the position's); `'entity'`: 0 or an entity of the
 * world. `place.*` and `players.isPlayer` are checked by `checkAgrees`. A column missing here is
 * an engine bug (a new column gets its range with it).
 */
const COLUMN_RANGES: Readonly<Record<string, CountRange | 'position' | 'entity' | 'checked'>> = {
  'kw.printed': 'position',
  'kw.effective': { min: 0, max: 2 ** KEYWORD_TAGS.length - 1, what: 'a keyword mask (bits of the keywords)' },
  'types.mask': 'position',
  'stats.printedPower': 'position',
  'stats.printedToughness': 'position',
  'stats.power': LIMITS.power,
  'stats.toughness': LIMITS.toughness,
  'stats.damage': LIMITS.damage,
  'stats.printedLoyalty': 'position',
  'stats.loyalty': LIMITS.startingLoyalty,
  'stats.deathtouched': flag('a mark of deathtouch damage'),
  'status.tapped': flag('a tapped status'),
  'status.sick': flag('a summoning sickness'),
  'place.zone': 'checked',
  'place.owner': 'checked',
  'place.controller': 'checked',
  'players.isPlayer': 'checked',
  'players.life': LIMITS.life,
  'players.lost': flag('a loss'),
  'players.drewFromEmpty': flag('a draw from an empty library'),
  // CR 103.5: at most seven mulligans (an opening hand of none); this round's choice: none yet, mulligan, keep.
  'players.mulligans': { min: 0, max: STARTING_HAND_SIZE, what: 'a number of mulligans' },
  'players.kept': flag('a kept hand'),
  'players.mulliganThisRound': { min: 0, max: KEPT, what: "a round's mulligan choice (0 none, 1 mulligan, 2 keep)" },
  'combat.flags': { min: 0, max: C_ALL_COMBAT, what: 'combat flags' },
  'combat.attackTarget': 'entity',
  'combat.defendingPlayer': 'entity',
  'combat.blocking': 'entity',
  'combat.blockStart': { min: 0, max: INT32_MAX, what: 'a place in the block list' },
  'combat.blockCount': { min: 0, max: INT32_MAX, what: 'a number of blockers' },
  'cards.attachedTo': 'entity',
  'cards.plotted': flag('a plotted mark'),
  'cards.plottedTurn': { min: 0, max: INT32_MAX, what: 'a turn number (0: never plotted)' },
  'cards.enteredAt': { min: 0, max: INT32_MAX, what: 'an order of entering the battlefield' },
}

/** The turn-based action that waits for each choice a step's systems stop for (CR 508.1, 509.1, 510.1, 514.1). */
const WAITS: Partial<Record<Await, System>> = {
  [Await.Attackers]: declareAttackers,
  [Await.Blockers]: declareBlockers,
  [Await.Damage]: assignCombatDamage,
  [Await.Discard]: discardToHandSize,
}

/**
 * The values of a state not made by `snapshotWorld` are values a game holds, whatever the format
 * that brought them (`/1` and `/2` documents, buffers, snapshot objects): every column in its
 * range (`COLUMN_RANGES`; row 0, no entity's, all 0), the turn's counts in theirs, the combat
 * roster listing every creature flagged attacking or blocking (CR 506.4: one removed from combat
 * stays listed, unflagged), each blocker blocking a listed attacker; and a decision pending: the
 * game over (CR 104.2a), or priority in a step whose turn-based actions are done (CR 117.3a), or
 * a choice awaited where the step's or the resolving ability's rules stop for it. A state saved
 * between two decisions (from inside a change) would make every later action fail.
 */
function checkValues(world: GameWorld, a: Agreed): void {
  const entities = world.labels.length
  const layout = stateLayout(world)
  for (const [name, current] of layout.columns) {
    const range = COLUMN_RANGES[name]
    if (range === undefined) throw internalError(`the state column ${name} has no range in COLUMN_RANGES`)
    const [values, at] = a.column(name)
    if (values[0] !== 0) throw disagrees(at(0), `entity 0 is no entity, so 0, not ${values[0]}`)
    if (range === 'checked') continue
    for (let eid = 1; eid < entities; eid++) {
      const v = values[eid]!
      if (range === 'position') {
        if (v !== current[eid]) throw disagrees(at(eid), `${a.label(eid)} has ${current[eid]} in its position (a printed value never changes), not ${v}`)
      } else if (range === 'entity') {
        if (v < 0 || v >= entities) throw disagrees(at(eid), `expected 0 or an entity (1 to ${entities - 1}), got ${v}`)
      } else {
        const wrong = countError(v, range)
        if (wrong !== null) throw disagrees(at(eid), wrong)
      }
    }
  }

  const { base, taped } = a
  const turn = taped.turn
  const turnAt = (name: keyof TurnState, problem: string): RedzoneError => disagrees(`${base}.turn.${name}`, problem)
  const turnCount = (name: keyof TurnState, range: CountRange): void => {
    const wrong = countError(turn[name], range)
    if (wrong !== null) throw turnAt(name, wrong)
  }
  turnCount('landsPlayed', LIMITS.landsPlayed)
  turnCount('passes', { min: 0, max: world.playerOrder.length, what: 'a number of players who passed in a row' })
  turnCount('choiceCount', { min: 0, max: INT32_MAX, what: 'a number of cards to choose' })
  turnCount('blockersDone', { min: -1, max: INT32_MAX, what: 'the players who declared blocks (bits, or -1 for all)' })
  turnCount('resumeAt', { min: 0, max: BEGIN_COUNT[turn.step]!, what: `a turn-based action of the ${STEP_NAMES[turn.step]} step` })
  const [lost] = a.column('players.lost')
  let left = 0
  for (const p of world.playerOrder) if (lost[p] === 0) left++
  const over = left <= 1
  // CR 103: the mulligans are taken before the first turn, at turn 0; every turn after is numbered from 1 (CR 500).
  const pregame = turn.awaiting === Await.Mulligan || turn.awaiting === Await.Bottom
  if (pregame || (over && turn.number === 0)) {
    if (turn.number !== 0 || turn.step !== Step.Untap || turn.resumeAt !== 0) {
      throw turnAt('number', `the mulligans (CR 103.5) are decided before the first turn (turn 0, untap step, resumeAt 0), not in turn ${turn.number}'s ${STEP_NAMES[turn.step]} step`)
    }
  } else turnCount('number', { ...LIMITS.turn, max: INT32_MAX })

  // A decision pending (CR 117.3, 104.2a): else the game would have nowhere to go on from.
  if (!over) {
    // The rule's one check, of the saved turn.
    const atPriority = stepGivesPriority({ turn })
    const waits = WAITS[turn.awaiting]
    const stepName = `the ${STEP_NAMES[turn.step]} step (turn-based action ${turn.resumeAt})`
    if (turn.awaiting === Await.None) {
      if (!atPriority) throw turnAt('resumeAt', `no decision is pending: nobody gets priority in ${stepName} and the game waits for no choice (a state saved mid-change, CR 117.3)`)
    } else if (waits !== undefined) {
      if (SCHEDULE[turn.step]!.begin[turn.resumeAt] !== waits) throw turnAt('awaiting', `no decision is pending: ${stepName} does not wait for choice ${turn.awaiting} (CR 508.1, 509.1, 510.1, 514.1)`)
    } else if (turn.awaiting === Await.Search && (!atPriority || searchOf(a.stack[a.stack.length - 1]) === null)) {
      throw turnAt('awaiting', 'no decision is pending: a search (CR 701.23) is chosen as the ability on top of the stack resolves, and none is there')
    }
  }

  // CR 506.4, 508.1, 509.1: the roster lists the combat's attackers and blockers in declaration order.
  const roster = taped.roster
  const [flags, flagsAt] = a.column('combat.flags')
  const [attackTarget, attackTargetAt] = a.column('combat.attackTarget')
  const [defendingPlayer, defendingAt] = a.column('combat.defendingPlayer')
  const [blocking, blockingAt] = a.column('combat.blocking')
  const [blockStart, blockStartAt] = a.column('combat.blockStart')
  const [blockCount] = a.column('combat.blockCount')
  const listedIn = new Uint8Array(entities)
  const listOf = (name: 'attackers' | 'blockers' | 'blockList', bit: number): void => {
    roster[name].forEach((eid, i) => {
      if (!a.isCard(eid) || (bit !== 0 && (listedIn[eid]! & bit) !== 0)) throw disagrees(`${base}.roster.${name}[${i}]`, `${a.entity(eid)} ${a.isCard(eid) ? 'is listed twice' : 'is not a card'}`)
      listedIn[eid]! |= bit
    })
  }
  listOf('attackers', C_ATTACKING)
  listOf('blockers', C_BLOCKING)
  listOf('blockList', 0)
  for (let eid = 1; eid < entities; eid++) {
    const f = flags[eid]!
    if (f & C_ATTACKING) {
      if ((listedIn[eid]! & C_ATTACKING) === 0) throw disagrees(`${base}.roster.attackers`, `${a.label(eid)} is attacking (${flagsAt(eid)}) but is not listed (CR 508.1)`)
      if (!a.isPlayer(defendingPlayer[eid]!)) throw disagrees(defendingAt(eid), `${a.label(eid)} attacks, so its defending player is a player (CR 506.2), not ${a.entity(defendingPlayer[eid]!)}`)
      if (attackTarget[eid] === 0) throw disagrees(attackTargetAt(eid), `${a.label(eid)} attacks, so it attacks a player or planeswalker (CR 508.1b), not 0`)
    }
    if (f & C_BLOCKING) {
      if ((listedIn[eid]! & C_BLOCKING) === 0) throw disagrees(`${base}.roster.blockers`, `${a.label(eid)} is blocking (${flagsAt(eid)}) but is not listed (CR 509.1)`)
      if ((listedIn[blocking[eid]!]! & C_ATTACKING) === 0) throw disagrees(blockingAt(eid), `${a.label(eid)} blocks ${a.entity(blocking[eid]!)}, which is no listed attacker (CR 509.1a)`)
    }
  }
  if (turn.blockersDeclared) {
    for (const attacker of roster.attackers) {
      if (blockStart[attacker]! + blockCount[attacker]! > roster.blockList.length) {
        throw disagrees(blockStartAt(attacker), `${a.label(attacker)}'s blockers (from ${blockStart[attacker]}, ${blockCount[attacker]} of them) are past the end of the block list (${roster.blockList.length})`)
      }
    }
  }
  const [enteredAt, enteredAtAt] = a.column('cards.enteredAt')
  for (let eid = 1; eid < entities; eid++) {
    if (enteredAt[eid]! >= taped.nextEntry) throw disagrees(enteredAtAt(eid), `${a.label(eid)} entered the battlefield at ${enteredAt[eid]}, after the last entry so far (nextEntry ${taped.nextEntry})`)
  }
}
