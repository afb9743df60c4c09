/**
 * Checks of the arguments of the `Game` API at run time: a value of the wrong shape (null where a
 * map is expected, a number where a list is) is misuse of the API and throws `RedzoneError` naming
 * the argument, never a TypeError from deep inside. Ids themselves are checked by the game: an
 * unknown id is the `unknown-object` rejection.
 */
import { RedzoneError, type RedzoneErrorCode } from '../core/errors.js'
import { describeValue as describe } from '../core/limits.js'
import { fieldPath } from '../state/check-position.js'

/** An object used as a record (not a list, a Map, a typed array or another built-in container): the API's and the Worker wrapper's. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || ArrayBuffer.isView(value)) return false
  return !(value instanceof Map || value instanceof Set || value instanceof Date || value instanceof RegExp)
}

/** A `{ id: id }` map (attackers, blockers). */
export function idMap(value: unknown, name: string): Readonly<Record<string, string>> {
  if (!isPlainObject(value)) throw new RedzoneError('invalid-argument', `${name}: expected an object of ids ({ "id": "id" }), got ${describe(value)}`)
  for (const [key, v] of Object.entries(value)) {
    if (typeof v !== 'string') throw new RedzoneError('invalid-argument', `${name}["${key}"]: expected an id (a string), got ${describe(v)}`)
  }
  return value as Record<string, string>
}

/** A `{ creature: { recipient: amount } }` map of damage assignments. */
export function assignMap(value: unknown, name: string): Readonly<Record<string, Readonly<Record<string, number>>>> {
  if (!isPlainObject(value)) throw new RedzoneError('invalid-argument', `${name}: expected an object { "creature": { "recipient": amount } }, got ${describe(value)}`)
  for (const [creature, entries] of Object.entries(value)) {
    if (!isPlainObject(entries)) throw new RedzoneError('invalid-argument', `${name}["${creature}"]: expected an object { "recipient": amount }, got ${describe(entries)}`)
    for (const [recipient, amount] of Object.entries(entries)) {
      if (typeof amount !== 'number') throw new RedzoneError('invalid-argument', `${name}["${creature}"]["${recipient}"]: expected a number, got ${describe(amount)}`)
    }
  }
  return value as Record<string, Record<string, number>>
}

/** A list of ids. */
export function idList(value: unknown, name: string): readonly string[] {
  if (!Array.isArray(value)) throw new RedzoneError('invalid-argument', `${name}: expected a list of ids, got ${describe(value)}`)
  value.forEach((v, i) => {
    if (typeof v !== 'string') throw new RedzoneError('invalid-argument', `${name}[${i}]: expected an id (a string), got ${describe(v)}`)
  })
  return value as string[]
}

/**
 * An options object (possibly absent); with `names`, its every name one of them, else `code`'s
 * error (`invalid-argument`) naming the unknown one (a misspelt option would be its default,
 * taken silently: `cast options.payment`, `walkTo options.nextturn`).
 */
export function options(value: unknown, name: string, names?: readonly string[], code: RedzoneErrorCode = 'invalid-argument'): Readonly<Record<string, unknown>> {
  if (value === undefined) return {}
  if (!isPlainObject(value)) throw new RedzoneError('invalid-argument', `${name}: expected an options object, got ${describe(value)}`)
  if (names) for (const key of Object.keys(value)) if (!names.includes(key)) throw new RedzoneError(code, `${name}${fieldPath(key)}: unknown option; expected one of ${names.join(', ')}`)
  return value
}

/** A plain object (an action, a snapshot). */
export function object(value: unknown, name: string): Readonly<Record<string, unknown>> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new RedzoneError('invalid-argument', `${name}: expected an object, got ${describe(value)}`)
  return value as Record<string, unknown>
}

/**
 * Named options (`playGame`'s, `replay`'s, `VecEnv`'s): an object, not a list or a typed array,
 * whose every own name is one of `names`, else `invalid-argument` naming the unknown one (a
 * misspelt option would be its default, taken silently). `prefix` starts the messages (`playGame: `);
 * `what` names the options in the first (`VecEnv options`); `code` is the error's (`usage` for
 * redzone/node's runs, whose bad options the CLI exits 2 for).
 */
export function knownOptions(value: unknown, prefix: string, names: readonly string[], what = 'options', code: RedzoneErrorCode = 'invalid-argument'): Record<string, unknown> {
  // A Map, a Set, a Date (whose entries or fields are no own names) would read as an object with
  // none, every option its default, silently (`onEvent(game, fn, new Map([['viewer', 'B']]))` gave
  // the omniscient stream).
  if (!isPlainObject(value)) {
    throw new RedzoneError(code, `${prefix}options: expected an object of ${what} (${names.join(', ')}), got ${describeArgument(value)}`)
  }
  return options(value, `${prefix}options`, names, code) as Record<string, unknown>
}

/**
 * A value for a message, as `describeValue` gives it but for an object of a built-in kind, named
 * by it (`a Map`, `a Date`, `a Float64Array`), and a bigint (`10n`): where an options object goes,
 * "got an object" would not say what is wrong with one.
 */
export function describeArgument(value: unknown): string {
  if (typeof value === 'bigint') return `${value}n`
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return describe(value)
  const kind = (Object.getPrototypeOf(value) as { constructor?: { name?: unknown } } | null)?.constructor?.name
  return typeof kind === 'string' && kind !== '' && kind !== 'Object' ? `${/^[AEIOU]/.test(kind) ? 'an' : 'a'} ${kind}` : describe(value)
}
