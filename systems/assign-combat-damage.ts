import { planCombatDamage } from '../src/combat/plan-combat-damage.js'
import { internalError } from '../src/errors.js'
import { Step } from '../src/steps.js'
import type { GameWorld } from '../src/world.js'

/**
 * CR 510.1: each attacking and blocking creature that deals damage in this step assigns it:
 * the explicit assignment given with the action (already checked) or the default policy.
 */
export function assignCombatDamage(world: GameWorld): void {
  world.trace?.push('assignCombatDamage')
  const explicit = world.pending.assignment
  world.pending.assignment = null
  const kind = world.turn.step === Step.FirstStrikeDamage ? 'first' : 'regular'
  const result = planCombatDamage(world, kind, explicit)
  if (!result.ok) throw internalError(`a checked assignment failed: ${result.error.message}`)
}
