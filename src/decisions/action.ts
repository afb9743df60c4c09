import type { KeywordName } from '../../components/keywords.js'
import type { Eid } from '../core/events.js'

/**
 * Every choice a player makes in a game, as one typed union: the answer to a pending decision
 * (`pendingDecision`). `R` is how objects and players are named: entity ids at the entity level,
 * the position's string ids in the `Game` API. Validated by `act`, enumerated by `legalActions`.
 */
export type PlayerAction<R = Eid> =
  /** CR 117.3d: pass priority. */
  | { type: 'pass'; player: R }
  /** CR 305.1, 116.2a: play a land (a special action). */
  | { type: 'play'; player: R; card: R }
  /** CR 601: cast a spell (target: the one target, if it has one; plot: cast a plotted card from exile, 702.170d; pay: the lands to tap). */
  | { type: 'cast'; player: R; card: R; target?: R; plot?: boolean; pay?: readonly R[] }
  /** CR 602, 702.6: activate an equip ability. */
  | { type: 'activate'; player: R; object: R; ability: 'equip' | 'equip planeswalker'; target: R; pay?: readonly R[] }
  /** CR 702.170a, 116.2k: the plot special action. */
  | { type: 'plot'; player: R; card: R }
  /** CR 508.1: the active player's attack declaration, in declaration order. */
  | { type: 'declareAttackers'; player: R; attackers: readonly { attacker: R; target: R }[] }
  /** CR 509.1: the defending players' block declaration; blockers of one attacker in the order listed. */
  | { type: 'declareBlockers'; player: R; blockers: readonly { blocker: R; attacker: R }[] }
  /** CR 510.1: explicit damage divisions; creatures not named use the default assignment. */
  | { type: 'assignDamage'; player: R; assignments: readonly { creature: R; recipient: R; amount: number }[] }
  /** CR 701.23: the cards a search finds, chosen as it resolves (null: decline a "you may" search). */
  | { type: 'search'; player: R; cards: readonly R[] | null }
  /** CR 514.1: the cards discarded down to the maximum hand size. */
  | { type: 'discard'; player: R; cards: readonly R[] }
  /** CR 103.5: take a mulligan. */
  | { type: 'mulligan'; player: R }
  /** CR 103.5: keep the hand. */
  | { type: 'keep'; player: R }
  /** CR 103.5: the cards put on the bottom of the library after keeping a hand with N mulligans. */
  | { type: 'bottom'; player: R; cards: readonly R[] }

/**
 * Effects from outside the game (the scenario format's `grant`, `lose`, `dealDamage`, `destroy`,
 * `exile`, `removeFromCombat`): what a resolved spell or ability the engine doesn't model, a
 * judge or a test would do. They belong to no player and answer no decision: `act` applies them
 * at any time while the game is on, then performs state-based actions (CR 704.3). A server that
 * relays players' moves accepts only `PlayerAction`s (`isPlayerAction`).
 */
export type OutsideEffect<R = Eid> =
  /** CR 611.2, 613.1f, 613.4c: until end of turn the permanent gains keywords and gets +power/+toughness. */
  | { type: 'grant'; object: R; keywords?: readonly KeywordName[]; power?: number; toughness?: number }
  /** CR 611.2, 613.1f: until end of turn the permanent loses keywords. */
  | { type: 'lose'; object: R; keywords: readonly KeywordName[] }
  /** CR 120: noncombat damage, with the source's deathtouch and lifelink (no source: none). */
  | { type: 'dealDamage'; source?: R; to: R; amount: number }
  /** CR 701.8: destroy a permanent. */
  | { type: 'destroy'; object: R }
  /** CR 701.13: exile an object from any zone but exile. */
  | { type: 'exile'; object: R }
  /** CR 506.4: remove a permanent from combat. */
  | { type: 'removeFromCombat'; object: R }

/** Every change to a game: a player's action or an effect from outside the game. `act` takes each. */
export type Action<R = Eid> = PlayerAction<R> | OutsideEffect<R>

export type ActionType = PlayerAction['type']
export type EffectType = OutsideEffect['type']

export const ACTION_TYPES = [
  'pass', 'play', 'cast', 'activate', 'plot', 'declareAttackers', 'declareBlockers', 'assignDamage',
  'search', 'discard', 'mulligan', 'keep', 'bottom',
] as const satisfies readonly ActionType[]

export const EFFECT_TYPES = ['grant', 'lose', 'dealDamage', 'destroy', 'exile', 'removeFromCombat'] as const satisfies readonly EffectType[]

/** Whether an action is a player's (answers a decision) rather than an effect from outside the game. */
export function isPlayerAction<R>(action: Action<R>): action is PlayerAction<R> {
  // Any value (a server filters untrusted moves with this): null or a string is none. A switch over
  // `ACTION_TYPES` (test/decisions/action-types.test.ts holds them equal), not a set: the gate asks
  // at every declaration, and a set's lookup by string is the slower.
  // Typed as the union, so that a case naming no action type doesn't compile.
  switch ((action as { type?: unknown } | null)?.type as ActionType | undefined) {
    case 'pass':
    case 'play':
    case 'cast':
    case 'activate':
    case 'plot':
    case 'declareAttackers':
    case 'declareBlockers':
    case 'assignDamage':
    case 'search':
    case 'discard':
    case 'mulligan':
    case 'keep':
    case 'bottom':
      return true
    default:
      return false
  }
}

/** What the game waits for. `priority`: the player may pass, play a land, cast, activate or plot. */
export type DecisionKind =
  | 'priority'
  | 'declareAttackers'
  | 'declareBlockers'
  | 'assignDamage'
  | 'search'
  | 'discard'
  | 'mulligan'
  | 'bottom'
  | 'gameOver'

/** Who decides what now, with the rule that asks for it. */
export interface Decision<R = Eid> {
  kind: DecisionKind
  /** The player who decides (for `gameOver`, the winner, or null for a draw). */
  player: R | null
  /** The rule that asks for the choice. */
  rule: string
  /** `discard` and `bottom`: exactly this many cards; `search`: up to this many. */
  count: number
}
