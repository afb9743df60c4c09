/**
 * Agents: whoever makes a player's choices in a game (a bot, a search, a person behind a
 * client). One small interface a user can implement.
 */
import type { Decision, PlayerAction } from '../decisions/action.js'
import type { LegalActions } from '../decisions/legal.js'
import type { GameView } from './view.js'

export interface Agent {
  /**
   * Chooses what to do at a pending decision, from what the player may see (`view`) and the
   * factored legal actions. Must return an action for `decision`; an illegal one is a bug in the
   * agent and ends the game as an error.
   */
  choose(view: GameView, decision: Decision, legal: LegalActions): PlayerAction
}

/** A named kind of agent; `create` gets the agent's own seed (its random stream, apart from the game's). */
export interface AgentFactory {
  readonly name: string
  create(seed: number): Agent
}
