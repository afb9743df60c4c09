import { T_LAND } from '../../../components/types.js'
import { Zone } from '../../../components/zones.js'
import type { Eid } from '../../core/events.js'
import { battlefieldOf } from '../../core/entity-lists.js'
import { label, type GameWorld } from '../../core/world.js'
import { formatManaCost, type ManaCost, type ManaSymbol } from './cost.js'

/** CR 305.6: the basic land types and the mana their intrinsic ability makes. */
const BASIC_LAND_MANA: Readonly<Record<string, ManaSymbol>> = { Plains: 'W', Island: 'U', Swamp: 'B', Mountain: 'R', Forest: 'G' }

export interface ManaSource {
  land: Eid
  /** The symbols the land's one mana can pay (any land pays generic mana). */
  makes: readonly ManaSymbol[]
}

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
 * position lists its objects (docs/scenario-format.md's default payment goes through them in that order).
 */
export function manaSources(world: GameWorld, player: Eid): ManaSource[] {
  const out: ManaSource[] = []
  // The permanents (`battlefieldOf`); `landMana` makes nothing of an object without card data.
  for (const eid of battlefieldOf(world)) {
    if (world.place.controller[eid] !== player || (world.types.mask[eid]! & T_LAND) === 0 || world.status.tapped[eid]) continue
    const makes = landMana(world, eid)
    if (makes.length > 0) out.push({ land: eid, makes })
  }
  // Entity order: `battlefieldOf` keeps the permanents in it.
  return out
}

/** Kuhn's augmenting paths: whether each of `left` items gets its own one of `right` items that it `fits`. */
let owner = new Int32Array(16)
let seen = new Uint8Array(16)

function saturates(left: number, right: number, fits: (l: number, r: number) => boolean): boolean {
  // One search at a time (it doesn't call itself through `fits`): the scratch is reused, grown as needed.
  if (owner.length < right) [owner, seen] = [new Int32Array(right), new Uint8Array(right)]
  owner.fill(-1)
  const augment = (l: number): boolean => {
    for (let r = 0; r < right; r++) {
      if (seen[r] || !fits(l, r)) continue
      seen[r] = 1
      if (owner[r] === -1 || augment(owner[r]!)) {
        owner[r] = l
        return true
      }
    }
    return false
  }
  for (let l = 0; l < left; l++) {
    seen.fill(0)
    if (!augment(l)) return false
  }
  return true
}

/**
 * Whether `tapped` and `sources` from `from` on (without building that list) can pay the colored `symbols` and `generic` mana, one mana per land (CR 106.4,
 * 601.2g-h): every colored symbol matched to its own land (so a land that makes several colors is
 * not spent where another would do), and enough lands left for the generic part.
 */
function canPay(symbols: readonly ManaSymbol[], generic: number, sources: readonly ManaSource[], tapped: readonly ManaSource[] = [], from = 0): boolean {
  const t = tapped.length
  const n = t + sources.length - from
  return symbols.length + generic <= n && saturates(symbols.length, n, (u, s) => (s < t ? tapped[s]! : sources[from + s - t]!).makes.includes(symbols[u]!))
}

/** Whether every land of `lands` can pay its own unit of the cost: a colored symbol it makes, or one generic mana. */
function eachLandPays(symbols: readonly ManaSymbol[], generic: number, lands: readonly ManaSource[]): boolean {
  const units = symbols.length + generic
  return lands.length <= units && saturates(lands.length, units, (l, u) => u >= symbols.length || lands[l]!.makes.includes(symbols[u]!))
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
  if (!canPay(symbols, generic, sources)) return null
  const units = symbols.length + generic
  const tapped: ManaSource[] = []
  for (let k = 0; k < sources.length && tapped.length < units; k++) {
    // A payment that uses every land tapped so far and this one, with lands after it for the
    // rest, exists when each of them can pay its own unit and the whole cost can be paid from
    // them and the lands after (Mendelsohn-Dulmage: the two matchings combine into one).
    tapped.push(sources[k]!)
    if (!eachLandPays(symbols, generic, tapped) || !canPay(symbols, generic, sources, tapped, k + 1)) tapped.pop()
  }
  return tapped.map((s) => s.land)
}

/**
 * Why the lands a player names (`pay`) don't pay the cost exactly, or null: each must be an
 * untapped land the player controls that makes mana, none named twice, and together they pay
 * every symbol with no mana left over (CR 601.2g-h, 106.4).
 */
export function paymentError(world: GameWorld, player: Eid, cost: ManaCost, lands: readonly Eid[]): string | null {
  const seen = new Set<Eid>()
  const sources: ManaSource[] = []
  for (const land of lands) {
    const name = label(world, land)
    if (seen.has(land)) return `${name} is named twice`
    seen.add(land)
    if (world.cardData[land] === undefined || world.place.zone[land] !== Zone.Battlefield || (world.types.mask[land]! & T_LAND) === 0) {
      return `${name} is not a land on the battlefield`
    }
    if (world.place.controller[land] !== player) return `${label(world, player)} doesn't control ${name}`
    if (world.status.tapped[land]) return `${name} is tapped`
    const makes = landMana(world, land)
    if (makes.length === 0) return `${name} makes no mana`
    sources.push({ land, makes })
  }
  const needed = cost.symbols.length + cost.generic
  if (lands.length !== needed || !canPay(cost.symbols, cost.generic, sources)) {
    return `${lands.map((l) => label(world, l)).join(', ') || 'no lands'} don't pay ${formatManaCost(cost)} exactly`
  }
  return null
}
