import { T_LAND } from '../../components/types.js'
import { Zone } from '../../components/zones.js'
import type { Eid } from '../events.js'
import type { GameWorld } from '../world.js'
import type { ManaCost, ManaSymbol } from './cost.js'

/** CR 305.6: the basic land types and the mana their intrinsic ability makes. */
const BASIC_LAND_MANA: Readonly<Record<string, ManaSymbol>> = { Plains: 'W', Island: 'U', Swamp: 'B', Mountain: 'R', Forest: 'G' }

/** The mana an untapped land of the player could make, as the set of symbols it can pay. */
export function manaSources(world: GameWorld, player: Eid): { land: Eid; makes: ManaSymbol[] }[] {
  const out: { land: Eid; makes: ManaSymbol[] }[] = []
  for (const [eid, data] of world.cardData) {
    if (world.place.zone[eid] !== Zone.Battlefield || world.place.controller[eid] !== player) continue
    if ((world.types.mask[eid]! & T_LAND) === 0 || world.status.tapped[eid]) continue
    const makes = [...new Set(data.subtypes.map((t) => BASIC_LAND_MANA[t]).filter((m): m is ManaSymbol => m !== undefined))]
    if (makes.length > 0) out.push({ land: eid, makes })
  }
  return out.sort((a, b) => a.land - b.land)
}

/**
 * CR 601.2g-h: finds untapped lands of the player that pay the cost, or null when no choice of
 * lands can. Each land makes one mana. Solved as a bipartite matching (augmenting paths) of cost
 * symbols to lands, so that a land able to make several colors is not spent where a one-color
 * land would do; colored symbols come first, generic mana takes any land left.
 */
export function findPayment(world: GameWorld, player: Eid, cost: ManaCost): Eid[] | null {
  const sources = manaSources(world, player)
  const units: (ManaSymbol | null)[] = [...cost.symbols, ...Array<null>(cost.generic).fill(null)]
  if (units.length > sources.length) return null
  const owner = new Array<number>(sources.length).fill(-1)
  const canPay = (unit: ManaSymbol | null, s: number): boolean => unit === null || sources[s]!.makes.includes(unit)
  const augment = (u: number, seen: boolean[]): boolean => {
    for (let s = 0; s < sources.length; s++) {
      if (seen[s] || !canPay(units[u]!, s)) continue
      seen[s] = true
      if (owner[s] === -1 || augment(owner[s]!, seen)) {
        owner[s] = u
        return true
      }
    }
    return false
  }
  for (let u = 0; u < units.length; u++) {
    if (!augment(u, new Array<boolean>(sources.length).fill(false))) return null
  }
  const lands: Eid[] = []
  for (let s = 0; s < sources.length; s++) if (owner[s] !== -1) lands.push(sources[s]!.land)
  return lands
}
