import { isStepSkipped, SCHEDULE } from '../systems/schedule.js'
import { checkStateBasedActions } from '../systems/check-state-based-actions.js'
import { putTriggersOnStack, resolveTop } from './spells/resolve.js'
import type { Eid } from './events.js'
import { Step, STEP_NAMES, type StepId } from './steps.js'
import type { GameWorld } from './world.js'

/** Players still in the game (CR 104.3: a player who lost leaves it; 800.4a). */
export function playersInGame(world: GameWorld): Eid[] {
  return world.playerOrder.filter((p) => world.players.lost[p] === 0)
}

/** CR 104.2a: the game is over when at most one player is left in it. */
export function isGameOver(world: GameWorld): boolean {
  let left = 0
  for (const p of world.playerOrder) if (world.players.lost[p] === 0) left++
  return left <= 1
}

/** CR 500.3 ... 500.4: the step begins, its turn-based actions happen, then the active player gets priority. */
export function beginStep(world: GameWorld, step: StepId): void {
  const entry = SCHEDULE[step]!
  world.turn.step = step
  if (world.events.listening) world.events.emit('stepStarted', STEP_NAMES[step], world.turn.number, entry.rule)
  for (const system of entry.begin) system(world)
  if (entry.priority) givePriority(world, world.turn.active)
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
  world.turn.priority = player
  world.turn.passes = 0
}

/** CR 608.1, 117.3b: the top of the stack resolves; then the active player receives priority. */
export function resolveTopOfStack(world: GameWorld): void {
  resolveTop(world)
  givePriority(world, world.turn.active)
}

/** Every player passes in succession until the stack is empty (CR 117.4, 608.1). */
export function resolveStack(world: GameWorld): void {
  while (world.stack.length > 0 && !isGameOver(world)) resolveTopOfStack(world)
}

function endStep(world: GameWorld): void {
  for (const system of SCHEDULE[world.turn.step]!.end) system(world)
}

/** The step that follows the current one this turn, skipping what 508.8 and 510.4 skip; null after cleanup. */
export function followingStep(world: GameWorld, from: StepId): StepId | null {
  for (let s = from + 1; s <= Step.Cleanup; s++) {
    if (!isStepSkipped(world, s as StepId)) return s as StepId
  }
  return null
}

/** CR 500.2: the current step ends and the next begins (the next turn after cleanup). */
export function nextStep(world: GameWorld): void {
  const turn = world.turn
  endStep(world)
  if (turn.step === Step.Cleanup) {
    // CR 514.3a: if state-based actions happen during cleanup, players get priority and another cleanup step follows.
    if (checkStateBasedActions(world)) {
      beginStep(world, Step.Cleanup)
      return
    }
    startNextTurn(world)
    return
  }
  const next = followingStep(world, turn.step)
  beginStep(world, next ?? Step.Cleanup)
}

/** CR 500.1, 101.4: the next player in turn order who is still in the game takes a turn. */
export function startNextTurn(world: GameWorld): void {
  const turn = world.turn
  const order = world.playerOrder
  let i = order.indexOf(turn.active)
  for (let k = 0; k < order.length; k++) {
    i = (i + 1) % order.length
    if (world.players.lost[order[i]!] === 0) break
  }
  turn.number++
  turn.active = order[i]!
  turn.attackersDeclared = false
  turn.blockersDeclared = false
  turn.firstStrikeStepDone = false
  turn.regularDamageDone = false
  world.events.emit('turnStarted', turn.number, turn.active, '500.1')
  beginStep(world, Step.Untap)
}

/** Moves on through steps in which no player receives priority (CR 502.4 untap, 514.3 cleanup). */
export function settle(world: GameWorld): void {
  while (!SCHEDULE[world.turn.step]!.priority && !isGameOver(world)) nextStep(world)
}

/** CR 117.3d, 500.2: a player passes priority; when all players pass in succession with an empty stack, the step ends. */
export function passPriority(world: GameWorld): void {
  const inGame = playersInGame(world)
  const turn = world.turn
  turn.passes++
  if (turn.passes >= inGame.length) {
    if (world.stack.length > 0) resolveTopOfStack(world)
    else {
      nextStep(world)
      settle(world)
    }
    return
  }
  const at = inGame.indexOf(turn.priority)
  turn.priority = inGame[(at + 1) % inGame.length]!
}
