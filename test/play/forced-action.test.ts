/** `forcedAction`: the one action of a decision with no real choice, taken for the agents. */
import { expect, it } from 'vitest'
import { createGame, worldOf } from '../../src/api/game.js'
import { legalActions } from '../../src/decisions/legal.js'
import { forcedAction } from '../../src/play/play-game.js'

it('CR 117.3d: a priority with nothing but passing is a pass, a frozen value that is the same object at every call for that player', () => {
  const game = createGame({ players: [{ id: 'A' }, { id: 'B' }], objects: [{ id: 'bear', controller: 'A', types: ['creature'], power: 2, toughness: 2 }] })
  const world = worldOf(game)
  const legal = legalActions(world)
  expect(legal.kind).toBe('priority')
  const pass = forcedAction(legal)
  expect(pass).toEqual({ type: 'pass', player: game.eid('A') })
  expect(Object.isFrozen(pass)).toBe(true)
  expect(forcedAction(legalActions(world))).toBe(pass)
  // The pass is the game's: accepted, and the other player's is their own.
  expect(game.pass().ok).toBe(true)
  const other = forcedAction(legalActions(world))
  expect(other).toEqual({ type: 'pass', player: game.eid('B') })
  expect(other).not.toBe(pass)
})
