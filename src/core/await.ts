import type { Eid } from '../../components/entity.js'

/**
 * The choices the game stops for (besides priority): what `TurnState.awaiting` holds. While one
 * is pending, nobody has priority; the decider answers it with the matching action.
 */
export enum Await {
  None = 0,
  /** CR 508.1: the active player declares attackers. */
  Attackers = 1,
  /** CR 509.1: the defending players declare blockers. */
  Blockers = 2,
  /** CR 510.1: the attacking player divides combat damage where a creature has a choice. */
  Damage = 3,
  /** CR 701.23: a search, chosen as the ability resolves. */
  Search = 4,
  /** CR 514.1: the active player discards down to the maximum hand size. */
  Discard = 5,
  /** CR 103.5: keep the hand or take a mulligan. */
  Mulligan = 6,
  /** CR 103.5: a player who kept after N mulligans puts N cards on the bottom of their library. */
  Bottom = 7,
}
export type AwaitKind = Await

/** The part of the turn state that says what the runner waits for. */
interface Waiting {
  turn: { awaiting: AwaitKind; decider: Eid; choiceCount: number }
}

/** Stops the step runner until `decider` makes the choice `kind`. */
export function awaitChoice(world: Waiting, kind: AwaitKind, decider: Eid, count = 0): true {
  const turn = world.turn
  turn.awaiting = kind
  turn.decider = decider
  turn.choiceCount = count
  return true
}

/** The choice has been given to the system that waited for it. */
export function choiceMade(world: Waiting): void {
  awaitChoice(world, Await.None, 0)
}
