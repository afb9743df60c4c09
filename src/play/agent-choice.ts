/**
 * An agent's choice as `playGame` asks for it: a value that is not an action, an action of the
 * wrong shape (`checkActionShape`: the field named) or an effect from outside the game is an
 * `illegal-agent-action` error naming the agent, its seat, the decision and what it returned, so a
 * record's `error` says whose bug it is (rather than the engine's TypeError reading it, or a Map
 * read as an empty declaration); an error the agent throws is recorded with the same prefix and its
 * own message.
 */
import { RedzoneError } from '../core/errors.js'
import { describeValue } from '../core/limits.js'
import { ACTION_TYPES, EFFECT_TYPES, isPlayerAction, type Action, type Decision, type PlayerAction } from '../decisions/action.js'
import { checkActionShape } from '../decisions/action-shape.js'
import type { LegalActions } from '../decisions/legal.js'
import type { Agent, AgentFactory } from './agent.js'
import type { GameView } from './view.js'

/** An agent in its seat of one game. */
export interface SeatedAgent {
  agent: Agent
  view: GameView
  name: string
  seat: number
}

export function agentLabel(seated: { name: string; seat: number }): string {
  return `agent "${seated.name}" (seat ${seated.seat})`
}

/**
 * An agent in its seat: `factory.create(seed)`, checked to be an agent. An error `create` throws,
 * or a value that is no agent, is the agent's failure in this game (`illegal-agent-action` naming
 * it and its seat), recorded as the others are; the factory itself was checked before the game.
 */
export function seatAgent(factory: AgentFactory, seed: number, view: GameView, seat: number): SeatedAgent {
  const name = factory.name
  let agent: unknown
  try {
    agent = factory.create(seed)
  } catch (error) {
    throw new RedzoneError('illegal-agent-action', `${agentLabel({ name, seat })} threw when created: ${error instanceof Error ? error.message : String(error)}`)
  }
  if (typeof agent !== 'object' || agent === null || typeof (agent as Partial<Agent>).choose !== 'function') {
    throw new RedzoneError('illegal-agent-action', `${agentLabel({ name, seat })}: create returned ${describeValue(agent)}, not an Agent { choose(view, decision, legal) }`)
  }
  return { agent: agent as Agent, view, name, seat }
}

/** A short description of a value an agent returned: `undefined`, `null`, `the string "pass"`, `{"kind":"pass"}`. */
function describe(value: unknown): string {
  if (value === undefined || value === null) return String(value)
  if (typeof value === 'string') return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}...` : value)}`
  if (typeof value !== 'object') return `${typeof value} ${String(value)}`
  let text: string
  try {
    text = JSON.stringify(value) ?? String(value)
  } catch {
    text = Object.prototype.toString.call(value)
  }
  return `${Array.isArray(value) ? 'an array ' : 'an object without a string "type" '}${text.length > 80 ? `${text.slice(0, 80)}...` : text}`
}

/** `seated.agent.choose(...)`, its result checked to be a player's action of the right shape (`checkActionShape`; legality is `act`'s to check). */
export function chooseChecked(seated: SeatedAgent, decision: Decision, legal: LegalActions): PlayerAction {
  let action: unknown
  try {
    action = seated.agent.choose(seated.view, decision, legal)
  } catch (error) {
    throw new RedzoneError('illegal-agent-action', `${agentLabel(seated)} threw at a ${decision.kind} decision: ${error instanceof Error ? error.message : String(error)}`)
  }
  if (typeof action !== 'object' || action === null || Array.isArray(action) || typeof (action as { type?: unknown }).type !== 'string') {
    throw new RedzoneError('illegal-agent-action', `${agentLabel(seated)} returned ${describe(action)} at a ${decision.kind} decision`)
  }
  const type = (action as { type: string }).type
  if (!isPlayerAction(action as Action)) {
    // An effect from outside the game (`destroy`, `grant`, ...) is no answer to a decision: an agent plays by the rules.
    throw new RedzoneError(
      'illegal-agent-action',
      (EFFECT_TYPES as readonly string[]).includes(type)
        ? `${agentLabel(seated)} returned the outside effect "${type}" at a ${decision.kind} decision: an agent answers with a player's action`
        : `${agentLabel(seated)} returned an action of type ${JSON.stringify(type)} at a ${decision.kind} decision: a player's action is one of ${ACTION_TYPES.join(', ')}`,
    )
  }
  try {
    checkActionShape(action)
  } catch (error) {
    throw new RedzoneError('illegal-agent-action', `${agentLabel(seated)} returned an action of the wrong shape at a ${decision.kind} decision: ${(error as Error).message.replace(/^redzone: /, '')}`)
  }
  return action as PlayerAction
}
