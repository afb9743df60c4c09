/**
 * The record of one whole game (one JSON line): enough to replay it exactly. Produced by
 * `playGame` and consumed by `replay`, the self-play runner and reports.
 */
import { RedzoneError } from '../core/errors.js'
import { countError, describeValue, LIMITS } from '../core/limits.js'
import { fieldPath } from '../state/check-position.js'
import { isBuiltInDeck, isEntry, type DeckEntry } from './decks.js'
import { decodeAction } from './encode.js'
import { engineVersion, versionError } from './version.js'

/** Why a game ended. `step-cap` and `error` are recorded draws: a bad game never hangs a batch. */
export type GameEndReason = 'life' | 'empty-library' | 'step-cap' | 'error'

export interface GameRecord {
  format: 'redzone-game/1'
  /**
   * The engine and card pool that played it (`engineVersion()`: `0.1.0+pool.HASH`): `replay`
   * refuses a record of another version. Absent in records written before records carried one.
   */
  version?: string
  /** The game's seed: shuffles and who plays first (CR 103.1) derive from it. */
  seed: number
  /**
   * Agent names by seat, one per player (2 to 4: `MIN_PLAYERS`..`MAX_PLAYERS`); seat 0 is the
   * first player listed (player A, then B, C, D in turn order), not necessarily the one who starts.
   */
  agents: string[]
  /** Deck names by seat: a built-in deck's, or a custom deck's (its file's name, or `custom-` and a hash of the list). */
  decks: string[]
  /**
   * The cards of each deck, in list order, built-in decks included: a record names every card it
   * was played with. (Null for a built-in deck, or absent, in records written before they carried
   * the lists: its name and the version say which cards.)
   */
  deckLists?: (DeckEntry[] | null)[]
  /** The decision cap the game was played with, when not the default (`DEFAULT_MAX_STEPS`). */
  maxSteps?: number
  /** The seat that took the first turn (CR 103.1). */
  first: number
  /** The winning seat, or null for a draw. */
  winner: number | null
  /** Turns played (the turn number when the game ended). */
  turns: number
  reason: GameEndReason
  /**
   * Games of three or four players only (absent from two-player records): the seats in the order
   * they left the game (CR 800.4a), a group for the players who left at the same time (one check of
   * state-based actions, CR 704.3); the winner and, in a draw, those still in are not listed.
   * The summary's placings come from it.
   */
  eliminated?: number[][]
  /** Every choice an agent made, in order, as compact action strings (see `encodeAction`). */
  actions: string[]
  /** For `reason: 'error'`: what went wrong. */
  error?: string
}

/** The fewest and most players of a whole game (`playGame`, records, self-play): free-for-all, CR 806. */
export const MIN_PLAYERS = 2
export const MAX_PLAYERS = 4

const REASONS: readonly unknown[] = ['life', 'empty-library', 'step-cap', 'error'] satisfies GameEndReason[]

/** Every field of a record, as `GameRecord` lists them (the compiler holds the two equal): any other is refused, where a misspelt `winnr` would be ignored. */
const FIELDS: { readonly [K in keyof GameRecord]-?: true } = {
  format: true, version: true, seed: true, agents: true, decks: true, deckLists: true, maxSteps: true,
  first: true, winner: true, turns: true, reason: true, eliminated: true, actions: true, error: true,
}

function isEntries(value: unknown): boolean {
  return value === null || (Array.isArray(value) && value.every(isEntry))
}

/**
 * Why `seed` is not a game's seed (`LIMITS.seed`, the world's own check), or null. A record's and
 * `playGame`'s: a game is played only with a seed its record can be replayed with.
 */
export function seedError(seed: unknown): string | null {
  return countError(seed, LIMITS.seed)
}

/** Why `maxSteps` is not a decision cap (a whole number of 1 or more), or null. A record's and `playGame`'s and `replay`'s, as `seedError`. */
export function maxStepsError(maxSteps: unknown): string | null {
  return Number.isInteger(maxSteps) && (maxSteps as number) >= 1 ? null : `expected a whole number of 1 or more, got ${describeValue(maxSteps)}`
}

/**
 * Why `value` is not a game record (the first field found wrong), or null. A record of this engine's
 * version (`current`) is held to it in full: no field but the record's own, and every deck with
 * its list or a built-in deck's name, every action string exactly an action's encoding
 * (`decodeAction`). A record of another version is checked only as far as the fields every version
 * has written: its other fields and its actions are that version's, and the version check that
 * follows this one (`versionError`) refuses it for its version.
 */
export function recordShapeError(value: unknown, current = engineVersion()): string | null {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return 'not a JSON object'
  const r = value as Record<string, unknown>
  const players = Array.isArray(r.agents) ? r.agents.length : 0
  const seats = `${MIN_PLAYERS} to ${MAX_PLAYERS}`
  const list = (v: unknown, ok: (x: unknown) => boolean): boolean => Array.isArray(v) && v.length === players && v.every(ok)
  const seat = (v: unknown): boolean => Number.isInteger(v) && (v as number) >= 0 && (v as number) < players
  if (r.format !== 'redzone-game/1') return `format ${JSON.stringify(r.format)}: expected "redzone-game/1"`
  const seed = seedError(r.seed)
  if (seed !== null) return `seed: ${seed}`
  if (!Array.isArray(r.agents) || players < MIN_PLAYERS || players > MAX_PLAYERS || !r.agents.every((a) => typeof a === 'string')) {
    return `agents: expected ${seats} names`
  }
  if (!list(r.decks, (d) => typeof d === 'string' && d !== '')) return `decks: expected ${players} names, one per agent`
  if (r.deckLists !== undefined && !list(r.deckLists, isEntries)) return `deckLists: expected ${players} lists of [card, count] (or null), one per agent`
  const maxSteps = r.maxSteps === undefined ? null : maxStepsError(r.maxSteps)
  if (maxSteps !== null) return `maxSteps: ${maxSteps}`
  if (!seat(r.first)) return `first: expected a seat from 0 to ${players - 1}`
  if (r.winner !== null && !seat(r.winner)) return `winner: expected a seat from 0 to ${players - 1} or null`
  if (!Number.isInteger(r.turns) || (r.turns as number) < 0) return 'turns: expected a whole number'
  if (!REASONS.includes(r.reason)) return `reason ${JSON.stringify(r.reason)}: expected one of ${REASONS.join(', ')}`
  if (!Array.isArray(r.actions) || !r.actions.every((a) => typeof a === 'string')) return 'actions: expected a list of action strings'
  const eliminated = eliminatedError(r.eliminated, players, r.winner)
  if (eliminated !== null || versionError(r.version, current) !== null) return eliminated
  for (const key of Object.keys(r)) {
    if (!Object.hasOwn(FIELDS, key)) return `${fieldPath(key).replace(/^\./, '')}: unknown field (known: ${Object.keys(FIELDS).join(', ')})`
  }
  if (r.error !== undefined && typeof r.error !== 'string') return `error: expected a string, got ${describeValue(r.error)}`
  return deckListError(r.decks as string[], r.deckLists as GameRecord['deckLists']) ?? actionsError(r.actions as string[])
}

/**
 * Why a record's decks don't agree with their lists, or null: a deck without its list (`deckLists`
 * absent, or null for it) must be a built-in one, its cards known by its name and the version. A
 * deck with its list may have any name, a built-in deck's too: the list is what was played (a deck
 * file `green-white.txt` is recorded as `green-white`, with its own cards).
 */
function deckListError(decks: readonly string[], lists: GameRecord['deckLists']): string | null {
  for (let seat = 0; seat < decks.length; seat++) {
    const name = decks[seat]!
    if (!lists?.[seat] && !isBuiltInDeck(name)) {
      return `decks[${seat}]: "${name}" is not a built-in deck and the record has no list of its cards${name === 'custom' ? ' (written before records carried them)' : ''}`
    }
  }
  return null
}

/**
 * Action strings `decodeAction` has read: a file's records repeat a few thousand (`p`, `k`, `l12`,
 * ...; 4,491 in 154,677 actions of 2,000 heuristic-random games), each is decoded once, and the
 * shape check of a record costs about 1% of its replay, not 12%. Emptied when full.
 */
const ENCODINGS = new Set<string>()
const MAX_ENCODINGS = 1 << 16

/** The first action string of a record that is not exactly an action's encoding (`decodeAction`), named by its index, or null. */
function actionsError(actions: readonly string[]): string | null {
  for (let i = 0; i < actions.length; i++) {
    const text = actions[i]!
    if (ENCODINGS.has(text)) continue
    try {
      // The player is not part of the encoding: any id reads the string.
      decodeAction(text, 1)
      if (ENCODINGS.size === MAX_ENCODINGS) ENCODINGS.clear()
      ENCODINGS.add(text)
    } catch (error) {
      if (!(error instanceof RedzoneError)) throw error
      return `actions[${i}]: ${error.message.replace(/^redzone: /, '')}`
    }
  }
  return null
}

/** Why a record's `eliminated` (absent, or groups of distinct seats other than the winner, in a game of 3 or 4) is wrong, or null. */
export function eliminatedError(eliminated: unknown, players: number, winner: unknown): string | null {
  if (eliminated === undefined) return null
  const seat = (v: unknown): boolean => Number.isInteger(v) && (v as number) >= 0 && (v as number) < players
  const out = Array.isArray(eliminated) ? (eliminated as unknown[]).flat() : null
  const ok =
    players > 2 && out !== null && (eliminated as unknown[]).every((g) => Array.isArray(g) && g.length > 0) &&
    out.every(seat) && new Set(out).size === out.length && !out.includes(winner)
  return ok ? null : 'eliminated: expected groups of distinct seats other than the winner (games of three or four players only)'
}
