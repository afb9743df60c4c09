import type { Eid } from '../../core/events.js'
import { battlefieldOf, derivedLists, entitiesOf } from '../../core/entity-lists.js'
import { LAND_MASKS, LANDS } from '../../core/entity-kinds.js'
import type { GameWorld } from '../../core/world.js'
import { parseManaCost, type ManaCost, type ManaSymbol } from './cost.js'
import { findPayment, landMana } from './payment.js'

const SYMBOL_BIT: Readonly<Record<ManaSymbol, number>> = { W: 1, U: 2, B: 4, R: 8, G: 16 }

/** The colours of mana a land makes (`landMana`: its basic land types, CR 305.6), as a bit mask. */
function manaMask(world: GameWorld, land: Eid): number {
  let mask = 0
  for (const symbol of landMana(world, land)) mask |= SYMBOL_BIT[symbol]
  return mask
}

/**
 * What a player's untapped lands can make, counted per colour: enough to tell whether a cost can
 * be paid without solving the payment, when every land makes one colour (basic lands).
 */
export interface ManaSummary {
  player: Eid
  /** Untapped lands that make mana. */
  total: number
  /** Lands per colour bit (W U B R G). */
  byColor: [number, number, number, number, number]
  /** Some land makes more than one colour: affordability needs the full matching. */
  mixed: boolean
}


/** Each land's mana mask by entity (`manaMask`), derived once per world and entities (a card's subtypes don't change). */
function landMasks(world: GameWorld): Int32Array {
  const derived = derivedLists(world)
  let masks = derived.kinds[LAND_MASKS]
  if (masks === undefined) {
    masks = new Int32Array(world.labels.length + 1)
    for (const land of entitiesOf(world, LANDS)) masks[land] = manaMask(world, land)
    derived.kinds[LAND_MASKS] = masks
  }
  return masks
}

/** The player's `ManaSummary`, into `out` when given (overwritten: a caller's scratch). */
export function manaSummary(world: GameWorld, player: Eid, out: ManaSummary = { player, total: 0, byColor: [0, 0, 0, 0, 0], mixed: false }): ManaSummary {
  out.player = player
  out.total = 0
  const byColor = out.byColor
  // Not `fill`: a builtin call costs more than five stores here.
  byColor[0] = byColor[1] = byColor[2] = byColor[3] = byColor[4] = 0
  out.mixed = false
  const controller = world.place.controller
  const tapped = world.status.tapped
  const masks = landMasks(world)
  // The permanents (all on the battlefield): the mask first, 0 for a permanent that is no land.
  const permanents = battlefieldOf(world)
  for (let k = 0; k < permanents.length; k++) {
    const land = permanents[k]!
    const mask = masks[land]!
    if (mask === 0 || controller[land] !== player || tapped[land]) continue
    out.total++
    if (mask & (mask - 1)) out.mixed = true
    else byColor[31 - Math.clz32(mask)]!++
  }
  return out
}

/**
 * CR 601.2g-h: whether the player's untapped lands can pay `cost` — the same answer as
 * `findPayment(...) !== null`, by counting when every land makes one colour.
 */
export function canAfford(world: GameWorld, summary: ManaSummary, cost: ManaCost): boolean {
  if (summary.mixed) return findPayment(world, summary.player, cost) !== null
  const symbols = cost.symbols
  if (cost.generic + symbols.length > summary.total) return false
  if (symbols.length === 0) return true
  // Coloured symbols against the lands of each colour, counted down in place and restored after.
  const left = summary.byColor
  let ok = true
  let k = 0
  for (; k < symbols.length; k++) {
    const i = 31 - Math.clz32(SYMBOL_BIT[symbols[k]!])
    if (left[i]! === 0) {
      ok = false
      break
    }
    left[i]!--
  }
  for (let j = 0; j < k; j++) left[31 - Math.clz32(SYMBOL_BIT[symbols[j]!])]!++
  return ok
}

const PARSED = new Map<string, ManaCost>()

/** A cost written as text (an equip or plot cost), parsed once. */
export function costOf(text: string): ManaCost {
  let cost = PARSED.get(text)
  if (cost === undefined) {
    cost = parseManaCost(text)
    PARSED.set(text, cost)
  }
  return cost
}
