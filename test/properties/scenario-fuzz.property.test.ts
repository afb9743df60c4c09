/**
 * Malformed input never crashes: scenarios mutated at random either load with a clear issue
 * (a JSON path and a message) or load and play to the end, with every rejected action a value
 * that left the game exactly as it was.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { loadScenario } from '../../src/scenario/load.js'
import { runScenario } from '../../src/scenario/run.js'

const dirs = ['shared', 'rules'].map((d) => join(import.meta.dirname, '..', 'scenarios', d))
const scenarios = dirs.flatMap((dir) => readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as unknown))

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

const replacement = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer({ min: -5, max: 25 }),
  fc.constantFrom('A', 'B', 'bear', 'nobody', 'creature', 'flying', 'regularDamage', '{2}{G}', ''),
  fc.constant([]),
  fc.constant({}),
)

/** Replaces, deletes or adds one value somewhere in the document, chosen by `path` numbers. */
function mutate(doc: Json, path: number[], value: Json, action: number): Json {
  const copy = structuredClone(doc)
  let node: Json = copy
  for (let depth = 0; depth < path.length; depth++) {
    if (node === null || typeof node !== 'object') break
    const keys = Array.isArray(node) ? node.map((_, i) => i) : Object.keys(node)
    if (keys.length === 0) break
    const key = keys[path[depth]! % keys.length]!
    const child: Json = (node as Record<string | number, Json>)[key]!
    const last = depth === path.length - 1 || child === null || typeof child !== 'object'
    if (last) {
      if (action === 0) (node as Record<string | number, Json>)[key] = value
      else if (action === 1 && !Array.isArray(node)) delete (node as Record<string, Json>)[key as string]
      else if (!Array.isArray(node)) (node as Record<string, Json>)[`extra${path[depth]}`] = value
      else node.push(value)
      break
    }
    node = child
  }
  return copy
}

describe('malformed scenarios', () => {
  it('load with issues that name a JSON path, or play without throwing', () => {
    const seen = { invalid: 0, played: 0 }
    fc.assert(
      fc.property(
        fc.nat(scenarios.length - 1),
        fc.array(fc.nat(50), { minLength: 1, maxLength: 6 }),
        replacement,
        fc.nat(2),
        (which, path, value, action) => {
          const doc = mutate(scenarios[which] as Json, path, value as Json, action)
          const loaded = loadScenario(JSON.stringify(doc))
          if (!loaded.ok) {
            seen.invalid++
            expect(loaded.issues.length).toBeGreaterThan(0)
            for (const issue of loaded.issues) expect(issue.path.startsWith('$')).toBe(true)
            return
          }
          seen.played++
          const run = runScenario(loaded.scenario)
          expect(run.failures.filter((f) => f.includes('changed the game'))).toEqual([])
          for (const outcome of run.result.actions) {
            if (!outcome.ok) expect(outcome.error!.code).toMatch(/^[a-z]+(-[a-z]+)*$/)
          }
        },
      ),
      { numRuns: 1000 },
    )
    // Both kinds of outcome are exercised.
    expect(seen.invalid).toBeGreaterThan(100)
    expect(seen.played).toBeGreaterThan(100)
  })
})
