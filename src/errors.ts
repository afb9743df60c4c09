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

/** Misuse of the API: a wrong argument, an unknown id, a call the engine does not support. */
export class RedzoneError extends Error {
  constructor(message: string) {
    super(`redzone: ${message}`)
    this.name = 'RedzoneError'
  }
}

/** A broken invariant inside the engine. */
export function internalError(message: string): Error {
  return new Error(`redzone internal error: ${message}; please report a bug`)
}
