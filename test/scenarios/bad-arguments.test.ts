/**
 * redzone/scenario called with arguments of the wrong kind: `loadScenario` with something that is
 * not text, `compareExpect` with a state or an expectation that is not one. Each is a typed
 * `invalid-argument` naming the argument (and the JSON path inside it), never a TypeError and
 * never an empty list of mismatches that would pass every check.
 */
import { thrown } from '../helpers.js'
import { describe, expect, it } from 'vitest'
import { RedzoneError } from '../../src/core/errors.js'
import { loadScenario } from '../../src/scenario/load.js'
import { compareExpect, runScenario } from '../../src/scenario/run.js'
import type { GameState } from '../../src/api/game-state.js'
import type { ScenarioExpect } from '../../src/scenario/schema.js'


const SCENARIO = JSON.stringify({
  format: 'redzone-scenario/1',
  name: 'one bear',
  players: [{ id: 'A', life: 20 }, { id: 'B', life: 20 }],
  objects: [{ id: 'bear', owner: 'A', zone: 'battlefield', types: ['creature'], power: 2, toughness: 2 }],
})

/** A real state, from a played scenario. */
function state(): GameState {
  const loaded = loadScenario(SCENARIO)
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.issues))
  return runScenario(loaded.scenario).result.state
}

describe('loadScenario', () => {
  it('refuses what is not text, naming the argument', () => {
    for (const value of [null, undefined, {}, [], new Uint8Array([123, 125]), 5, Symbol('s'), Buffer.from('{}')]) {
      const error = thrown(() => loadScenario(value as string))
      expect(error).toBeInstanceOf(RedzoneError)
      expect(error).toMatchObject({ code: 'invalid-argument', message: expect.stringMatching(/^redzone: loadScenario: text: expected the scenario's JSON text \(a string\), got /) })
    }
    expect(thrown(() => loadScenario(null as unknown as string))).toMatchObject({ message: "redzone: loadScenario: text: expected the scenario's JSON text (a string), got null" })
  })

  it('still loads text, and reports bad text as issues', () => {
    expect(loadScenario(SCENARIO).ok).toBe(true)
    expect(loadScenario('')).toMatchObject({ ok: false, issues: [{ path: '$', message: expect.stringContaining('invalid JSON') }] })
  })
})

describe('compareExpect', () => {
  it('compares a real state with a real expectation, as before', () => {
    const s = state()
    expect(compareExpect(s, { life: { A: 20 }, power: { bear: 2 } })).toEqual([])
    expect(compareExpect(s, { life: { A: 19 } })).toEqual(['life of A: expected 19, got 20'])
    expect(compareExpect(s, {})).toEqual([])
  })

  it('refuses an expectation that is not an object, naming it', () => {
    const s = state()
    for (const value of [5, 'x', [], null, undefined, new Map(), true]) {
      const error = thrown(() => compareExpect(s, value as ScenarioExpect))
      expect(error).toBeInstanceOf(RedzoneError)
      expect(error).toMatchObject({ code: 'invalid-argument', message: expect.stringMatching(/^redzone: compareExpect: expect: expected an expectation \(an object such as \{ "life": \{ "A": 20 \} \}\), got /) })
    }
  })

  it('refuses an expectation that is not of the format (a misspelt field, a wrong type), with its path', () => {
    const s = state()
    expect(thrown(() => compareExpect(s, { lfe: { A: 20 } } as unknown as ScenarioExpect))).toMatchObject({
      code: 'invalid-argument',
      message: 'redzone: compareExpect: expect: unknown field "lfe"',
    })
    expect(thrown(() => compareExpect(s, { life: { A: '20' } } as unknown as ScenarioExpect))).toMatchObject({
      code: 'invalid-argument',
      message: expect.stringMatching(/^redzone: compareExpect: expect\.life\.A: /),
    })
    expect(thrown(() => compareExpect(s, { step: 'lunch' } as unknown as ScenarioExpect))).toMatchObject({
      code: 'invalid-argument',
      message: expect.stringMatching(/^redzone: compareExpect: expect\.step: /),
    })
  })

  it('refuses a state that is not a game state, naming it', () => {
    for (const value of [undefined, null, 5, 'x', [], {}, { players: {}, objects: {} }, { players: [], objects: {}, turn: {}, legal: {} }]) {
      const error = thrown(() => compareExpect(value as unknown as GameState, {}))
      expect(error).toBeInstanceOf(RedzoneError)
      expect(error).toMatchObject({ code: 'invalid-argument', message: expect.stringMatching(/^redzone: compareExpect: state(\.\w+)?: expected /) })
    }
    expect(thrown(() => compareExpect(undefined as unknown as GameState, {}))).toMatchObject({
      message: 'redzone: compareExpect: state: expected a game state (gameState(game), or a redzone-result/1 document\'s state), got undefined',
    })
  })
})
