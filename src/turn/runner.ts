import { BEGIN_COUNT, isStepSkipped, PRIORITY_AT, SCHEDULE } from '../../systems/schedule.js'
import { checkStateBasedActions } from '../../systems/check-state-based-actions.js'
import { Await } from '../core/await.js'
import { putTriggersOnStack, resolveTop } from '../rules/spells/resolve.js'
import type { Eid } from '../core/events.js'
import { Step, STEP_NAMES, type StepId } from '../core/steps.js'
import type { GameWorld, TurnState } from '../core/world.js'
import { isGameOver, nextInGame, playersInGame, playersLeft, stillInGame } from '../core/players.js'
export { isGameOver, playersInGame }


/** CR 500.3 ... 500.4: the step begins, its turn-based actions happen, then the active player gets priority. */
export function beginStep(world: GameWorld, step: StepId): void {
  const turn = world.turn
  turn.step = step
  turn.resumeAt = 0
  turn.cleanupPriority = false
  if (world.events.listening) world.events.emit('stepStarted', STEP_NAMES[step], turn.number, SCHEDULE[step]!.rule)
  continueStep(world)
}

/**
 * Runs the turn-based actions of the current step from `turn.resumeAt` (CR 703.4). A system that
 * needs a player's choice it has not been given stops the runner (`awaitChoice`); answering the
 * choice calls this again. Then the active player receives priority, in the steps that give it.
 */
export function continueStep(world: GameWorld): void {
  const turn = world.turn
  const entry = SCHEDULE[turn.step]!
  const begin = entry.begin
  for (let i = turn.resumeAt; i < begin.length; i++) {
    const system = begin[i]!
    if (system(world) === true) {
      turn.resumeAt = i
      return
    }
  }
  turn.resumeAt = begin.length
  if (entry.priority) givePriority(world, turn.active)
  else if (turn.step === Step.Cleanup && (checkStateBasedActions(world) || world.pendingTriggers.length > 0)) {
    // CR 514.3a: state-based actions happened in cleanup, so the active player gets priority;
    // once all pass, another cleanup step follows.
    turn.cleanupPriority = true
    givePriority(world, turn.active)
  }
}

/** Whether a player holds priority now (and who: `turn.priority`). */
export function priorityGiven(world: GameWorld): boolean {
  return world.turn.awaiting === Await.None && !isGameOver(world) && stepGivesPriority(world)
}

/** Whether the current step's turn-based actions are done and it gives priority (CR 117.3a, 514.3a): `priorityGiven` but for the choice awaited and the game's end. */
export function stepGivesPriority(world: { turn: TurnState }): boolean {
  const turn = world.turn
  // One read where the step gives priority of itself; cleanup's (514.3a) only after state-based actions happened in it.
  return turn.resumeAt >= PRIORITY_AT[turn.step]! || (turn.cleanupPriority && turn.resumeAt >= BEGIN_COUNT[turn.step]!)
}

/**
 * CR 117.5: before a player receives priority, state-based actions are performed, then waiting
 * triggered abilities are put on the stack (603.3), repeated until neither happens.
 */
export function givePriority(world: GameWorld, player: Eid): void {
  checkStateBasedActions(world)
  while (world.pendingTriggers.length > 0) {
    putTriggersOnStack(world)
    checkStateBasedActions(world)
  }
  // CR 800.4a: a player who has left the game never receives priority; the next player in turn order does.
  world.turn.priority = stillInGame(world, player)
  world.turn.passes = 0
}

/**
 * CR 608.1, 117.3b: the top of the stack resolves; then the active player receives priority.
 * Returns false when the resolution waits for a choice (a search, 701.23).
 */
export function resolveTopOfStack(world: GameWorld): boolean {
  if (!resolveTop(world)) return false
  givePriority(world, world.turn.active)
  return true
}

/** CR 500.2: the current step ends (its end systems run) and the next begins (the next turn after cleanup). */
export function nextStep(world: GameWorld): void {
  const turn = world.turn
  // By index: an array's iterator is an allocation wherever V8 runs this unoptimized (a step in steady state allocates nothing).
  const end = SCHEDULE[turn.step]!.end
  for (let i = 0; i < end.length; i++) {
    const system = end[i]!
    system(world)
  }
  if (turn.step === Step.Cleanup) {
    // CR 514.3a: after a cleanup step in which players got priority, another cleanup step.
    if (turn.cleanupPriority) beginStep(world, Step.Cleanup)
    // CR 500.1, 101.4: the next player in turn order who is still in the game takes a turn.
    else beginTurn(world, nextInGame(world, turn.active), '500.1')
    return
  }
  // The step that follows this turn, skipping what 508.8 and 510.4 skip (cleanup is never skipped).
  let next = turn.step + 1
  while (next < Step.Cleanup && isStepSkipped(world, next as StepId)) next++
  beginStep(world, next as StepId)
}

/** CR 500.1: `active` takes the next turn (the first, 103.8, or the one after the last): it begins with its untap step. */
export function beginTurn(world: GameWorld, active: Eid, rule: string): void {
  const turn = world.turn
  turn.number++
  turn.active = active
  turn.attackersDeclared = false
  turn.blockersDeclared = false
  turn.firstStrikeStepDone = false
  turn.regularDamageDone = false
  turn.landsPlayed = 0
  if (world.events.listening) world.events.emit('turnStarted', turn.number, active, rule)
  beginStep(world, Step.Untap)
}

/**
 * Moves on to the next decision through steps in which no player receives priority (CR 502.4
 * untap, 514.3 cleanup), unless a choice is awaited: a step whose turn-based actions are not done
 * yet does them first (a position in untap or cleanup), then the next step begins.
 */
export function settle(world: GameWorld): void {
  const turn = world.turn
  while (turn.awaiting === Await.None && !isGameOver(world) && !stepGivesPriority(world)) {
    if (turn.resumeAt < BEGIN_COUNT[turn.step]!) continueStep(world)
    else nextStep(world)
  }
}

/**
 * CR 117.3d, 500.2: the player with priority passes; when all players pass in succession, the
 * top of the stack resolves, or with an empty stack the step ends.
 */
export function passPriority(world: GameWorld): void {
  const turn = world.turn
  turn.passes++
  if (turn.passes >= playersLeft(world)) {
    if (world.stack.length > 0) resolveTopOfStack(world)
    else {
      nextStep(world)
      settle(world)
    }
    return
  }
  // CR 117.3d: the next player in turn order who is still in the game receives priority.
  turn.priority = nextInGame(world, turn.priority)
}
