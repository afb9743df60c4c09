/** Card types (CR 300.1) as tag components, and as bits of `CardTypes.mask` for hot loops. */

// The bits first: esbuild inlines the constants of a module with no imports only when they come
// before its other statements (after the tags, each stayed a variable of the bundle).
export const T_CREATURE = 1
export const T_PLANESWALKER = 2
export const T_ARTIFACT = 4
export const T_ENCHANTMENT = 8
export const T_LAND = 16
export const T_INSTANT = 32
export const T_SORCERY = 64
/** CR 110.4: the permanent types. */
export const T_PERMANENT = T_CREATURE | T_PLANESWALKER | T_ARTIFACT | T_ENCHANTMENT | T_LAND

export const TYPE_NAMES = ['creature', 'planeswalker', 'artifact', 'enchantment', 'land', 'instant', 'sorcery'] as const
export type CardTypeName = (typeof TYPE_NAMES)[number]

/**
 * The tag component of each card type, by the index of its bit (one object each), named below. A
 * bundle that names none of them (the core's: it reaches them through `typeTag`) carries no name.
 */
export const TYPE_TAGS: readonly object[] = Array.from(TYPE_NAMES, () => ({}))

/** The tag of the card type of bit `bit` (a `T_*`); pure, so a name not read is dropped. */
export const typeTag = (bit: number): object => TYPE_TAGS[31 - Math.clz32(bit)]!

/** CR 302 Creatures. */
export const Creature = /* @__PURE__ */ typeTag(T_CREATURE)
/** CR 306 Planeswalkers. */
export const Planeswalker = /* @__PURE__ */ typeTag(T_PLANESWALKER)
/** CR 301 Artifacts. */
export const Artifact = /* @__PURE__ */ typeTag(T_ARTIFACT)
/** CR 303 Enchantments. */
export const Enchantment = /* @__PURE__ */ typeTag(T_ENCHANTMENT)
/** CR 305 Lands. */
export const Land = /* @__PURE__ */ typeTag(T_LAND)
/** CR 304 Instants. */
export const Instant = /* @__PURE__ */ typeTag(T_INSTANT)
/** CR 307 Sorceries. */
export const Sorcery = /* @__PURE__ */ typeTag(T_SORCERY)

export function typeBit(name: CardTypeName): number {
  return 1 << TYPE_NAMES.indexOf(name)
}

export function typeNames(mask: number): CardTypeName[] {
  return TYPE_NAMES.filter((_, i) => (mask & (1 << i)) !== 0)
}

export interface CardTypes {
  mask: Uint8Array
}

export function createCardTypes(capacity: number): CardTypes {
  return { mask: new Uint8Array(capacity) }
}
