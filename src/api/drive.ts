/**
 * Driver helpers: the scenario format's vocabulary (docs/scenario-format.md) over the rules commands. They
 * walk the turn for the players — passing priority, answering the choices on the way with their
 * defaults — to where an action is taken, then take it. They are conveniences for scenarios,
 * tests and demos, kept apart from the rules commands (`act`), which only answer the decision
 * the game is waiting for.
 */
import { checkAttackDeclaration, type AttackDeclaration } from '../rules/combat/check-attack.js'
import { checkBlockDeclaration, type BlockDeclaration } from '../rules/combat/check-block.js'
import { firstStrikeStepBegins } from '../rules/combat/combat-queries.js'
import { resetDamagePlan } from '../core/damage-plan-store.js'
import { planCombatDamage, type ExplicitAssignment } from '../rules/combat/plan-combat-damage.js'
import { gameOverError } from '../rules/actions/preconditions.js'
import { turnDrawSkipped } from '../rules/draw.js'
import { internalError, OK, reject, type ActionResult, type Rejection } from '../core/errors.js'
import type { Eid } from '../core/events.js'
import { Await } from '../core/await.js'
import { answer } from '../decisions/act.js'
import type { PlayerAction } from '../decisions/action.js'
import { restoreWorld, snapshotWorld } from '../state/snapshot.js'
import { searchChoiceError } from '../rules/spells/resolve.js'
import { Step, STEP_NAMES, type StepId } from '../core/steps.js'
import { isGameOver, nextStep, passPriority, playersInGame, priorityGiven, resolveTopOfStack } from '../turn/runner.js'
import { label, type GameWorld } from '../core/world.js'
import { SCHEDULE } from '../../systems/schedule.js'

const GUARD = 1_000_000

/** The default answer of a pending choice (docs/scenario-format.md): no attackers, no blockers, the default damage assignment, a declined search, the last cards drawn discarded, keep. */
function defaultAnswer(world: GameWorld): PlayerAction {
  const { awaiting, decider: player, choiceCount } = world.turn
  switch (awaiting) {
    case Await.Attackers:
      return { type: 'declareAttackers', player, attackers: [] }
    case Await.Blockers:
      return { type: 'declareBlockers', player, blockers: [] }
    case Await.Damage:
      return { type: 'assignDamage', player, assignments: [] }
    case Await.Search:
      return { type: 'search', player, cards: null }
    case Await.Discard:
    case Await.Bottom: {
      // CR 514.1 by default: the cards that came into the hand last.
      const hand = world.zoneLists.get(player)!.hand
      return { type: awaiting === Await.Discard ? 'discard' : 'bottom', player, cards: hand.slice(hand.length - choiceCount) }
    }
    case Await.Mulligan:
      return { type: 'keep', player }
    default:
      throw internalError(`no default for choice ${awaiting}`)
  }
}

function answerOrFail(world: GameWorld, action: PlayerAction): void {
  const result = answer(world, action, false)
  if (!result.ok) throw internalError(`a driver's answer was rejected: ${result.error.message}`)
}

/**
 * One move of the driver: a pending choice gets its default; otherwise every player passes in
 * turn: the top of the stack resolves, or the step ends (the next one begins, even one without
 * priority, so that a walk can stop there).
 */
function move(world: GameWorld): void {
  if (world.turn.awaiting !== Await.None) answerOrFail(world, defaultAnswer(world))
  else if (world.stack.length > 0) resolveTopOfStack(world)
  else nextStep(world)
}

/** Moves until `done`, or the game is over (then choices given ahead for a step never reached are dropped). */
function walk(world: GameWorld, done: () => boolean): void {
  for (let i = 0; !done(); i++) {
    if (isGameOver(world)) {
      const pending = world.pending
      pending.attackers = null
      pending.blockers = null
      pending.assignmentGiven = false
      pending.assignment = null
      return
    }
    if (i > GUARD) throw internalError('a driver walk did not end')
    move(world)
  }
}

/** Whether the step's turn-based actions are done (its choices made). */
function stepSettled(world: GameWorld): boolean {
  return world.turn.awaiting === Await.None && world.turn.resumeAt >= SCHEDULE[world.turn.step]!.begin.length
}

/** CR 500.2: a step ends only when all players pass with an empty stack. */
function stepChangeError(world: GameWorld): Rejection | null {
  const over = gameOverError(world)
  if (over) return over
  if (world.stack.length > 0) {
    return reject('stack-not-empty', 'the stack is not empty: players must pass until it resolves before the game moves on', '500.2')
  }
  if (world.turn.awaiting !== Await.None) {
    return reject('not-awaited', 'the game is waiting for a choice: answer it before moving on', '117.3')
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
  // Walk to the step, then answer its declaration, checked again there. From a main phase of a
  // game at rest nothing changes on the way; otherwise (untap, draw, state-based actions still to
  // be performed) the walk is undone if the declaration is no longer legal there.
  const before = turn.step < Step.PrecombatMain || !atRest(world) ? snapshotWorld(world) : null
  walk(world, () => turn.step === Step.DeclareAttackers && (turn.awaiting === Await.Attackers || turn.attackersDeclared))
  const result: ActionResult =
    turn.awaiting === Await.Attackers
      ? answer(world, { type: 'declareAttackers', player: turn.decider, attackers: declaration }, false)
      : declaration.length === 0
        ? OK
        : (gameOverError(world) ?? reject('not-on-battlefield', 'no creature can attack any more once the game reaches the declare attackers step', '508.1a'))
  if (!result.ok) {
    if (before === null) throw internalError(`an attack checked in a game at rest was rejected on the way: ${result.error.message}`)
    restoreWorld(world, before)
  }
  return result
}

/** Whether nothing is waiting to happen: no state-based action to perform, no trigger to put on the stack (CR 704.3, 117.5). */
function atRest(world: GameWorld): boolean {
  if (world.sbaQueue.length > 0 || world.pendingTriggers.length > 0) return false
  for (const p of world.playerOrder) {
    if (world.players.lost[p] === 0 && (world.players.life[p]! <= 0 || world.players.drewFromEmpty[p])) return false
  }
  return true
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
  // The declaration is given ahead: the declare blockers step takes it as it begins.
  world.pending.blockers = declaration
  walk(world, () => turn.step === Step.DeclareBlockers && stepSettled(world))
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
  const given = explicit !== null && explicit.size > 0 ? explicit : null
  if (given) {
    const planned = planCombatDamage(world, kind, given)
    resetDamagePlan(world.plan)
    if (!planned.ok) return planned
  }
  const target: StepId = kind === 'first' ? Step.FirstStrikeDamage : Step.RegularDamage
  // Given ahead: no blockers when blockers are still to be declared, and the assignment, which
  // the damage step takes as it begins.
  if (!turn.blockersDeclared) world.pending.blockers = []
  world.pending.assignmentGiven = true
  world.pending.assignment = given
  walk(world, () => turn.step === target && stepSettled(world))
  return OK
}

/** Why a later step of this turn will be skipped, or null (CR 508.8, 510.4). */
function skipReason(world: GameWorld, to: StepId): Rejection | null {
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

/**
 * All players pass priority with an empty stack until step `to` begins: later this turn, or in
 * the next turn with `nextTurn` (CR 500.2), its turn-based actions done with default choices.
 * Steps this turn skips can't be reached (508.8, 510.4). Stops when the game ends on the way.
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
  walk(world, () => turn.step === to && (!nextTurn || turn.number !== startTurn) && stepSettled(world))
  return OK
}

/**
 * Gives priority to `player` the way the scenario format reads actions (docs/scenario-format.md: "a player who
 * does not hold priority acts once the players before them have passed"), takes the action, and
 * puts the game back exactly as it was if the action is rejected.
 */
function asPriorityHolder(world: GameWorld, player: Eid, action: () => ActionResult): ActionResult {
  const over = gameOverError(world)
  if (over) return over
  if (world.turn.priority === player || !priorityGiven(world) || !playersInGame(world).includes(player)) return action()
  const before = snapshotWorld(world)
  for (let i = 0; world.turn.priority !== player && priorityGiven(world) && world.players.lost[player] === 0; i++) {
    if (i > world.playerOrder.length) break
    passPriority(world)
  }
  if (world.turn.priority !== player || !priorityGiven(world)) {
    // Priority never came to the player (the step ended, or they lost on the way): the action is
    // judged where the game was.
    restoreWorld(world, before)
    return action()
  }
  const result = action()
  if (!result.ok) restoreWorld(world, before)
  return result
}

/** Every player passes until the stack is empty (CR 117.4, 608.1); a search on the way gets `search`. */
function resolveAll(world: GameWorld, search: readonly Eid[] | null): void {
  for (let i = 0; world.stack.length > 0 && !isGameOver(world); i++) {
    if (i > GUARD) throw internalError('the stack never emptied')
    if (world.turn.awaiting === Await.Search) answerOrFail(world, { type: 'search', player: world.turn.decider, cards: search })
    else if (world.turn.awaiting !== Await.None) answerOrFail(world, defaultAnswer(world))
    else resolveTopOfStack(world)
  }
}

export interface DriveCast {
  player: Eid
  card: Eid
  target: Eid
  plot: boolean
  /** The cards its "enters" search finds (null: the search is declined), given now and used as it resolves. */
  search: readonly Eid[] | null
  pay?: readonly Eid[]
}

/**
 * CR 601: casts a spell (once the players before the caster have passed), then every player passes
 * and it resolves, with the triggered abilities it causes; a search is answered with `search`.
 */
export function castAndResolve(world: GameWorld, req: DriveCast): ActionResult {
  if (req.search !== null) {
    const data = world.cardData.get(req.card)
    const trigger = data?.triggers.find((t) => 'search' in t.effect)
    if (!trigger || !('search' in trigger.effect)) return reject('illegal-choice', `${label(world, req.card)} has no search to make choices for`, '701.23')
    const invalid = searchChoiceError(world, req.player, req.card, trigger.effect.search, req.search)
    if (invalid) return invalid
  }
  const action: PlayerAction = { type: 'cast', player: req.player, card: req.card, target: req.target, plot: req.plot, ...(req.pay ? { pay: req.pay } : {}) }
  const result = asPriorityHolder(world, req.player, () => answer(world, action, false))
  if (result.ok) resolveAll(world, req.search)
  return result
}

/** CR 602, 702.6: activates an equip ability (once the players before have passed); then it resolves. */
export function activateAndResolve(world: GameWorld, action: Extract<PlayerAction, { type: 'activate' }>): ActionResult {
  const result = asPriorityHolder(world, action.player, () => answer(world, action, false))
  if (result.ok) resolveAll(world, null)
  return result
}

/** A special action (play a land, plot) taken once the players before have passed. */
export function special(world: GameWorld, action: Extract<PlayerAction, { type: 'play' | 'plot' }>): ActionResult {
  return asPriorityHolder(world, action.player, () => answer(world, action, false))
}
