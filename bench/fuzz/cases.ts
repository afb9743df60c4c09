/**
 * One fuzz case from (seed, index), run in-process, with its outcome, its tallies and every
 * fault found. Three families, by index: generated valid scenarios (index % 10 in 0-3), mutated
 * files (4-6: mutations of a generated scenario or of a file in test/scenarios/**), and random
 * call sequences on the id-level Game API (7-9).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { createGame, isRejectCode, RedzoneError, type Game } from '../../src/index.js'
import { loadScenario, runScenario, type Scenario, type ScenarioRun } from '../../src/scenario/index.js'
import { apiCase } from './api.js'
import { checkWithCli } from './cli-check.js'
import { generateScenario, type Json } from './generate.js'
import { duplicateKey, mutateDoc, mutateText } from './mutate.js'
import { checkStartingSba, checkState, engineIssueKind, errorDetail, errorKind, KEBAB, Recorder, badNumbers, type Fault } from './record.js'
import { FuzzRng } from './rng.js'
import { gameState } from '../../src/api/views.js'

export type { Fault }

export type Family = 'generated' | 'mutated' | 'api'

export interface CaseReport {
  index: number
  family: Family
  /** `valid-run`, `invalid-file`, `api-sequence` or `position-rejected`. */
  outcome: string
  faults: Fault[]
  /** Counts inside the case: `action-ok`, `action-rejected`, `redzone-error`, `cli-run`, `code:<code>`. */
  tallies: Record<string, number>
  /** With `capture`: the input (scenario text, or the call sequence as a script). */
  input?: string
  /** With `capture`: what happened, one line per action or call. */
  trace?: string[]
}

export interface CaseOptions {
  /** Repository root (for test/scenarios/** and dist/cli.js). */
  root: string
  /** Run a scenario case through `node dist/cli.js run FILE --json` when `index % cliEvery < 10` (0: never). */
  cliEvery: number
  capture?: boolean
  /** Directory for the CLI's scenario files. */
  tmpDir?: string
}

export function familyOf(index: number): Family {
  const m = index % 10
  return m < 4 ? 'generated' : m < 7 ? 'mutated' : 'api'
}

let corpusCache: { root: string; files: { path: string; text: string }[] } | null = null

/** The scenario files of test/scenarios/** (valid and invalid), read once. */
export function corpus(root: string): { path: string; text: string }[] {
  if (corpusCache && corpusCache.root === root) return corpusCache.files
  const files: { path: string; text: string }[] = []
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir).sort()) {
      const p = join(dir, entry)
      if (statSync(p).isDirectory()) walk(p)
      else if (entry.endsWith('.json')) files.push({ path: p.slice(root.length + 1), text: readFileSync(p, 'utf8') })
    }
  }
  walk(join(root, 'test', 'scenarios'))
  corpusCache = { root, files }
  return files
}

/** The values the file gives are the values the game starts with (no wrapping of 3e9, no clamping). */
function checkInitialValues(rec: Recorder, scenario: Scenario, game: Game): boolean {
  const state = gameState(game)
  for (const p of scenario.players) {
    const life = p.life ?? 20
    if (state.players[p.id]?.life !== life) rec.fault('initial-value-changed:life', `player ${p.id}: file says life ${life}, game starts with ${state.players[p.id]?.life}`)
  }
  const hosts = new Set(scenario.objects.map((o) => o.attachedTo).filter((h) => h !== undefined))
  for (const o of scenario.objects) {
    if (hosts.has(o.id)) continue
    const s = state.objects[o.id]
    if (!s) continue
    for (const field of ['power', 'toughness', 'loyalty'] as const) {
      const given = o[field]
      if (given === undefined || s[field] === null) continue
      if (s[field] !== given) rec.fault(`initial-value-changed:${field}`, `object ${o.id}: file says ${field} ${given}, game starts with ${s[field]}`)
    }
    if (o.damage !== undefined && s.zone === 'battlefield' && s.damage !== o.damage && s.damage !== 0) {
      rec.fault('initial-value-changed:damage', `object ${o.id}: file says damage ${o.damage}, game starts with ${s.damage}`)
    }
  }
  return checkStartingSba(rec, state)
}

/**
 * The events of a run against the zones they imply: a creature is declared as an attacker or a
 * blocker, or deals combat damage, only while it is on the battlefield (508.1a, 509.1a, 510.2).
 */
function checkEvents(rec: Recorder, scenario: Scenario, events: Record<string, unknown>[]): void {
  const zone = new Map<string, string>(scenario.objects.map((o) => [o.id, o.zone ?? 'battlefield']))
  for (const e of events) {
    const off = (id: unknown): boolean => typeof id === 'string' && zone.has(id) && zone.get(id) !== 'battlefield'
    if (e.event === 'zoneChanged' && typeof e.object === 'string') zone.set(e.object, String(e.to))
    else if (e.event === 'attackerDeclared' && off(e.attacker)) rec.fault('attacker-declared-off-the-battlefield', `${String(e.attacker)} is declared as an attacker while in the ${zone.get(String(e.attacker))} (508.1a)`, true)
    else if (e.event === 'blockerDeclared' && off(e.blocker)) rec.fault('blocker-declared-off-the-battlefield', `${String(e.blocker)} is declared as a blocker while in the ${zone.get(String(e.blocker))} (509.1a)`, true)
    else if (e.event === 'damageDealt' && e.combat === true && off(e.source)) rec.fault('combat-damage-from-off-the-battlefield', `${String(e.source)} deals combat damage while in the ${zone.get(String(e.source))} (510.2)`, true)
  }
}

/** Loads and plays one scenario text with every check; returns the in-process run for the CLI comparison. */
function checkScenarioText(rec: Recorder, text: string, validByConstruction: boolean, twice: boolean): { outcome: string; run: ScenarioRun | null; loadedOk: boolean; crashed: boolean } {
  let loaded
  try {
    loaded = loadScenario(text)
  } catch (error) {
    rec.fault(`load-threw: ${errorKind(error)}`, errorDetail(error))
    return { outcome: 'load-crashed', run: null, loadedOk: false, crashed: true }
  }
  if (!loaded.ok) {
    if (loaded.issues.length === 0) rec.fault('invalid-without-issues', 'loadScenario returned ok: false and no issue')
    for (const issue of loaded.issues) {
      if (typeof issue.path !== 'string' || !issue.path.startsWith('$')) rec.fault('issue-without-json-path', JSON.stringify(issue).slice(0, 200))
      if (typeof issue.message !== 'string' || issue.message.trim() === '') rec.fault('issue-without-message', JSON.stringify(issue).slice(0, 200))
    }
    // The generator's absurd numbers (3e9, 2^53 - 1) are beyond the format's declared ranges
    // (src/core/limits.ts): such a file is invalid by design, with each range named at its path.
    const outOfRange = loaded.issues.every((i) => /must be a whole number from -?\d+ to \d+$/.test(i.message))
    if (validByConstruction && !outOfRange) {
      const first = loaded.issues[0]
      rec.fault(`generated-valid-file-rejected: ${first ? first.path.replace(/\[\d+\]/g, '[N]') : '?'}`, loaded.issues.slice(0, 3).map((i) => `${i.path}: ${i.message}`).join(' | ').slice(0, 400))
    }
    rec.log(`invalid: ${loaded.issues.slice(0, 5).map((i) => `${i.path}: ${i.message}`).join(' | ').slice(0, 600)}`)
    return { outcome: 'invalid-file', run: null, loadedOk: false, crashed: false }
  }
  const scenario = loaded.scenario
  const dup = duplicateKey(text)
  if (dup !== null) rec.fault('duplicate-key-accepted', `the key "${dup.slice(0, 40)}" is given twice in one object and the file loads (docs/scenario-format.md: a key given twice makes the file invalid)`)
  let game: Game | null = null
  let startClean = true
  try {
    game = createGame(scenario)
  } catch (error) {
    const kind = error instanceof RedzoneError ? `loaded-file-rejected-by-engine: ${engineIssueKind(error.message)}` : `create-game-threw: ${errorKind(error)}`
    rec.fault(kind, errorDetail(error).replace(/\n/g, ' '))
    // runScenario builds the same game and throws the same error: one fault is enough.
    return { outcome: 'valid-run', run: null, loadedOk: true, crashed: true }
  }
  if (game) {
    try {
      startClean = checkInitialValues(rec, scenario, game)
    } catch (error) {
      rec.fault(`state-threw: ${errorKind(error)}`, errorDetail(error))
    }
  }
  let run: ScenarioRun
  try {
    run = runScenario(scenario)
  } catch (error) {
    rec.fault(`run-threw: ${errorKind(error)}`, errorDetail(error))
    rec.log(`runScenario threw ${errorDetail(error)}`)
    return { outcome: 'valid-run', run: null, loadedOk: true, crashed: true }
  }
  const actions = scenario.actions ?? []
  run.result.actions.forEach((outcome, i) => {
    const action = actions[i]!
    if (action.do === 'expect') return
    if (outcome.ok) rec.count('action-ok')
    else {
      rec.count('action-rejected')
      const code = outcome.error?.code
      rec.count(`code:${String(code)}`)
      if (typeof code !== 'string' || !KEBAB.test(code)) rec.fault('bad-error-code', `actions[${i}] (${action.do}): code ${JSON.stringify(code)}`)
      else if (!isRejectCode(code)) rec.fault(`code-not-in-REJECT_CODES: ${code}`, `actions[${i}] (${action.do}): code ${JSON.stringify(code)}`)
      if (typeof outcome.error?.message !== 'string' || outcome.error.message === '') rec.fault('rejection-without-message', `actions[${i}] (${action.do})`)
    }
    rec.log(`actions[${i}] ${JSON.stringify(action).slice(0, 200)} -> ${outcome.ok ? 'ok' : `rejected ${outcome.error?.code}: ${outcome.error?.message}`}`)
  })
  for (const failure of run.failures) {
    const m = /^actions\[(\d+)\] \((\w+)\): the rejected action changed the game/.exec(failure)
    if (m) {
      const code = run.result.actions[Number(m[1])]?.error?.code ?? '?'
      rec.fault(`rejection-changed-game: ${m[2]} ${code}`, failure)
    }
  }
  checkEvents(rec, scenario, run.result.events)
  // (A starting position whose state-based actions were not performed is reported once, above.)
  checkState(rec, run.result.state, 'final state', startClean && run.result.actions.some((a, i) => a.ok && actions[i]!.do !== 'expect'))
  try {
    JSON.stringify(run.result)
  } catch (error) {
    rec.fault(`result-not-serializable: ${errorKind(error)}`, errorDetail(error))
  }
  const bad = badNumbers(run.result)
  if (bad.length > 0) rec.fault('result-non-finite-number', bad.join(', '))
  if (twice) {
    // The same file plays the same way (the default seed): compare a second run.
    try {
      if (JSON.stringify(runScenario(scenario).result) !== JSON.stringify(run.result)) rec.fault('nondeterministic-run', 'a second runScenario of the same file gave another result')
    } catch (error) {
      rec.fault(`run-threw: ${errorKind(error)}`, `second run: ${errorDetail(error)}`)
    }
  }
  return { outcome: 'valid-run', run, loadedOk: true, crashed: false }
}

function scenarioCase(rec: Recorder, r: FuzzRng, family: Family, index: number, opt: CaseOptions): { outcome: string; input: string } {
  let text: string
  if (family === 'generated') {
    const doc = generateScenario(r, { absurd: 0.02 })
    text = JSON.stringify(doc, null, r.chance(0.5) ? 2 : 0)
  } else {
    let doc: Json
    let source: string
    if (r.chance(0.5)) {
      doc = generateScenario(r, { absurd: 0.02 })
      source = 'generated'
    } else {
      const file = r.pick(corpus(opt.root))
      source = file.path
      try {
        doc = JSON.parse(file.text) as Json
      } catch {
        doc = null
      }
      if (doc === null) {
        const m = mutateText(r, file.text)
        rec.log(`${source}: ${m.what}`)
        text = m.text
        return finish()
      }
    }
    const n = r.weighted<number>([[6, 1], [3, 2], [1, 4]])
    for (let i = 0; i < n; i++) {
      const m = mutateDoc(r, doc)
      doc = m.doc
      rec.log(`${source}: ${m.what}`)
    }
    text = JSON.stringify(doc, null, r.chance(0.5) ? 2 : 0) ?? 'undefined'
    if (r.chance(0.3)) {
      const m = mutateText(r, text)
      rec.log(`${source}: ${m.what}`)
      text = m.text
    }
  }
  return finish()

  function finish(): { outcome: string; input: string } {
    const checked = checkScenarioText(rec, text, family === 'generated', index % 20 === 0)
    if (opt.cliEvery > 0 && index % opt.cliEvery < 10) {
      rec.count('cli-run')
      for (const f of checkWithCli(opt, index, text, checked)) rec.fault(f.kind, f.detail)
    }
    return { outcome: checked.outcome, input: text }
  }
}

/** Runs case `index` of `seed`. */
export function runCase(seed: number, index: number, opt: CaseOptions): CaseReport {
  const r = new FuzzRng(seed, index)
  const family = familyOf(index)
  const rec = new Recorder(opt.capture ?? false)
  let outcome: string
  let input: string
  try {
    const done = family === 'api' ? apiCase(rec, r) : scenarioCase(rec, r, family, index, opt)
    outcome = done.outcome
    input = done.input
  } catch (error) {
    // A bug of the fuzzer itself, reported as such.
    rec.fault(`fuzzer-error: ${errorKind(error)}`, errorDetail(error))
    outcome = 'fuzzer-error'
    input = ''
  }
  const report: CaseReport = { index, family, outcome, faults: rec.faults, tallies: rec.tallies }
  if (opt.capture) {
    report.input = input
    report.trace = rec.trace ?? []
  }
  return report
}

