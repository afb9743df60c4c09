import { dealCombatDamageByDefault, planCombatDamage } from '../src/rules/combat/plan-combat-damage.js'
import { Await, awaitChoice, choiceMade } from '../src/core/await.js'
import { damageChoiceExists } from '../src/rules/combat/options.js'
import { internalError } from '../src/core/errors.js'
import { Step } from '../src/core/steps.js'
import type { GameWorld } from '../src/core/world.js'

/**
 * CR 510.1: each attacking and blocking creature that deals damage in this step assigns it: the
 * explicit assignment given (already checked) or the default policy, which is dealt as it is made
 * (`dealCombatDamageByDefault`); an explicit one is planned whole and dealt by `dealCombatDamage`. Where an attacking
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
  // CR 510.2: the default assignment is dealt as it is made (the same as planned, then dealt: see there).
  if (explicit === null) {
    dealCombatDamageByDefault(world, kind)
    return false
  }
  const result = planCombatDamage(world, kind, explicit)
  if (!result.ok) throw internalError(`a checked assignment failed: ${result.error.message}`)
  return false
}
