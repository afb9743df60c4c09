import { T_LAND } from '../../../components/types.js'
import { Zone } from '../../../components/zones.js'
import type { Eid } from '../../core/events.js'
import { battlefieldOf } from '../../core/entity-lists.js'
import { label, type GameWorld } from '../../core/world.js'
import { formatManaCost, type ManaCost, type ManaSymbol } from './cost.js'

/** CR 305.6: the basic land types and the mana their intrinsic ability makes. */
const BASIC_LAND_MANA: Readonly<Record<string, ManaSymbol>> = { Plains: 'W', Island: 'U', Swamp: 'B', Mountain: 'R', Forest: 'G' }

const LAND_MANA = new WeakMap<object, readonly ManaSymbol[]>()
const NO_MANA: readonly ManaSymbol[] = []

/** The mana a land makes, or an empty list for a land with no basic land type (cached: a card's subtypes don't change). */
export function landMana(world: GameWorld, land: Eid): readonly ManaSymbol[] {
  const data = world.cardData[land]
  if (!data) return NO_MANA
  let makes = LAND_MANA.get(data)
  if (makes === undefined) {
    makes = [...new Set(data.subtypes.map((t) => BASIC_LAND_MANA[t]).filter((m): m is ManaSymbol => m !== undefined))]
    LAND_MANA.set(data, makes)
  }
  return makes
}

/**
 * The untapped lands of the player that make mana, in entity order, which is the order the
 * position lists its objects (docs/scenario-format.md's default payment goes through them in that
 * order), into `SOURCES`: how many. Each land's mana is noted in `MAKES` for the matching.
 */
function manaSources(world: GameWorld, player: Eid): number {
  let n = 0
  // The permanents (`battlefieldOf`, in entity order); `landMana` makes nothing of an object without card data.
  const permanents = battlefieldOf(world)
  for (let k = 0; k < permanents.length; k++) {
    const eid = permanents[k]!
    if (world.place.controller[eid] !== player || (world.types.mask[eid]! & T_LAND) === 0 || world.status.tapped[eid]) continue
    if ((MAKES[eid] = landMana(world, eid)).length > 0) SOURCES[n++] = eid
  }
  return n
}

/**
 * Kuhn's augmenting paths between colored symbols and lands: `matched` counts the most symbols
 * each paid by its own land that makes it (a maximum matching), the lands being the first `t` of
 * `TAPPED` then those of `SOURCES` from `from` to `to` (without building that list). One matching
 * at a time (it doesn't call itself): its inputs and scratch are module-level, reused, grown as
 * needed, so no closure or list is made. The land lists are written by index with a count, never
 * emptied (an emptied array drops its storage).
 */
let owner = new Int32Array(16)
let seen = new Uint8Array(16)
let S: readonly ManaSymbol[] = []
let T = 0
const SOURCES: Eid[] = []
const TAPPED: Eid[] = []
/** `findPayment`'s answers while nobody listens, by number of lands: read before the next payment is asked for. */
const PAID: Eid[][] = []
/** The mana of the lands matched, by entity: noted by their lister (`manaSources`, `paymentError`) for the matching that follows. */
const MAKES: (readonly ManaSymbol[])[] = []
let F = 0
let N = 0

function augment(u: number): boolean {
  for (let r = 0; r < N; r++) {
    if (seen[r] || !MAKES[r < T ? TAPPED[r]! : SOURCES[F + r - T]!]!.includes(S[u]!)) continue
    seen[r] = 1
    if (owner[r] === -1 || augment(owner[r]!)) {
      owner[r] = u
      return true
    }
  }
  return false
}

function matched(symbols: readonly ManaSymbol[], t: number, from = 0, to = 0): number {
  S = symbols
  T = t
  F = from
  N = t + to - from
  if (owner.length < N) [owner, seen] = [new Int32Array(N), new Uint8Array(N)]
  owner.fill(-1)
  let m = 0
  for (let u = 0; u < symbols.length; u++) {
    seen.fill(0)
    if (augment(u)) m++
  }
  return m
}

/**
 * CR 601.2g-h with docs/scenario-format.md's default payment: the lands tapped are the first set, in the order
 * the position lists its objects, that pays the cost. Going through the player's untapped lands
 * in that order, each one is tapped when it can pay a symbol still unpaid while the rest of the
 * cost stays payable with the lands after it; colored symbols are paid before generic, and a land
 * making several colors counts as paying whichever symbol keeps the rest payable. Null when no
 * set of lands pays.
 */
export function findPayment(world: GameWorld, player: Eid, cost: ManaCost): Eid[] | null {
  const count = manaSources(world, player)
  const { symbols, generic } = cost
  const units = symbols.length + generic
  // CR 106.4: one mana per land; every colored symbol paid by its own land that makes it.
  if (units > count || matched(symbols, 0, 0, count) < symbols.length) return null
  let t = 0
  for (let k = 0; k < count && t < units; k++) {
    // A payment that uses every land tapped so far and this one, with lands after it for the
    // rest, exists when each of them can pay its own unit (all but `generic` of them paying
    // colored symbols) and the whole cost can be paid from them and the lands after
    // (Mendelsohn-Dulmage: the two matchings combine into one).
    TAPPED[t++] = SOURCES[k]!
    if (matched(symbols, t) + generic < t || units > t + count - k - 1 || matched(symbols, t, k + 1, count) < symbols.length) t--
  }
  // A new list while a listener is attached: one may ask again between the check and the payment
  // (a cast moves the card to the stack, 601.2a, before its lands are tapped, 601.2h). With none,
  // nothing runs between them: the list kept for this many lands, refilled (no list made or cut).
  const lands = world.events.listening ? [] : (PAID[t] ??= [])
  for (let k = 0; k < t; k++) lands[k] = TAPPED[k]!
  return lands
}

/**
 * Why the lands a player names (`pay`) don't pay the cost exactly, or null: each must be an
 * untapped land the player controls that makes mana, none named twice, and together they pay
 * every symbol with no mana left over (CR 601.2g-h, 106.4).
 */
export function paymentError(world: GameWorld, player: Eid, cost: ManaCost, lands: readonly Eid[]): string | null {
  const seen = new Set<Eid>()
  for (const land of lands) {
    const name = label(world, land)
    if (seen.has(land)) return `${name} is named twice`
    seen.add(land)
    if (world.cardData[land] === undefined || world.place.zone[land] !== Zone.Battlefield || (world.types.mask[land]! & T_LAND) === 0) {
      return `${name} is not a land on the battlefield`
    }
    if (world.place.controller[land] !== player) return `${label(world, player)} doesn't control ${name}`
    if (world.status.tapped[land]) return `${name} is tapped`
    if ((MAKES[land] = landMana(world, land)).length === 0) return `${name} makes no mana`
    // In place `seen.size - 1`: this land, all before it distinct (for the matching).
    TAPPED[seen.size - 1] = land
  }
  const needed = cost.symbols.length + cost.generic
  if (lands.length !== needed || matched(cost.symbols, lands.length) < cost.symbols.length) {
    return `${lands.map((l) => label(world, l)).join(', ') || 'no lands'} don't pay ${formatManaCost(cost)} exactly`
  }
  return null
}
