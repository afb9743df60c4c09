/**
 * The worker-thread entry (built to dist/selfplay-worker.js): plays one range of a run per task.
 * Agents and the game function are loaded once per run configuration and kept.
 */
import { threadId } from 'node:worker_threads'
import type { RunConfig } from './config.js'
import { playRange, type RangeResult } from './play-range.js'
import type { GameRange } from './seeds.js'
import { loadRun, type LoadedRun } from './load.js'

export interface RangeTask extends GameRange {
  config: RunConfig
  /** Prefix of the worker label (e.g. the host and process in a queue worker). */
  label?: string
}

const loaded = new Map<string, Promise<LoadedRun>>()

export default async function runRangeTask(task: RangeTask): Promise<RangeResult> {
  const key = JSON.stringify(task.config)
  let run = loaded.get(key)
  if (!run) {
    run = loadRun(task.config)
    loaded.set(key, run)
  }
  const { agents, playGame } = await run
  return playRange(task.config, agents, playGame, task, task.label ? `${task.label}/t${threadId}` : `t${threadId}`)
}
