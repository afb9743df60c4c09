/** Loads what a run names: agents (built-in or ES modules) and an optional game module. */
import { existsSync } from 'node:fs'
import { isAbsolute, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { AgentFactory } from '../../play/agent.js'
import { GameTable } from '../../play/play-game.js'
import { RedzoneError } from '../../core/errors.js'
import type { RunConfig } from './config.js'
import type { PlayGameFn } from './play-range.js'
import { builtinAgent, checkAgentFactory, isAgentPath } from './registry.js'
import { checkRunDecks } from './decks.js'

/** An `--agents` entry as workers on any machine see it: a built-in name, or an absolute path. */
export function normalizeAgentSpec(spec: string, cwd = process.cwd()): string {
  return isAgentPath(spec) ? (isAbsolute(spec) ? spec : resolve(cwd, spec)) : spec
}

async function importModule(path: string, what: string): Promise<Record<string, unknown>> {
  if (!existsSync(path)) throw new RedzoneError('usage', `${what} ${path}: no such file`)
  try {
    return (await import(pathToFileURL(path).href)) as Record<string, unknown>
  } catch (error) {
    throw new RedzoneError('usage', `${what} ${path}: can't load it: ${(error as Error).message.split('\n')[0]}`)
  }
}

/** The AgentFactory an `--agents` entry names (a built-in name or a module with a default or `agent` export). */
export async function loadAgent(spec: string): Promise<AgentFactory> {
  if (!isAgentPath(spec)) return builtinAgent(spec)
  const module = await importModule(spec, 'agent module')
  return checkAgentFactory(module.default ?? module.agent, `agent module ${spec}`)
}

/**
 * The game function of a run: the engine's (a `GameTable` of this thread, which builds each deck
 * pair's game once and plays the same games as `playGame`), or the `--game-module`'s.
 */
export async function loadPlayGame(gameModule: string | undefined): Promise<PlayGameFn> {
  if (gameModule === undefined) {
    const table = new GameTable()
    return (options) => table.play(options)
  }
  const module = await importModule(gameModule, 'game module')
  const fn = module.playGame ?? module.default
  if (typeof fn !== 'function') throw new RedzoneError('usage', `game module ${gameModule}: expected a function exported as "playGame" or default`)
  return fn as PlayGameFn
}

export interface LoadedRun {
  /** One per seat, as listed. */
  agents: AgentFactory[]
  playGame: PlayGameFn
}

/** Checks the decks and loads the agents and game function of `config` (usage errors for bad names). */
export async function loadRun(config: RunConfig, playGame?: PlayGameFn): Promise<LoadedRun> {
  checkRunDecks(config)
  const agents: AgentFactory[] = []
  for (const spec of config.agents) agents.push(await loadAgent(spec))
  return { agents, playGame: playGame ?? (await loadPlayGame(config.gameModule)) }
}
