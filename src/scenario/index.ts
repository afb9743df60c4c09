/**
 * redzone/scenario: the `redzone-scenario/1` format without the file system. Validates scenario
 * text (with zod) and plays it on the core engine. Browser-safe: nothing here imports from `node:`.
 */
export { loadScenario } from './load.js'
export type { LoadResult, ScenarioIssue } from './load.js'
export { runScenario, compareExpect } from './run.js'
export type { ScenarioResult, ScenarioRun, ActionOutcome } from './run.js'
export type { Scenario, ScenarioAction, ScenarioExpect } from './schema.js'
