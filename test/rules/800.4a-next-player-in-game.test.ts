/**
 * CR 800.4a: "If the player who left the game had priority at the time they left, priority passes
 * to the next player in turn order who's still in the game." CR 101.4: turn order. The seat walks
 * the turn and priority take (`stillInGame`: a player, or the next one still in when they left;
 * `nextInGame`: the next one still in after them), asked of every seat of a four-player game as
 * players leave, and of ids that are no player (from the first seat, as the walk always did).
 */
import { expect, it } from 'vitest'
import { worldOf } from '../../src/api/game.js'
import { nextInGame, stillInGame } from '../../src/core/players.js'
import { creature, newGame } from '../helpers.js'

it('800.4a 101.4 a seat still in the game is itself; one who left gives way to the next in turn order still in it', () => {
  const world = worldOf(newGame([creature('bear', 'A', 2, 2)], { players: [{ id: 'A' }, { id: 'B' }, { id: 'C' }, { id: 'D' }] }))
  const [a, b, c, d] = world.playerOrder as [number, number, number, number]
  expect([a, b, c, d].map((p) => stillInGame(world, p))).toEqual([a, b, c, d])
  expect([a, b, c, d].map((p) => nextInGame(world, p))).toEqual([b, c, d, a])
  // B and C leave (a loss, CR 104.3; the count of players left is worked out again).
  world.players.lost[b] = 1
  world.players.lost[c] = 1
  world.left = -1
  expect([a, b, c, d].map((p) => stillInGame(world, p))).toEqual([a, d, d, d])
  expect([a, b, c, d].map((p) => nextInGame(world, p))).toEqual([d, d, d, a])
  // D leaves too: the walk wraps round the table to A.
  world.players.lost[d] = 1
  world.left = -1
  expect([b, c, d].map((p) => stillInGame(world, p))).toEqual([a, a, a])
  // Ids that are no player (entity 0, a creature, an unused id, one past the entities, one past the
  // columns' capacity): from the first seat on. (`isPlayer` first: `lost` reads 0 for all but the last.)
  const bear = world.labels.indexOf('bear')
  expect(bear).toBeGreaterThan(0)
  for (const id of [0, bear, world.labels.length, world.capacity - 1, world.capacity + 5]) {
    expect(world.players.isPlayer[id] ?? 0, `${id}`).toBe(0)
    expect(stillInGame(world, id), `${id}`).toBe(a)
  }
})
