import { activateEquip } from '../rules/actions/activate.js'
import { castSpell } from '../rules/actions/cast.js'
import { playLand } from '../rules/actions/play-land.js'
import { plotCard } from '../rules/actions/plot.js'
import { gameOverError } from '../rules/actions/preconditions.js'
import { checkAttackDeclaration } from '../rules/combat/check-attack.js'
import { checkBlockDeclaration } from '../rules/combat/check-block.js'
import { resetDamagePlan } from '../core/damage-plan-store.js'
import { planCombatDamage, type ExplicitAssignment } from '../rules/combat/plan-combat-damage.js'
import { OK, reject, type ActionResult, type Rejection } from '../core/errors.js'
import type { Eid } from '../core/events.js'
import { searchChoiceError, searchOf } from '../rules/spells/resolve.js'
import { Step } from '../core/steps.js'
import { continueStep, passPriority, resolveTopOfStack, settle } from '../turn/runner.js'
import { isPlayer, label, type GameWorld } from '../core/world.js'
import type { DecisionKind, PlayerAction } from './action.js'
import { pendingDecision } from './pending.js'
import { bottomCards, keepHand, takeMulligan } from './pregame.js'

/** The decision each action answers. */
const ANSWERS: Record<PlayerAction['type'], DecisionKind> = {
  pass: 'priority',
  play: 'priority',
  cast: 'priority',
  activate: 'priority',
  plot: 'priority',
  declareAttackers: 'declareAttackers',
  declareBlockers: 'declareBlockers',
  assignDamage: 'assignDamage',
  search: 'search',
  discard: 'discard',
  mulligan: 'mulligan',
  keep: 'mulligan',
  bottom: 'bottom',
}

const WAITING_FOR: Record<DecisionKind, string> = {
  priority: 'a player with priority to act or pass',
  declareAttackers: 'the declaration of attackers',
  declareBlockers: 'the declaration of blockers',
  assignDamage: 'the division of combat damage',
  search: 'the choice of a search',
  discard: 'the discard to hand size',
  mulligan: 'a mulligan decision',
  bottom: 'the cards put on the bottom after a mulligan',
  gameOver: 'nothing: the game is over',
  none: 'nobody: no player receives priority in this step',
}

/** CR 117.3, 508.1, ...: whether this action answers the pending decision, by its decider. */
function decisionError(world: GameWorld, action: PlayerAction): Rejection | null {
  const over = gameOverError(world)
  if (over) return over
  const player = action.player
  if (!isPlayer(world, player) || world.players.lost[player]) return reject('not-a-player', `${label(world, player)} is not a player in the game`, '102.1')
  const decision = pendingDecision(world)
  if (decision.kind === 'none') return reject('no-priority', 'no player receives priority during the untap and cleanup steps', '117.1')
  const expected = ANSWERS[action.type]
  if (decision.kind !== expected) {
    return reject('not-awaited', `the game is waiting for ${WAITING_FOR[decision.kind]} (CR ${decision.rule}), not "${action.type}"`, decision.rule)
  }
  if (decision.player !== player) {
    const who = decision.player === null ? 'nobody' : label(world, decision.player)
    return expected === 'priority'
      ? reject('not-your-priority', `${who} holds priority, not ${label(world, player)}`, '117.3')
      : reject('not-your-decision', `${who} makes this choice, not ${label(world, player)}`, decision.rule)
  }
  return null
}

/** CR 514.1, 103.5: exactly `count` different cards from the player's hand. */
function handCardsError(world: GameWorld, player: Eid, cards: readonly Eid[], count: number, rule: string): Rejection | null {
  if (cards.length !== count) return reject('illegal-choice', `${label(world, player)} must choose exactly ${count} card${count === 1 ? '' : 's'}, not ${cards.length}`, rule)
  if (new Set(cards).size !== cards.length) return reject('illegal-choice', 'a card is chosen twice', rule)
  const hand = world.zoneLists.get(player)!.hand
  for (const card of cards) if (!hand.includes(card)) return reject('illegal-choice', `${label(world, card)} is not in ${label(world, player)}'s hand`, rule)
  return null
}

function toExplicit(assignments: Extract<PlayerAction, { type: 'assignDamage' }>['assignments']): ExplicitAssignment | null {
  if (assignments.length === 0) return null
  const map = new Map<Eid, [Eid, number][]>()
  for (const { creature, recipient, amount } of assignments) {
    const list = map.get(creature)
    if (list) list.push([recipient, amount])
    else map.set(creature, [[recipient, amount]])
  }
  return map
}

/**
 * Answers the pending decision with a player's action: checked in full first, so a rejected
 * action leaves the game exactly as it was; then the game runs on to the next decision.
 */
export function act(world: GameWorld, action: PlayerAction): ActionResult {
  return answer(world, action, true)
}

/**
 * `act`, with the choice of running on through steps without priority afterwards (`settle`):
 * the driver helpers stop in such steps (an `advance` to cleanup).
 */
export function answer(world: GameWorld, action: PlayerAction, settleAfter: boolean): ActionResult {
  const error = decisionError(world, action)
  if (error) return error
  const { player } = action
  const pending = world.pending
  switch (action.type) {
    case 'pass':
      passPriority(world)
      return OK
    case 'play':
      return playLand(world, player, action.card)
    case 'cast':
      return castSpell(world, { player, card: action.card, target: action.target ?? 0, plot: action.plot ?? false, ...(action.pay ? { pay: action.pay } : {}) })
    case 'activate':
      return activateEquip(world, { player, object: action.object, ability: action.ability, target: action.target, ...(action.pay ? { pay: action.pay } : {}) })
    case 'plot': {
      const result = plotCard(world, { player, card: action.card })
      if (result.ok) world.turn.passes = 0
      return result
    }
    case 'declareAttackers': {
      const checked = checkAttackDeclaration(world, action.attackers)
      if (!checked.ok) return checked
      pending.attackers = action.attackers
      break
    }
    case 'declareBlockers': {
      // CR 509.1a, 802.4a: each defending player declares blocks for their own creatures.
      for (const { blocker } of action.blockers) {
        if (world.place.controller[blocker] !== player && !isPlayer(world, blocker)) {
          return reject('not-your-creature', `${label(world, blocker)} is not controlled by ${label(world, player)}, who declares blocks for their own creatures`, '509.1a')
        }
      }
      const checked = checkBlockDeclaration(world, action.blockers)
      if (!checked.ok) return checked
      pending.blockers = action.blockers
      break
    }
    case 'assignDamage': {
      const explicit = toExplicit(action.assignments)
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
      if (settleAfter) settle(world)
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
  if (settleAfter) settle(world)
  return OK
}
