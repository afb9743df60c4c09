/**
 * `restore` is how a caller puts a game back (undo, search): the snapshot it is given is checked
 * before anything changes. A snapshot of a game built from another position, a tampered one, or
 * an object that is not a snapshot is an `invalid-snapshot` error naming what doesn't fit, and the
 * game is exactly as it was.
 */
import { describe, expect, it } from 'vitest'
import { createGame, worldOf } from '../../src/api/game.js'
import { restore, snapshot } from '../../src/api/serialization.js'
import * as sim from '../../src/sim.js'
import { worldDigest } from '../../src/state/digest.js'
import type { Snapshot } from '../../src/state/snapshot.js'
import { creature, drive, thrownRedzoneError } from '../helpers.js'

const position = { players: [{ id: 'A' }, { id: 'B' }], objects: [creature('bear', 'A', 2, 2), creature('wall', 'B', 0, 4)] }

describe('restore checks its snapshot first', () => {
  it('restores a snapshot of the same game, and one of another game built from an equal position', () => {
    const game = createGame(position)
    const start = snapshot(game)
    const digest = worldDigest(worldOf(game))
    expect(drive(game).walkToAttack({ bear: 'B' })).toEqual({ ok: true })
    restore(game, start)
    expect(worldDigest(worldOf(game))).toBe(digest)
    const other = createGame(JSON.parse(JSON.stringify(position)))
    expect(drive(other).walkToAttack({ bear: 'B' })).toEqual({ ok: true })
    restore(other, start)
    expect(worldDigest(worldOf(other))).toBe(digest)
  })

  it('refuses a snapshot of a game built from another position with as many objects, and changes nothing', () => {
    const game = createGame(position)
    const elsewhere = createGame({ ...position, objects: [creature('bear', 'B', 5, 5), creature('wall', 'A', 0, 4)] })
    const before = worldDigest(worldOf(game))
    const error = thrownRedzoneError(() => restore(game, snapshot(elsewhere)))
    expect(error.code).toBe('invalid-snapshot')
    expect(error.message).toContain('another position')
    expect(worldDigest(worldOf(game))).toBe(before)
    expect(() => sim.restore(sim.worldOf(game), sim.snapshot(sim.worldOf(elsewhere)))).toThrow(/another position/)
  })

  it('refuses a tampered snapshot (a value on its tape, a copied resource of the wrong shape, an arena of another size) naming the path, and changes nothing', () => {
    const game = createGame(position)
    const before = worldDigest(worldOf(game))
    type Made = { arena: Uint8Array; nums: Float64Array; ids: Int32Array; resources: Record<string, unknown>; entities: number; rows: number; layout: string; origin: unknown }
    const made = snapshot(game) as unknown as Made
    const copy = JSON.parse(JSON.stringify(made)) as Record<string, unknown>
    // The turn is the first resource on the tape with scalars (the zones keep theirs in ids): its step is nums[2].
    const nums = made.nums.slice()
    nums[2] = 99
    const error = thrownRedzoneError(() => restore(game, { ...made, nums } as unknown as Snapshot))
    expect(error.code).toBe('invalid-snapshot')
    expect(error.message).toContain('$.resources.turn.step')
    const ids = made.ids.slice()
    ids[1] = 1_000_000 // the length of the first player's library
    expect(thrownRedzoneError(() => restore(game, { ...made, ids } as unknown as Snapshot)).message).toContain('$.resources.zones')
    const stack = { ...made, resources: { ...made.resources, stack: [{ kind: 'spell', card: 1 }] } }
    expect(thrownRedzoneError(() => restore(game, stack as unknown as Snapshot)).message).toContain('$.resources.stack[0]')
    const shortArena = { ...made, arena: made.arena.subarray(1) }
    expect(thrownRedzoneError(() => restore(game, shortArena as unknown as Snapshot)).message).toContain('$.arena')
    expect(thrownRedzoneError(() => restore(game, copy as unknown as Snapshot)).code).toBe('invalid-snapshot')
    expect(thrownRedzoneError(() => restore(game, {} as Snapshot)).code).toBe('invalid-snapshot')
    // An untampered copy that this engine did not make is checked in full, and restores.
    expect(drive(game).walkToAttack({ bear: 'B' })).toEqual({ ok: true })
    restore(game, { ...made } as unknown as Snapshot)
    expect(worldDigest(worldOf(game))).toBe(before)
  })
})
