/**
 * The record of one whole game (one JSON line): enough to replay it exactly. Produced by
 * `playGame` and consumed by `replay`, the self-play runner and reports.
 */
import type { DeckEntry } from './decks.js'

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
  /** Agent names by seat (seat 0 is the first player listed, not necessarily the one who starts). */
  agents: [string, string]
  /** Deck names by seat: a built-in deck's, or a custom deck's (its file's name, or `custom-` and a hash of the list). */
  decks: [string, string]
  /**
   * The cards of each deck, in list order, built-in decks included: a record names every card it
   * was played with. (Null for a built-in deck, or absent, in records written before they carried
   * the lists: its name and the version say which cards.)
   */
  deckLists?: [DeckEntry[] | null, DeckEntry[] | null]
  /** The decision cap the game was played with, when not the default (`DEFAULT_MAX_STEPS`). */
  maxSteps?: number
  /** The seat that took the first turn (CR 103.1). */
  first: 0 | 1
  /** The winning seat, or null for a draw. */
  winner: 0 | 1 | null
  /** Turns played (the turn number when the game ended). */
  turns: number
  reason: GameEndReason
  /** Every choice an agent made, in order, as compact action strings (see `encodeAction`). */
  actions: string[]
  /** For `reason: 'error'`: what went wrong. */
  error?: string
}

const REASONS: readonly unknown[] = ['life', 'empty-library', 'step-cap', 'error'] satisfies GameEndReason[]

function isEntries(value: unknown): boolean {
  return (
    value === null ||
    (Array.isArray(value) &&
      value.every((e) => Array.isArray(e) && e.length === 2 && typeof e[0] === 'string' && Number.isInteger(e[1]) && e[1] >= 1))
  )
}

/** Why `value` is not a game record (the first field found wrong), or null. */
export function recordShapeError(value: unknown): string | null {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return 'not a JSON object'
  const r = value as Record<string, unknown>
  const pair = (v: unknown, ok: (x: unknown) => boolean): boolean => Array.isArray(v) && v.length === 2 && v.every(ok)
  if (r.format !== 'redzone-game/1') return `format ${JSON.stringify(r.format)}: expected "redzone-game/1"`
  if (!Number.isInteger(r.seed) || (r.seed as number) < 0) return 'seed: expected a whole number'
  if (!pair(r.agents, (a) => typeof a === 'string')) return 'agents: expected two names'
  if (!pair(r.decks, (d) => typeof d === 'string' && d !== '')) return 'decks: expected two names'
  if (r.deckLists !== undefined && !pair(r.deckLists, isEntries)) return 'deckLists: expected two lists of [card, count] (or null)'
  if (r.maxSteps !== undefined && (!Number.isInteger(r.maxSteps) || (r.maxSteps as number) < 1)) return 'maxSteps: expected a whole number of 1 or more'
  if (r.first !== 0 && r.first !== 1) return 'first: expected 0 or 1'
  if (r.winner !== 0 && r.winner !== 1 && r.winner !== null) return 'winner: expected 0, 1 or null'
  if (!Number.isInteger(r.turns) || (r.turns as number) < 0) return 'turns: expected a whole number'
  if (!REASONS.includes(r.reason)) return `reason ${JSON.stringify(r.reason)}: expected one of ${REASONS.join(', ')}`
  if (!Array.isArray(r.actions) || !r.actions.every((a) => typeof a === 'string')) return 'actions: expected a list of action strings'
  return null
}
