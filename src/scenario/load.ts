import type { z } from 'zod'
import { RedzoneError } from '../core/errors.js'
import { describeValue } from '../core/limits.js'
import { checkPosition } from '../state/position.js'
import { fieldPath } from '../state/check-position.js'
import { findDuplicateKeys } from './duplicate-keys.js'
import { scenarioSchema, type Scenario, type ScenarioExpect } from './schema.js'

export interface ScenarioIssue {
  /** JSON path, `$` for the document. */
  path: string
  message: string
}

export type LoadResult = { ok: true; scenario: Scenario } | { ok: false; issues: ScenarioIssue[] }

/** A zod issue's path as a JSON path from `root` (`$.players[0].id`). */
export function jsonPath(path: readonly PropertyKey[], root = '$'): string {
  let out = root
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`
    else if (typeof key === 'string' && /^[A-Za-z_$][\w$]*$/.test(key)) out += `.${key}`
    else out += `[${JSON.stringify(String(key))}]`
  }
  return out
}

export function describeIssue(issue: z.core.$ZodIssue): string {
  if (issue.code === 'unrecognized_keys') return `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}`
  if (issue.code === 'invalid_union' && 'discriminator' in issue && issue.discriminator) {
    return `unknown action; expected "do" to be one of attack, block, combatDamage, advance, grant, lose, dealDamage, destroy, exile, removeFromCombat, cast, activate, plot, play, expect`
  }
  return issue.message
}

/**
 * Where a JSON text stops being valid, as " at line L, column C": the longest prefix that is
 * still the start of a valid document (found by bisection: JSON.parse fails on those only at
 * their very end) ends right before the offending character.
 */
function parsePosition(text: string): string {
  const isValidPrefix = (n: number): boolean => {
    try {
      JSON.parse(text.slice(0, n))
      return true
    } catch (error) {
      const message = String(error)
      if (/end of (JSON )?input|Unterminated/i.test(message)) return true
      const at = /at position (\d+)/.exec(message)
      return at !== null && Number(at[1]) >= n
    }
  }
  let lo = 0
  let hi = text.length
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2)
    if (isValidPrefix(mid)) lo = mid
    else hi = mid - 1
  }
  const before = text.slice(0, lo)
  const line = before.split('\n').length
  const column = lo - before.lastIndexOf('\n')
  return ` at line ${line}, column ${column}`
}

/** The JSON paths of the objects in `data` that have an own key "__proto__" (walked without recursion: a document may nest deep). */
function protoKeys(data: unknown): string[] {
  const out: string[] = []
  const stack: [unknown, string][] = [[data, '$']]
  while (stack.length > 0) {
    const [value, path] = stack.pop()!
    if (Array.isArray(value)) value.forEach((item, i) => stack.push([item, `${path}[${i}]`]))
    else if (typeof value === 'object' && value !== null) {
      for (const key of Object.keys(value)) {
        if (key === '__proto__') out.push(path)
        stack.push([(value as Record<string, unknown>)[key], `${path}${fieldPath(key)}`])
      }
    }
  }
  return out.sort()
}

/**
 * Parses and validates a scenario: JSON syntax, keys given twice, the schema (unknown fields, types, values), then
 * references (unique ids, players and objects named by actions and expectations, card names). Problems
 * of the text are `issues`; a `text` that is not a string (bytes, an already parsed object) throws
 * `RedzoneError` `invalid-argument`.
 */
export function loadScenario(text: string): LoadResult {
  if (typeof text !== 'string') {
    throw new RedzoneError('invalid-argument', `loadScenario: text: expected the scenario's JSON text (a string), got ${describeValue(text)}`)
  }
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch (error) {
    return { ok: false, issues: [{ path: '$', message: `invalid JSON${parsePosition(text)}: ${(error as Error).message}` }] }
  }
  // docs/scenario-format.md: a key given twice in one JSON object makes the file invalid (JSON.parse keeps the last).
  const duplicates = findDuplicateKeys(text)
  if (duplicates.length > 0) {
    return { ok: false, issues: duplicates.map((d) => ({ path: d.path, message: `the key ${JSON.stringify(d.key)} is given twice` })) }
  }
  // A key "__proto__" is an own field of JSON.parse's object, but most code that reads it by name
  // reads the prototype instead: the field would be silently dropped (an attack declared by none).
  const reserved = protoKeys(data)
  if (reserved.length > 0) return { ok: false, issues: reserved.map((path) => ({ path, message: 'the key "__proto__" is not allowed (JavaScript reserves it): use another id' })) }
  const parsed = scenarioSchema.safeParse(data)
  if (!parsed.success) {
    return { ok: false, issues: parsed.error.issues.map((issue) => ({ path: jsonPath(issue.path), message: describeIssue(issue) })) }
  }
  const scenario = parsed.data
  const issues: ScenarioIssue[] = checkPosition(scenario, '$').map((i) => ({ path: i.path, message: i.message }))
  // An id is a key of the result's state and of `expect`'s maps: "__proto__" would be lost there.
  for (const [list, name] of [[scenario.players, 'players'], [scenario.objects, 'objects']] as const) {
    list.forEach((entry, i) => {
      if (entry.id === '__proto__') issues.push({ path: `$.${name}[${i}].id`, message: 'the id "__proto__" is not allowed (JavaScript reserves it): use another id' })
    })
  }
  const players = new Set(scenario.players.map((p) => p.id))
  const objects = new Set(scenario.objects.map((o) => o.id))
  const known = (ref: string, path: string, kind: 'object' | 'player' | 'any'): void => {
    const ok = kind === 'object' ? objects.has(ref) : kind === 'player' ? players.has(ref) : objects.has(ref) || players.has(ref)
    if (!ok) issues.push({ path, message: `unknown ${kind === 'any' ? 'player or object' : kind} "${ref}"` })
  }
  scenario.actions?.forEach((action, i) => {
    const p = `$.actions[${i}]`
    switch (action.do) {
      case 'attack':
        for (const [a, t] of Object.entries(action.attackers)) {
          known(a, `${p}.attackers`, 'object')
          known(t, `${p}.attackers[${JSON.stringify(a)}]`, 'any')
        }
        break
      case 'block':
        for (const [b, a] of Object.entries(action.blockers)) {
          known(b, `${p}.blockers`, 'object')
          known(a, `${p}.blockers[${JSON.stringify(b)}]`, 'object')
        }
        break
      case 'combatDamage':
        for (const [c, entries] of Object.entries(action.assign ?? {})) {
          known(c, `${p}.assign`, 'object')
          for (const r of Object.keys(entries)) known(r, `${p}.assign[${JSON.stringify(c)}]`, 'any')
        }
        break
      case 'grant':
      case 'lose':
      case 'destroy':
      case 'exile':
      case 'removeFromCombat':
        known(action.object, `${p}.object`, 'object')
        break
      case 'dealDamage':
        if (action.source !== undefined) known(action.source, `${p}.source`, 'object')
        known(action.to, `${p}.to`, 'any')
        break
      case 'cast':
      case 'plot':
      case 'play':
        known(action.player, `${p}.player`, 'player')
        known(action.card, `${p}.card`, 'object')
        if (action.do === 'cast') {
          action.targets?.forEach((t, j) => known(t, `${p}.targets[${j}]`, 'any'))
          action.choices?.search?.forEach((c, j) => known(c, `${p}.choices.search[${j}]`, 'object'))
          action.pay?.forEach((l, j) => known(l, `${p}.pay[${j}]`, 'object'))
        }
        break
      case 'activate':
        known(action.player, `${p}.player`, 'player')
        known(action.object, `${p}.object`, 'object')
        action.targets?.forEach((t, j) => known(t, `${p}.targets[${j}]`, 'any'))
        action.pay?.forEach((l, j) => known(l, `${p}.pay[${j}]`, 'object'))
        break
      case 'expect':
        checkExpectReferences(action, p, known)
        break
      case 'advance':
        break
    }
  })
  if (scenario.expect) checkExpectReferences(scenario.expect, '$.expect', known)
  return issues.length > 0 ? { ok: false, issues } : { ok: true, scenario }
}

function checkExpectReferences(
  expect: ScenarioExpect,
  path: string,
  known: (ref: string, path: string, kind: 'object' | 'player' | 'any') => void,
): void {
  for (const id of Object.keys(expect.life ?? {})) known(id, `${path}.life`, 'player')
  expect.lost?.forEach((id, j) => known(id, `${path}.lost[${j}]`, 'player'))
  for (const field of ['zone', 'damage', 'loyalty', 'power', 'toughness', 'tapped', 'attachedTo', 'keywords', 'plotted'] as const) {
    for (const id of Object.keys(expect[field] ?? {})) known(id, `${path}.${field}`, 'object')
  }
  for (const [id, target] of Object.entries(expect.attachedTo ?? {})) {
    if (target !== null) known(target, `${path}.attachedTo[${JSON.stringify(id)}]`, 'any')
  }
  expect.canPlay?.forEach((id, j) => known(id, `${path}.canPlay[${j}]`, 'object'))
  expect.canCast?.forEach((id, j) => known(id, `${path}.canCast[${j}]`, 'object'))
  for (const field of ['canAttack', 'canBlock'] as const) {
    for (const [id, list] of Object.entries(expect[field] ?? {})) {
      known(id, `${path}.${field}`, 'object')
      list.forEach((t, j) => known(t, `${path}.${field}[${JSON.stringify(id)}][${j}]`, field === 'canAttack' ? 'any' : 'object'))
    }
  }
}
