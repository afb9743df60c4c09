import { resetDamagePlan } from '../src/core/damage-plan-store.js'
import { dealDamage, gainLifelink } from '../src/rules/damage.js'
import { Step } from '../src/core/steps.js'
import type { GameWorld } from '../src/core/world.js'

/** CR 510.2: all assigned combat damage is dealt simultaneously. */
export function dealCombatDamage(world: GameWorld): void {
  const plan = world.plan
  const source = plan.source.items
  const recipient = plan.recipient.items
  const amount = plan.amount.items
  for (let i = 0, n = plan.source.length; i < n; i++) {
    dealDamage(world, source[i]!, recipient[i]!, amount[i]!, true, '510.2')
    // A source's entries are consecutive (planned creature by creature): its gain after its last.
    if (i + 1 === n || source[i + 1] !== source[i]) gainLifelink(world, source[i]!)
  }
  // The plan is scratch of this step only: cleared once dealt, so that no later question (is there a
  // division to choose, CR 510.1c's lethal damage) reads this step's assignments, and no snapshot
  // (which doesn't hold scratch) can disagree with the game it was taken from.
  resetDamagePlan(plan)
  if (world.turn.step === Step.FirstStrikeDamage) world.turn.firstStrikeStepDone = true
  else world.turn.regularDamageDone = true
}
