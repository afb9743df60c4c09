/**
 * Checks of the options objects of redzone/node's runs (`runSelfPlay`, `benchSelfPlay`,
 * `exportGames`): by name, type and range, before anything runs or is written. Each problem is a
 * `usage` error (as their other bad options: the CLI exits 2) naming the function and the option
 * (`runSelfPlay: options.workers: ...`); a misspelt option is refused, never its default taken
 * silently. An option given as `undefined` is absent.
 */
import { knownOptions } from '../api/args.js'
import { RedzoneError } from '../core/errors.js'
import { describeValue } from '../core/limits.js'
import { fieldPath } from '../state/check-position.js'

/** The options of the call `fn`, known to be an object of the named options only. */
export class Options {
  private constructor(
    readonly fn: string,
    readonly values: Readonly<Record<string, unknown>>,
  ) {}

  /**
   * `value` as the options of `fn`: an object (not a list, a Map, a typed array) whose every own
   * name is one of `names` (in the order the messages list them).
   */
  static of(fn: string, value: unknown, names: readonly string[]): Options {
    return new Options(fn, knownOptions(value, `${fn}: `, names, 'options', 'usage'))
  }

  /** The usage error of option `name` (`path`: a field inside it, `.k`), expecting `expected`. */
  error(name: string, expected: string, value: unknown, path = ''): RedzoneError {
    return new RedzoneError('usage', `${this.fn}: options${fieldPath(name)}${path}: expected ${expected}, got ${describeValue(value)}`)
  }

  /** Whether option `name` is given (not absent, not `undefined`). */
  has(name: string): boolean {
    return this.values[name] !== undefined
  }

  /** A given option that fails `ok`: the usage error expecting `expected`. */
  check(name: string, ok: (value: unknown) => boolean, expected: string): void {
    const value = this.values[name]
    if (value !== undefined && !ok(value)) throw this.error(name, expected, value)
  }

  /** A whole number from `min` to `max`, if given. */
  whole(name: string, min: number, max: number): void {
    this.check(name, (v) => Number.isInteger(v) && (v as number) >= min && (v as number) <= max, wholeRange(min, max))
  }

  /** A whole number from `min` to `max` that must be given (`what`: what it is, for the message when it is not). */
  requiredWhole(name: string, min: number, max: number, what: string): void {
    if (!this.has(name)) throw new RedzoneError('usage', `${this.fn}: options${fieldPath(name)}: required: ${what} (${wholeRange(min, max)})`)
    this.whole(name, min, max)
  }

  /** A non-empty string, if given (`what`: what it names). */
  text(name: string, what: string): void {
    this.check(name, (v) => typeof v === 'string' && v !== '', `${what} (a non-empty string)`)
  }

  boolean(name: string): void {
    this.check(name, (v) => typeof v === 'boolean', 'true or false')
  }

  function(name: string): void {
    this.check(name, (v) => typeof v === 'function', 'a function')
  }

  signal(name: string): void {
    this.check(name, (v) => v instanceof AbortSignal, 'an AbortSignal')
  }

  /** A list of non-empty strings, if given: `what` names the list, `item` one of it. */
  names(name: string, what: string, item: string): void {
    const value = this.values[name]
    if (value === undefined) return
    if (!Array.isArray(value)) throw this.error(name, `a list of ${what} (strings)`, value)
    for (let i = 0; i < value.length; i++) {
      if (typeof value[i] !== 'string' || value[i] === '') throw this.error(name, `${item} (a non-empty string)`, value[i], `[${i}]`)
    }
  }
}

function wholeRange(min: number, max: number): string {
  return max === Number.MAX_SAFE_INTEGER ? `a whole number of ${min} or more` : `a whole number from ${min} to ${max}`
}
