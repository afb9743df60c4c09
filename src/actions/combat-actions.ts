import { checkAttackDeclaration, type AttackDeclaration } from '../combat/check-attack.js'
import { checkBlockDeclaration, type BlockDeclaration } from '../combat/check-block.js'
import { firstStrikeStepBegins } from '../combat/combat-queries.js'
import { resetDamagePlan } from '../combat/damage-plan-store.js'
import { planCombatDamage, type ExplicitAssignment } from '../combat/plan-combat-damage.js'
import { OK, reject, type ActionResult } from '../errors.js'
import { Step, STEP_NAMES, type StepId } from '../steps.js'
import { isGameOver, nextStep } from '../turn.js'
import { turnDrawSkipped } from '../draw.js'
import type { GameWorld } from '../world.js'

export function gameOverError(world: GameWorld): ActionResult | null {
  return isGameOver(world) ? reject('game-over', 'the game is over: at most one player is left in it', '104.2a') : null
}

/** CR 500.2: a step ends only when all players pass with an empty stack. */
function stepChangeError(world: GameWorld): ActionResult | null {
  const over = gameOverError(world)
  if (over) return over
  if (world.stack.length > 0) {
    return reject('stack-not-empty', 'the stack is not empty: players must pass until it resolves before the game moves on', '500.2')
  }
  return null
}

/**
 * The active player declares attackers (CR 508.1). From an earlier step of the turn the game
 * first advances to the declare attackers step with default choices. The declaration is checked
 * in full first: if it is illegal, nothing happens, not even the advance.
 */
export function attack(world: GameWorld, declaration: readonly AttackDeclaration[]): ActionResult {
  const over = stepChangeError(world)
  if (over) return over
  const turn = world.turn
  if (turn.attackersDeclared || turn.step > Step.DeclareAttackers) {
    return reject('attackers-already-declared', 'attackers have already been declared this turn', '508.1')
  }
  const checked = checkAttackDeclaration(world, declaration)
  if (!checked.ok) return checked
  if (turn.step < Step.Draw && !turnDrawSkipped(world) && world.zoneLists.get(turn.active)!.library.length === 0) {
    return reject(
      'would-lose-drawing',
      'advancing to combat passes the draw step, where the active player would draw from an empty library and lose; advance first',
      '704.5b',
    )
  }
  while (turn.step < Step.BeginCombat) nextStep(world)
  world.pending.attackers = declaration
  nextStep(world)
  return OK
}

/** The defending players declare blockers (CR 509.1), checked in full before anything happens. */
export function block(world: GameWorld, declaration: readonly BlockDeclaration[]): ActionResult {
  const over = stepChangeError(world)
  if (over) return over
  const turn = world.turn
  if (!turn.attackersDeclared) return reject('attackers-not-declared', 'blockers are declared only after attackers', '509.1')
  if (turn.blockersDeclared || turn.step > Step.DeclareAttackers) {
    return reject('blockers-already-declared', 'blockers have already been declared this combat', '509.1')
  }
  if (world.roster.attackers.length === 0) {
    return reject('no-attackers', 'no creature attacks this turn, so the declare blockers step is skipped', '508.8')
  }
  const checked = checkBlockDeclaration(world, declaration)
  if (!checked.ok) return checked
  world.pending.blockers = declaration
  nextStep(world)
  return OK
}

/**
 * The next combat damage step happens (CR 510): the first-strike step if 510.4 calls for one,
 * else the regular one; from the declare attackers step, no blockers are declared first. An
 * explicit assignment is checked with everything else assigned in the step before anything happens.
 */
export function combatDamage(world: GameWorld, explicit: ExplicitAssignment | null): ActionResult {
  const over = stepChangeError(world)
  if (over) return over
  const turn = world.turn
  if (!turn.attackersDeclared) return reject('attackers-not-declared', 'no attackers have been declared this turn', '508.1')
  if (turn.step >= Step.RegularDamage) {
    return reject('no-combat-damage-step', 'the combat damage steps of this turn are over', '510')
  }
  if (world.roster.attackers.length === 0) {
    return reject('step-skipped', 'no creature attacked this turn, so there is no combat damage step', '508.8')
  }
  const kind = turn.step < Step.FirstStrikeDamage && firstStrikeStepBegins(world) ? 'first' : 'regular'
  if (explicit && explicit.size > 0) {
    const planned = planCombatDamage(world, kind, explicit)
    resetDamagePlan(world.plan)
    if (!planned.ok) return planned
  }
  if (turn.step === Step.DeclareAttackers) {
    world.pending.blockers = []
    nextStep(world)
  }
  world.pending.assignment = explicit
  nextStep(world)
  return OK
}

/**
 * All players pass priority with an empty stack until step `to` begins: later this turn, or in
 * the next turn with `nextTurn` (CR 500.2). Steps this turn skips can't be reached (508.8, 510.4).
 */
export function advance(world: GameWorld, to: StepId, nextTurn: boolean): ActionResult {
  const over = stepChangeError(world)
  if (over) return over
  const turn = world.turn
  const name = STEP_NAMES[to]
  if (!nextTurn) {
    if (to <= turn.step) {
      return reject('not-a-later-step', `${name} is not later in this turn than ${STEP_NAMES[turn.step]}`, '500.1')
    }
    const skipped = skipReason(world, to)
    if (skipped) return skipped
  } else if (to >= Step.DeclareBlockers && to <= Step.RegularDamage) {
    return reject('step-skipped', `advancing declares no attackers, so ${name} is skipped next turn`, '508.8')
  }
  const startTurn = turn.number
  while (!(turn.step === to && (!nextTurn || turn.number !== startTurn))) {
    nextStep(world)
    if (isGameOver(world)) break
  }
  return OK
}

/** Why a later step of this turn will be skipped, or null (CR 508.8, 510.4). */
function skipReason(world: GameWorld, to: StepId): ActionResult | null {
  if (to < Step.DeclareBlockers || to > Step.RegularDamage) return null
  const turn = world.turn
  if (!turn.attackersDeclared || world.roster.attackers.length === 0) {
    return reject('step-skipped', `no creature attacks this turn, so ${STEP_NAMES[to]} is skipped`, '508.8')
  }
  if (to === Step.FirstStrikeDamage && !firstStrikeStepBegins(world)) {
    return reject('step-skipped', 'no attacking or blocking creature has first strike or double strike, so there is no first-strike damage step', '510.4')
  }
  return null
}
