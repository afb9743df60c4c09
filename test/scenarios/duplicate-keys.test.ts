/**
 * docs/scenario-format.md: "A key given twice in one JSON object makes the file invalid (nothing is silently
 * dropped)". JSON.parse keeps the last value, so the loader scans the text for repeated keys.
 */
import { describe, expect, it } from 'vitest'
import { findDuplicateKeys } from '../../src/scenario/duplicate-keys.js'
import { loadScenario } from '../../src/scenario/load.js'

describe('a key given twice in one JSON object', () => {
  it('is found with the JSON path of its object', () => {
    expect(findDuplicateKeys('{"a": 1, "a": 2}')).toEqual([{ path: '$', key: 'a' }])
    expect(findDuplicateKeys('{"actions": [{}, {}, {"blockers": {"b1": "x", "b1": "y"}}]}')).toEqual([{ path: '$.actions[2].blockers', key: 'b1' }])
    expect(findDuplicateKeys('{"k": [{"equip planeswalker": {"q": 1, "q": 2}}]}')).toEqual([{ path: '$.k[0]["equip planeswalker"]', key: 'q' }])
  })

  it('compares keys after unescaping them', () => {
    expect(findDuplicateKeys('{"a\\"b": 1, "a\\u0022b": 2}')).toEqual([{ path: '$', key: 'a"b' }])
  })

  it('does not confuse string values, nested objects or array items with keys', () => {
    expect(findDuplicateKeys('{"a": "{\\"x\\": 1, \\"x\\": 2}", "b": {"a": 1}, "c": [{"a": 1}, {"a": 2}], "d": "a"}')).toEqual([])
    expect(findDuplicateKeys('[1, "a", {"a": null}, [true, false]]')).toEqual([])
  })

  it('reports every repetition, in text order', () => {
    expect(findDuplicateKeys('{"a": {"x": 1, "x": 2, "x": 3}, "a": 0}')).toEqual([
      { path: '$.a', key: 'x' },
      { path: '$.a', key: 'x' },
      { path: '$', key: 'a' },
    ])
  })

  it('handles deep nesting without recursion', () => {
    const depth = 200_000
    expect(findDuplicateKeys(`${'['.repeat(depth)}{"a": 1, "a": 2}${']'.repeat(depth)}`)).toHaveLength(1)
  })

  it('makes a scenario invalid before its schema is checked', () => {
    const loaded = loadScenario('{"format": "redzone-scenario/1", "name": "x", "name": "y", "players": [], "objects": []}')
    expect(loaded).toEqual({ ok: false, issues: [{ path: '$', message: 'the key "name" is given twice' }] })
  })
})
