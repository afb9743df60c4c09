import { planCombatDamage } from '../src/combat/plan-combat-damage.js'
import { Await } from '../src/decisions/await.js'
import { damageChoiceExists } from '../src/decisions/combat-options.js'
import { internalError } from '../src/errors.js'
import { Step } from '../src/steps.js'
import { awaitChoice, choiceMade } from '../src/turn.js'
import type { GameWorld } from '../src/world.js'

/**
 * CR 510.1: each attacking and blocking creature that deals damage in this step assigns it: the
 * explicit assignment given (already checked) or the default policy. Where an attacking
 * creature's controller has a choice (several blockers, trample), the step waits for it.
 */
export function assignCombatDamage(world: GameWorld): boolean {
  const kind = world.turn.step === Step.FirstStrikeDamage ? 'first' : 'regular'
  const pending = world.pending
  if (!pending.assignmentGiven && damageChoiceExists(world, kind)) return awaitChoice(world, Await.Damage, world.turn.active)
  const explicit = pending.assignment
  pending.assignment = null
  pending.assignmentGiven = false
  choiceMade(world)
  const result = planCombatDamage(world, kind, explicit)
  if (!result.ok) throw internalError(`a checked assignment failed: ${result.error.message}`)
  return false
}
