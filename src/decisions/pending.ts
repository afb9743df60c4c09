import { Await, type AwaitKind } from '../core/await.js'
import type { Decision, DecisionKind } from './action.js'
import { searchOf } from '../rules/spells/resolve.js'
import { stepGivesPriority } from '../turn/runner.js'
import { internalError } from '../core/errors.js'
import { STEP_NAMES } from '../core/steps.js'
import { gameOverRule, isGameOver, winnerOf } from '../core/players.js'
export { winnerOf }
import type { GameWorld } from '../core/world.js'
import type { Eid } from '../core/events.js'

// By `Await` value: None, Attackers, Blockers, Damage, Search, Discard, Mulligan, Bottom.
const KIND: Readonly<Record<AwaitKind, DecisionKind>> = ['priority', 'declareAttackers', 'declareBlockers', 'assignDamage', 'search', 'discard', 'mulligan', 'bottom']

/**
 * The rule that asks for the pending decision of kind `kind` (`gameOverRule` for a finished game:
 * won or drawn). A switch: a read of an object by a kind that varies is a megamorphic keyed load,
 * several times the comparisons (the learning env asks at every decision).
 */
function decisionRule(world: GameWorld, kind: DecisionKind): string {
  switch (kind) {
    case 'priority':
      return '117.3'
    case 'declareAttackers':
      return '508.1'
    case 'declareBlockers':
      return '509.1'
    case 'assignDamage':
      return '510.1'
    case 'search':
      return '701.23'
    case 'discard':
      return '514.1'
    case 'mulligan':
    case 'bottom':
      return '103.5'
    case 'gameOver':
      return gameOverRule(world)
  }
}

/**
 * The kind of the pending decision (`pendingDecision(world).kind`) without building the decision:
 * the gate and the driver's walks ask it at every step.
 */
export function pendingKind(world: GameWorld): DecisionKind {
  const turn = world.turn
  if (isGameOver(world)) return 'gameOver'
  if (turn.awaiting !== Await.None) return KIND[turn.awaiting]
  if (!stepGivesPriority(world)) throw internalError(`no decision in ${STEP_NAMES[turn.step]}`)
  return 'priority'
}

/** Who makes the pending decision of kind `kind` (`pendingKind`): for `gameOver`, the winner (null for a draw). */
export function pendingPlayer(world: GameWorld, kind: DecisionKind): Eid | null {
  if (kind === 'gameOver') return winnerOf(world) || null
  return kind === 'priority' ? world.turn.priority : world.turn.decider
}

/**
 * Who must decide what now (CR 117.3: priority; 508.1, 509.1, 510.1, 701.23, 514.1, 103.5: the
 * choices the game stops for). A game between steps with nobody to decide doesn't exist: `act`
 * and the positions a game is built from always run on to the next decision (CR 502.4, 514.3: no
 * player receives priority in untap and cleanup, so those steps are walked through).
 */
export function pendingDecision(world: GameWorld): Decision {
  const kind = pendingKind(world)
  return { kind, player: pendingPlayer(world, kind), rule: decisionRule(world, kind), count: decisionCount(world, kind) }
}

/**
 * `pendingDecision` into `out` (its fields overwritten), for a caller that asks at every step and
 * keeps the object (the learning env): no object made. The kind, when already asked, is `kind`.
 */
export function pendingDecisionInto(world: GameWorld, out: Decision, kind: DecisionKind = pendingKind(world)): Decision {
  out.kind = kind
  out.player = pendingPlayer(world, kind)
  out.rule = decisionRule(world, kind)
  out.count = decisionCount(world, kind)
  return out
}

/** The `count` of the pending decision of kind `kind` (`Decision.count`): the cards to choose, or the most a search may find; 0 for the others. */
function decisionCount(world: GameWorld, kind: DecisionKind): number {
  return kind === 'priority' || kind === 'gameOver' ? 0 : kind === 'search' ? (searchOf(world.stack[world.stack.length - 1])?.upTo ?? 0) : world.turn.choiceCount
}
