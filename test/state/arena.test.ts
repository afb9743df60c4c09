/**
 * State in one copy (issue 17): the state columns are views of one ArrayBuffer, the arena, laid
 * out again when the world grows; a snapshot copies the arena whole and writes the hot resources
 * on a tape of numbers, which reads back as exactly their JSON copies; a snapshot restores into a
 * world of the same position whatever its capacity; the binary buffer is that snapshot, packed.
 */
import { describe, expect, it } from 'vitest'
import { act } from '../../src/decisions/act.js'
import { legalActions } from '../../src/decisions/legal.js'
import { pendingDecision } from '../../src/decisions/pending.js'
import { Rng } from '../../src/core/rng.js'
import { stateLayout } from '../../src/core/state-registry.js'
import { captureResources, checkTape } from '../../src/core/state-resources.js'
import { ensureCapacity, type GameWorld } from '../../src/core/world.js'
import { worldOf } from '../../src/api/game.js'
import { randomAction } from '../../src/play/agents/random.js'
import { createDeckGame } from '../../src/play/setup.js'
import { GameView } from '../../src/play/view.js'
import { worldDigest } from '../../src/state/digest.js'
import { buildPosition } from '../../src/state/position.js'
import { BINARY_VERSION, readBinary, stateToBinary, stateToJson, worldFromBinary } from '../../src/state/serialize.js'
import { restoreWorld, snapshotWorld, tapeOf, type WorldSnapshot } from '../../src/state/snapshot.js'
import { thrownRedzoneError } from '../helpers.js'

/** Plays random actions, calling `each` after every one. */
function play(world: GameWorld, seed: number, actions: number, each: (i: number) => void = () => {}): void {
  const rng = new Rng(seed)
  for (let i = 0; i < actions; i++) {
    const d = pendingDecision(world)
    if (d.kind === 'gameOver') return
    expect(act(world, randomAction(rng, new GameView(world, d.player!), d, legalActions(world)))).toEqual({ ok: true })
    each(i)
  }
}

const deckWorld = (seed: number): GameWorld => worldOf(createDeckGame(['green-white', 'black-red'], { seed }))

/** The taped resources' copies, as `capture` makes them. */
function tapedCopies(world: GameWorld): Record<string, unknown> {
  const all = captureResources(world) as unknown as Record<string, unknown>
  return Object.fromEntries(['zones', 'turn', 'roster', 'sbaQueue', 'nextTimestamp', 'nextEntry', 'rng'].map((name) => [name, all[name]]))
}

describe('the arena', () => {
  it('holds every state column, and is laid out again (values kept) when the world grows', () => {
    const world = deckWorld(3)
    play(world, 3, 80)
    const layout = stateLayout(world)
    for (const [name, column] of layout.columns) expect(column.buffer, name).toBe(layout.arena.buffer)
    const digest = worldDigest(world)
    ensureCapacity(world, world.capacity * 3)
    const grown = stateLayout(world)
    expect(grown.arena.buffer).not.toBe(layout.arena.buffer)
    for (const [name, column] of grown.columns) expect([column.buffer, column.length], name).toEqual([grown.arena.buffer, world.capacity])
    expect(worldDigest(world)).toBe(digest)
  })
})

describe('a snapshot', () => {
  it('puts the hot resources on its tape so that they read back as their JSON copies, at every action of random games', () => {
    for (let seed = 1; seed <= 4; seed++) {
      const world = deckWorld(seed)
      let reused: WorldSnapshot | undefined
      play(world, seed, 300, () => {
        reused = snapshotWorld(world, reused)
        expect(checkTape(tapeOf(reused), '$', world.labels.length)).toEqual(tapedCopies(world))
      })
    }
  })

  it('restores into a world of the same position with a larger or a smaller capacity', () => {
    const world = deckWorld(5)
    play(world, 5, 120)
    const digest = worldDigest(world)
    const big = buildPosition(world.origin!).world
    ensureCapacity(big, 1000)
    restoreWorld(big, snapshotWorld(world))
    expect(worldDigest(big)).toBe(digest)
    play(big, 6, 40)
    const later = worldDigest(big)
    restoreWorld(world, snapshotWorld(big))
    expect(worldDigest(world)).toBe(later)
  })

  it('with a keyword bit of no keyword is refused before anything changes', () => {
    const world = deckWorld(4)
    const saved = snapshotWorld(world)
    play(world, 4, 60)
    const digest = worldDigest(world)
    const layout = stateLayout(world)
    const at = layout.columns[layout.index['kw.effective']!]![1].byteOffset
    new Uint32Array(saved.arena.buffer, saved.arena.byteOffset + at, saved.rows)[3] = 1 << 30
    expect(thrownRedzoneError(() => restoreWorld(world, saved)).message).toContain('keyword bits of no keyword')
    expect(worldDigest(world)).toBe(digest)
  })

  it('a reused snapshot whose tape is too short for the lists now is replaced, not overrun', () => {
    const world = deckWorld(8)
    const first = snapshotWorld(world)
    const lists = first.ids.length
    world.sbaQueue.reserve(lists)
    for (let eid = 1; eid < world.labels.length; eid++) world.sbaQueue.push(eid)
    const second = snapshotWorld(world, first)
    expect(second).not.toBe(first)
    expect(checkTape(tapeOf(second), '$', world.labels.length)).toEqual(tapedCopies(world))
  })
})

describe('the binary buffer (version 4)', () => {
  it('is smaller than the JSON document, and reads back to the same game', () => {
    const world = deckWorld(9)
    play(world, 9, 150)
    const buffer = stateToBinary(world)
    expect(buffer.byteLength).toBeLessThan(JSON.stringify(stateToJson(world)).length)
    expect(worldDigest(worldFromBinary(buffer))).toBe(worldDigest(world))
  })

  it('refuses a buffer of version 2 (the format before the arena), saying what reads it', () => {
    const buffer = stateToBinary(deckWorld(2))
    new DataView(buffer).setUint32(4, 2)
    const error = thrownRedzoneError(() => readBinary(buffer))
    expect(error.code).toBe('invalid-snapshot')
    expect(error.message).toContain(`this state buffer is of binary version 2; this version of redzone reads version ${BINARY_VERSION} only`)
  })

  it('refuses a buffer written with other state columns (its layout hash)', () => {
    const buffer = stateToBinary(deckWorld(2))
    const view = new DataView(buffer)
    view.setUint32(12, view.getUint32(12) ^ 1)
    expect(thrownRedzoneError(() => readBinary(buffer)).message).toContain('another layout hash')
  })
})
