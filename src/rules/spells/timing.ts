import { reject, type Rejection } from '../../core/errors.js'
import type { Eid } from '../../core/events.js'
import { Step } from '../../core/steps.js'
import { label, type GameWorld } from '../../core/world.js'

/**
 * CR 117.1a, 307.1: "sorcery timing": the player's own main phase, with an empty stack and
 * priority. Null when the player may act now.
 */
export function sorceryTimingError(world: GameWorld, player: Eid, what: string | (() => string), rule: string): Rejection | null {
  if (hasSorceryTiming(world, player)) return null
  return reject(
    'not-sorcery-timing',
    `${typeof what === 'string' ? what : what()} only as a sorcery: during ${label(world, player)}'s own main phase while the stack is empty`,
    rule,
  )
}

/** CR 117.1a, 307.1: whether it is `player`'s own main phase with an empty stack. */
export function hasSorceryTiming(world: GameWorld, player: Eid): boolean {
  const { turn } = world
  return turn.active === player && (turn.step === Step.PrecombatMain || turn.step === Step.PostcombatMain) && world.stack.length === 0
}

