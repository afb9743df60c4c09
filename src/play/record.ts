/**
 * The record of one whole game (one JSON line): enough to replay it exactly. Produced by
 * `playGame` and consumed by `replay`, the self-play runner and reports.
 */
import { countError, describeValue, LIMITS } from '../core/limits.js'
import { isEntry, type DeckEntry } from './decks.js'

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

/** Why `value` is not a game record (the first field found wrong), or null. */
export function recordShapeError(value: unknown): string | null {
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
  return eliminatedError(r.eliminated, players, r.winner)
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
