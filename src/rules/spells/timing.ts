import { reject, type Rejection } from '../../core/errors.js'
import type { Eid } from '../../core/events.js'
import { Step } from '../../core/steps.js'
import { label, type GameWorld } from '../../core/world.js'

/**
 * CR 117.1a, 307.1: the refusal of what may be done only at "sorcery timing" (the player's own
 * main phase, with an empty stack and priority), when it is not (`hasSorceryTiming`).
 */
export function sorceryTimingError(world: GameWorld, player: Eid, what: string, rule: string): Rejection {
  return reject('not-sorcery-timing', `${what} only as a sorcery: during ${label(world, player)}'s own main phase while the stack is empty`, rule)
}

/** CR 117.1a, 307.1: whether it is `player`'s own main phase with an empty stack. */
export function hasSorceryTiming(world: GameWorld, player: Eid): boolean {
  const { turn } = world
  return turn.active === player && (turn.step === Step.PrecombatMain || turn.step === Step.PostcombatMain) && world.stack.length === 0
}

