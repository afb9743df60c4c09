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

/**
 * The turn, in order (CR 500.1): each step with its turn-based actions. State-based actions
 * (`checkStateBasedActions`) run whenever a player would receive priority, after these.
 */
export const SCHEDULE: readonly ScheduledStep[] = [
  { step: Step.Untap, rule: '502', begin: [untapStep], end: [], priority: false },
  { step: Step.Upkeep, rule: '503', begin: [], end: [], priority: true },
  { step: Step.Draw, rule: '504', begin: [drawStep], end: [], priority: true },
  { step: Step.PrecombatMain, rule: '505', begin: [], end: [], priority: true },
  { step: Step.BeginCombat, rule: '507', begin: [], end: [], priority: true },
  { step: Step.DeclareAttackers, rule: '508', begin: [declareAttackers], end: [], priority: true },
  { step: Step.DeclareBlockers, rule: '509', begin: [declareBlockers], end: [], priority: true },
  {
    step: Step.FirstStrikeDamage,
    rule: '510.4',
    begin: [recordFirstStrikers, assignCombatDamage, dealCombatDamage],
    end: [],
    priority: true,
  },
  { step: Step.RegularDamage, rule: '510', begin: [assignCombatDamage, dealCombatDamage], end: [], priority: true },
  { step: Step.EndCombat, rule: '511', begin: [], end: [endCombat], priority: true },
  { step: Step.PostcombatMain, rule: '505', begin: [], end: [], priority: true },
  { step: Step.End, rule: '513', begin: [], end: [], priority: true },
  { step: Step.Cleanup, rule: '514', begin: [discardToHandSize, cleanupStep], end: [], priority: false },
]

/**
 * Per step, from `SCHEDULE`: how many systems begin it, and whether it gives priority (1). Read at
 * every pass and step change (`stepGivesPriority`, `settle`) as typed arrays, not through the
 * schedule's objects.
 */
export const BEGIN_COUNT = Uint8Array.from(SCHEDULE, (s) => s.begin.length)
export const GIVES_PRIORITY = Uint8Array.from(SCHEDULE, (s) => +s.priority)

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
