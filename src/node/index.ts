/**
 * redzone/node: what needs Node. Scenario files on disk: read and validate one, find them in
 * directories, load, play and check one.
 */
export { loadScenarioFile, checkScenarioFile, scenarioFiles } from '../cli/scenario-files.js'
export type { FileLoad, CheckOutcome } from '../cli/scenario-files.js'
