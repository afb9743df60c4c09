/**
 * The version a game record carries: the engine's version and a hash of the card pool (every
 * card's definition and the built-in decks). A record replays only on the version that wrote it:
 * another engine or a changed card would play another game from the same actions.
 */
import { CARD_POOL, DECKS } from '../rules/cards/pool.js'
import { RedzoneError } from '../core/errors.js'

/** The engine's version: package.json's (a test holds the two equal). */
export const ENGINE_VERSION = '0.1.1'

/**
 * The version records written before records carried one are taken to have: the engine and pool
 * of the commit that introduced versions. Such a record (built-in decks only) still replays while
 * this is the engine's version, and is refused once the engine or the pool changes.
 */
export const UNVERSIONED_RECORDS = '0.1.0+pool.e249fa41bebb'

/** JSON with the keys of every object sorted: the same text for the same data, whatever the key order in the source. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined)
    return `{${entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`
  }
  return JSON.stringify(value)
}

/** 64-bit FNV-1a of a text's UTF-16 code units, as 16 hex digits. */
function fnv1a64(text: string): string {
  let h = 0xcbf29ce484222325n
  for (let i = 0; i < text.length; i++) h = ((h ^ BigInt(text.charCodeAt(i))) * 0x100000001b3n) & 0xffffffffffffffffn
  return h.toString(16).padStart(16, '0')
}

let cached: string | undefined

/**
 * A hash of the card pool (12 hex digits): every card's definition (in name order, keys sorted)
 * and the built-in decks' lists. The same in every run; a changed card, a card added or a deck
 * changed gives another.
 */
export function cardPoolHash(): string {
  const cards = [...CARD_POOL.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
  return fnv1a64(canonical({ cards, decks: DECKS })).slice(0, 12)
}

/** The version records are written with: `ENGINE_VERSION+pool.HASH` (`cardPoolHash`). */
export function engineVersion(): string {
  return (cached ??= `${ENGINE_VERSION}+pool.${cardPoolHash()}`)
}

/**
 * Why a record with `version` (undefined: written before records carried one) can't be replayed
 * by this engine, or null. Replaying it would play another game from the same actions.
 */
export function versionError(version: unknown, current = engineVersion()): string | null {
  if (version === undefined) {
    return current === UNVERSIONED_RECORDS
      ? null
      : `the record has no version (written before records carried one, by redzone ${UNVERSIONED_RECORDS}); this is redzone ${current}: replay it with redzone 0.1.0 of that card pool`
  }
  if (typeof version !== 'string') return `the record's version is not a string: ${JSON.stringify(version)}`
  if (version === current) return null
  return `the record was written by redzone ${version}; this is redzone ${current}${sameEngine(version, current) ? ' (the same engine, another card pool)' : ''}: replay it with the version that wrote it`
}

function sameEngine(a: string, b: string): boolean {
  return a.split('+')[0] === b.split('+')[0]
}

/** Throws `version-mismatch` when `versionError` says so. */
export function checkVersion(version: unknown): void {
  const error = versionError(version)
  if (error !== null) throw new RedzoneError('version-mismatch', error)
}
