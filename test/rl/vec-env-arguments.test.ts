/**
 * `VecEnv` and `DecisionBuilder` given what a plain-JavaScript caller can give them: a call back
 * into the env from its own `onRecord` (it re-entered the step loop, and the game whose record was
 * being made ended in an error, silently), options given as null or in a Map (read as absent:
 * every default, silently), a BigInt seat, a deck past the engine's size, an observation place of
 * another kind, `begin(null)`. Each is a `RedzoneError`, naming the argument, and the env or
 * builder is as it was.
 */
import { describe, expect, it } from 'vitest'
import { RedzoneError } from '../../src/core/errors.js'
import type { GameRecord } from '../../src/play/record.js'
import { worldOf } from '../../src/api/game.js'
import { createDeckGame } from '../../src/play/setup.js'
import { DecisionBuilder } from '../../src/rl/decision-builder.js'
import { ACTION_SIZE, OBS_SIZE } from '../../src/rl/layout.js'
import { VecEnv, type VecEnvOptions } from '../../src/rl/vec-env.js'
import { thrownRedzoneError } from '../helpers.js'

/** The first allowed action of each env (the masks are the env's: any allowed one is a legal step). */
function firstAllowed(env: VecEnv): Int32Array {
  const actions = new Int32Array(env.n)
  for (let i = 0; i < env.n; i++) actions[i] = env.mask.subarray(i * ACTION_SIZE, (i + 1) * ACTION_SIZE).indexOf(1)
  return actions
}

/** Steps `env` until `done()` or `limit` steps; what the last step threw, or null. */
function stepUntil(env: VecEnv, done: () => boolean, limit = 2000): unknown {
  for (let k = 0; k < limit && !done(); k++) {
    try {
      env.step(firstAllowed(env))
    } catch (error) {
      return error
    }
  }
  return null
}

describe('VecEnv: a call into the env from its own onRecord', () => {
  for (const [name, reenter] of [
    ['step', (e: VecEnv) => e.step(firstAllowed(e))],
    ['reset', (e: VecEnv) => e.reset()],
    ['restart', (e: VecEnv) => e.restart(0)],
  ] as const) {
    it(`${name} inside onRecord is refused with invalid-argument, thrown by the step that ended the game once it is done; no game ends in an error`, () => {
      const records: GameRecord[] = []
      let inner: unknown = null
      const env: VecEnv = new VecEnv({
        n: 2,
        seed: 3,
        maxSteps: 30,
        onRecord: (record) => {
          records.push(record)
          if (inner === null) {
            try {
              reenter(env)
              inner = 'accepted'
            } catch (error) {
              inner = error
              throw error
            }
          }
        },
      })
      const thrown = stepUntil(env, () => records.length > 0)
      expect(inner).toBeInstanceOf(RedzoneError)
      expect((inner as RedzoneError).code).toBe('invalid-argument')
      expect((inner as RedzoneError).message).toMatch(new RegExp(`^redzone: ${name}: called from inside the env's own step`))
      // The listener's error reaches the caller of the step that made the record, once that step is whole.
      expect(thrown).toBe(inner)
      expect(records.every((r) => r.reason !== 'error')).toBe(true)
      expect(env.stats.errors).toBe(0)
      // The env goes on.
      env.step(firstAllowed(env))
    })
  }
})

describe('VecEnv: options given as null, in a Map, or of a kind a message could not show', () => {
  it('refuses each option given as null (null is not absent), naming it', () => {
    const make = (options: Record<string, unknown>): VecEnv => new VecEnv(options as VecEnvOptions)
    for (const name of ['n', 'seed', 'firstEnv', 'decks', 'opponent', 'seat', 'maxSteps', 'name', 'onRecord']) {
      const error = thrownRedzoneError(() => make({ [name]: null }))
      expect(error.code, name).toBe('invalid-argument')
      expect(error.message, name).toMatch(new RegExp(`^redzone: ${name}: .*null`))
    }
  })

  it('refuses options in a Map, naming the kind', () => {
    expect(thrownRedzoneError(() => new VecEnv(new Map([['n', 4]]) as never))).toMatchObject({
      code: 'invalid-argument',
      message: 'redzone: options: expected an object of VecEnv options (n, seed, firstEnv, decks, opponent, seat, maxSteps, name, onRecord), got a Map',
    })
  })

  it('refuses a BigInt seat with invalid-argument showing it', () => {
    expect(thrownRedzoneError(() => new VecEnv({ n: 1, seat: 10n as never }))).toMatchObject({
      code: 'invalid-argument',
      message: 'redzone: seat: 0, 1 or "alternate", not 10n',
    })
  })

  it('resolves its decks as every game does (resolveDeck): a deck past the engine limit of 250 cards is invalid-deck naming decks[0]', () => {
    const error = thrownRedzoneError(() => new VecEnv({ n: 1, decks: [{ name: 'x', cards: [['Forest', 251]] }, 'black-red'] }))
    expect(error.code).toBe('invalid-deck')
    expect(error.message).toMatch(/^redzone: decks\[0\]: deck x/)
  })
})

describe('VecEnv.observeSeat and DecisionBuilder.begin: places and legal actions of the wrong kind', () => {
  it('observeSeat refuses a place that is not a Float32Array (a Float64Array), writing nothing', () => {
    const env = new VecEnv({ n: 1, seed: 1 })
    const out = new Float64Array(OBS_SIZE)
    expect(thrownRedzoneError(() => env.observeSeat(0, 0, out as never))).toMatchObject({
      code: 'invalid-argument',
      message: `redzone: observeSeat: out: expected a Float32Array of ${OBS_SIZE} or more, got a Float64Array of ${OBS_SIZE}`,
    })
    expect(out.every((x) => x === 0)).toBe(true)
    const ok = new Float32Array(OBS_SIZE)
    env.observeSeat(0, 0, ok)
    expect(ok.some((x) => x !== 0)).toBe(true)
  })

  it('begin(null) is refused as legal actions of no decision, and the builder is as it was', () => {
    const builder = new DecisionBuilder(worldOf(createDeckGame(['green-white', 'black-red'], { seed: 1 })))
    builder.begin()
    const state = [builder.decisions, builder.kind, builder.count, Array.from(builder.mask)]
    expect(thrownRedzoneError(() => builder.begin(null as never))).toMatchObject({
      code: 'invalid-argument',
      message: expect.stringMatching(/^redzone: begin: legal: expected the legal actions of the pending mulligan decision of player \d+ \(legalActions\(world\)\), got null$/),
    })
    expect([builder.decisions, builder.kind, builder.count, Array.from(builder.mask)]).toEqual(state)
  })
})
