/**
 * Agents: whoever makes a player's choices in a game (a bot, a search, a person behind a
 * client). One small interface a user can implement.
 */
import { RedzoneError } from '../core/errors.js'
import { countError, LIMITS } from '../core/limits.js'
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

/**
 * Throws `invalid-argument` (`randomAgent.create: seed: ...`) unless `seed` is a seed (`LIMITS.seed`:
 * a whole number from 0 to 2^32 - 1), which the random stream would otherwise cut to one (`>>> 0`):
 * the built-in agents' `create`. `playGame` gives them `mixSeed`'s, always one.
 */
export function checkAgentSeed(seed: unknown, agent: string): void {
  const error = countError(seed, LIMITS.seed)
  if (error !== null) throw new RedzoneError('invalid-argument', `${agent}.create: seed: ${error}`)
}
