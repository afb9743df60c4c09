/**
 * Type-level: the scenario format's document (the zod schema's `Scenario`) is a `Position`, so the
 * runner builds a game from it with no cast, and the position part of a scenario and a `Position`
 * describe the same thing. These assertions are checked by the type check of `npm test`
 * (`tsc -p tsconfig.node.json`); a drift between the schema and the `Position` interface fails it.
 */
import { describe, expect, expectTypeOf, it } from 'vitest'
import type { Position } from '../../src/state/position.js'
import type { Scenario } from '../../src/scenario/schema.js'
import { loadScenario, runScenario } from '../../src/scenario/index.js'
import { createGame } from '../../src/api/game.js'

type ScenarioPosition = Pick<Scenario, 'players' | 'objects' | 'turn'>

describe('a scenario document is a Position', () => {
  it('Scenario extends Position (the runner needs no cast)', () => {
    expectTypeOf<Scenario>().toExtend<Position>()
  })

  it('the position part of a scenario and a Position have the same fields (the schema may be narrower: keyword names are checked at run time for a Position)', () => {
    expectTypeOf<ScenarioPosition>().toExtend<Position>()
    expectTypeOf<keyof ScenarioPosition>().toEqualTypeOf<keyof Position>()
    expectTypeOf<keyof Scenario['objects'][number]>().toEqualTypeOf<keyof Position['objects'][number]>()
    expectTypeOf<keyof Scenario['players'][number]>().toEqualTypeOf<keyof Position['players'][number]>()
    expectTypeOf<keyof NonNullable<Scenario['turn']>>().toEqualTypeOf<keyof NonNullable<Position['turn']>>()
  })

  it('the check can fail: a document whose players are a number is not a Position', () => {
    expectTypeOf<{ players: number; objects: [] }>().not.toExtend<Position>()
    expectTypeOf<Omit<Scenario, 'players'>>().not.toExtend<Position>()
  })

  it('a loaded scenario builds a game as it is, and runs', () => {
    const loaded = loadScenario(JSON.stringify({
      format: 'redzone-scenario/1',
      name: 'a bear attacks',
      players: [{ id: 'A' }, { id: 'B' }],
      objects: [{ id: 'bear', controller: 'A', types: ['creature'], power: 2, toughness: 2 }],
      actions: [{ do: 'attack', attackers: { bear: 'B' } }, { do: 'advance', to: 'endCombat' }],
      expect: { life: { B: 18 } },
    }))
    expect(loaded.ok).toBe(true)
    if (!loaded.ok) return
    const scenario: Position = loaded.scenario
    expect(createGame(scenario).pendingDecision().kind).toBe('priority')
    expect(runScenario(loaded.scenario).failures).toEqual([])
  })
})
