/**
 * Three kinds of failure. An illegal choice by a player is a value (`ActionResult` with
 * `ok: false`): the game is untouched. Misuse of the API throws `RedzoneError`.
 * Broken invariants throw `internalError(...)`, which asks for a bug report.
 */

import type { RejectCode } from './reject-codes.js'

export interface RuleViolation {
  /** Short kebab-case name, e.g. `defender-cannot-attack`: one of `REJECT_CODES`. */
  code: RejectCode
  /** A sentence a player understands, naming the objects involved. */
  message: string
  /** The Comprehensive Rules number the check enforces, or null where none applies. */
  rule: string | null
}

/** A rejected action: the game is exactly as it was. */
export type Rejection = { ok: false; error: RuleViolation }

export type ActionResult = { ok: true } | Rejection

export const OK: ActionResult = Object.freeze({ ok: true }) as ActionResult

export function reject(code: RejectCode, message: string, rule: string | null): Rejection {
  return { ok: false, error: { code, message, rule } }
}

/**
 * What kind of misuse a `RedzoneError` reports: a closed list, so a program can `switch` on
 * `code` (also across a Worker: `redzone/worker` rethrows it on the page), and a test proves each
 * one is thrown somewhere.
 */
export const REDZONE_ERROR_CODES = [
  /** `createGame` / `buildPosition` got a position that is not valid; `issues` lists each problem with its path. */
  'invalid-position',
  /** A value of the wrong type or out of its range (`src/core/limits.ts`), an unknown name (step, keyword, deck, method), a world the call can't use. */
  'invalid-argument',
  /** An entity id or label that names no player or object of the game, or not a player where one is needed (a viewer, an owner). */
  'unknown-entity',
  /** A string that is not a mana cost of the format (`{3}{G}{G}`). */
  'invalid-mana-cost',
  /** A snapshot, state document or `toBinary` buffer that is not one, or does not fit the world it is restored into. */
  'invalid-snapshot',
  /** A player's view read an object in a zone that player can't see (an opponent's hand, a library). */
  'hidden-object',
  /** An agent in `playGame` (or self-play) returned something that is not an action, chose one the game rejected, or threw (named with its seat); through `Game.act` a rejected action is a value, not an error. */
  'illegal-agent-action',
  /** No game answers the call: the worker has not started one yet, or the remote game was disposed. */
  'no-game',
  /** A bad command-line flag or self-play option: the CLI prints the message and exits 2, having written nothing. */
  'usage',
  /** A self-play run could not go on: games failed on every try in a queue worker, or the worker threads' file is not built. */
  'run-failed',
  /** A deck list that names cards not in the pool or breaks the deck rules (`deckIssues`); `issues` lists each problem with its line. */
  'invalid-deck',
  /** A game record written by another engine version or card pool (`GameRecord.version`): replaying it here would not be that game. */
  'version-mismatch',
] as const

export type RedzoneErrorCode = (typeof REDZONE_ERROR_CODES)[number]

export function isRedzoneErrorCode(value: unknown): value is RedzoneErrorCode {
  return (REDZONE_ERROR_CODES as readonly unknown[]).includes(value)
}

/** One problem of an invalid input, with the JSON-like path of the offending value (`$.objects[2].power`). */
export interface InputIssue {
  path: string
  message: string
}

/**
 * Misuse of the API: a wrong argument, an unknown id, a call the engine does not support. The
 * message starts `redzone: `; `code` says which kind (`REDZONE_ERROR_CODES`).
 */
export class RedzoneError extends Error {
  readonly code: RedzoneErrorCode
  /** For `invalid-position`, `invalid-deck` and an `invalid-snapshot` whose position is invalid (its problems under `$.setup`): every problem found, each with its path. Empty otherwise. */
  readonly issues: readonly InputIssue[]

  constructor(code: RedzoneErrorCode, message: string, issues: readonly InputIssue[] = []) {
    super(`redzone: ${message}`)
    this.name = 'RedzoneError'
    this.code = code
    this.issues = issues
  }
}

/**
 * A broken invariant inside the engine: a plain `Error`, deliberately not a `RedzoneError`, so a
 * program that catches misuse (`instanceof RedzoneError`) never swallows a bug.
 */
export function internalError(message: string): Error {
  return new Error(`redzone internal error: ${message}; please report a bug`)
}
