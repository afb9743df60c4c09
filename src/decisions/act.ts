import { activateEquip } from '../rules/actions/activate.js'
import { castSpell } from '../rules/actions/cast.js'
import { playLand } from '../rules/actions/play-land.js'
import { plotCard } from '../rules/actions/plot.js'
import { actorError } from '../rules/actions/preconditions.js'
import { checkAttackDeclaration } from '../rules/combat/check-attack.js'
import { checkBlockDeclaration } from '../rules/combat/check-block.js'
import { resetDamagePlan } from '../core/damage-plan-store.js'
import { planCombatDamage } from '../rules/combat/plan-combat-damage.js'
import { OK, reject, type ActionResult, type Rejection } from '../core/errors.js'
import type { Eid } from '../core/events.js'
import { searchChoiceError, searchOf } from '../rules/spells/resolve.js'
import { Step } from '../core/steps.js'
import { continueStep, passPriority, priorityGiven, resolveTopOfStack, settle } from '../turn/runner.js'
import { Await, choiceMade } from '../core/await.js'
import { checkStateBasedActions } from '../../systems/check-state-based-actions.js'
import * as outside from '../rules/actions/outside-effects.js'
import { keywordBit } from '../../components/keywords.js'
import { RedzoneError } from '../core/errors.js'
import { hasPriorityOption } from './legal.js'
import { label, repeats, type GameWorld } from '../core/world.js'
import { inGame, isGameOver } from '../core/players.js'
import { EFFECT_TYPES, isPlayerAction, type Action, type DecisionKind, type OutsideEffect, type PlayerAction } from './action.js'
import { pendingDecision, pendingKind, pendingPlayer } from './pending.js'
import { bottomCards, keepHand, takeMulligan } from './pregame.js'

/**
 * The decision an action answers: the actions taken with priority (CR 117.1), keeping a hand
 * answers the mulligan decision (103.5), and each other action the choice of its own name. A
 * switch, not a table: the gate asks it at every action, and a lookup by name is a slow one.
 */
function answers(type: PlayerAction['type']): DecisionKind {
  switch (type) {
    case 'pass':
    case 'play':
    case 'cast':
    case 'activate':
    case 'plot':
      return 'priority'
    case 'keep':
      return 'mulligan'
    default:
      return type
  }
}

/** CR 117.3, 508.1, ...: whether this action answers the pending decision, by its decider. */
function decisionError(world: GameWorld, action: PlayerAction): Rejection | null {
  const player = action.player
  // The decision's kind and decider only: the whole decision is built for a rejection.
  const kind = pendingKind(world)
  const expected = answers(action.type)
  const decider = pendingPlayer(world, kind)
  // The decider answering leaves `actorError` nothing to say.
  if (kind === expected && answersAs(world, decider, player)) return null
  const actor = actorError(world, player)
  if (actor) return actor
  const { rule } = pendingDecision(world)
  // The decision by its kind's name, as `pendingDecision().kind` gives it.
  if (kind !== expected) return reject('not-awaited', `the pending decision is ${kind} (CR ${rule}), not "${action.type}"`, rule)
  const who = decider === null ? 'nobody' : label(world, decider)
  return expected === 'priority'
    ? reject('not-your-priority', `${who} holds priority, not ${label(world, player)}`, '117.3')
    : reject('not-your-decision', `${who} makes this choice, not ${label(world, player)}`, rule)
}

/** CR 514.1, 103.5: exactly `count` different cards from the player's hand. */
function handCardsError(world: GameWorld, player: Eid, cards: readonly Eid[], count: number, rule: string): Rejection | null {
  if (cards.length !== count) return reject('illegal-choice', `${label(world, player)} must choose exactly ${count} card${count === 1 ? '' : 's'}, not ${cards.length}`, rule)
  // An id past the entities is no card of the hand, below.
  if (repeats(world, cards)) return reject('illegal-choice', 'a card is chosen twice', rule)
  const hand = world.zoneLists[player]!.hand
  for (const card of cards) if (!hand.includes(card)) return reject('illegal-choice', `${label(world, card)} is not in ${label(world, player)}'s hand`, rule)
  return null
}

/**
 * The one gate: every change to a game goes through here. A player's action answers the pending
 * decision (`pendingDecision`) and is checked in full first, so a rejected action leaves the game
 * exactly as it was; then the game runs on to the next decision (steps without priority, CR 502.4
 * and 514.3, are walked through). An effect from outside the game is applied while the game is
 * on, then state-based actions are performed.
 */
export function act(world: GameWorld, action: Action): ActionResult {
  if (action.type === 'pass') return pass(world, action)
  if (isPlayerAction(action)) return answer(world, action)
  if (!(EFFECT_TYPES as readonly string[]).includes(action.type)) throw new RedzoneError('invalid-argument', `action.type: no action "${String(action.type)}"`)
  return applyEffect(world, action)
}

/**
 * CR 117.3d: the player who holds priority passes when passing is all they can do (no land,
 * spell, ability or special action is possible). Returns whether they passed. The same pass `act`
 * makes, without building the decision or the legal actions: the fast path of whole games.
 */
export function passIfForced(world: GameWorld): boolean {
  const turn = world.turn
  if (!priorityGiven(world) || hasPriorityOption(world, turn.priority)) return false
  passPriority(world)
  return true
}

/**
 * CR 117.3, 800.4a: whether `player` is the pending decision's `decider` (`pendingPlayer`) and
 * still in the game (a player who left can't answer the choice they were asked before, even on a
 * position restored so). The one check of the decider, for `decisionError` and `pass`.
 */
function answersAs(world: GameWorld, decider: Eid | null, player: Eid): boolean {
  return decider === player && inGame(world, player)
}

/**
 * CR 117.3d: a pass by the player who holds priority (the game's most frequent action), taken
 * without `answer`'s dispatch: a priority decision (`priorityGiven`, which is `pendingKind`
 * saying 'priority') and its decider. Any other pass goes through `answer`, which words its rejection.
 */
function pass(world: GameWorld, action: PlayerAction): ActionResult {
  if (priorityGiven(world) && answersAs(world, pendingPlayer(world, 'priority'), action.player)) {
    passPriority(world)
    return OK
  }
  return answer(world, action)
}

/** CR 117.3c: after a player casts a spell, activates an ability or takes a special action, that player receives priority. */
function keepPriority(world: GameWorld, player: Eid, result: ActionResult): ActionResult {
  if (result.ok) {
    world.turn.priority = player
    world.turn.passes = 0
  }
  return result
}

function answer(world: GameWorld, action: PlayerAction): ActionResult {
  const error = decisionError(world, action)
  if (error) return error
  const { player } = action
  const pending = world.pending
  switch (action.type) {
    case 'pass':
      passPriority(world)
      return OK
    case 'play':
      return keepPriority(world, player, playLand(world, player, action.card))
    case 'cast':
      // The action is the request (no copy made): a cast's and an activation's requests have no
      // field that isn't the action's.
      return keepPriority(world, player, castSpell(world, action))
    case 'activate':
      return keepPriority(world, player, activateEquip(world, action))
    case 'plot':
      // From the hand: a zone to plot from (702.170g) is an effect's, which no player's action names.
      return keepPriority(world, player, plotCard(world, player, action.card))
    case 'declareAttackers': {
      const checked = checkAttackDeclaration(world, action.attackers)
      if (!checked.ok) return checked
      pending.attackers = action.attackers
      break
    }
    case 'declareBlockers': {
      // CR 509.1a, 802.4a: each defending player declares blocks for their own creatures.
      const checked = checkBlockDeclaration(world, action.blockers, player)
      if (!checked.ok) return checked
      pending.blockers = action.blockers
      break
    }
    case 'assignDamage': {
      // The action's own list (the damage step reads it before `act` returns, and keeps nothing of it).
      const explicit = action.assignments.length > 0 ? action.assignments : null
      if (explicit !== null) {
        const planned = planCombatDamage(world, world.turn.step === Step.FirstStrikeDamage ? 'first' : 'regular', explicit)
        resetDamagePlan(world.plan)
        if (!planned.ok) return planned
      }
      pending.assignmentGiven = true
      pending.assignment = explicit
      break
    }
    case 'search': {
      const top = world.stack[world.stack.length - 1]!
      const spec = searchOf(top)!
      if (action.cards !== null) {
        const invalid = searchChoiceError(world, player, top.kind === 'spell' ? top.card : top.source, spec, action.cards)
        if (invalid) return invalid
      }
      pending.searchGiven = true
      pending.search = action.cards
      resolveTopOfStack(world)
      settle(world)
      return OK
    }
    case 'discard': {
      const invalid = handCardsError(world, player, action.cards, world.turn.choiceCount, '514.1')
      if (invalid) return invalid
      pending.discard = action.cards
      break
    }
    case 'mulligan':
      return takeMulligan(world, player)
    case 'keep':
      return keepHand(world, player)
    case 'bottom': {
      const invalid = handCardsError(world, player, action.cards, world.turn.choiceCount, '103.5')
      if (invalid) return invalid
      bottomCards(world, player, action.cards)
      return OK
    }
  }
  continueStep(world)
  settle(world)
  return OK
}

function keywordsToMask(names: readonly string[] | undefined): number {
  let mask = 0
  for (const name of names ?? []) {
    const bit = keywordBit(name)
    if (bit === 0) throw new RedzoneError('invalid-argument', `unknown keyword ${JSON.stringify(name)}`)
    mask |= bit
  }
  return mask
}

/** An effect from outside the game, then state-based actions (CR 704.3), as a player would then receive priority (117.5). */
function applyEffect(world: GameWorld, effect: OutsideEffect): ActionResult {
  let result: ActionResult
  switch (effect.type) {
    case 'grant':
      result = outside.grant(world, effect.object, keywordsToMask(effect.keywords), effect.power, effect.toughness)
      break
    case 'lose':
      result = outside.lose(world, effect.object, keywordsToMask(effect.keywords))
      break
    case 'dealDamage':
      result = outside.dealDamage(world, effect.source ?? 0, effect.to, effect.amount)
      break
    case 'destroy':
      result = outside.destroy(world, effect.object)
      break
    case 'exile':
      result = outside.exile(world, effect.object)
      break
    case 'removeFromCombat':
      result = outside.removeFromCombat(world, effect.object)
      break
  }
  if (result.ok) {
    checkStateBasedActions(world)
    goOnWithoutLeaver(world)
  }
  return result
}

/**
 * CR 800.4a, 800.4j: a choice owed by a player who has left the game is never made, and the game
 * goes on: a mulligan or the cards to put back are over for them (103.5; their cards left with
 * them); a step's turn-based action runs again, with nothing of theirs left to ask about, or after
 * a search (which ceased to exist with its ability: `leaveGame`) the active player receives
 * priority (the step's turn-based actions are done), as after a resolution (117.3b).
 */
function goOnWithoutLeaver(world: GameWorld): void {
  const turn = world.turn
  const decider = turn.decider
  // Its decider still in the game (no choice awaited: no decider, entity 0, never lost), or the game over.
  if (inGame(world, decider) || isGameOver(world)) return
  // The next mulligan decision (`nextMulliganDecision` passes over a player who has left), or the step goes on.
  if (turn.awaiting >= Await.Mulligan) bottomCards(world, decider, [])
  else {
    choiceMade(world)
    continueStep(world)
    settle(world)
  }
}
