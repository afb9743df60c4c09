/**
 * The card vocabulary: what cards, spells, abilities and effects are made of, as data. A leaf:
 * it imports only components and the entity type, so the world, the rules and the positions
 * can all name these types without importing each other.
 */
import type { EnchantQuality, ParameterizedKeyword } from '../../components/abilities.js'
import type { ZoneId } from '../../components/zones.js'
import type { CardTypeName } from '../../components/types.js'
import type { Eid } from '../../components/entity.js'

export const COLORS = ['W', 'U', 'B', 'R', 'G'] as const
export type Color = (typeof COLORS)[number]
/**
 * A symbol a source of mana must match. The format's costs have generic amounts and the five
 * colored symbols only (FORMAT.md): `{C}`, hybrid, Phyrexian and `{X}` are not costs of the format.
 */
export type ManaSymbol = Color

export interface ManaCost {
  generic: number
  /** Colored symbols, one entry per symbol, in printed order. */
  symbols: ManaSymbol[]
}

export type KeywordSpec =
  | string
  | { equip: string; quality?: string }
  | { 'equip planeswalker': string }
  | { enchant: EnchantQuality }
  | { plot: string }

export interface GrantedCharacteristics {
  power?: number
  toughness?: number
  keywords?: string[]
}

export interface SpellSpec {
  target: 'creature' | 'player' | 'planeswalker' | 'any' | 'creature you control'
  pump?: GrantedCharacteristics
  damage?: number
  destroy?: boolean
}

/** "Search your library for up to N cards of these types with mana value at most M" (CR 701.23). */
export interface SearchSpec {
  upTo: number
  types: readonly CardTypeName[]
  maxManaValue: number
}

/** A triggered ability (CR 603) the engine implements, as data. */
export interface TriggerSpec {
  /** CR 603.6a: an enters-the-battlefield ability. */
  when: 'enters'
  effect: { gainLife: number } | { search: SearchSpec }
}

/**
 * A continuous effect on one object (CR 611), from a resolved spell or an effect from
 * outside the game. Layer 6 (abilities) adds then removes keywords; layer 7c changes
 * power and toughness (CR 613.1f, 613.4c). Effects apply in timestamp order (CR 613.7).
 */
export interface ContinuousEffect {
  timestamp: number
  target: Eid
  addKeywords: number
  removeKeywords: number
  power: number
  toughness: number
  /**
   * CR 514.2: "until end of turn" effects end in the cleanup step; an attached Equipment's or
   * Aura's effect lasts while it is attached (CR 301.5a, 303.4a).
   */
  duration: 'endOfTurn' | 'attached'
  /** The Equipment or Aura giving an `attached` effect; 0 for the others. */
  source: Eid
}

export type DamageStepKind = 'first' | 'regular'

/** One entry of an explicit assignment: `amount` of `creature`'s combat damage to `recipient`. */
export interface AssignmentEntry {
  readonly creature: Eid
  readonly recipient: Eid
  readonly amount: number
}

/**
 * An explicit combat damage assignment (CR 510.1): its entries in the order given, as an
 * `assignDamage` action holds them (a creature's own in their order, wherever they are).
 */
export type ExplicitAssignment = readonly AssignmentEntry[]
/** An object added at the entity level (`addCard`): masks and numbers, as the stores hold them. */
export interface CardSpec {
  label: string
  owner: Eid
  controller: Eid
  zone: ZoneId
  types: number
  keywords: number
  abilities?: ParameterizedKeyword[]
  power?: number
  toughness?: number
  loyalty?: number
  printedLoyalty?: number
  tapped?: boolean
  damage?: number
  sick?: boolean
}
