import { readdirSync, readFileSync, realpathSync, statSync, type Stats } from 'node:fs'
import { join } from 'node:path'
import { RedzoneError } from '../core/errors.js'
import { describeValue } from '../core/limits.js'
import { checkPath } from './path-argument.js'
import { loadScenario, type ScenarioIssue } from '../scenario/load.js'
import { runScenario, type ScenarioRun } from '../scenario/run.js'
import type { Scenario } from '../scenario/schema.js'

export type FileLoad = { ok: true; scenario: Scenario } | { ok: false; message: string }

/**
 * Reads and validates a scenario file; an invalid one gets a message naming the file and each JSON
 * path. A `file` that is not a non-empty string throws `RedzoneError` `invalid-argument`.
 */
export function loadScenarioFile(file: string): FileLoad {
  checkPath(file, 'loadScenarioFile: file')
  return loadCheckedFile(file)
}

function loadCheckedFile(file: string): FileLoad {
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

/**
 * The scenario files named: files as given, directories searched for `*.json` (sorted, recursively,
 * following links). `paths` must be a list of non-empty strings, else `invalid-argument`. A link to
 * a folder the search is already in (the folder itself or one above it) would make the search loop
 * for ever: it throws `invalid-argument` naming the link and its target, rather than skipping it
 * unseen. A folder that can't be listed throws `invalid-argument` naming it and why.
 */
export function scenarioFiles(paths: readonly string[]): string[] {
  if (!Array.isArray(paths)) throw new RedzoneError('invalid-argument', `scenarioFiles: paths: expected a list of paths (strings), got ${describeValue(paths)}`)
  for (let i = 0; i < paths.length; i++) checkPath(paths[i], `scenarioFiles: paths[${i}]`)
  const out: string[] = []
  const statOf = (path: string): Stats | null => {
    try {
      return statSync(path)
    } catch {
      return null
    }
  }
  /** The real paths of the folders being searched, from the named one down to the current one. */
  const searching: string[] = []
  const walk = (path: string): void => {
    let real: string
    let entries: string[]
    try {
      real = realpathSync(path)
      entries = readdirSync(path).sort()
    } catch (error) {
      throw new RedzoneError('invalid-argument', `scenarioFiles: ${path}: can't list the folder (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`)
    }
    if (searching.includes(real)) {
      throw new RedzoneError(
        'invalid-argument',
        `scenarioFiles: ${path}: a link to ${real}, a folder it is in: the search would loop (remove the link, or name the folders to search)`,
      )
    }
    searching.push(real)
    for (const entry of entries) {
      const child = join(path, entry)
      // A child that can't be looked at (a broken link) is listed if it is named as a scenario: checking it says why it can't be read.
      if (statOf(child)?.isDirectory()) walk(child)
      else if (entry.endsWith('.json')) out.push(child)
    }
    searching.pop()
  }
  for (const p of paths) {
    // Missing or not a folder: as given (reading it says why it can't be).
    if (statOf(p)?.isDirectory()) walk(p)
    else out.push(p)
  }
  return out
}

export interface CheckOutcome {
  file: string
  status: 'passed' | 'failed' | 'invalid'
  name: string
  details: string[]
}

/** Loads, plays and checks one scenario file. A `file` that is not a non-empty string throws `RedzoneError` `invalid-argument`. */
export function checkScenarioFile(file: string): CheckOutcome {
  checkPath(file, 'checkScenarioFile: file')
  const loaded = loadCheckedFile(file)
  if (!loaded.ok) return { file, status: 'invalid', name: '', details: loaded.message.split('\n') }
  let run: ScenarioRun
  try {
    run = runScenario(loaded.scenario)
  } catch (error) {
    return { file, status: 'failed', name: loaded.scenario.name, details: [`crashed: ${(error as Error).stack ?? String(error)}`] }
  }
  return { file, status: run.failures.length === 0 ? 'passed' : 'failed', name: loaded.scenario.name, details: run.failures }
}
