import { C_ATTACKING, C_BLOCKED, C_BLOCKING } from '../../components/combat.js'
import { T_CREATURE, T_LAND, T_PLANESWALKER, TYPE_NAMES } from '../../components/types.js'
import { KEYWORD_COUNT } from '../../components/keywords.js'
import { Zone } from '../../components/zones.js'
import type { Eid } from '../core/events.js'
import type { GameWorld } from '../core/world.js'
import { Await } from '../core/await.js'
import { battlefieldOf } from '../core/entity-lists.js'
import { seatIndex } from '../core/players.js'
import { pendingDecision } from '../decisions/pending.js'
import { manaValue } from '../rules/mana/cost.js'
import { canSee, canSeeZone } from '../rules/visibility.js'
import { qualifiesForSearch, searchOf } from '../rules/spells/resolve.js'
import { CARD_POOL } from '../rules/cards/pool.js'
import { internalError, RedzoneError } from '../core/errors.js'
import { clamp, type CountRange } from '../core/limits.js'
import { Carve } from './carve.js'
import {
  FL_ATTACKING, FL_BLOCKED, FL_PLOTTED, FL_PLOTTED_THIS_TURN, FL_PRESENT, FL_SICK_SHIFT, FL_STACK_ABILITY, FL_STACK_SPELL, FL_TAPPED_SHIFT, K_FLAGS, K_ID, K_KEYWORDS, K_REFS, K_STATS, K_TYPES, KEY, STAT_SCALE,
} from './row-key.js'
import {
  ACTION_SLOTS, CARD_ID_OTHER, F, G, HISTOGRAM_SCALE, OBJECT_FEATURES, OBJECT_SECTION, OBJECT_SIZE, OBJECT_SLOTS, OBS_CLIP, OBS_SIZE, OFFSET, P, PLAYER_SLOTS,
} from './layout.js'

const TYPE_COUNT = TYPE_NAMES.length
/** The histogram sections' floats: they lie together at the end of the observation. */
const HISTOGRAM_FLOATS = OBS_SIZE - OFFSET.myGraveyard
/** The histogram sections (`OBS_LAYOUT`: my graveyard, their graveyard, my library seen): each one's first float, and their size (one float per card id). */
const HISTOGRAM_FIRST = Int32Array.of(OFFSET.myGraveyard, OFFSET.theirGraveyard, OFFSET.myLibrarySeen)
const HISTOGRAM_SECTIONS = HISTOGRAM_FIRST.length
const CARD_IDS_SIZE = CARD_ID_OTHER
if (
  HISTOGRAM_FIRST[1]! - HISTOGRAM_FIRST[0]! !== CARD_IDS_SIZE ||
  HISTOGRAM_FIRST[2]! - HISTOGRAM_FIRST[1]! !== CARD_IDS_SIZE ||
  OBS_SIZE - HISTOGRAM_FIRST[2]! !== CARD_IDS_SIZE
) {
  throw internalError('the histogram sections are not the last three of the observation, one float per card id each')
}

/**
 * What never changes in a game, worked out once per world: each entity's card id, and its
 * identity as an object row's key holds it (`K_ID`: the card id, 16 bits, and the mana value,
 * CR 202.3, held to 255, the 8 above).
 */
interface Identities {
  entities: number
  card: Uint16Array
  ident: Int32Array
}

const IDENTITIES = new WeakMap<GameWorld, Identities>()
const POOL_INDEX = new Map([...CARD_POOL.keys()].map((name, i) => [name, i + 1]))

function identities(world: GameWorld): Identities {
  const entities = world.labels.length
  let ids = IDENTITIES.get(world)
  if (ids === undefined || ids.entities !== entities) {
    ids = { entities, card: new Uint16Array(entities), ident: new Int32Array(entities) }
    for (const [eid, data] of world.cardData.entries()) {
      if (data === undefined) continue
      const card = (data.name === null ? undefined : POOL_INDEX.get(data.name)) ?? CARD_ID_OTHER
      ids.card[eid] = card
      ids.ident[eid] = card | (Math.min(255, manaValue(data.manaCost)) << 16)
    }
    IDENTITIES.set(world, ids)
  }
  return ids
}

/** Makes `world` (whose card data `shareSetup` made `from`'s) use `from`'s identities: one copy for both. */
export function shareIdentities(from: GameWorld, world: GameWorld): void {
  if (from.labels.length !== world.labels.length || from.cardData.some((data, eid) => world.cardData[eid] !== data)) throw internalError('shareIdentities: the worlds do not share their card data')
  IDENTITIES.set(world, identities(from))
}

/**
 * The slots of one observation: which entity each action slot holds, and each entity's slot
 * (valid where `stampOf[eid] === stamp`: no clearing between observations).
 */
export class SlotTable {
  /** The entity in each action slot (0: empty). Slots 0 and 1 are the viewer and the opponent. */
  readonly eid: Int32Array
  /** Objects that had no room in their section at the last observation. */
  overflow = 0
  /** The viewer the slots were filled for. */
  viewer: Eid = 0
  /** Lands, untapped lands and creatures on the battlefield: the viewer's, then the opponent's. */
  readonly counts: Int32Array
  private slotOf: Int16Array
  private stampOf: Uint32Array
  private stamp = 0

  /** The bytes of a table for `entities` entities, carved (`Carve`). */
  static bytes(entities: number): number {
    return Carve.bytes(ACTION_SLOTS * 4, 6 * 4, entities * 2, entities * 4)
  }

  /** With `carve`, the arrays (for `entities` entities; more later are allocated apart) are carved from it. */
  constructor(carve: Carve = new Carve(SlotTable.bytes(0)), entities = 0) {
    this.eid = carve.int32(ACTION_SLOTS)
    this.counts = carve.int32(6)
    this.slotOf = carve.int16(entities)
    this.stampOf = carve.uint32(entities)
  }

  /** The action slot of an entity in the last observation, or -1. */
  slot(eid: Eid): number {
    return eid < this.stampOf.length && this.stampOf[eid] === this.stamp ? this.slotOf[eid]! : -1
  }

  begin(entities: number): void {
    if (this.stampOf.length < entities) {
      this.slotOf = new Int16Array(entities)
      this.stampOf = new Uint32Array(entities)
      this.stamp = 0
    }
    this.stamp = (this.stamp + 1) >>> 0
    if (this.stamp === 0) {
      this.stampOf.fill(0)
      this.stamp = 1
    }
    this.eid.fill(0)
    this.overflow = 0
  }

  put(slot: number, eid: Eid): void {
    this.eid[slot] = eid
    this.slotOf[eid] = slot
    this.stampOf[eid] = this.stamp
  }
}

/**
 * Writes `raw / scale`, clipped to [-OBS_CLIP, OBS_CLIP]. Each branch stores its own value: a
 * conditional expression that mixes the double with the imported constant made V8 box it (an
 * allocation per feature), and Math.min and Math.max cost more than the two comparisons.
 */
function putScaled(out: Float32Array, at: number, raw: number, scale: number): void {
  const value = raw / scale
  if (value > OBS_CLIP) out[at] = OBS_CLIP
  else if (value < -OBS_CLIP) out[at] = -OBS_CLIP
  else out[at] = value
}

/** The opponent of `viewer` in a two-player game (the next player in turn order). */
export function opponentOf(world: GameWorld, viewer: Eid): Eid {
  const order = world.playerOrder
  return order[(seatIndex(world, viewer) + 1) % order.length]!
}

/**
 * Fills a section's slots from `owner`'s list of their cards in `zone`, if the viewer can see
 * them. `canSee`'s rule is the zone's (`canSeeZone`: every card of a zone is seen alike) and a
 * player's zone list holds the cards they own there (CR 400.3), so it is asked once per list.
 */
function fillFromList(world: GameWorld, viewer: Eid, slots: SlotTable, owner: Eid, zone: number, list: readonly Eid[], first: number, room: number): void {
  if (list.length === 0 || !canSeeZone(world, viewer, owner, zone)) return
  let used = 0
  for (let k = 0; k < list.length; k++) {
    const eid = list[k]!
    if (used === room) {
      slots.overflow++
      continue
    }
    slots.put(PLAYER_SLOTS + first + used++, eid)
  }
}

/**
 * The battlefield sections: nonland permanents first, then lands, each in entity order (age);
 * counts each player's lands, untapped lands and creatures on the way. One pass over the
 * permanents: the nonland ones are put as they come, the lands kept (`LANDS`) and put after.
 */
function fillBattlefield(world: GameWorld, viewer: Eid, slots: SlotTable): void {
  const { controller } = world.place
  const types = world.types.mask
  const tapped = world.status.tapped
  const permanents = battlefieldOf(world)
  const mine = PLAYER_SLOTS + OBJECT_SECTION.myBattlefield.first
  const theirs = PLAYER_SLOTS + OBJECT_SECTION.theirBattlefield.first
  const roomMine = OBJECT_SECTION.myBattlefield.slots
  const roomTheirs = OBJECT_SECTION.theirBattlefield.slots
  let usedMine = 0
  let usedTheirs = 0
  // The counts in locals (each a typed array's load and store otherwise), stored once at the end.
  let landsMine = 0
  let untappedMine = 0
  let creaturesMine = 0
  let landsTheirs = 0
  let untappedTheirs = 0
  let creaturesTheirs = 0
  // `canSee`'s rule is the zone's (`canSeeZone`), which for the battlefield may depend on the
  // owner only: asked once per player, and per card only if some player's permanents were hidden.
  let seeAll = true
  const order = world.playerOrder
  for (let p = 0; p < order.length; p++) if (!canSeeZone(world, viewer, order[p]!, Zone.Battlefield)) seeAll = false
  if (LANDS.length < permanents.length) LANDS = new Int32Array(permanents.length * 2)
  const lands = LANDS
  let landCount = 0
  for (let k = 0; k < permanents.length; k++) {
    const eid = permanents[k]!
    if (!seeAll && !canSee(world, viewer, eid)) continue
    const t = types[eid]!
    const own = controller[eid] === viewer
    if (t & T_CREATURE) {
      if (own) creaturesMine++
      else creaturesTheirs++
    }
    if (t & T_LAND) {
      const untapped = tapped[eid] === 0 ? 1 : 0
      if (own) {
        landsMine++
        untappedMine += untapped
      } else {
        landsTheirs++
        untappedTheirs += untapped
      }
      lands[landCount++] = eid
    } else if (own) {
      if (usedMine < roomMine) slots.put(mine + usedMine++, eid)
      else slots.overflow++
    } else if (usedTheirs < roomTheirs) slots.put(theirs + usedTheirs++, eid)
    else slots.overflow++
  }
  for (let k = 0; k < landCount; k++) {
    const eid = lands[k]!
    if (controller[eid] === viewer) {
      if (usedMine < roomMine) slots.put(mine + usedMine++, eid)
      else slots.overflow++
    } else if (usedTheirs < roomTheirs) slots.put(theirs + usedTheirs++, eid)
    else slots.overflow++
  }
  const counts = slots.counts
  counts[0] = landsMine
  counts[1] = untappedMine
  counts[2] = creaturesMine
  counts[3] = landsTheirs
  counts[4] = untappedTheirs
  counts[5] = creaturesTheirs
}

/** `fillBattlefield`'s lands, in entity order (scratch, read within the call; grown with the battlefield). */
let LANDS = new Int32Array(64)

/** The stack, top first (CR 405): a spell is its card; an ability takes its source card's place (the source keeps its own slot). */
function fillStack(world: GameWorld, slots: SlotTable): void {
  const stack = world.stack
  const { first, slots: room } = OBJECT_SECTION.stack
  for (let k = 0; k < stack.length; k++) {
    if (k >= room) {
      slots.overflow++
      continue
    }
    const item = stack[stack.length - 1 - k]!
    if (item.kind === 'spell') slots.put(PLAYER_SLOTS + first + k, item.card)
    else slots.eid[PLAYER_SLOTS + first + k] = item.source
  }
}

/** While the viewer searches their library: the cards the search may find, in entity order. */
function fillLibrary(world: GameWorld, viewer: Eid, slots: SlotTable): void {
  const turn = world.turn
  if (turn.awaiting !== Await.Search || turn.decider !== viewer) return
  const spec = searchOf(world.stack[world.stack.length - 1])
  if (spec === null) return
  const { first, slots: room } = OBJECT_SECTION.myLibrary
  const library = world.zoneLists[viewer]!.library
  if (FOUND.length < library.length) FOUND = new Int32Array(library.length * 2)
  const found = FOUND
  let n = 0
  for (let k = 0; k < library.length; k++) {
    const eid = library[k]!
    if (canSee(world, viewer, eid) && qualifiesForSearch(world, eid, spec)) found[n++] = eid
  }
  // In entity order: a few cards by insertion (no allocation: an array's `sort` makes a work list),
  // more (a generated position's library) by the typed array's own sort, through a view.
  if (n > 64) found.subarray(0, n).sort()
  else {
    for (let i = 1; i < n; i++) {
      const eid = found[i]!
      let at = i
      for (; at > 0 && found[at - 1]! > eid; at--) found[at] = found[at - 1]!
      found[at] = eid
    }
  }
  for (let i = 0; i < n; i++) {
    if (i < room) slots.put(PLAYER_SLOTS + first + i, found[i]!)
    else slots.overflow++
  }
}

/** `fillLibrary`'s cards found, in entity order (scratch, read within the call; grown with the library). */
let FOUND = new Int32Array(64)

/** A reference to an entity as the observation writes it: `1 + slot`, 0 for none, -1 for an entity it does not hold. */
function ref(slots: SlotTable, eid: Eid): number {
  if (eid === 0) return 0
  const slot = slots.slot(eid)
  return slot < 0 ? -1 : slot + 1
}

function writePlayer(world: GameWorld, out: Float32Array, at: number, player: Eid, decider: Eid | null, counts: Int32Array, c: number): void {
  const lists = world.zoneLists[player]!
  const players = world.players
  const turn = world.turn
  putScaled(out, at + P.life, players.life[player]!, 20)
  putScaled(out, at + P.handSize, lists.hand.length, 10)
  putScaled(out, at + P.librarySize, lists.library.length, 40)
  putScaled(out, at + P.graveyardSize, lists.graveyard.length, 40)
  putScaled(out, at + P.exileSize, lists.exile.length, 10)
  putScaled(out, at + P.lands, counts[c]!, 10)
  putScaled(out, at + P.untappedLands, counts[c + 1]!, 10)
  putScaled(out, at + P.creatures, counts[c + 2]!, 10)
  out[at + P.lost] = players.lost[player]!
  out[at + P.mulligans] = players.mulligans[player]! / 7
  out[at + P.kept] = players.kept[player]!
  out[at + P.active] = turn.active === player ? 1 : 0
  out[at + P.priority] = turn.awaiting === Await.None && turn.priority === player ? 1 : 0
  out[at + P.deciding] = decider === player ? 1 : 0
  out[at + P.first] = turn.first === player ? 1 : 0
}

const STAT_BOUND = OBS_CLIP * STAT_SCALE
if (STAT_BOUND > 127 || [F.power, F.toughness, F.damage, F.loyalty].some((f) => OBJECT_FEATURES[f]!.scale !== STAT_SCALE)) {
  throw internalError('the object row layout changed the scale of power, toughness, damage or loyalty: update the key\'s K_STATS')
}
/** The range a stat is held to in the key (`clamp`, the engine's own). */
const STAT_RANGE: CountRange = { min: -STAT_BOUND, max: STAT_BOUND, what: 'a stat as an observation holds it' }
/** A stat held to +-STAT_BOUND, as a byte of K_STATS. */
function statByte(raw: number): number {
  return clamp(raw, STAT_RANGE) & 0xff
}

// The 0/1 features of the K_FLAGS word, by bit (`FL_*`, row-key.ts).
const FLAG_FEATURE = Int32Array.of(F.present, F.attacking, F.blocked, F.plotted, F.plottedThisTurn, F.stackSpell, F.stackAbility)
const FL_BITS = (1 << FLAG_FEATURE.length) - 1
const KEYWORD_BITS = KEYWORD_COUNT >= 32 ? -1 : (1 << KEYWORD_COUNT) - 1

/** The features of an object row as the bits of two words (`ObjectRows.written`): those below 32, and the others. */
function featureWords(features: readonly number[]): [number, number] {
  let low = 0
  let high = 0
  for (const f of features) {
    if (f >= 64) throw internalError(`an object row of ${OBJECT_SIZE} features: ObjectRows.written holds 64`)
    if (f < 32) low |= 1 << f
    else high |= 1 << (f - 32)
  }
  return [low, high]
}
// The floats each key word's change writes (`writeObjects`), as `featureWords`: one float each,
// but a group where one word holds several (card, mine and mana value; the four references), noted
// whole when the word changed. Every feature but the keyword and type bits lies in the low word
// (checked here): their notes are that word alone.
const LOW_FEATURES = [F.card, F.mine, F.manaValue, F.power, F.toughness, F.loyalty, F.damage, ...FLAG_FEATURE, F.tapped, F.sick, F.stackTarget, F.attackTarget, F.blocking, F.attachedTo, F.focus, F.chosen]
if (LOW_FEATURES.some((f) => f >= 32)) throw internalError('the object row layout moved a feature past the low word of ObjectRows.written: update its noting')
const lowWord = (features: readonly number[]): number => featureWords(features)[0]
const W_ID = lowWord([F.card, F.mine, F.manaValue])
/** The K_STATS bytes' features, and their notes, from the low byte. */
const STAT_FEATURE = Int32Array.of(F.power, F.toughness, F.damage, F.loyalty)
const W_STAT = Int32Array.from([...STAT_FEATURE].map((f) => lowWord([f])))
const W_TAPPED = lowWord([F.tapped])
const W_SICK = lowWord([F.sick])
/** Each K_FLAGS bit's feature (`FLAG_FEATURE`) as a low word. */
const W_FLAG = Int32Array.from([...FLAG_FEATURE].map((f) => lowWord([f])))
const W_REFS = lowWord([F.stackTarget, F.attackTarget, F.blocking, F.attachedTo])
const W_FOCUS = lowWord([F.focus])
const W_CHOSEN = lowWord([F.chosen])
// The keyword bits (features F.keyword on) and the type bits (F.type on) changed are noted one
// float each, shifted into place: the keywords' run crosses from the low word into the high one,
// the types' lies in the high word (checked here, so that a new layout can't note wrong floats).
if (!(F.keyword > 0 && F.keyword < 32 && F.keyword + KEYWORD_COUNT <= 64 && F.type >= 32 && F.type + TYPE_COUNT <= 64)) {
  throw internalError('the object row layout moved the keyword or type features: update writeObjects\' noting of them')
}
const KEYWORD_HIGH_SHIFT = 32 - F.keyword
const TYPE_HIGH_SHIFT = F.type - 32
const TYPE_BITS = (1 << TYPE_COUNT) - 1

/**
 * The object rows of a place written again and again (`VecEnv`'s row of an env, `RecordRows`'
 * observation): whether each row holds an object and the values it was written from (its key),
 * so that only the floats whose values changed are written again, and the rows whose `focus` or
 * `chosen` the decision builder set (cleared before the next write); and of the histograms, the
 * cards each section was written from, so that a section is written again only when they changed.
 * The place is written only through these rows: a client reads it and never writes it.
 *
 * Of an object in the row it held at the last write, for the viewer of the last write, only what
 * the world notes changed is read again (`noteChange`, `Scratch.changed`: the rows consume those
 * notes, so a world's rows are the last `ObjectRows` to write it, else everything is read again).
 */
export class ObjectRows {
  /** 1 where the row holds an object (0: the row is all zeros, and so is its key). */
  readonly held: Uint8Array
  readonly key: Int32Array
  /** The object each row was last written from (0: none). */
  readonly rowEid: Int32Array
  /** The world and viewer of the last write (`begin`). */
  private world: GameWorld | null = null
  private viewer: Eid = 0
  private readonly marked: Uint8Array
  private readonly markedList: Int16Array
  private markedCount = 0
  /**
   * The histogram floats (from the observation's offset) that are nonzero, each once (the first
   * `histogramCount`): every other float of the histograms is zero. Read by `redzone serve`'s
   * delta transport, which compares only these floats as they were before a write and after it.
   */
  readonly histogram: Int16Array
  histogramCount = 0
  /**
   * The rows any float of which was written since `forgetTouched` (each once, the first
   * `touchedCount`), and in `written` which of their floats: row `s`'s features 0-31 are the bits
   * of `written[2s]`, the others of `written[2s + 1]` (a group of features when one of them was:
   * `W_*`). With the globals, the players and the histograms (the spans before and after the
   * object rows), every float of the place that may have changed: what a reader of the changes
   * (`redzone serve`'s delta transport) sends.
   */
  readonly touched: Int16Array
  touchedCount = 0
  readonly written: Int32Array
  /** What each histogram section was written from (`rewriteHistogram`): the number of cards (-1: nothing known) and the cards, and the identities read. */
  private readonly histogramLength = new Int32Array(HISTOGRAM_SECTIONS).fill(-1)
  private readonly histogramCards: Int32Array[] = Array.from({ length: HISTOGRAM_SECTIONS }, () => new Int32Array(16))
  private histogramIdentities: Uint16Array | null = null

  constructor() {
    // One allocation: the arrays lie together (the histogram sections' cards apart: they grow with a list).
    const carve = new Carve(Carve.bytes(OBJECT_SLOTS, OBJECT_SLOTS * KEY * 4, OBJECT_SLOTS * 4, OBJECT_SLOTS * 8, OBJECT_SLOTS, OBJECT_SLOTS * 2, HISTOGRAM_FLOATS * 2, OBJECT_SLOTS * 2))
    this.held = carve.uint8(OBJECT_SLOTS)
    this.key = carve.int32(OBJECT_SLOTS * KEY)
    this.rowEid = carve.int32(OBJECT_SLOTS)
    this.written = carve.int32(OBJECT_SLOTS * 2)
    this.marked = carve.uint8(OBJECT_SLOTS)
    this.markedList = carve.int16(OBJECT_SLOTS)
    this.histogram = carve.int16(HISTOGRAM_FLOATS)
    this.touched = carve.int16(OBJECT_SLOTS)
  }

  /**
   * A write of `world` for `viewer` begins: whether every object must be read (another world or
   * viewer than the last write's, or another `ObjectRows` wrote the world since: its notes of
   * change are gone), rather than only those the world notes changed.
   */
  begin(world: GameWorld, viewer: Eid): boolean {
    let all = this.world !== world || this.viewer !== viewer
    if (LAST_ROWS.get(world) !== this) {
      LAST_ROWS.set(world, this)
      all = true
    }
    this.world = world
    this.viewer = viewer
    return all
  }

  /** Notes that the floats of object row `s` in `low` (features 0-31) and `high` (32 on) were written (`touched`, `written`). */
  touch(s: number, low: number, high: number): void {
    const w = 2 * s
    if ((low | high) === 0) return
    if ((this.written[w]! | this.written[w + 1]!) === 0) this.touched[this.touchedCount++] = s
    this.written[w]! |= low
    this.written[w + 1]! |= high
  }

  /** Empties `touched` and `written`: the reader has taken those floats. */
  forgetTouched(): void {
    for (let k = 0; k < this.touchedCount; k++) {
      const w = 2 * this.touched[k]!
      this.written[w] = this.written[w + 1] = 0
    }
    this.touchedCount = 0
  }

  /**
   * Histogram section `q` (0, 1, 2: `HISTOGRAM_FIRST`) written from `count` cards (`cards`'s
   * first ones: 0 for a list the viewer may not see), with `card` their identities: false when
   * the section holds that already (the same cards in the same order, and so of the same owner,
   * CR 400.3: nothing to write), else true, the section's floats zeroed at `offset` (the observation's first float)
   * and unlisted, and the cards kept as what the section now holds.
   */
  rewriteHistogram(q: number, cards: readonly Eid[], count: number, card: Uint16Array, out: Float32Array, offset: number): boolean {
    const previous = this.histogramCards[q]!
    if (this.histogramIdentities === card && this.histogramLength[q] === count) {
      let k = 0
      while (k < count && previous[k] === cards[k]) k++
      if (k === count) return false
    }
    // Unlisted and zeroed: the floats of this section (each listed once), the others kept in order.
    const first = HISTOGRAM_FIRST[q]!
    const end = first + CARD_IDS_SIZE
    const listed = this.histogram
    let kept = 0
    for (let t = 0; t < this.histogramCount; t++) {
      const at = listed[t]!
      if (at >= first && at < end) out[offset + at] = 0
      else listed[kept++] = at
    }
    this.histogramCount = kept
    let copy = previous
    if (copy.length < count) copy = this.histogramCards[q] = new Int32Array(count * 2)
    for (let k = 0; k < count; k++) copy[k] = cards[k]!
    this.histogramLength[q] = count
    return true
  }

  /** Notes that histogram float `at` (from the observation's offset) became nonzero. */
  noteHistogram(at: number): void {
    this.histogram[this.histogramCount++] = at
  }

  /**
   * The histograms are written from the identities `card` (a world's): when they are not those
   * the sections were written from, no section is taken to hold anything (each is written again).
   */
  useIdentities(card: Uint16Array): void {
    if (this.histogramIdentities === card) return
    this.histogramIdentities = card
    this.histogramLength.fill(-1)
  }

  /** Notes that object slot `s`'s `focus` or `chosen` (`feature`) is set (and `touch`ed). */
  mark(s: number, feature: number): void {
    if (feature === F.focus) this.touch(s, W_FOCUS, 0)
    else if (feature === F.chosen) this.touch(s, W_CHOSEN, 0)
    else throw internalError(`ObjectRows.mark: feature ${feature} is neither focus nor chosen`)
    if (this.marked[s] === 1) return
    this.marked[s] = 1
    this.markedList[this.markedCount++] = s
  }

  /** Zeroes the `focus` and `chosen` of the rows marked, at `objects` (the first object row's float). */
  clearMarks(out: Float32Array, objects: number): void {
    for (let k = 0; k < this.markedCount; k++) {
      const s = this.markedList[k]!
      const at = objects + s * OBJECT_SIZE
      // Only what was set is cleared and touched (a mark is never 0 or -0: `DecisionBuilder`).
      if (out[at + F.focus] !== 0) {
        out[at + F.focus] = 0
        this.touch(s, W_FOCUS, 0)
      }
      if (out[at + F.chosen] !== 0) {
        out[at + F.chosen] = 0
        this.touch(s, W_CHOSEN, 0)
      }
      this.marked[s] = 0
    }
    this.markedCount = 0
  }
}

/** The `ObjectRows` that last wrote each world (that consumed its notes of change). */
const LAST_ROWS = new WeakMap<GameWorld, ObjectRows>()

/** Rows for an observation written afresh (the place zeroed first): none held, every key zero. */
const freshRows = new ObjectRows()

/**
 * Writes the bits of `value` that differ from `old` (within `bits`) at `at + b` for bit `b`:
 * the keyword and type bits of a row, where most writes change none or one.
 */
function writeBits(out: Float32Array, at: number, value: number, old: number, bits: number): void {
  let diff = (value ^ old) & bits
  while (diff !== 0) {
    const b = 31 - Math.clz32(diff & -diff)
    out[at + b] = (value >>> b) & 1
    diff &= diff - 1
  }
}

/**
 * The object rows (OBJECT_FEATURES) of the slots `slots` holds, at `base` (the first object row's
 * float), against `rows` (what each row holds: a row of zeros has the key of zeros): a row that
 * held an object and holds none now is cleared, and of the others only the floats of the key
 * words that changed are written, after which the keys hold the new values; a row cleared or
 * written is `touch`ed with the floats written (`ObjectRows.written`: what a reader of the changes sends). The columns are read
 * into locals once (not per object: a typed-array read is most of the work). State that only a
 * permanent has (tapped, combat, attachments) is read on the battlefield only; `focus` and
 * `chosen` are the decision builder's (cleared before). A stack row is its card's row (an
 * ability: its source's) with what the stack item adds: `mine` is whether the viewer controls the
 * item, its kind bit and its target.
 */
function writeObjects(world: GameWorld, viewer: Eid, slots: SlotTable, identity: Int32Array, out: Float32Array, base: number, rows: ObjectRows, incremental: boolean): void {
  // The layout's computed numbers in locals: each is a read of the module's scope (and of `F`'s
  // field) at every use otherwise, with a small-integer check: neither V8 nor the bundler makes
  // them constants (the literal ones come from modules without imports, which esbuild inlines).
  const rowSize = OBJECT_SIZE
  const fCard = F.card
  const fMine = F.mine
  const fManaValue = F.manaValue
  const fKeyword = F.keyword
  const fType = F.type
  const fTapped = F.tapped
  const fSick = F.sick
  const fStackTarget = F.stackTarget
  const fAttackTarget = F.attackTarget
  const fBlocking = F.blocking
  const fAttachedTo = F.attachedTo
  const wId = W_ID
  const wTapped = W_TAPPED
  const wSick = W_SICK
  const wRefs = W_REFS
  const keywordBits = KEYWORD_BITS
  const keywordHighShift = KEYWORD_HIGH_SHIFT
  const typeHighShift = TYPE_HIGH_SHIFT
  const typeBits = TYPE_BITS
  const flBits = FL_BITS
  const key = rows.key
  const held = rows.held
  const rowEid = rows.rowEid
  const slotEid = slots.eid
  const changed = world.scratch.changed
  // Written in place (not afresh): an object in the row it held at the last write, for the same
  // viewer, unchanged since (no note: `noteChange`), keeps its key and floats, unless its
  // references name slots and some row holds another object now (a slot moved). Not so for an
  // exile row (`plottedThisTurn` follows the turn) or a stack row (the stack item's own values).
  const all = !incremental || rows.begin(world, viewer)
  let moved = all
  for (let q = 0; q < SECTION_BOUNDS.length && !moved; q += 2) {
    for (let s = SECTION_BOUNDS[q]!, end = SECTION_BOUNDS[q + 1]!; s < end; s++) {
      const eid = slotEid[PLAYER_SLOTS + s]!
      if (eid !== rowEid[s]) {
        moved = true
        break
      }
      if (eid === 0) break
    }
  }
  const { zone: zones, controller } = world.place
  const { power: powers, toughness: toughnesses, loyalty: loyalties, damage: damages } = world.stats
  const keywords = world.kw.effective
  const types = world.types.mask
  const { tapped, sick } = world.status
  const combat = world.combat
  const combatFlags = combat.flags
  const cards = world.cards
  const attachedTos = cards.attachedTo
  const turn = world.turn.number
  const stack = world.stack
  const stackFirst = OBJECT_SECTION.stack.first
  const stackEnd = stackFirst + OBJECT_SECTION.stack.slots
  for (let q = 0; q < SECTION_BOUNDS.length; q += 2) {
    const end = SECTION_BOUNDS[q + 1]!
    const sectionZone = SECTION_ZONE[q >> 1]!
    for (let s = SECTION_BOUNDS[q]!; s < end; s++) {
      const eid = slotEid[PLAYER_SLOTS + s]!
      const at = base + s * rowSize
      const k = s * KEY
      // The values the row is written from: the object's, or all zeros for a row that held an
      // object and holds none now (written as any other change: the floats not zero are exactly
      // those of the key words not zero, so only they are cleared, and noted).
      let ident = 0
      let stats = 0
      let kw = 0
      let t = 0
      let flags = 0
      let refs = 0
      let mine = 0
      if (eid === 0) {
        // A section's objects fill its first slots (`fillSlots`), as they did when its rows were
        // last written: past a slot with neither, the section is empty.
        if (held[s] === 0) break
        held[s] = 0
        rowEid[s] = 0
      } else {
        if (!all && eid === rowEid[s] && changed[eid] === 0 && sectionZone >= 0 && sectionZone !== Zone.Exile && (!moved || key[k + K_REFS] === 0)) continue
        rowEid[s] = eid
        held[s] = 1
        flags = FL_PRESENT
        mine = controller[eid] === viewer ? 1 : 0
        if (s >= stackFirst && s < stackEnd) {
          const item = stack[stack.length - 1 - (s - stackFirst)]!
          flags |= item.kind === 'spell' ? FL_STACK_SPELL : FL_STACK_ABILITY
          mine = item.controller === viewer ? 1 : 0
          if (item.kind !== 'trigger') refs = ref(slots, item.target) & 0xff
        }
        const zone = sectionZone >= 0 ? sectionZone : zones[eid]
        if (zone === Zone.Battlefield) {
          stats = statByte(damages[eid]!) << 16
          flags |= (tapped[eid]! << FL_TAPPED_SHIFT) | (sick[eid]! << FL_SICK_SHIFT)
          const c = combatFlags[eid]!
          if (c !== 0) {
            // References are 1 + slot (up to ACTION_SLOTS), 0 or -1: a byte each.
            if (c & C_ATTACKING) {
              flags |= FL_ATTACKING
              refs |= (ref(slots, combat.attackTarget[eid]!) & 0xff) << 8
            }
            if (c & C_BLOCKED) flags |= FL_BLOCKED
            if (c & C_BLOCKING) refs |= (ref(slots, combat.blocking[eid]!) & 0xff) << 16
          }
          const attachedTo = attachedTos[eid]!
          if (attachedTo !== 0) refs |= (ref(slots, attachedTo) & 0xff) << 24
        } else if (zone === Zone.Exile && cards.plotted[eid]) {
          flags |= FL_PLOTTED
          if (cards.plottedTurn[eid] === turn) flags |= FL_PLOTTED_THIS_TURN
        }
        ident = identity[eid]! | (mine << 24)
        t = types[eid]! | 0
        stats |= statByte(powers[eid]!) | (statByte(toughnesses[eid]!) << 8)
        // CR 306.5b, 209.1: only a planeswalker has loyalty (the views say null for the others, and
        // a game without planeswalkers never reads the column).
        if (t & T_PLANESWALKER) stats |= statByte(loyalties[eid]!) << 24
        kw = keywords[eid]! | 0
      }
      // The floats written, as `ObjectRows.written`'s words (the row is then `touch`ed).
      let low = 0
      let high = 0
      if (key[k + K_ID] !== ident) {
        low |= wId
        key[k + K_ID] = ident
        out[at + fCard] = ident & 0xffff
        out[at + fMine] = mine
        putScaled(out, at + fManaValue, (ident >>> 16) & 0xff, 10)
      }
      let old = key[k + K_STATS]!
      if (old !== stats) {
        key[k + K_STATS] = stats
        // Each byte that changed: its float, from the byte as a signed number (within +-STAT_BOUND).
        for (let b = 0, diff = old ^ stats; diff !== 0; b++, diff >>>= 8) {
          if ((diff & 0xff) === 0) continue
          out[at + STAT_FEATURE[b]!] = ((stats << (24 - 8 * b)) >> 24) / STAT_SCALE
          low |= W_STAT[b]!
        }
      }
      old = key[k + K_KEYWORDS]!
      if (old !== kw) {
        const diff = (kw ^ old) & keywordBits
        low |= diff << fKeyword
        high |= diff >>> keywordHighShift
        key[k + K_KEYWORDS] = kw
        writeBits(out, at + fKeyword, kw, old, keywordBits)
      }
      old = key[k + K_TYPES]!
      if (old !== t) {
        high |= ((t ^ old) & typeBits) << typeHighShift
        key[k + K_TYPES] = t
        writeBits(out, at + fType, t, old, typeBits)
      }
      old = key[k + K_FLAGS]!
      if (old !== flags) {
        key[k + K_FLAGS] = flags
        const changes = flags ^ old
        let diff = changes & flBits
        while (diff !== 0) {
          const b = 31 - Math.clz32(diff & -diff)
          out[at + FLAG_FEATURE[b]!] = (flags >>> b) & 1
          low |= W_FLAG[b]!
          diff &= diff - 1
        }
        if ((changes >>> FL_TAPPED_SHIFT) & 0xff) {
          out[at + fTapped] = (flags >>> FL_TAPPED_SHIFT) & 0xff
          low |= wTapped
        }
        if ((changes >>> FL_SICK_SHIFT) & 0xff) {
          out[at + fSick] = (flags >>> FL_SICK_SHIFT) & 0xff
          low |= wSick
        }
      }
      if (key[k + K_REFS] !== refs) {
        low |= wRefs
        key[k + K_REFS] = refs
        // Back from a byte to -1 .. ACTION_SLOTS.
        out[at + fStackTarget] = (refs << 24) >> 24
        out[at + fAttackTarget] = (refs << 16) >> 24
        out[at + fBlocking] = (refs << 8) >> 24
        out[at + fAttachedTo] = refs >> 24
      }
      if ((low | high) !== 0) rows.touch(s, low, high)
    }
  }
  // The notes are taken: every object with a row was read above if noted. One without a row that
  // gets one later is read then (its row held another object, or none).
  if (incremental) changed.fill(0)
}

/**
 * Histogram section `q` (`HISTOGRAM_FIRST[q]` from the observation's `offset`): `owner`'s cards in
 * `zone` (their list of it), if the viewer can see them (`canSeeZone`, asked once per list as in
 * `fillFromList`), as counts of card ids. With `rows`, written only when the section holds other
 * cards than these (`ObjectRows.rewriteHistogram`, which zeroes it first), noting each float
 * made nonzero (`ObjectRows.noteHistogram`); without, added to a place of zeros.
 */
function writeHistogram(
  world: GameWorld, viewer: Eid, owner: Eid, zone: number, out: Float32Array, offset: number, q: number, list: readonly Eid[], card: Uint16Array, rows: ObjectRows | null,
): void {
  const count = list.length === 0 || !canSeeZone(world, viewer, owner, zone) ? 0 : list.length
  if (rows !== null && !rows.rewriteHistogram(q, list, count, card, out, offset)) return
  const section = HISTOGRAM_FIRST[q]!
  for (let k = 0; k < count; k++) {
    const at = section + card[list[k]!]! - 1
    if (rows !== null && out[offset + at] === 0) rows.noteHistogram(at)
    out[offset + at]! += 1 / HISTOGRAM_SCALE
  }
}

/** No cards: the library histogram's list while the viewer does not search. */
const NO_CARDS: readonly Eid[] = []

/** Each object section's first object slot and the slot past its last, in slot order. */
const SECTION_BOUNDS = Int32Array.from(Object.values(OBJECT_SECTION).flatMap(({ first, slots }) => [first, first + slots]))
/**
 * The zone of every object of each object section (`fillSlots` puts them from that zone's lists),
 * in slot order; -1 for the stack, whose abilities take their source's slot, wherever it is.
 */
const SECTION_ZONES: Readonly<Record<keyof typeof OBJECT_SECTION, number>> = {
  myHand: Zone.Hand, myBattlefield: Zone.Battlefield, theirBattlefield: Zone.Battlefield, myExile: Zone.Exile, theirExile: Zone.Exile, stack: -1, myLibrary: Zone.Library,
}
const SECTION_ZONE = Int32Array.from(Object.keys(OBJECT_SECTION).map((name) => SECTION_ZONES[name as keyof typeof OBJECT_SECTION] ?? NaN))
// A section added to the layout without its zone here would read as zone 0 (the library): refused at load.
if (Object.keys(OBJECT_SECTION).some((name) => !Object.hasOwn(SECTION_ZONES, name)) || SECTION_ZONE.length * 2 !== SECTION_BOUNDS.length) {
  throw internalError('an object section has no zone in SECTION_ZONES: add it')
}

/**
 * A decision kind's place in the observation's one-hot (`G.decision`). A switch: a lookup in an
 * object by a key that varies is a megamorphic keyed load, several times the comparisons.
 */
function decisionIndex(kind: string): number {
  switch (kind) {
    case 'priority':
      return 0
    case 'declareAttackers':
      return 1
    case 'declareBlockers':
      return 2
    case 'assignDamage':
      return 3
    case 'search':
      return 4
    case 'discard':
      return 5
    case 'mulligan':
      return 6
    case 'bottom':
      return 7
    case 'gameOver':
      return 8
    default:
      throw internalError(`an observation of a decision of no kind: ${kind}`)
  }
}

/**
 * The action slots of `viewer`'s observation (OBS_LAYOUT's object sections): every object the
 * viewer may see (`canSee`, the one visibility rule) in its section's order, up to the section's
 * slots (the rest counted in `slots.overflow`). Reads only.
 */
export function fillSlots(world: GameWorld, viewer: Eid, slots: SlotTable): void {
  if (world.players.isPlayer[viewer] !== 1) throw new RedzoneError('unknown-entity', `${viewer} is not a player of the game`)
  const entities = world.labels.length
  const opponent = opponentOf(world, viewer)
  slots.begin(entities)
  slots.viewer = viewer
  slots.put(0, viewer)
  slots.put(1, opponent)
  const mine = world.zoneLists[viewer]!
  const theirs = world.zoneLists[opponent]!
  fillFromList(world, viewer, slots, viewer, Zone.Hand, mine.hand, OBJECT_SECTION.myHand.first, OBJECT_SECTION.myHand.slots)
  fillBattlefield(world, viewer, slots)
  fillFromList(world, viewer, slots, viewer, Zone.Exile, mine.exile, OBJECT_SECTION.myExile.first, OBJECT_SECTION.myExile.slots)
  fillFromList(world, viewer, slots, opponent, Zone.Exile, theirs.exile, OBJECT_SECTION.theirExile.first, OBJECT_SECTION.theirExile.slots)
  fillLibrary(world, viewer, slots)
  fillStack(world, slots)
  // The opponent's hand and library have no section: nothing in them is visible under CR 400.2
  // (`canSeeZone`, `canSee`'s rule for every card of a zone); were a future rule to show them, their
  // cards would be counted as overflow, never silently dropped.
  if (canSeeZone(world, viewer, opponent, Zone.Hand)) slots.overflow += theirs.hand.length
  if (canSeeZone(world, viewer, opponent, Zone.Library)) slots.overflow += theirs.library.length
}

/**
 * Writes what `viewer` may know of the game into `out[offset .. offset + OBS_SIZE]`
 * (`OBS_LAYOUT`), from the slots `fillSlots` just filled for the viewer (the game unchanged since;
 * hidden objects have no slot, and every other read is of a slotted object or public). With
 * `rows` (`ObjectRows`: the place was written before through them), only the rows that held an
 * object and hold none now are cleared, and of an object row only the floats whose values changed
 * are written (`writeObjects`). `decisionKind`,
 * `decider` and `decisionCount` describe the pending decision (as `pendingDecision` gives it).
 * The progress of a choice being built is not written here: the `DecisionBuilder` adds it. The
 * game is unchanged; with `rows`, the world's notes of change (`noteChange`) are taken.
 */
export function writeObservation(
  world: GameWorld,
  viewer: Eid,
  out: Float32Array,
  offset: number,
  slots: SlotTable,
  decisionKind: string,
  decider: Eid | null,
  decisionCount: number,
  rows: ObjectRows | null = null,
): void {
  if (slots.viewer !== viewer) throw internalError(`an observation of ${viewer} from slots filled for ${slots.viewer}`)
  if (offset < 0 || offset + OBS_SIZE > out.length) throw new RedzoneError('invalid-argument', `an observation needs ${OBS_SIZE} floats from offset ${offset}; the array has ${out.length}`)
  const ids = identities(world)
  const opponent = slots.eid[1]!
  const mine = world.zoneLists[viewer]!
  const theirs = world.zoneLists[opponent]!
  if (rows === null) out.fill(0, offset, offset + OBS_SIZE)
  else {
    // The same place was written before: clear the globals (the players' blocks are written
    // whole) and the builder's marks (the object rows below); the histogram sections are written
    // again only where their cards changed (`writeHistogram`), all of them if the identities did.
    out.fill(0, offset, offset + OFFSET.me)
    rows.useIdentities(ids.card)
    rows.clearMarks(out, offset + OFFSET.objects)
  }

  // Globals
  const turn = world.turn
  const g = offset + OFFSET.global
  putScaled(out, g + G.turn, turn.number, 20)
  out[g + G.step + turn.step] = 1
  out[g + G.landsPlayed] = turn.landsPlayed
  out[g + G.attackersDeclared] = turn.attackersDeclared ? 1 : 0
  out[g + G.blockersDeclared] = turn.blockersDeclared ? 1 : 0
  out[g + G.firstStrikeDone] = turn.firstStrikeStepDone ? 1 : 0
  putScaled(out, g + G.stackSize, world.stack.length, 10)
  out[g + G.decision + decisionIndex(decisionKind)] = 1
  putScaled(out, g + G.decisionCount, decisionCount, 10)
  // A finished game has no decider (its Decision names the winner; `lost` says who lost).
  const deciding = decisionKind === 'gameOver' ? null : decider
  out[g + G.iDecide] = deciding === viewer ? 1 : 0
  writePlayer(world, out, offset + OFFSET.me, viewer, deciding, slots.counts, 0)
  writePlayer(world, out, offset + OFFSET.opponent, opponent, deciding, slots.counts, 3)

  // Objects
  if (rows === null) {
    freshRows.held.fill(0)
    freshRows.key.fill(0)
    freshRows.forgetTouched()
  }
  writeObjects(world, viewer, slots, ids.ident, out, offset + OFFSET.objects, rows ?? freshRows, rows !== null)

  // Histograms
  writeHistogram(world, viewer, viewer, Zone.Graveyard, out, offset, 0, mine.graveyard, ids.card, rows)
  writeHistogram(world, viewer, opponent, Zone.Graveyard, out, offset, 1, theirs.graveyard, ids.card, rows)
  const searching = world.turn.awaiting === Await.Search && world.turn.decider === viewer
  writeHistogram(world, viewer, viewer, Zone.Library, out, offset, 2, searching ? mine.library : NO_CARDS, ids.card, rows)
}

const observeScratch = new SlotTable()

/**
 * What `player` may know of the game now (`canSee`, CR 400.2), written into `out` at `offset`
 * (`OBS_SIZE` floats, `OBS_LAYOUT`), without the progress of a choice being built (a
 * `DecisionBuilder`'s `observe` adds that for its decider). Reads only.
 */
export function observePlayer(world: GameWorld, player: Eid, out: Float32Array, offset = 0): void {
  const decision = pendingDecision(world)
  fillSlots(world, player, observeScratch)
  writeObservation(world, player, out, offset, observeScratch, decision.kind, decision.player, decision.count)
}
