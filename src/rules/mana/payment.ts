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
 * order), each land's mana noted in `MAKES` for the matching.
 */
function manaSources(world: GameWorld, player: Eid): Eid[] {
  const out: Eid[] = []
  // The permanents (`battlefieldOf`, in entity order); `landMana` makes nothing of an object without card data.
  const permanents = battlefieldOf(world)
  for (let k = 0; k < permanents.length; k++) {
    const eid = permanents[k]!
    if (world.place.controller[eid] !== player || (world.types.mask[eid]! & T_LAND) === 0 || world.status.tapped[eid]) continue
    if ((MAKES[eid] = landMana(world, eid)).length > 0) out.push(eid)
  }
  return out
}

/**
 * Kuhn's augmenting paths between colored symbols and lands: `matched` counts the most symbols
 * each paid by its own land that makes it (a maximum matching), the lands being `a` then `b` from
 * `from` on (without building that list). One matching at a time (it doesn't call itself): its
 * inputs and scratch are module-level, reused, grown as needed, so no closure or list is made.
 */
let owner = new Int32Array(16)
let seen = new Uint8Array(16)
let S: readonly ManaSymbol[] = []
let A: readonly Eid[] = []
let B: readonly Eid[] = []
/** The mana of the lands matched, by entity: noted by their lister (`manaSources`, `paymentError`) for the matching that follows. */
const MAKES: (readonly ManaSymbol[])[] = []
let F = 0
let N = 0

function augment(u: number): boolean {
  for (let r = 0; r < N; r++) {
    if (seen[r] || !MAKES[r < A.length ? A[r]! : B[F + r - A.length]!]!.includes(S[u]!)) continue
    seen[r] = 1
    if (owner[r] === -1 || augment(owner[r]!)) {
      owner[r] = u
      return true
    }
  }
  return false
}

function matched(symbols: readonly ManaSymbol[], a: readonly Eid[], b: readonly Eid[] = a, from = b.length): number {
  S = symbols
  A = a
  B = b
  F = from
  N = a.length + b.length - from
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
  const sources = manaSources(world, player)
  const { symbols, generic } = cost
  const units = symbols.length + generic
  // CR 106.4: one mana per land; every colored symbol paid by its own land that makes it.
  if (units > sources.length || matched(symbols, sources) < symbols.length) return null
  const tapped: Eid[] = []
  for (let k = 0; k < sources.length && tapped.length < units; k++) {
    // A payment that uses every land tapped so far and this one, with lands after it for the
    // rest, exists when each of them can pay its own unit (all but `generic` of them paying
    // colored symbols) and the whole cost can be paid from them and the lands after
    // (Mendelsohn-Dulmage: the two matchings combine into one).
    tapped.push(sources[k]!)
    if (matched(symbols, tapped) + generic < tapped.length || units > tapped.length + sources.length - k - 1 || matched(symbols, tapped, sources, k + 1) < symbols.length) tapped.pop()
  }
  return tapped
}

/**
 * Why the lands a player names (`pay`) don't pay the cost exactly, or null: each must be an
 * untapped land the player controls that makes mana, none named twice, and together they pay
 * every symbol with no mana left over (CR 601.2g-h, 106.4).
 */
export function paymentError(world: GameWorld, player: Eid, cost: ManaCost, lands: readonly Eid[]): string | null {
  const seen = new Set<Eid>()
  const sources: Eid[] = []
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
    sources.push(land)
  }
  const needed = cost.symbols.length + cost.generic
  if (lands.length !== needed || matched(cost.symbols, sources) < cost.symbols.length) {
    return `${lands.map((l) => label(world, l)).join(', ') || 'no lands'} don't pay ${formatManaCost(cost)} exactly`
  }
  return null
}
