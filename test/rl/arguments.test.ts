/**
 * `redzone/rl`'s entry points called as a plain-JavaScript caller may call them: a world, a player,
 * a place to write, an offset, an index or an action of the wrong kind is a
 * `RedzoneError('invalid-argument')` naming the argument, never a TypeError from inside or a
 * write that lands nowhere (a typed array drops a write past its end or at a fractional index),
 * and the builder is left as it was. `VecEnv`'s own arguments: `vec-env.test.ts`.
 */
import { describe, expect, it } from 'vitest'
import { RedzoneError } from '../../src/core/errors.js'
import { worldOf } from '../../src/api/game.js'
import { legalActions } from '../../src/decisions/legal.js'
import { createDeckGame } from '../../src/play/setup.js'
import { DecisionBuilder as Builder } from '../../src/rl/decision-builder.js'
import { ACTION_LAYOUT, ACTION_SIZE, OBS_SIZE } from '../../src/rl/layout.js'
import { DecisionBuilder, observe } from '../../src/rl.js'
import type { World } from '../../src/sim.js'

/** A deck game's world at its first decision (the starting player's mulligan). */
function world(): World {
  return worldOf(createDeckGame(['green-white', 'black-red'], { seed: 1 })) as unknown as World
}

/** Calls `f` on `self` with any arguments (what a JavaScript caller can do). */
function call(self: object, f: (...args: never[]) => unknown, ...args: unknown[]): unknown {
  return (f as (...a: unknown[]) => unknown).apply(self, args)
}

describe('redzone/rl entry points: arguments of the wrong kind', () => {
  it('DecisionBuilder refuses a world that is not one (none, null, a string, an object), naming it', () => {
    const make = DecisionBuilder as unknown as new (world?: unknown) => DecisionBuilder
    const expected = (got: string): string => `redzone: DecisionBuilder: world: expected a game's world (worldOf(game) of redzone/sim), got ${got}`
    expect(() => new make()).toThrow(RedzoneError)
    expect(() => new make()).toThrow(expected('undefined'))
    expect(() => new make(null)).toThrow(expected('null'))
    expect(() => new make('world')).toThrow(expected('"world"'))
    expect(() => new make({ labels: 3 })).toThrow(expected('an object'))
  })

  it('DecisionBuilder.begin refuses legal actions that are not those of the pending decision, and the builder is as it was', () => {
    const w = world()
    const builder = new Builder(w as never)
    builder.begin()
    const mask = Array.from(builder.mask)
    const observation = new Float32Array(OBS_SIZE)
    builder.observe(observation)
    const state = (): unknown => [builder.decisions, builder.kind, builder.decider, builder.phase, builder.count, builder.only]
    const before = state()
    const legal = legalActions(w as never)
    expect(() => call(builder, builder.begin, 'legal')).toThrow(RedzoneError)
    expect(() => call(builder, builder.begin, 'legal')).toThrow(/^redzone: begin: legal: expected the legal actions of the pending mulligan decision of player \d+ \(legalActions\(world\)\), got "legal"$/)
    expect(() => builder.begin({ ...legal, kind: 'priority' })).toThrow(/^redzone: begin: legal: .*, got those of a priority decision of player \d+$/)
    expect(state()).toEqual(before)
    expect(Array.from(builder.mask)).toEqual(mask)
    const again = new Float32Array(OBS_SIZE)
    builder.observe(again)
    expect(Array.from(again)).toEqual(Array.from(observation))
  })

  it('DecisionBuilder.apply names an index that is not a whole number (a string, a fraction, none)', () => {
    const builder = new DecisionBuilder(world())
    builder.begin()
    const allowed = builder.mask.indexOf(1)
    const expected = (got: string): string => `redzone: apply: index: expected a whole number (an action index), got ${got}`
    expect(() => call(builder, builder.apply, String(allowed))).toThrow(RedzoneError)
    expect(() => call(builder, builder.apply, String(allowed))).toThrow(expected(`"${allowed}"`))
    expect(() => call(builder, builder.apply, allowed + 0.5)).toThrow(expected(String(allowed + 0.5)))
    expect(() => call(builder, builder.apply)).toThrow(expected('undefined'))
    expect(builder.apply(allowed)).not.toBe(null)
  })

  it('DecisionBuilder.maskInto and observe refuse a place that is not a typed array, a fractional or negative offset, or too little room; any typed array with room is taken, as before (an Int8Array mask, a Float64Array observation)', () => {
    const builder = new DecisionBuilder(world())
    builder.begin()
    for (const [fn, kind, size, f] of [['maskInto', 'Uint8Array', ACTION_SIZE, builder.maskInto], ['observe', 'Float32Array', OBS_SIZE, builder.observe]] as const) {
      const Kind = kind === 'Uint8Array' ? Uint8Array : Float32Array
      const prefix = `redzone: ${fn}: `
      expect(() => call(builder, f, null), fn).toThrow(RedzoneError)
      expect(() => call(builder, f, null), fn).toThrow(`${prefix}out: expected a typed array (a ${kind}) of ${size} or more, got null`)
      expect(() => call(builder, f, new Array(size).fill(0)), fn).toThrow(`${prefix}out: expected a typed array (a ${kind}) of ${size} or more, got an array`)
      expect(() => call(builder, f, new DataView(new ArrayBuffer(size * 4))), fn).toThrow(`${prefix}out: expected a typed array (a ${kind}) of ${size} or more, got`)
      const other = kind === 'Uint8Array' ? new Int8Array(size) : new Float64Array(size)
      call(builder, f, other)
      expect(Array.from(other as ArrayLike<number>).some((x) => x !== 0), fn).toBe(true)
      // A fraction was taken as 0 (maskInto) or wrote nothing (observe); a string was read as a number.
      expect(() => call(builder, f, new Kind(size + 1), 0.5), fn).toThrow(`${prefix}offset: expected a whole number, 0 or more, got 0.5`)
      expect(() => call(builder, f, new Kind(size + 1), '1'), fn).toThrow(`${prefix}offset: expected a whole number, 0 or more, got "1"`)
      expect(() => call(builder, f, new Kind(size + 1), -1), fn).toThrow(`${prefix}offset: expected a whole number, 0 or more, got -1`)
      expect(() => call(builder, f, new Kind(size), 1), fn).toThrow(`${prefix}out: ${size} values from offset 1 do not fit in a ${kind} of ${size}`)
      expect(() => call(builder, f, new Kind(size - 1)), fn).toThrow(`${prefix}out: ${size} values from offset 0 do not fit in a ${kind} of ${size - 1}`)
    }
    const out = new Uint8Array(ACTION_SIZE + 2)
    builder.maskInto(out, 2)
    expect(Array.from(out.subarray(2))).toEqual(Array.from(builder.mask))
  })

  it('DecisionBuilder.indicesOf refuses a value not of a player action\'s shape (null, a string, a declaration without its list, an outside effect), naming the field', () => {
    const builder = new DecisionBuilder(world())
    builder.begin()
    const player = builder.decider
    expect(() => call(builder, builder.indicesOf, null)).toThrow(RedzoneError)
    expect(() => call(builder, builder.indicesOf, null)).toThrow('redzone: action: expected an object, got null')
    expect(() => call(builder, builder.indicesOf, 'keep')).toThrow('redzone: action: expected an object, got "keep"')
    expect(() => call(builder, builder.indicesOf, { type: 'declareAttackers', player })).toThrow('redzone: action.attackers: expected a list, got undefined')
    expect(() => call(builder, builder.indicesOf, { type: 'nope', player })).toThrow(/^redzone: action.type: expected one of pass, .*, got "nope"$/)
    expect(() => call(builder, builder.indicesOf, { type: 'destroy', object: 5 })).toThrow(/^redzone: indicesOf: action.type: expected a player's action \(one of pass, .*\), got "destroy"$/)
    expect(builder.indicesOf({ type: 'keep', player })).toEqual([ACTION_LAYOUT.stop])
  })

  it('observe refuses a world, player, place or offset of the wrong kind, naming it', () => {
    const w = world()
    const look = observe as unknown as (...args: unknown[]) => void
    const player = 1
    expect(() => look(null, player, new Float32Array(OBS_SIZE))).toThrow(RedzoneError)
    expect(() => look(null, player, new Float32Array(OBS_SIZE))).toThrow("redzone: observe: world: expected a game's world (worldOf(game) of redzone/sim), got null")
    expect(() => look(w, String(player), new Float32Array(OBS_SIZE))).toThrow(`redzone: observe: player: expected a player's entity id (a whole number), got "${player}"`)
    expect(() => look(w, player, null)).toThrow(`redzone: observe: out: expected a typed array (a Float32Array) of ${OBS_SIZE} or more, got null`)
    expect(() => look(w, player, new Array(OBS_SIZE).fill(0))).toThrow(`redzone: observe: out: expected a typed array (a Float32Array) of ${OBS_SIZE} or more, got an array`)
    expect(() => look(w, player, new Float32Array(OBS_SIZE + 1), 0.5)).toThrow('redzone: observe: offset: expected a whole number, 0 or more, got 0.5')
    const out = new Float32Array(OBS_SIZE)
    look(w, player, out)
    expect(out.some((x) => x !== 0)).toBe(true)
  })
})
