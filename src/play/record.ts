/**
 * The record of one whole game (one JSON line): enough to replay it exactly. Produced by
 * `playGame` and consumed by `replay`, the self-play runner and reports.
 */

/** Why a game ended. `step-cap` and `error` are recorded draws: a bad game never hangs a batch. */
export type GameEndReason = 'life' | 'empty-library' | 'step-cap' | 'error'

export interface GameRecord {
  format: 'redzone-game/1'
  /** The game's seed: shuffles and who plays first (CR 103.1) derive from it. */
  seed: number
  /** Agent names by seat (seat 0 is the first player listed, not necessarily the one who starts). */
  agents: [string, string]
  /** Deck names (or `custom`) by seat. */
  decks: [string, string]
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
