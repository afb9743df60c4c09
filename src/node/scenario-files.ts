import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { loadScenario, type ScenarioIssue } from '../scenario/load.js'
import { runScenario, type ScenarioRun } from '../scenario/run.js'
import type { Scenario } from '../scenario/schema.js'

export type FileLoad = { ok: true; scenario: Scenario } | { ok: false; message: string }

/** Reads and validates a scenario file; an invalid one gets a message naming the file and each JSON path. */
export function loadScenarioFile(file: string): FileLoad {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    return { ok: false, message: `${file}: can't read the file: ${(error as Error).message}` }
  }
  const loaded = loadScenario(text)
  if (!loaded.ok) return { ok: false, message: formatIssues(file, loaded.issues) }
  return { ok: true, scenario: loaded.scenario }
}

export function formatIssues(file: string, issues: readonly ScenarioIssue[]): string {
  return issues.map((i) => `${file}: ${i.path}: ${i.message}`).join('\n')
}

/** The scenario files named: files as given, directories searched for `*.json` (sorted, recursively). */
export function scenarioFiles(paths: readonly string[]): string[] {
  const out: string[] = []
  const walk = (path: string): void => {
    let stat
    try {
      stat = statSync(path)
    } catch {
      out.push(path)
      return
    }
    if (!stat.isDirectory()) {
      out.push(path)
      return
    }
    for (const entry of readdirSync(path).sort()) {
      const child = join(path, entry)
      if (statSync(child).isDirectory()) walk(child)
      else if (entry.endsWith('.json')) out.push(child)
    }
  }
  for (const p of paths) walk(p)
  return out
}

export interface CheckOutcome {
  file: string
  status: 'passed' | 'failed' | 'invalid'
  name: string
  details: string[]
}

/** Loads, plays and checks one scenario file. */
export function checkScenarioFile(file: string): CheckOutcome {
  const loaded = loadScenarioFile(file)
  if (!loaded.ok) return { file, status: 'invalid', name: '', details: loaded.message.split('\n') }
  let run: ScenarioRun
  try {
    run = runScenario(loaded.scenario)
  } catch (error) {
    return { file, status: 'failed', name: loaded.scenario.name, details: [`crashed: ${(error as Error).stack ?? String(error)}`] }
  }
  return { file, status: run.failures.length === 0 ? 'passed' : 'failed', name: loaded.scenario.name, details: run.failures }
}
