/**
 * Keyword abilities with a parameter (a cost or a quality). They are not read in combat, so
 * their parameters live in a side table on the world (`GameWorld.abilities`); the tags below
 * let queries find the entities that have them. Used by casting, equip and Auras (issue 3).
 */

/** CR 702.5 Enchant. */
export const Enchant = {}
/** CR 702.6 Equip (and its variant "equip planeswalker", 702.6e). */
export const Equip = {}
/** CR 702.170 Plot. */
export const Plot = {}

export type EnchantQuality =
  | 'creature'
  | 'player'
  | 'planeswalker'
  | 'permanent'
  | 'creature you control'
  | 'land'
  | 'artifact'

export type ParameterizedKeyword =
  | { kind: 'equip'; cost: string; quality: string | null }
  | { kind: 'equip planeswalker'; cost: string }
  | { kind: 'enchant'; quality: EnchantQuality }
  | { kind: 'plot'; cost: string }
