import { firstStrikeStepBegins } from '../src/rules/combat/combat-queries.js'
import { Step, type StepId } from '../src/core/steps.js'
import type { GameWorld } from '../src/core/world.js'
import { assignCombatDamage } from './assign-combat-damage.js'
import { cleanupStep, discardToHandSize } from './cleanup-step.js'
import { dealCombatDamage } from './deal-combat-damage.js'
import { declareAttackers } from './declare-attackers.js'
import { declareBlockers } from './declare-blockers.js'
import { drawStep } from './draw-step.js'
import { endCombat } from './end-combat.js'
import { recordFirstStrikers } from './record-first-strikers.js'
import { untapStep } from './untap-step.js'

/** A system; a turn-based action that needs a player's choice it was not given returns true and the runner stops for it. */
export type System = (world: GameWorld) => boolean | void

export interface ScheduledStep {
  step: StepId
  /** The rule that defines the step. */
  rule: string
  /** Turn-based actions performed as the step begins (CR 703.4). */
  begin: readonly System[]
  /** Actions performed as the step ends. */
  end: readonly System[]
  /** Whether players receive priority in the step (CR 502.4, 514.3: not in untap and cleanup). */
  priority: boolean
}

/** A step of the schedule (by default with no systems, and with priority). */
function scheduled(step: StepId, rule: string, begin: readonly System[] = [], end: readonly System[] = [], priority = true): ScheduledStep {
  return { step, rule, begin, end, priority }
}

/**
 * The turn, in order (CR 500.1): each step with its turn-based actions. State-based actions
 * (`checkStateBasedActions`) run whenever a player would receive priority, after these.
 */
export const SCHEDULE: readonly ScheduledStep[] = [
  scheduled(Step.Untap, '502', [untapStep], [], false),
  scheduled(Step.Upkeep, '503'),
  scheduled(Step.Draw, '504', [drawStep]),
  scheduled(Step.PrecombatMain, '505'),
  scheduled(Step.BeginCombat, '507'),
  scheduled(Step.DeclareAttackers, '508', [declareAttackers]),
  scheduled(Step.DeclareBlockers, '509', [declareBlockers]),
  scheduled(Step.FirstStrikeDamage, '510.4', [recordFirstStrikers, assignCombatDamage, dealCombatDamage]),
  scheduled(Step.RegularDamage, '510', [assignCombatDamage, dealCombatDamage]),
  scheduled(Step.EndCombat, '511', [], [endCombat]),
  scheduled(Step.PostcombatMain, '505'),
  scheduled(Step.End, '513'),
  scheduled(Step.Cleanup, '514', [discardToHandSize, cleanupStep], [], false),
]

/**
 * Per step, from `SCHEDULE`: how many systems begin it. Read at every pass and step change
 * (`stepGivesPriority`, `settle`) as typed arrays, not through the schedule's objects.
 */
export const BEGIN_COUNT = Uint8Array.from(SCHEDULE, (s) => s.begin.length)
/** Per step, from `SCHEDULE`: how far its turn-based actions must get before it gives priority (its `BEGIN_COUNT`), or 255 where it gives none of itself (CR 502.4, 514.3). One read at every decision. */
export const PRIORITY_AT = Uint8Array.from(SCHEDULE, (s) => (s.priority ? s.begin.length : 255))

/**
 * Whether a step is skipped this turn: CR 508.8 (no attackers: no declare blockers or combat
 * damage steps) and 510.4 (no first-strike step unless a combatant has first or double strike).
 * Asked as the step would begin.
 */
export function isStepSkipped(world: GameWorld, step: StepId): boolean {
  if (step < Step.DeclareBlockers || step > Step.RegularDamage) return false
  if (world.roster.attackers.length === 0) return true
  if (step === Step.FirstStrikeDamage) return !firstStrikeStepBegins(world)
  return false
}
