/** Steps of a turn in order (CR 500.1, 501-514), with the names of the scenario format. */
export enum Step {
  Untap = 0,
  Upkeep = 1,
  Draw = 2,
  PrecombatMain = 3,
  BeginCombat = 4,
  DeclareAttackers = 5,
  DeclareBlockers = 6,
  FirstStrikeDamage = 7,
  RegularDamage = 8,
  EndCombat = 9,
  PostcombatMain = 10,
  End = 11,
  Cleanup = 12,
}
export type StepId = Step

export const STEP_NAMES = [
  'untap',
  'upkeep',
  'draw',
  'precombatMain',
  'beginCombat',
  'declareAttackers',
  'declareBlockers',
  'firstStrikeDamage',
  'regularDamage',
  'endCombat',
  'postcombatMain',
  'end',
  'cleanup',
] as const
export type StepName = (typeof STEP_NAMES)[number]

/** Cleanup is the last step. (A constant, not `STEP_NAMES.length`: a bundle that never reads it drops it.) */
export const STEP_COUNT = Step.Cleanup + 1

export function stepByName(name: string): StepId | undefined {
  const i = (STEP_NAMES as readonly string[]).indexOf(name)
  return i < 0 ? undefined : (i as StepId)
}

/** CR 506.1: the steps of the combat phase. */
export function isCombatStep(step: StepId): boolean {
  return step >= Step.BeginCombat && step <= Step.EndCombat
}
