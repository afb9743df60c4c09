/**
 * Keyword abilities (CR 702). Each keyword is a tag component: an entity has the tag while
 * its *effective* characteristics include the keyword. Printed and granted keywords are kept
 * apart as bit masks (see `KeywordMasks`); the tags and the effective mask are recomputed from
 * them in layer order (CR 613.1f), so losing a granted keyword never removes a printed one and
 * several instances of one keyword are one bit (CR 702.2f, 702.4c ... "multiple instances").
 */

/** Bit index of each plain keyword in a keyword mask. */
export enum Kw {
  Deathtouch = 0,
  Defender = 1,
  DoubleStrike = 2,
  FirstStrike = 3,
  Flash = 4,
  Flying = 5,
  Haste = 6,
  Hexproof = 7,
  Indestructible = 8,
  Lifelink = 9,
  Reach = 10,
  Trample = 11,
  TrampleOverPlaneswalkers = 12,
  Vigilance = 13,
  Menace = 14,
}

export const KW_DEATHTOUCH = 1 << Kw.Deathtouch
export const KW_DEFENDER = 1 << Kw.Defender
export const KW_DOUBLE_STRIKE = 1 << Kw.DoubleStrike
export const KW_FIRST_STRIKE = 1 << Kw.FirstStrike
export const KW_FLASH = 1 << Kw.Flash
export const KW_FLYING = 1 << Kw.Flying
export const KW_HASTE = 1 << Kw.Haste
export const KW_HEXPROOF = 1 << Kw.Hexproof
export const KW_INDESTRUCTIBLE = 1 << Kw.Indestructible
export const KW_LIFELINK = 1 << Kw.Lifelink
export const KW_REACH = 1 << Kw.Reach
export const KW_TRAMPLE = 1 << Kw.Trample
export const KW_TRAMPLE_OVER_PLANESWALKERS = 1 << Kw.TrampleOverPlaneswalkers
export const KW_VIGILANCE = 1 << Kw.Vigilance
export const KW_MENACE = 1 << Kw.Menace

/** Either kind of trample: CR 702.19c makes trample over planeswalkers a variant of trample. */
export const KW_ANY_TRAMPLE = KW_TRAMPLE | KW_TRAMPLE_OVER_PLANESWALKERS
/** CR 510.4: the creatures that deal damage in the first-strike combat damage step. */
export const KW_ANY_FIRST_STRIKE = KW_FIRST_STRIKE | KW_DOUBLE_STRIKE

/** Rules names (as in the scenario format), indexed by `Kw`; sorted names are in `KEYWORD_NAMES_SORTED`. */
export const KEYWORD_NAMES = [
  'deathtouch',
  'defender',
  'double strike',
  'first strike',
  'flash',
  'flying',
  'haste',
  'hexproof',
  'indestructible',
  'lifelink',
  'reach',
  'trample',
  'trample over planeswalkers',
  'vigilance',
  'menace',
] as const

export type KeywordName = (typeof KEYWORD_NAMES)[number]

/**
 * The tag component of each keyword, indexed by `Kw` (one object each), named below. A bundle that
 * names none of them (the core's: it reaches the tags through this list) carries no name of them.
 */
export const KEYWORD_TAGS: readonly object[] = Array.from(KEYWORD_NAMES, () => ({}))

/** The tag of a keyword: `KEYWORD_TAGS[kw]` (pure: a name not read is dropped). */
const tag = (kw: Kw): object => KEYWORD_TAGS[kw]!

/** CR 702.2 Deathtouch. */
export const Deathtouch = /* @__PURE__ */ tag(Kw.Deathtouch)
/** CR 702.3 Defender. */
export const Defender = /* @__PURE__ */ tag(Kw.Defender)
/** CR 702.4 Double strike. */
export const DoubleStrike = /* @__PURE__ */ tag(Kw.DoubleStrike)
/** CR 702.7 First strike. */
export const FirstStrike = /* @__PURE__ */ tag(Kw.FirstStrike)
/** CR 702.8 Flash. */
export const Flash = /* @__PURE__ */ tag(Kw.Flash)
/** CR 702.9 Flying. */
export const Flying = /* @__PURE__ */ tag(Kw.Flying)
/** CR 702.10 Haste. */
export const Haste = /* @__PURE__ */ tag(Kw.Haste)
/** CR 702.11 Hexproof. */
export const Hexproof = /* @__PURE__ */ tag(Kw.Hexproof)
/** CR 702.12 Indestructible. */
export const Indestructible = /* @__PURE__ */ tag(Kw.Indestructible)
/** CR 702.15 Lifelink. */
export const Lifelink = /* @__PURE__ */ tag(Kw.Lifelink)
/** CR 702.17 Reach. */
export const Reach = /* @__PURE__ */ tag(Kw.Reach)
/** CR 702.19 Trample. */
export const Trample = /* @__PURE__ */ tag(Kw.Trample)
/** CR 702.19c Trample over planeswalkers (a variant of trample). */
export const TrampleOverPlaneswalkers = /* @__PURE__ */ tag(Kw.TrampleOverPlaneswalkers)
/** CR 702.20 Vigilance. */
export const Vigilance = /* @__PURE__ */ tag(Kw.Vigilance)
/** CR 702.111 Menace. */
export const Menace = /* @__PURE__ */ tag(Kw.Menace)

/** The rule that defines each keyword, indexed by `Kw`. */
export const KEYWORD_RULES = [
  '702.2', '702.3', '702.4', '702.7', '702.8', '702.9', '702.10', '702.11', '702.12',
  '702.15', '702.17', '702.19', '702.19c', '702.20', '702.111',
] as const

export const KEYWORD_COUNT = KEYWORD_NAMES.length

const BIT_BY_NAME = new Map<string, number>(KEYWORD_NAMES.map((name, i) => [name, 1 << i]))

/** The mask bit of a keyword name, or 0 for a name that is not a plain keyword. */
export function keywordBit(name: string): number {
  return BIT_BY_NAME.get(name) ?? 0
}

/** The names in a mask, in alphabetical order. */
export function keywordNames(mask: number): KeywordName[] {
  const out: KeywordName[] = []
  for (let i = 0; i < KEYWORD_COUNT; i++) if (mask & (1 << i)) out.push(KEYWORD_NAMES[i]!)
  return out.sort()
}

/** The mask of the keywords named (none when there is no list; a parameterized keyword, an object, has no bit). */
export function keywordMask(names: readonly (string | object)[] | undefined): number {
  let mask = 0
  // An object's lookup by name finds nothing (`keywordBit` answers 0): no type test needed.
  if (names !== undefined) for (const name of names) mask |= keywordBit(name as string)
  return mask
}

/**
 * Keyword masks per entity: `printed` (the card's own, CR 702.1) and `effective` (after
 * continuous effects, CR 613). Hot loops read `effective`; the tags mirror it for queries.
 */
export interface KeywordMasks {
  printed: Uint32Array
  effective: Uint32Array
}

export function createKeywordMasks(capacity: number): KeywordMasks {
  return { printed: new Uint32Array(capacity), effective: new Uint32Array(capacity) }
}
