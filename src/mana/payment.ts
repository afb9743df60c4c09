import { T_LAND } from '../../components/types.js'
import { Zone } from '../../components/zones.js'
import type { Eid } from '../events.js'
import { label, type GameWorld } from '../world.js'
import { formatManaCost, type ManaCost, type ManaSymbol } from './cost.js'

/** CR 305.6: the basic land types and the mana their intrinsic ability makes. */
const BASIC_LAND_MANA: Readonly<Record<string, ManaSymbol>> = { Plains: 'W', Island: 'U', Swamp: 'B', Mountain: 'R', Forest: 'G' }

export interface ManaSource {
  land: Eid
  /** The symbols the land's one mana can pay (any land pays generic mana). */
  makes: ManaSymbol[]
}

/** The mana a land makes, or an empty list for a land with no basic land type. */
function landMana(world: GameWorld, land: Eid): ManaSymbol[] {
  const data = world.cardData.get(land)
  if (!data) return []
  return [...new Set(data.subtypes.map((t) => BASIC_LAND_MANA[t]).filter((m): m is ManaSymbol => m !== undefined))]
}

/**
 * The untapped lands of the player that make mana, in entity order, which is the order the
 * position lists its objects (FORMAT.md's default payment goes through them in that order).
 */
export function manaSources(world: GameWorld, player: Eid): ManaSource[] {
  const out: ManaSource[] = []
  for (const [eid] of world.cardData) {
    if (world.place.zone[eid] !== Zone.Battlefield || world.place.controller[eid] !== player) continue
    if ((world.types.mask[eid]! & T_LAND) === 0 || world.status.tapped[eid]) continue
    const makes = landMana(world, eid)
    if (makes.length > 0) out.push({ land: eid, makes })
  }
  return out.sort((a, b) => a.land - b.land)
}

/**
 * Whether `sources[from..]` can pay the colored `symbols` and `generic` mana, one mana per land
 * (CR 106.4, 601.2g-h): every colored symbol matched to its own land (a bipartite matching by
 * augmenting paths, so a land that makes several colors is not spent where another would do),
 * and enough lands left for the generic part.
 */
function canPay(symbols: readonly ManaSymbol[], generic: number, sources: readonly ManaSource[], from: number): boolean {
  const available = sources.length - from
  if (symbols.length + generic > available) return false
  if (symbols.length === 0) return true
  const owner = new Int32Array(available).fill(-1)
  const augment = (u: number, seen: Uint8Array): boolean => {
    for (let s = 0; s < available; s++) {
      if (seen[s] || !sources[from + s]!.makes.includes(symbols[u]!)) continue
      seen[s] = 1
      if (owner[s] === -1 || augment(owner[s]!, seen)) {
        owner[s] = u
        return true
      }
    }
    return false
  }
  for (let u = 0; u < symbols.length; u++) if (!augment(u, new Uint8Array(available))) return false
  return true
}

/**
 * CR 601.2g-h with FORMAT.md's default payment: the lands tapped are the first set in the order
 * the position lists the objects that pays the cost. Go through the player's untapped lands in
 * that order and tap each one that can pay a symbol still unpaid while the rest of the cost stays
 * payable with the lands after it, colored symbols before generic. Null when no set of lands pays.
 */
export function findPayment(world: GameWorld, player: Eid, cost: ManaCost): Eid[] | null {
  const sources = manaSources(world, player)
  const symbols = [...cost.symbols]
  let generic = cost.generic
  if (!canPay(symbols, generic, sources, 0)) return null
  const lands: Eid[] = []
  for (let k = 0; k < sources.length && (symbols.length > 0 || generic > 0); k++) {
    const source = sources[k]!
    let paid = false
    for (const symbol of new Set(symbols)) {
      if (!source.makes.includes(symbol)) continue
      const rest = [...symbols]
      rest.splice(rest.indexOf(symbol), 1)
      if (canPay(rest, generic, sources, k + 1)) {
        symbols.splice(symbols.indexOf(symbol), 1)
        paid = true
        break
      }
    }
    if (!paid && generic > 0 && canPay(symbols, generic - 1, sources, k + 1)) {
      generic--
      paid = true
    }
    if (paid) lands.push(source.land)
  }
  return lands
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
    if (!world.cardData.has(land) || world.place.zone[land] !== Zone.Battlefield || (world.types.mask[land]! & T_LAND) === 0) {
      return `${name} is not a land on the battlefield`
    }
    if (world.place.controller[land] !== player) return `${label(world, player)} doesn't control ${name}`
    if (world.status.tapped[land]) return `${name} is tapped`
    const makes = landMana(world, land)
    if (makes.length === 0) return `${name} makes no mana`
    sources.push({ land, makes })
  }
  const needed = cost.symbols.length + cost.generic
  if (lands.length !== needed || !canPay(cost.symbols, cost.generic, sources, 0)) {
    return `${lands.map((l) => label(world, l)).join(', ') || 'no lands'} don't pay ${formatManaCost(cost)} exactly`
  }
  return null
}
