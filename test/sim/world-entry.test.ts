/**
 * `redzone/sim`'s world-level functions check what they are given before reading it: a value that
 * is not a world (null, a number, a game where its world goes), a viewer that is not one of the
 * world's players, an `into` that is no snapshot, legal actions that are none are a `RedzoneError`
 * naming the call, not a TypeError from inside or a view of nobody (each was, in a fuzz trial).
 */
import { describe, expect, it } from 'vitest'
import * as sim from '../../src/sim.js'
import { thrownRedzoneError } from '../helpers.js'

const game = sim.createDeckGame(['green-white', 'black-red'], { seed: 1 })
const world = sim.worldOf(game)
const A = game.eid('A')!
const card = game.eid('A-forest-1')!

function refused(fn: () => unknown, code: string, start: string): void {
  const error = thrownRedzoneError(fn)
  expect(error.code, error.message).toBe(code)
  expect(error.message.startsWith(`redzone: ${start}`), error.message).toBe(true)
}

describe('redzone/sim: what is no world is refused at the entry', () => {
  it('worldOf takes a game only', () => {
    for (const value of [null, 5, undefined, {}, world]) refused(() => sim.worldOf(value as never), 'invalid-argument', 'worldOf: game: expected a Game')
  })

  it('every function of a world refuses null, a number, an object and a game, naming itself', () => {
    const calls: [string, (w: never) => unknown][] = [
      ['pendingDecision', (w) => sim.pendingDecision(w)],
      ['legalActions', (w) => sim.legalActions(w)],
      ['winnerOf', (w) => sim.winnerOf(w)],
      ['passIfForced', (w) => sim.passIfForced(w)],
      ['snapshot', (w) => sim.snapshot(w)],
      ['restore', (w) => sim.restore(w, sim.snapshot(world))],
      ['act', (w) => sim.act(w, { type: 'pass', player: A })],
      ['viewOf', (w) => sim.viewOf(w, A)],
    ]
    for (const [call, run] of calls) {
      for (const value of [null, 5, {}, undefined]) refused(() => run(value as never), 'invalid-argument', `${call}: world: expected a game's world`)
      expect(thrownRedzoneError(() => run(game as never)).message).toContain('got a Game (pass worldOf(game))')
    }
    expect(sim.pendingDecision(world).kind).toBe('mulligan')
  })

  it('viewOf: an entity that is not a player of the world is unknown-entity; a value that is no id invalid-argument', () => {
    for (const player of [999, 0, card]) refused(() => sim.viewOf(world, player), 'unknown-entity', 'viewOf: player: ')
    for (const player of [Number.NaN, '1', undefined]) refused(() => sim.viewOf(world, player as never), 'invalid-argument', 'viewOf: player: ')
    expect(sim.viewOf(world, A).player).toBe(A)
  })

  it('snapshot: an into that is no snapshot is refused, not ignored', () => {
    for (const into of [Number.NaN, null, {}, 5]) refused(() => sim.snapshot(world, into as never), 'invalid-argument', 'snapshot: into: ')
    const saved = sim.snapshot(world)
    expect(sim.snapshot(world, saved)).toBe(saved)
  })

  it('forcedAction: a value that is no legal actions is refused; a real one is read', () => {
    for (const legal of [null, 5, {}, { kind: 'banana', player: 1 }, { kind: 'priority', player: 1 }, { kind: 'discard', player: 1, count: 1 }]) {
      refused(() => sim.forcedAction(legal as never), 'invalid-argument', 'forcedAction: legal: ')
    }
    expect(sim.forcedAction(sim.legalActions(world))).toBeNull()
  })
})
