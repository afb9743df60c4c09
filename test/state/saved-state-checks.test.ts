/**
 * A saved state is a game at a decision, every value in its range: the two halves of one promise.
 * A snapshot, document or buffer can't be taken from inside a change (a listener runs mid-change:
 * an attacker's damage dealt, its state-based actions not yet performed), and every state read
 * back (a `redzone-state/2` document, a `/1` one, a buffer, a snapshot object) is checked for
 * what a game can hold (`src/core/limits.ts`, the combat roster, a decision pending) before
 * anything changes: one check for every format, so a relabelled document can't carry what a
 * current one may not.
 *
 * CR 117.3: "Which player has priority is determined by the following rules ..." (a game between
 * two decisions is a game with no one to act). CR 704.3: state-based actions are performed
 * "whenever a player would receive priority".
 */
import { describe, expect, it } from 'vitest'
import { Zone } from '../../components/zones.js'
import { createGame, worldOf, type Game } from '../../src/api/game.js'
import { checksum, fromBinary, fromJSON, restore, snapshot, toBinary, toJSON } from '../../src/api/serialization.js'
import { RedzoneError } from '../../src/core/errors.js'
import * as sim from '../../src/sim.js'
import { jsonChecksum, worldDigest } from '../../src/state/digest.js'
import { readJson, stateToBinary } from '../../src/state/serialize.js'
import { restoreWorld, type Snapshot } from '../../src/state/snapshot.js'
import { buildPosition } from '../../src/state/position.js'
import { creature, drive, thrownRedzoneError } from '../helpers.js'

type Doc = { format: string; setup: { players: Record<string, unknown>[] }; state: Record<string, any>; [key: string]: unknown }

const position = { players: [{ id: 'A' }, { id: 'B' }], objects: [creature('bear', 'A', 2, 2), creature('wall', 'B', 0, 4)] }

/** A game with the bear attacking B, at priority in the declare attackers step. */
function attacking(): Game {
  const game = createGame(position)
  expect(drive(game).walkToAttack({ bear: 'B' })).toEqual({ ok: true })
  return game
}

const docOf = (game: Game): Doc => JSON.parse(JSON.stringify(toJSON(game))) as Doc
const column = (doc: Doc, name: string): number[] => doc.state.columns[(doc.state.layout as string).split(',').indexOf(name)].values
const columnIndex = (doc: Doc, name: string): number => (doc.state.layout as string).split(',').indexOf(name)

/** The same document as `redzone-state/1` (no game version, no checksum). */
function relabelled(doc: Doc): Doc {
  const old: Doc = { ...doc, format: 'redzone-state/1' }
  delete old['checksum']
  delete old['gameVersion']
  return old
}

/** The document with its checksum made right again (a writer's bug, or a hand edit, not corruption). */
function rechecked(doc: Doc): Doc {
  return { ...doc, checksum: jsonChecksum(doc, 'checksum') }
}

/** Runs `read` in a listener of `event` during `change`: what it threw. */
function fromListener(game: Game, event: 'damageDealt', change: () => unknown, read: () => unknown): unknown {
  let thrown: unknown = 'not called'
  const off = game.on(event, () => {
    if (thrown !== 'not called') return
    try {
      read()
      thrown = null
    } catch (error) {
      thrown = error
    }
  })
  change()
  off()
  return thrown
}

describe('a snapshot, document or buffer is taken only at a decision, never from a listener mid-change', () => {
  const reads: [string, (game: Game) => unknown][] = [
    ['snapshot', (game) => snapshot(game)],
    ['toJSON', (game) => toJSON(game)],
    ['toBinary', (game) => toBinary(game)],
    ['redzone/sim snapshot', (game) => sim.snapshot(sim.worldOf(game))],
  ]
  for (const [name, read] of reads) {
    it(`${name} in a damageDealt listener during combat damage is invalid-argument, and the combat completes`, () => {
      const game = attacking()
      const error = fromListener(game, 'damageDealt', () => expect(drive(game).walkToDamage()).toEqual({ ok: true }), () => read(game))
      expect(error).toBeInstanceOf(RedzoneError)
      expect((error as RedzoneError).code).toBe('invalid-argument')
      expect((error as RedzoneError).message).toMatch(/listener/)
      // The combat went on to its end: B took 2, the game is at a decision.
      expect(game.pendingDecision().kind).toBe('priority')
      expect(checksum(fromJSON(toJSON(game)))).toBe(checksum(game))
    })
  }

  it('redzone/sim restore in a listener is refused like its act: the rest of the change would land in the restored game', () => {
    const game = attacking()
    const world = sim.worldOf(game)
    const before = sim.snapshot(world)
    const error = fromListener(game, 'damageDealt', () => expect(drive(game).walkToDamage()).toEqual({ ok: true }), () => sim.restore(world, before))
    expect((error as RedzoneError).code).toBe('invalid-argument')
    expect((error as RedzoneError).message).toMatch(/listener/)
    expect(game.pendingDecision().kind).toBe('priority')
  })

  it('toJSON and toBinary of a game not begun (GameTable.fresh hands one out) are refused: no decision is pending, and no load would take the document', () => {
    const fresh = new sim.GameTable().fresh(['green-white', 'black-red'], 5)
    for (const save of [() => toJSON(fresh), () => toBinary(fresh)]) {
      expect(thrownRedzoneError(save)).toMatchObject({ code: 'invalid-argument', message: expect.stringMatching(/no decision is pending/) })
    }
  })

  it('toJSON in a listener of an outside effect (lethal damage dealt, state-based actions still to come) is refused', () => {
    const game = createGame(position)
    const error = fromListener(game, 'damageDealt', () => expect(game.dealDamage({ to: 'bear', amount: 5 })).toEqual({ ok: true }), () => toJSON(game))
    expect((error as RedzoneError).code).toBe('invalid-argument')
    // CR 704.5g: once the change is whole, the bear is dead.
    expect(worldOf(fromJSON(toJSON(game))).place.zone[game.eid('bear')!]).toBe(Zone.Graveyard)
    expect(game.version).toBe(1)
  })
})

describe('a state read back is at a decision: one between two is invalid-snapshot, and nothing changes', () => {
  /** The state of `game` moved into the regular combat damage step between its two turn-based actions (damage assigned, not dealt). */
  function between(doc: Doc): Doc {
    doc.state.turn.step = 8
    doc.state.turn.resumeAt = 1
    return doc
  }

  it('fromJSON and fromBinary refuse a state between decisions, naming $.state.turn', () => {
    const doc = between(docOf(attacking()))
    for (const d of [doc, rechecked(doc), relabelled(doc)]) {
      const error = thrownRedzoneError(() => fromJSON(d))
      expect(error.code).toBe('invalid-snapshot')
      expect(error.message).toContain('$.state.turn')
      expect(error.message).toMatch(/no decision/)
    }
    const read = readJson(doc)
    const world = buildPosition(read.setup).world
    restoreWorld(world, read.snapshot)
    expect(thrownRedzoneError(() => fromBinary(stateToBinary(world))).message).toMatch(/no decision/)
  })

  it('restore refuses a snapshot object between decisions and leaves the game exactly as it was (its version, its digest, its next actions)', () => {
    const game = attacking()
    const made = snapshot(game) as unknown as { nums: Float64Array }
    // The turn is the first resource on the tape with scalars: its step is nums[2], its resumeAt nums[12].
    const nums = made.nums.slice()
    nums[2] = 8
    nums[12] = 1
    const other = createGame(position)
    const before = worldDigest(worldOf(other))
    const error = thrownRedzoneError(() => restore(other, { ...made, nums } as unknown as Snapshot))
    expect(error.code).toBe('invalid-snapshot')
    expect(error.message).toContain('$.resources.turn')
    expect(other.version).toBe(0)
    expect(worldDigest(worldOf(other))).toBe(before)
    expect(other.pass()).toEqual({ ok: true })
    const sameError = thrownRedzoneError(() => sim.restore(sim.worldOf(other), { ...made, nums } as unknown as sim.Snapshot))
    expect(sameError.code).toBe('invalid-snapshot')
  })
})

describe('every state document is checked in range and consistency, whatever its format version', () => {
  const game = attacking()
  const base = docOf(game)
  const bear = game.eid('bear')!
  const B = game.eid('B')!
  /** What a case changes, what its error names. */
  const CASES: [what: string, change: (doc: Doc) => void, path: string][] = [
    ['turn number -1', (d) => void (d.state.turn.number = -1), '$.state.turn.number'],
    ['turn number 0 outside the mulligans', (d) => void (d.state.turn.number = 0), '$.state.turn.number'],
    ['lands played -1', (d) => void (d.state.turn.landsPlayed = -1), '$.state.turn.landsPlayed'],
    ['a life of -(2**31)', (d) => void (column(d, 'players.life')[B] = -(2 ** 31)), `values[${B}] (players.life)`],
    ['damage marked -3', (d) => void (column(d, 'stats.damage')[bear] = -3), `values[${bear}] (stats.damage)`],
    ['tapped 7', (d) => void (column(d, 'status.tapped')[bear] = 7), `values[${bear}] (status.tapped)`],
    ['a type mask of 255 (bits of no type, and not the card of the position)', (d) => void (column(d, 'types.mask')[bear] = 255), `values[${bear}] (types.mask)`],
    ['entered the battlefield at -1', (d) => void (column(d, 'cards.enteredAt')[bear] = -1), `values[${bear}] (cards.enteredAt)`],
    ['entity 0 (no entity) a player', (d) => void (column(d, 'players.isPlayer')[0] = 1), 'values[0] (players.isPlayer)'],
    ['resumeAt -1', (d) => void (d.state.turn.resumeAt = -1), '$.state.turn.resumeAt'],
    ['no attackers listed while the bear attacks', (d) => void (d.state.roster.attackers = []), '$.state.roster.attackers'],
  ]

  it('the document the cases start from reads back, in both formats', () => {
    expect(checksum(fromJSON(base))).toBe(checksum(game))
    expect(checksum(fromJSON(relabelled(base)))).toBe(checksum(game))
  })

  for (const [what, change, path] of CASES) {
    it(`refuses ${what} in a redzone-state/2 document (its checksum right) and a /1 one, naming ${path}`, () => {
      const doc = JSON.parse(JSON.stringify(base)) as Doc
      change(doc)
      for (const d of [rechecked(doc), relabelled(doc)]) {
        const error = thrownRedzoneError(() => fromJSON(d))
        expect(error.code).toBe('invalid-snapshot')
        expect(error.message).toContain(path)
      }
    })
  }

  it('names the column of a buffer and of a snapshot object', () => {
    const doc = JSON.parse(JSON.stringify(base)) as Doc
    column(doc, 'stats.damage')[bear] = -3
    const read = readJson(doc)
    const world = buildPosition(read.setup).world
    restoreWorld(world, read.snapshot)
    expect(thrownRedzoneError(() => fromBinary(stateToBinary(world))).message).toContain(`stats.damage[${bear}]`)
    const made = snapshot(game) as unknown as { arena: Uint8Array }
    const arena = made.arena.slice()
    new Int32Array(arena.buffer, worldOf(game).stats.damage.byteOffset, bear + 1)[bear] = -3
    const other = createGame(position)
    const before = worldDigest(worldOf(other))
    expect(thrownRedzoneError(() => restore(other, { ...made, arena } as unknown as Snapshot)).message).toContain(`$.arena stats.damage[${bear}]`)
    expect(worldDigest(worldOf(other))).toBe(before)
    expect(columnIndex(doc, 'stats.damage')).toBeGreaterThan(0)
  })
})
