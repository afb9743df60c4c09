/**
 * One fuzz case from (seed, index), run in-process, with its outcome, its tallies and every
 * fault found. Three families, by index: generated valid scenarios (index % 10 in 0-3), mutated
 * files (4-6: mutations of a generated scenario or of a file in test/scenarios/**), and random
 * call sequences on the id-level Game API (7-9).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { createGame, loadScenario, RedzoneError, runScenario, worldDigest, type Game, type GameState, type Scenario, type ScenarioRun } from '../../src/index.js'
import { checkWithCli } from './cli-check.js'
import { generatePosition, generateScenario, KEYWORDS, STEPS, type Json, type JsonObject } from './generate.js'
import { duplicateKey, mutateDoc, mutateText } from './mutate.js'
import { FuzzRng } from './rng.js'

export type Family = 'generated' | 'mutated' | 'api'

export interface Fault {
  /** The class of fault: the same bug gives the same kind (ids and numbers taken out). */
  kind: string
  detail: string
}

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

const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*$/

/** Takes ids, quoted text and numbers out of a message, so one bug is one kind. */
export function normalize(message: string): string {
  return message
    .split('\n')[0]!
    .replace(/"(?:[^"\\]|\\.)*"/g, '"…"')
    .replace(/'(?:[^'\\]|\\.)*'/g, "'…'")
    .replace(/-?\d+(\.\d+)?(e[+-]?\d+)?|\bNaN\b|-?Infinity/gi, 'N')
    .slice(0, 90)
}

function errorKind(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${normalize(error.message)}`
  return `non-error thrown: ${typeof error}`
}

/** "at $.objects[3].attachedTo: ... (CR 702.5c)" -> "attachedTo (CR 702.5c)": one kind per field and rule. */
function engineIssueKind(message: string): string {
  const line = message.split('\n').find((l) => /^\s*at \$/.test(l)) ?? message
  const field = /^\s*at \$[^:]*?([A-Za-z]+)(\[\d+\])?:/.exec(line)?.[1] ?? '?'
  const rule = /\(CR ([\d.a-z]+)\)/.exec(line)?.[1]
  return `${field}${rule ? ` (CR ${rule})` : ''}`
}

function errorDetail(error: unknown): string {
  if (error instanceof Error) {
    const frame = (error.stack ?? '').split('\n').find((l) => /^\s+at /.test(l))?.trim() ?? ''
    return `${error.name}: ${error.message.split('\n')[0]!.slice(0, 200)} ${frame}`
  }
  return String(error)
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

class Recorder {
  faults: Fault[] = []
  tallies: Record<string, number> = {}
  trace: string[] | undefined
  constructor(capture: boolean) {
    this.trace = capture ? [] : undefined
  }
  /** Records a fault; the first of its kind in a case only, when `once`. */
  fault(kind: string, detail: string, once = false): void {
    if (this.faults.some((f) => f.kind === kind && (once || f.detail === detail))) return
    this.faults.push({ kind, detail })
  }
  count(what: string, n = 1): void {
    this.tallies[what] = (this.tallies[what] ?? 0) + n
  }
  log(line: string): void {
    this.trace?.push(line)
  }
}

/** Numbers a JSON result can't carry (NaN, Infinity) or that left the safe integers. */
function badNumbers(value: unknown, path = '$', out: string[] = []): string[] {
  if (out.length > 3) return out
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) out.push(`${path} = ${value}`)
  } else if (Array.isArray(value)) value.forEach((v, i) => badNumbers(v, `${path}[${i}]`, out))
  else if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) badNumbers(v, `${path}.${k}`, out)
  return out
}

/**
 * Invariants of any game state: finite numbers; and, once state-based actions have been checked
 * (`afterSba`: after an accepted action), no player in the game at 0 or less life (704.5a).
 */
function checkState(rec: Recorder, state: GameState, where: string, afterSba: boolean): void {
  const bad = badNumbers(state)
  if (bad.length > 0) rec.fault('state-non-finite-number', `${where}: ${bad.join(', ')}`, true)
  if (!afterSba) return
  for (const [id, p] of Object.entries(state.players)) {
    if (!p.lost && p.life <= 0) rec.fault('alive-at-nonpositive-life-after-an-action', `${where}: player ${id} has ${p.life} life and has not lost (704.5a)`, true)
  }
}

/** The values the file gives are the values the game starts with (no wrapping of 3e9, no clamping). */
function checkInitialValues(rec: Recorder, scenario: Scenario, game: Game): boolean {
  const state = game.state()
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

/** FORMAT.md: "The starting position has had its state-based actions checked." Returns whether it has. */
function checkStartingSba(rec: Recorder, state: GameState): boolean {
  const before = rec.faults.length
  for (const [id, p] of Object.entries(state.players)) {
    if (!p.lost && p.life <= 0) rec.fault('starting-sba-not-performed: 704.5a', `player ${id} starts with ${p.life} life and has not lost`, true)
  }
  for (const [id, o] of Object.entries(state.objects)) {
    if (o.zone !== 'battlefield' || o.toughness === null) continue
    if (o.toughness <= 0) rec.fault('starting-sba-not-performed: 704.5f', `creature ${id} starts on the battlefield with toughness ${o.toughness}`, true)
    else if (o.damage >= o.toughness && !o.keywords.includes('indestructible')) rec.fault('starting-sba-not-performed: 704.5g', `creature ${id} starts on the battlefield with ${o.damage} damage and toughness ${o.toughness}`, true)
  }
  return rec.faults.length === before
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
    if (validByConstruction) {
      const first = loaded.issues[0]
      rec.fault(`generated-valid-file-rejected: ${first ? first.path.replace(/\[\d+\]/g, '[N]') : '?'}`, loaded.issues.slice(0, 3).map((i) => `${i.path}: ${i.message}`).join(' | ').slice(0, 400))
    }
    rec.log(`invalid: ${loaded.issues.slice(0, 5).map((i) => `${i.path}: ${i.message}`).join(' | ').slice(0, 600)}`)
    return { outcome: 'invalid-file', run: null, loadedOk: false, crashed: false }
  }
  const scenario = loaded.scenario
  const dup = duplicateKey(text)
  if (dup !== null) rec.fault('duplicate-key-accepted', `the key "${dup.slice(0, 40)}" is given twice in one object and the file loads (FORMAT.md: a key given twice makes the file invalid)`)
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

// ---------------------------------------------------------------------------------------------
// Random call sequences on the id-level Game API

/** A JS literal for a value (undefined, NaN, -0, Infinity and snapshots included), for reproductions. */
export function lit(value: unknown, snapshots: unknown[] = []): string {
  if (value === undefined) return 'undefined'
  if (typeof value === 'number') return Object.is(value, -0) ? '-0' : String(value)
  if (typeof value === 'string') return JSON.stringify(value)
  if (value === null || typeof value === 'boolean') return String(value)
  const s = snapshots.indexOf(value)
  if (s >= 0) return `s${s}`
  if (Array.isArray(value)) return `[${value.map((v) => lit(v, snapshots)).join(', ')}]`
  if (typeof value === 'object') {
    return `{ ${Object.entries(value as Record<string, unknown>).map(([k, v]) => `${/^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k)}: ${lit(v, snapshots)}`).join(', ')} }`
  }
  return String(value)
}

interface Flags {
  /** An argument whose type is not the declared one (string for number, null, object for id, ...). */
  ill: boolean
  /** A number of the right type outside the domain (NaN, Infinity, 1.5, negative amount). */
  odd: boolean
}

const UNKNOWN_IDS = ['ghost', '', '__proto__', 'constructor', 'toString', 'A ', 'a', '7', 'undefined']
const GAME_METHODS = ['attack', 'block', 'combatDamage', 'advance', 'passPriority', 'grant', 'lose', 'dealDamage', 'destroy', 'exile', 'removeFromCombat', 'cast', 'activate', 'plot', 'snapshot', 'restore', 'state'] as const
type Method = (typeof GAME_METHODS)[number]

interface Call {
  method: Method
  args: unknown[]
  flags: Flags
}

function generateCall(r: FuzzRng, position: JsonObject, snapshots: unknown[]): Call {
  const flags: Flags = { ill: false, odd: false }
  const players = (position.players as JsonObject[]).map((p) => p.id as string)
  const objects = (position.objects as JsonObject[]).map((o) => o.id as string)
  const creatures = (position.objects as JsonObject[]).filter((o) => (o.types as string[] | undefined)?.includes('creature') || (o.card !== undefined && o.power === undefined)).map((o) => o.id as string)
  const all = [...players, ...objects]
  /** A value of the wrong type for an id (`id`, `optional id`) or for an object argument (`object`). */
  const wrongType = (forWhat: 'id' | 'optional id' | 'object' = 'id'): unknown => {
    flags.ill = true
    if (forWhat === 'object') return r.pick<unknown>([null, 5, 'A', true, ['c0']])
    return r.pick<unknown>([null, forWhat === 'id' ? undefined : null, 5, 0, true, {}, [], ['A'], { id: 'A' }, NaN])
  }
  const idOf = (pool: string[], optional = false): unknown => {
    const x = r.float()
    if (x < 0.82 && pool.length > 0) return r.pick(pool)
    if (x < 0.92) return r.pick(UNKNOWN_IDS)
    return wrongType(optional ? 'optional id' : 'id')
  }
  const anyId = (): unknown => idOf(all)
  const creature = (): unknown => idOf(creatures.length > 0 && r.chance(0.8) ? creatures : all)
  const num = (domain: 'amount' | 'delta', optional = false): unknown => {
    const x = r.float()
    if (x < 0.75) return domain === 'amount' ? r.int(0, 6) : r.int(-3, 5)
    if (x < 0.85) return r.pick([2 ** 31 - 1, 2 ** 31, 3e9, 2 ** 32, 2 ** 53 - 1, domain === 'delta' ? -3e9 : 1e9])
    if (x < 0.93) {
      const v = r.pick([NaN, Infinity, -Infinity, 1.5, -0.5, 1e308, domain === 'amount' ? -1 : 0.25])
      flags.odd = true
      return v
    }
    flags.ill = true
    return r.pick<unknown>(['5', '3e9', 'NaN', null, optional ? '-1' : undefined, {}, [3], true])
  }
  const map = (key: () => unknown, value: () => unknown, max: number): unknown => {
    if (r.chance(0.06)) return r.chance(0.3) ? ((flags.ill = true), undefined) : wrongType('object')
    const out: Record<string, unknown> = {}
    const n = r.int(0, max)
    for (let i = 0; i < n; i++) {
      const k = key()
      out[typeof k === 'string' ? k : String(k)] = value()
    }
    return out
  }
  const keywords = (): unknown => {
    if (r.chance(0.05)) return wrongType('object')
    const ks: unknown[] = r.subset(KEYWORDS, 0.15)
    if (r.chance(0.05)) ks.push(r.pick(['Flying', 'banding', '', 'trample ']))
    if (r.chance(0.03)) {
      flags.ill = true
      ks.push(r.pick([null, 5, {}]))
    }
    return ks
  }
  const targets = (): unknown => {
    if (r.chance(0.05)) return r.chance(0.5) ? wrongType() : (flags.ill = true, 'A')
    return r.weighted<unknown[]>([[8, [anyId()]], [2, []], [1, [anyId(), anyId()]]])
  }
  const method = r.weighted<Method>([
    [10, 'attack'], [8, 'block'], [8, 'combatDamage'], [6, 'advance'], [4, 'passPriority'], [5, 'grant'], [3, 'lose'],
    [6, 'dealDamage'], [2, 'destroy'], [2, 'exile'], [2, 'removeFromCombat'], [5, 'cast'], [3, 'activate'], [2, 'plot'],
    [2, 'snapshot'], [2, 'restore'], [2, 'state'],
  ])
  let args: unknown[]
  switch (method) {
    case 'attack':
      args = [map(creature, () => idOf([...players, ...objects.filter(() => r.chance(0.2))]), 4)]
      break
    case 'block':
      args = [map(creature, creature, 4)]
      break
    case 'combatDamage':
      args = r.chance(0.6) ? [] : [map(creature, () => map(anyId, () => num('amount'), 3), 2)]
      break
    case 'advance': {
      const to = r.chance(0.85) ? r.pick(STEPS) : r.chance(0.5) ? r.pick(['combat', 'Upkeep', '', 'declareattackers']) : wrongType()
      let options = r.weighted<unknown>([[6, undefined], [3, { nextTurn: true }], [2, { nextTurn: false }], [1, {}]])
      if (r.chance(0.05)) {
        flags.ill = true
        options = r.pick<unknown>([null, { nextTurn: 'yes' }, 'next', { nextTurn: 1 }])
      }
      args = options === undefined ? [to] : [to, options]
      break
    }
    case 'passPriority':
      args = []
      break
    case 'grant': {
      if (r.chance(0.05)) {
        args = [anyId(), wrongType('object')]
        break
      }
      const change: Record<string, unknown> = {}
      if (r.chance(0.6)) change.keywords = keywords()
      if (r.chance(0.6)) change.power = num('delta', true)
      if (r.chance(0.6)) change.toughness = num('delta', true)
      args = [creature(), change]
      break
    }
    case 'lose':
      args = [creature(), keywords()]
      break
    case 'dealDamage': {
      if (r.chance(0.04)) {
        args = [r.chance(0.2) ? ((flags.ill = true), undefined) : wrongType('object')]
        break
      }
      const d: Record<string, unknown> = { to: anyId(), amount: num('amount') }
      if (r.chance(0.4)) d.source = idOf(creatures.length > 0 && r.chance(0.8) ? creatures : all, true)
      args = [d]
      break
    }
    case 'destroy':
    case 'exile':
    case 'removeFromCombat':
      args = [anyId()]
      break
    case 'cast': {
      const options: Record<string, unknown> = {}
      if (r.chance(0.6)) options.targets = targets()
      if (r.chance(0.15)) options.alternative = r.chance(0.8) ? 'plot' : ((flags.ill = true), r.pick(['flashback', null, 1]))
      if (r.chance(0.15)) options.choices = r.chance(0.8) ? { search: r.subset(objects, 0.15) } : wrongType('object')
      args = r.chance(0.1) ? [idOf(players), anyId()] : [idOf(players), anyId(), r.chance(0.05) ? wrongType('object') : options]
      break
    }
    case 'activate': {
      const ability = r.chance(0.9) ? r.pick(['equip', 'equip planeswalker']) : ((flags.ill = true), r.pick(['tap', 'Equip', null, 0]))
      args = [idOf(players), anyId(), ability, targets()]
      break
    }
    case 'plot':
      args = [idOf(players), anyId()]
      break
    case 'snapshot':
    case 'state':
      args = []
      break
    case 'restore':
      if (snapshots.length > 0 && r.chance(0.75)) args = [r.pick(snapshots)]
      else {
        flags.ill = true
        args = [r.pick<unknown>([null, undefined, {}, 5, 'snapshot', { entities: 3 }, []])]
      }
      break
  }
  return { method, args, flags }
}

const plain = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v)
const isId = (v: unknown): boolean => typeof v === 'string'
const ids = (v: unknown): boolean => Array.isArray(v) && v.every(isId)
const optional = (v: unknown, test: (v: unknown) => boolean): boolean => v === undefined || test(v)
const idMap = (v: unknown): boolean => plain(v) && Object.values(v).every(isId)

/**
 * Whether the arguments of a call have the types the Game API declares (`ill` when not), and
 * whether a number is outside its domain (`odd`: amounts are safe whole numbers of 0 or more,
 * +N/+N safe whole numbers). Worked out from the arguments, not from how they were made.
 */
function classify(method: Method, args: unknown[], snapshots: unknown[]): Flags {
  const [a, b, c, d] = args
  let ill = false
  let odd = false
  const amount = (n: unknown): void => {
    if (typeof n !== 'number') ill = true
    else if (!Number.isSafeInteger(n) || n < 0) odd = true
  }
  const delta = (n: unknown): void => {
    if (n === undefined) return
    if (typeof n !== 'number') ill = true
    else if (!Number.isSafeInteger(n)) odd = true
  }
  switch (method) {
    case 'attack':
    case 'block':
      ill = !idMap(a)
      break
    case 'combatDamage':
      if (a !== undefined) {
        if (!plain(a) || !Object.values(a).every(plain)) ill = true
        else for (const entries of Object.values(a)) for (const n of Object.values(entries as object)) amount(n)
      }
      break
    case 'advance':
      ill = !isId(a) || !optional(b, (o) => plain(o) && optional(o.nextTurn, (x) => typeof x === 'boolean'))
      break
    case 'grant':
      if (!isId(a) || !plain(b) || !optional(b.keywords, ids)) ill = true
      else {
        delta(b.power)
        delta(b.toughness)
      }
      break
    case 'lose':
      ill = !isId(a) || !ids(b)
      break
    case 'dealDamage':
      if (!plain(a) || !isId(a.to) || !optional(a.source, isId)) ill = true
      else amount(a.amount)
      break
    case 'destroy':
    case 'exile':
    case 'removeFromCombat':
      ill = !isId(a)
      break
    case 'cast':
      ill = !isId(a) || !isId(b) || !optional(c, (o) => plain(o) && optional(o.targets, ids) && optional(o.alternative, (x) => x === 'plot') &&
        optional(o.choices, (ch) => plain(ch) && optional(ch.search, ids)))
      break
    case 'activate':
      ill = !isId(a) || !isId(b) || (c !== 'equip' && c !== 'equip planeswalker') || !ids(d)
      break
    case 'plot':
      ill = !isId(a) || !isId(b)
      break
    case 'restore':
      ill = !snapshots.includes(a)
      break
    default:
      break
  }
  return { ill, odd }
}

function isOver(state: GameState): boolean {
  return Object.values(state.players).filter((p) => !p.lost).length <= 1
}

function apiCase(rec: Recorder, r: FuzzRng): { outcome: string; input: string } {
  let position: Json = generatePosition(r, { absurd: 0.02 })
  const mutated = r.chance(0.1)
  if (mutated) {
    const m = mutateDoc(r, position)
    position = m.doc
    rec.log(`position: ${m.what}`)
  }
  const gameSeed = r.u32()
  const lines = [`import { createGame } from './src/index.js'`, `const game = createGame(${lit(position)}, { seed: ${gameSeed} })`]
  const input = (): string => lines.join('\n')
  let game: Game
  try {
    game = createGame(position as never, { seed: gameSeed })
  } catch (error) {
    if (error instanceof RedzoneError) {
      rec.log(`createGame: RedzoneError ${error.message.split('\n').slice(0, 3).join(' ')}`)
      return { outcome: 'position-rejected', input: input() }
    }
    rec.fault(`create-game-threw: ${errorKind(error)}`, errorDetail(error))
    return { outcome: 'position-crashed', input: input() }
  }
  if (mutated || typeof position !== 'object' || position === null || Array.isArray(position)) {
    // A mutated position the engine took: go on only if it still has the shape the calls need.
    if (!Array.isArray((position as JsonObject)?.players) || !Array.isArray((position as JsonObject)?.objects)) return { outcome: 'api-sequence', input: input() }
    if (!(position as { players: unknown[] }).players.every((p) => p !== null && typeof p === 'object' && typeof (p as JsonObject).id === 'string')) return { outcome: 'api-sequence', input: input() }
    if (!(position as { objects: unknown[] }).objects.every((p) => p !== null && typeof p === 'object' && typeof (p as JsonObject).id === 'string')) return { outcome: 'api-sequence', input: input() }
  }
  const pos = position as JsonObject
  let startClean: boolean
  try {
    startClean = checkStartingSba(rec, game.state())
  } catch (error) {
    rec.fault(`state-threw: ${errorKind(error)}`, errorDetail(error))
    return { outcome: 'api-sequence', input: input() }
  }
  const snapshots: unknown[] = []
  const snapshotDigests: string[] = []
  const steps = r.int(5, 40)
  for (let step = 0; step < steps; step++) {
    const call = generateCall(r, pos, snapshots)
    call.flags = classify(call.method, call.args, snapshots)
    const shown = `game.${call.method}(${call.args.map((a) => lit(a, snapshots)).join(', ')})`
    let before: GameState
    let digest: string
    try {
      before = game.state()
      digest = worldDigest(game.world)
    } catch (error) {
      rec.fault(`state-threw: ${errorKind(error)}`, errorDetail(error))
      lines.push(`${shown} // game.state() threw before this call`)
      return { outcome: 'api-sequence', input: input() }
    }
    const over = isOver(before)
    let result: unknown
    try {
      result = (game[call.method] as (...a: unknown[]) => unknown)(...call.args)
    } catch (error) {
      const changed = worldDigest(game.world) !== digest
      if (error instanceof RedzoneError) {
        rec.count('redzone-error')
        if (changed) rec.fault(`redzone-error-changed-game: ${call.method}`, `${shown} threw ${errorDetail(error)} after changing the game`)
        lines.push(`${shown} // throws ${error.message.split('\n')[0]!.slice(0, 120)}`)
      } else {
        const bad = call.flags.ill ? 'threw-on-ill-typed-argument' : call.flags.odd ? 'threw-on-out-of-domain-number' : 'threw'
        rec.fault(`${bad}: ${call.method}: ${errorKind(error)}`, `${shown} threw ${errorDetail(error)}`)
        lines.push(`${shown} // FAULT: throws ${errorDetail(error).slice(0, 200)}`)
      }
      continue
    }
    const after = worldDigest(game.world)
    if (call.method === 'snapshot') {
      snapshots.push(result)
      snapshotDigests.push(after)
      lines.push(`const s${snapshots.length - 1} = game.snapshot()`)
      continue
    }
    if (call.method === 'state') {
      if (after !== digest) rec.fault('state-changed-game', shown)
      lines.push(`${shown}`)
      continue
    }
    if (call.method === 'restore') {
      const s = snapshots.indexOf(call.args[0])
      if (call.flags.ill) rec.fault('restore-accepted-garbage', `${shown} returned without an error`)
      else if (s >= 0 && after !== snapshotDigests[s]) rec.fault('restore-not-exact', `${shown}: the game differs from the one the snapshot was taken of`)
      lines.push(`${shown}`)
      try {
        checkState(rec, game.state(), `after ${shown}`, false)
      } catch (error) {
        rec.fault(`state-threw: ${errorKind(error)}`, `after ${shown}: ${errorDetail(error)}`)
      }
      continue
    }
    // An action: an ActionResult.
    const res = result as { ok?: unknown; error?: { code?: unknown; message?: unknown; rule?: unknown } } | null
    if (res === null || typeof res !== 'object' || typeof res.ok !== 'boolean') {
      rec.fault(`not-an-action-result: ${call.method}`, `${shown} returned ${lit(result).slice(0, 100)}`)
      continue
    }
    if (res.ok === false) {
      rec.count('action-rejected')
      const code = res.error?.code
      rec.count(`code:${String(code)}`)
      if (typeof code !== 'string' || !KEBAB.test(code)) rec.fault(`bad-error-code: ${call.method}`, `${shown} -> code ${lit(code)}`)
      if (typeof res.error?.message !== 'string') rec.fault(`rejection-without-message: ${call.method}`, shown)
      if (after !== digest) rec.fault(`rejection-changed-game: ${call.method} ${String(code)}`, `${shown} was rejected (${String(code)}) but changed the game`)
      lines.push(`${shown} // rejected: ${String(code)}`)
    } else {
      rec.count('action-ok')
      lines.push(`${shown} // ok`)
      if (over && after !== digest) rec.fault(`accepted-after-game-over: ${call.method}`, `${shown} was accepted and changed the game after it ended (104.2a: every later action is rejected)`)
      if (call.flags.ill) rec.fault(`accepted-ill-typed-argument: ${call.method}`, `${shown} was accepted with an argument of the wrong type`)
      else if (call.flags.odd) rec.fault(`accepted-out-of-domain-number: ${call.method}`, `${shown} was accepted with a number that is not a whole number in range`)
      else {
        let now: GameState | null = null
        try {
          now = game.state()
        } catch (error) {
          rec.fault(`state-threw: ${errorKind(error)}`, `after ${shown}: ${errorDetail(error)}`)
        }
        if (now) arithmetic(rec, call, shown, before, now)
      }
    }
    try {
      checkState(rec, game.state(), `after ${shown}`, startClean && res.ok && !over)
    } catch (error) {
      rec.fault(`state-threw: ${errorKind(error)}`, `after ${shown}: ${errorDetail(error)}`)
    }
  }
  return { outcome: 'api-sequence', input: input() }
}

/** The arithmetic of accepted well-typed actions: damage to a player and +N/+N add exactly. */
function arithmetic(rec: Recorder, call: Call, shown: string, before: GameState, now: GameState): void {
  if (call.method === 'dealDamage') {
    const d = call.args[0] as { to: string; amount: number; source?: string }
    if (d.source !== undefined && before.players[d.source]) {
      rec.fault('player-accepted-as-damage-source', `${shown}: the source is the player ${d.source}; a source of damage is an object (CR 120.1, FORMAT.md: "source (optional object id)")`)
    }
    if (d.source !== undefined) return
    const p = before.players[d.to]
    if (!p || p.lost) return
    const expected = p.life - d.amount
    if (now.players[d.to]!.life !== expected) rec.fault('damage-arithmetic', `${shown}: life ${p.life} - ${d.amount} should be ${expected}, is ${now.players[d.to]!.life}`)
  } else if (call.method === 'grant') {
    const [object, change] = call.args as [string, { power?: number; toughness?: number }]
    const b = before.objects[object]
    const a = now.objects[object]
    if (!b || !a || b.zone !== 'battlefield' || a.zone !== 'battlefield') return
    for (const field of ['power', 'toughness'] as const) {
      const was = b[field]
      const is = a[field]
      if (was === null || is === null) continue
      const expected = was + (change[field] ?? 0)
      if (is !== expected) rec.fault('grant-arithmetic', `${shown}: ${field} ${was} + ${change[field] ?? 0} should be ${expected}, is ${is}`)
    }
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

