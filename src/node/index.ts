/**
 * redzone/node: what needs Node. Scenario files on disk: read and validate one, find them in
 * directories, load, play and check one. Games files exported as training arrays.
 */
export { loadScenarioFile, checkScenarioFile, scenarioFiles } from './scenario-files.js'
export type { FileLoad, CheckOutcome } from './scenario-files.js'
export { readDeckFile } from './deck-files.js'

// Self-play on every core and across machines (piscina, BullMQ)
export { runSelfPlay } from './selfplay/run.js'
export type { SelfPlayOptions } from './selfplay/run.js'
export { benchSelfPlay } from './selfplay/bench.js'
export type { SelfPlayBenchOptions, SelfPlayBenchResult } from './selfplay/bench.js'
export type { SelfPlaySummary } from './selfplay/summary.js'

// Games files as training arrays (.npy files or an .npz), replay-verified: `redzone export`
export { exportGames } from './export.js'
export type { ExportGamesOptions, ExportGamesResult } from './export.js'
