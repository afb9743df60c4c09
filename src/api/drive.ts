/**
 * Driver helpers: the scenario format's vocabulary (docs/scenario-format.md) as a script over the
 * one gate, `act`. Each walks the turn for the players to where an action is taken: it answers
 * every pending decision on the way with its default (or with the intention it was given: the
 * blocks, the damage division, a search's cards) and passes priority for whoever holds it; then it
 * takes the action. Nothing here writes to the game but `act` (and `restoreWorld`, to undo a walk
 * whose action turned out illegal where it was taken: a rejected helper leaves the game as it was).
 * A walk that meets the end of the game stops there (docs/scenario-format.md: "an `advance` that
 * passes the moment the game ended stops there"); one carrying an intention the game ended before
 * it was given (attackers, a damage division) is the `game-over` rejection (CR 104.2a, 104.4a), the walk
 * undone.
 */
import type { AttackDeclaration } from '../rules/combat/check-attack.js'
import { checkAttackDeclaration } from '../rules/combat/check-attack.js'
import { checkBlockDeclaration, type BlockDeclaration } from '../rules/combat/check-block.js'
import { firstStrikeStepBegins } from '../rules/combat/combat-queries.js'
import { resetDamagePlan } from '../core/damage-plan-store.js'
import { planCombatDamage } from '../rules/combat/plan-combat-damage.js'
import { gameOverError } from '../rules/actions/preconditions.js'
import { turnDrawSkipped } from '../rules/draw.js'
import { internalError, OK, reject, type ActionResult, type Rejection } from '../core/errors.js'
import type { Eid } from '../core/events.js'
import { act } from '../decisions/act.js'
import type { DecisionKind, PlayerAction } from '../decisions/action.js'
import { pendingKind, pendingPlayer } from '../decisions/pending.js'
import { restoreWorld, snapshotWorld, type WorldSnapshot } from '../state/snapshot.js'
import { searchChoiceError } from '../rules/spells/resolve.js'
import { Step, STEP_NAMES, type StepId } from '../core/steps.js'
import { isGameOver, inGame } from '../core/players.js'
import { label, type GameWorld } from '../core/world.js'

const GUARD = 1_000_000
/** The default damage assignment, as an answer (shared: `act` keeps no answer). */
const NO_ASSIGNMENTS: readonly [] = []

/** The default answer of a pending choice (docs/scenario-format.md): no attackers, no blockers, the default damage assignment, a declined search, the last cards drawn discarded, keep. */
function defaultAnswer(world: GameWorld, kind: DecisionKind, player: Eid | null): PlayerAction {
  if (player === null) throw internalError(`no default answer for a "${kind}" decision without a decider`)
  switch (kind) {
    case 'priority':
      return { type: 'pass', player }
    case 'declareAttackers':
      return { type: 'declareAttackers', player, attackers: [] }
    case 'declareBlockers':
      return { type: 'declareBlockers', player, blockers: [] }
    case 'assignDamage':
      return { type: 'assignDamage', player, assignments: [] }
    case 'search':
      return { type: 'search', player, cards: null }
    case 'discard':
    case 'bottom': {
      // CR 514.1 by default: the cards that came into the hand last.
      const hand = world.zoneLists[player]!.hand
      return { type: kind, player, cards: hand.slice(hand.length - world.turn.choiceCount) }
    }
    case 'mulligan':
      return { type: 'keep', player }
    case 'gameOver':
      throw internalError('no answer once the game is over')
  }
}

/**
 * Walks until `done`, or the game is over: at each decision (its kind and decider, as
 * `pendingKind` and `pendingPlayer` give them, without building it), `answer` may give the
 * intention for it (else the default answer: the priority holder passes, a choice gets its
 * default). Returns the first intention `act` rejects (the walk stops there), or null; a default
 * rejected is a bug.
 */
function walk(world: GameWorld, done: (kind: DecisionKind) => boolean, answer?: (kind: DecisionKind, player: Eid) => PlayerAction | null): Rejection | null {
  for (let i = 0; ; i++) {
    const kind = pendingKind(world)
    if (kind === 'gameOver' || done(kind)) return null
    if (i > GUARD) throw internalError('a driver walk did not end')
    const player = pendingPlayer(world, kind)
    const given = (player !== null && answer?.(kind, player)) || null
    const result = act(world, given ?? defaultAnswer(world, kind, player))
    if (!result.ok) {
      if (given === null) throw internalError(`a driver's default answer was rejected: ${result.error.message}`)
      return result
    }
  }
}

/**
 * A rejection found on the way undoes the walk (`before`: the game as it was); a walk from a game
 * at rest (`before` null) can't meet one, since nothing changes on the way.
 */
function undo(world: GameWorld, before: WorldSnapshot | null, rejected: Rejection): Rejection {
  if (before === null) throw internalError(`an action checked in a game at rest was rejected on the way: ${rejected.error.message}`)
  restoreWorld(world, before)
  return rejected
}

/** Whether the game is at a priority decision in `step` of this turn. */
function priorityIn(world: GameWorld, step: StepId, kind: DecisionKind): boolean {
  return kind === 'priority' && world.turn.step === step
}

/** CR 500.2: a step ends only when all players pass with an empty stack. */
function stepChangeError(world: GameWorld): Rejection | null {
  const over = gameOverError(world)
  if (over) return over
  if (world.stack.length > 0) {
    return reject('stack-not-empty', 'the stack is not empty: players must pass until it resolves before the game moves on', '500.2')
  }
  if (pendingKind(world) !== 'priority') {
    return reject('not-awaited', 'the game is waiting for a choice: answer it before moving on', '117.3')
  }
  return null
}

/**
 * Walks to the declare attackers step and declares attackers (CR 508.1). The declaration is
 * checked in full first: if it is illegal, nothing happens, not even the walk.
 */
export function walkToAttack(world: GameWorld, declaration: readonly AttackDeclaration[]): ActionResult {
  const over = stepChangeError(world)
  if (over) return over
  const turn = world.turn
  if (turn.attackersDeclared || turn.step > Step.DeclareAttackers) {
    return reject('attackers-already-declared', 'attackers have already been declared this turn', '508.1')
  }
  const checked = checkAttackDeclaration(world, declaration)
  if (!checked.ok) return checked
  if (turn.step < Step.Draw && !turnDrawSkipped(world) && world.zoneLists[turn.active]!.library.length === 0) {
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
  walk(world, (kind) => turn.step === Step.DeclareAttackers && (kind === 'declareAttackers' || turn.attackersDeclared))
  const kind = pendingKind(world)
  const result: ActionResult =
    kind === 'declareAttackers'
      ? act(world, { type: 'declareAttackers', player: turn.decider, attackers: declaration })
      : declaration.length === 0
        ? OK
        : (gameOverError(world) ?? reject('not-on-battlefield', 'no creature can attack any more once the game reaches the declare attackers step', '508.1a'))
  return result.ok ? result : undo(world, before, result)
}

/** Whether nothing is waiting to happen: no state-based action to perform, no trigger to put on the stack (CR 704.3, 117.5). */
function atRest(world: GameWorld): boolean {
  if (world.sbaQueue.length > 0 || world.pendingTriggers.length > 0) return false
  for (const p of world.playerOrder) {
    if (inGame(world, p) && (world.players.life[p]! <= 0 || world.players.drewFromEmpty[p])) return false
  }
  return true
}

/** The blocks of `declaration` by `player`'s creatures: the declaration itself when they are all theirs (two players). */
function blocksBy(world: GameWorld, declaration: readonly BlockDeclaration[], player: Eid): readonly BlockDeclaration[] {
  const controller = world.place.controller
  for (let i = 0; i < declaration.length; i++) {
    if (controller[declaration[i]!.blocker] !== player) return declaration.filter((b) => controller[b.blocker] === player)
  }
  return declaration
}

/**
 * Walks to the declare blockers step, where each defending player declares their part of the
 * declaration (CR 509.1, 802.4a); checked in full first. The game stops in that step with priority.
 */
export function walkToBlock(world: GameWorld, declaration: readonly BlockDeclaration[]): ActionResult {
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
  // As in walkToAttack: in a game at rest nothing changes on the way to the declarations, so the
  // declaration checked here is legal there and no copy of the game is needed to undo the walk.
  const before = atRest(world) ? null : snapshotWorld(world)
  let declared = 0
  const blocksOf = (player: Eid): PlayerAction => {
    const blockers = blocksBy(world, declaration, player)
    declared += blockers.length
    return { type: 'declareBlockers', player, blockers }
  }
  const rejected = walk(
    world,
    (kind) => priorityIn(world, Step.DeclareBlockers, kind) || turn.step > Step.DeclareBlockers,
    (kind, player) => (kind === 'declareBlockers' ? blocksOf(player) : null),
  )
  if (rejected) return undo(world, before, rejected)
  if (declared !== declaration.length && !isGameOver(world)) throw internalError('a checked block declaration was not asked for in full at the declare blockers step')
  return OK
}

/**
 * Walks to the next combat damage step (CR 510): the first-strike step if 510.4 calls for one,
 * else the regular one; from the declare attackers step, no blockers are declared on the way. An
 * explicit assignment is checked with everything else assigned in the step before anything
 * happens, and given there as the damage division (510.1).
 */
export function walkToDamage(world: GameWorld, explicit: ReadonlyMap<Eid, readonly (readonly [Eid, number])[]> | null): ActionResult {
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
  // A creature named with no entries assigns nothing (an entry of 0 says so: docs/scenario-format.md,
  // `combatDamage`: only the creatures not named use the default).
  const assignments =
    explicit === null
      ? NO_ASSIGNMENTS
      : [...explicit].flatMap(([creature, list]) => (list.length === 0 ? [{ creature, recipient: 0, amount: 0 }] : list.map(([recipient, amount]) => ({ creature, recipient, amount }))))
  if (assignments.length > 0) {
    const planned = planCombatDamage(world, kind, assignments)
    resetDamagePlan(world.plan)
    if (!planned.ok) return planned
  }
  const target: StepId = kind === 'first' ? Step.FirstStrikeDamage : Step.RegularDamage
  const before = assignments.length === 0 ? null : snapshotWorld(world)
  const rejected = walk(
    world,
    (kind) => priorityIn(world, target, kind) || turn.step > target,
    (kind, player) => (kind === 'assignDamage' && turn.step === target ? { type: 'assignDamage', player, assignments } : null),
  )
  if (rejected) return undo(world, before, rejected)
  // The game ended before the step began: the division was never given (as `walkToAttack`'s attackers).
  if (assignments.length > 0 && turn.step < target && isGameOver(world)) return undo(world, before, gameOverError(world)!)
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
 * All players pass priority with an empty stack, each choice on the way answered with its default,
 * until step `to` has begun (later this turn, or in the next turn with `nextTurn`, CR 500.2) and a
 * player receives priority. In untap and cleanup no player receives priority (502.4, 514.3), so
 * the walk goes on to the first priority after them: the upkeep, or a cleanup step in which
 * state-based actions happened (514.3a). Steps this turn skips can't be reached (508.8, 510.4).
 * Stops when the game ends on the way.
 */
export function walkTo(world: GameWorld, to: StepId, nextTurn: boolean): ActionResult {
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
  const targetTurn = turn.number + (nextTurn ? 1 : 0)
  walk(world, (kind) => kind === 'priority' && (turn.number > targetTurn || (turn.number === targetTurn && turn.step >= to)))
  return OK
}

/**
 * Takes `action` once priority has come to its player the way the scenario format reads actions
 * (docs/scenario-format.md: "a player who does not hold priority acts once the players before
 * them have passed"); puts the game back exactly as it was if the action is rejected.
 */
function whenPriorityComes(world: GameWorld, player: Eid, action: () => ActionResult): ActionResult {
  const over = gameOverError(world)
  if (over) return over
  const holder = (): Eid | null => (pendingKind(world) === 'priority' ? world.turn.priority : null)
  const first = holder()
  if (first === null || first === player || !inGame(world, player) || !world.playerOrder.includes(player)) return action()
  const before = snapshotWorld(world)
  for (let i = 0; holder() !== player && holder() !== null && inGame(world, player); i++) {
    if (i > world.playerOrder.length) break
    const passed = act(world, { type: 'pass', player: holder()! })
    if (!passed.ok) throw internalError(`the priority holder's pass was rejected: ${passed.error.message}`)
  }
  if (holder() !== player) {
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
  const rejected = walk(
    world,
    () => world.stack.length === 0,
    (kind, player) => (kind === 'search' ? { type: 'search', player, cards: search } : null),
  )
  // The search's cards were checked against the cast card's search before the cast.
  if (rejected) throw internalError(`a search checked before the cast was rejected as it resolved: ${rejected.error.message}`)
}

export interface CastAndResolve {
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
export function castAndResolve(world: GameWorld, req: CastAndResolve): ActionResult {
  if (req.search !== null) {
    const data = world.cardData[req.card]
    const trigger = data?.triggers.find((t) => 'search' in t.effect)
    if (!trigger || !('search' in trigger.effect)) return reject('illegal-choice', `${label(world, req.card)} has no search to make choices for`, '701.23')
    const invalid = searchChoiceError(world, req.player, req.card, trigger.effect.search, req.search)
    if (invalid) return invalid
  }
  const action: PlayerAction = { type: 'cast', player: req.player, card: req.card, target: req.target, plot: req.plot, ...(req.pay ? { pay: req.pay } : {}) }
  const result = whenPriorityComes(world, req.player, () => act(world, action))
  if (result.ok) resolveAll(world, req.search)
  return result
}

/** CR 602, 702.6: activates an equip ability (once the players before have passed); then it resolves. */
export function activateAndResolve(world: GameWorld, action: Extract<PlayerAction, { type: 'activate' }>): ActionResult {
  const result = whenPriorityComes(world, action.player, () => act(world, action))
  if (result.ok) resolveAll(world, null)
  return result
}

/** A special action (play a land, plot) taken once the players before its player have passed. */
export function specialWhenPriority(world: GameWorld, action: Extract<PlayerAction, { type: 'play' | 'plot' }>): ActionResult {
  return whenPriorityComes(world, action.player, () => act(world, action))
}
