/**
 * Two kinds of failure. An illegal choice by a player is a value (`ActionResult` with
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
 * What kind of misuse a `RedzoneError` reports (a closed set, for programs that catch it):
 * - `invalid-position`: `createGame` / `buildPosition` got a position that is not valid (`issues` lists each problem);
 * - `invalid-argument`: a value of the wrong type or out of its range (`src/core/limits.ts`), an unknown name;
 * - `unknown-entity`: an entity id or label that is not a player or object of the world;
 * - `invalid-mana-cost`: a string that is not a mana cost of the format (`{3}{G}{G}`);
 * - `invalid-snapshot`: a snapshot that does not fit the world it is restored into;
 * - `not-implemented`: a call the engine does not support yet.
 */
export type RedzoneErrorCode =
  | 'invalid-position'
  | 'invalid-argument'
  | 'unknown-entity'
  | 'invalid-mana-cost'
  | 'invalid-snapshot'
  | 'not-implemented'

/** One problem of an invalid input, with the JSON-like path of the offending value (`$.objects[2].power`). */
export interface InputIssue {
  path: string
  message: string
}

/** Misuse of the API: a wrong argument, an unknown id, a call the engine does not support. */
export class RedzoneError extends Error {
  readonly code: RedzoneErrorCode
  /** For `invalid-position`: every problem found, each with its path. Empty otherwise. */
  readonly issues: readonly InputIssue[]

  constructor(code: RedzoneErrorCode, message: string, issues?: readonly InputIssue[])
  /** @deprecated give a code: `new RedzoneError('invalid-argument', message)`. */
  constructor(message: string)
  constructor(codeOrMessage: string, message?: string, issues: readonly InputIssue[] = []) {
    super(`redzone: ${message ?? codeOrMessage}`)
    this.name = 'RedzoneError'
    this.code = message === undefined ? 'invalid-argument' : (codeOrMessage as RedzoneErrorCode)
    this.issues = issues
  }
}

/** A broken invariant inside the engine. */
export function internalError(message: string): Error {
  return new Error(`redzone internal error: ${message}; please report a bug`)
}
