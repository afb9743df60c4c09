/** Names a self-play run may use: the built-in agents and decks (deck files: `decks.ts`), with clear errors for others. */
import type { AgentFactory } from '../../play/agent.js'
import { agentFactoryError } from '../../play/play-options.js'
import { DECKS } from '../../rules/cards/pool.js'
import { heuristicAgent } from '../../play/agents/heuristic.js'
import { randomAgent } from '../../play/agents/random.js'
import { searchAgent } from '../../play/agents/search.js'
import { RedzoneError } from '../../core/errors.js'

const BUILTIN_AGENTS: ReadonlyMap<string, AgentFactory> = new Map([
  ['random', randomAgent],
  ['heuristic', heuristicAgent],
  ['search', searchAgent],
])

export function builtinAgentNames(): string[] {
  return [...BUILTIN_AGENTS.keys()]
}

/** Whether an `--agents` entry is a module path rather than a built-in name. */
export function isAgentPath(spec: string): boolean {
  return /[\\/]/.test(spec) || /\.[cm]?[jt]s$/.test(spec)
}

/** The built-in agent `name`, or a usage error listing the names and the path form. */
export function builtinAgent(name: string): AgentFactory {
  const factory = BUILTIN_AGENTS.get(name)
  if (!factory) {
    throw new RedzoneError('usage', 
      `unknown agent "${name}": built-in agents are ${builtinAgentNames().join(', ')}; or give a path to an ES module exporting an AgentFactory`,
    )
  }
  return factory
}

/** Checks that `value` is an AgentFactory (a name and a create function); `where` names its origin. */
export function checkAgentFactory(value: unknown, where: string): AgentFactory {
  // The one check of an agent factory (`agentFactoryError`, as playGame and VecEnv ask it).
  const error = agentFactoryError(value)
  if (error !== null) throw new RedzoneError('usage', `${where}: the default export or the export "agent": ${error}`)
  return value as AgentFactory
}

export function builtinDeckNames(): string[] {
  return Object.keys(DECKS)
}
