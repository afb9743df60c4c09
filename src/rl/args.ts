/**
 * Checks of the arguments `redzone/rl`'s entry points take from a caller (a plain-JavaScript one
 * can pass anything): a value of the wrong kind is misuse, a `RedzoneError('invalid-argument')`
 * naming the argument, never a TypeError from inside or a write that lands nowhere (a typed array
 * ignores a write past its end or at a fractional index). Not on `VecEnv`'s own paths: it gives
 * the builders and the observation places it made itself.
 */
import { RedzoneError } from '../core/errors.js'
import { describeValue } from '../core/limits.js'
import type { GameWorld } from '../core/world.js'

/** `fn`'s `world`: what the world functions of `redzone/sim` take (there is no run-time mark of a world: its shape is checked). */
export function checkWorld(fn: string, world: unknown): asserts world is GameWorld {
  const w = world as Partial<Record<'labels' | 'players' | 'playerOrder', unknown>> | null
  if (typeof world !== 'object' || w === null || !Array.isArray(w.labels) || !Array.isArray(w.playerOrder) || typeof w.players !== 'object' || w.players === null) {
    throw new RedzoneError('invalid-argument', `${fn}: world: expected a game's world (worldOf(game) of redzone/sim), got ${describeValue(world)}`)
  }
}

/** `fn`'s `player`: an entity id (which entity is a player is the observation's check: `unknown-entity`). */
export function checkPlayerId(fn: string, player: unknown): void {
  if (!Number.isInteger(player) || (player as number) < 0) throw new RedzoneError('invalid-argument', `${fn}: player: expected a player's entity id (a whole number), got ${describeValue(player)}`)
}

/** A value for a message, a typed array by its kind and length (a Float64Array where a Float32Array goes). */
function describe(value: unknown): string {
  if (!ArrayBuffer.isView(value) || value instanceof DataView) return describeValue(value)
  const kind = value.constructor.name
  return `${/^[AEIO]/.test(kind) ? 'an' : 'a'} ${kind} of ${(value as unknown as ArrayLike<unknown>).length}`
}

/**
 * Where `fn` writes `size` values: a typed array (any kind: a Float64Array for observations, an
 * Int8Array for masks, one from another realm, as the writers always took) with room for them
 * from a whole `offset`. `kind` names the usual one in messages.
 */
function checkPlace(fn: string, out: unknown, offset: unknown, size: number, kind: string): void {
  if (!ArrayBuffer.isView(out) || out instanceof DataView) throw new RedzoneError('invalid-argument', `${fn}: out: expected a typed array (a ${kind}) of ${size} or more, got ${describe(out)}`)
  const length = (out as unknown as ArrayLike<number>).length
  if (!Number.isInteger(offset) || (offset as number) < 0) throw new RedzoneError('invalid-argument', `${fn}: offset: expected a whole number, 0 or more, got ${describeValue(offset)}`)
  if ((offset as number) + size > length) throw new RedzoneError('invalid-argument', `${fn}: out: ${size} values from offset ${offset as number} do not fit in ${describe(out)}`)
}

/** An observation's place (`OBS_SIZE` floats from `offset`). */
export function checkObservationPlace(fn: string, out: unknown, offset: unknown, size: number): asserts out is Float32Array {
  checkPlace(fn, out, offset, size, 'Float32Array')
}

/**
 * An observation's place that holds what `obs` holds, so a Float32Array (of any realm): `VecEnv.observeSeat`'s,
 * which copies the env's own row into it when the seat decides (a Float64Array took that row and
 * other seats' rows alike, an integer array dropped their fractions).
 */
export function checkFloat32Place(fn: string, out: unknown, offset: unknown, size: number): asserts out is Float32Array {
  checkPlace(fn, out, offset, size, 'Float32Array')
  if ((out as { [Symbol.toStringTag]?: unknown })[Symbol.toStringTag] !== 'Float32Array') {
    throw new RedzoneError('invalid-argument', `${fn}: out: expected a Float32Array of ${size} or more, got ${describe(out)}`)
  }
}

/** A mask's place (`ACTION_SIZE` bytes from `offset`). */
export function checkMaskPlace(fn: string, out: unknown, offset: unknown, size: number): asserts out is Uint8Array {
  checkPlace(fn, out, offset, size, 'Uint8Array')
}
