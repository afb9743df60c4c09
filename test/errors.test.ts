/**
 * Misuse of the API throws a `RedzoneError` whose `code` is one of a closed set, with a message
 * starting `redzone:`; broken invariants are internal errors asking for a bug report.
 */
import { describe, expect, it } from 'vitest'
import { RedzoneError, internalError, type RedzoneErrorCode } from '../src/core/errors.js'
import { parseManaCost } from '../src/rules/mana/cost.js'
import { restoreWorld, snapshotWorld } from '../src/state/snapshot.js'
import { stateToJson, worldFromBinary, worldFromJson } from '../src/state/serialize.js'
import { addCard, addPlayer, createGameWorld } from '../src/core/world.js'
import { Zone } from '../components/zones.js'
import { creature, newGame } from './helpers.js'

function codeOf(fn: () => unknown): RedzoneErrorCode {
  try {
    fn()
  } catch (error) {
    expect(error).toBeInstanceOf(RedzoneError)
    expect((error as Error).message).toMatch(/^redzone: /)
    return (error as RedzoneError).code
  }
  throw new Error('expected a RedzoneError')
}

describe('RedzoneError codes', () => {
  it('invalid-position: createGame with an invalid position', () => {
    expect(codeOf(() => newGame([creature('bear', 'C', 2, 2)]))).toBe('invalid-position')
  })

  it('invalid-snapshot: restoring a snapshot into a world of another size, or a snapshot of other columns', () => {
    const game = newGame([creature('bear', 'A', 2, 2)])
    const other = newGame([creature('bear', 'A', 2, 2), creature('cat', 'A', 1, 1)])
    expect(codeOf(() => restoreWorld(other.world, snapshotWorld(game.world)))).toBe('invalid-snapshot')
    const snapshot = snapshotWorld(game.world)
    const broken = { ...snapshot, layout: 'another layout' } as typeof snapshot
    expect(codeOf(() => restoreWorld(game.world, broken))).toBe('invalid-snapshot')
  })

  it('invalid-snapshot: a state document or buffer that is not one; invalid-argument: serializing a world built by hand', () => {
    expect(codeOf(() => worldFromJson({}))).toBe('invalid-snapshot')
    expect(codeOf(() => worldFromJson({ format: 'redzone-state/0' }))).toBe('invalid-snapshot')
    expect(codeOf(() => worldFromBinary(new ArrayBuffer(2)))).toBe('invalid-snapshot')
    expect(codeOf(() => worldFromBinary(new ArrayBuffer(16)))).toBe('invalid-snapshot')
    expect(codeOf(() => stateToJson(createGameWorld()))).toBe('invalid-argument')
  })

  it('invalid-mana-cost: parsing a cost that is not of the format', () => {
    expect(codeOf(() => parseManaCost('{C}'))).toBe('invalid-mana-cost')
  })

  it('unknown-entity and invalid-argument: addCard with an owner that is not a player, a count out of range', () => {
    const world = createGameWorld()
    const a = addPlayer(world, 'A', 20)
    expect(codeOf(() => addCard(world, { label: 'x', owner: 42, controller: a, zone: Zone.Hand, types: 1, keywords: 0 }))).toBe('unknown-entity')
    expect(codeOf(() => addCard(world, { label: 'x', owner: a, controller: a, zone: Zone.Hand, types: 1, keywords: 0, toughness: Number.NaN }))).toBe('invalid-argument')
  })

  it('a code is required: the one-argument form does not compile', () => {
    // @ts-expect-error the code is missing (npm run typecheck fails if this ever compiles again)
    const uncoded = (): RedzoneError => new RedzoneError('no such thing')
    const error = new RedzoneError('invalid-argument', 'no such thing')
    expect(error).toMatchObject({ code: 'invalid-argument', message: 'redzone: no such thing', issues: [] })
    expect(uncoded).toBeTypeOf('function')
  })

  it('an internal error asks for a bug report and is not a RedzoneError', () => {
    const error = internalError('x')
    expect(error).not.toBeInstanceOf(RedzoneError)
    expect(error.message).toMatch(/please report a bug$/)
  })
})

