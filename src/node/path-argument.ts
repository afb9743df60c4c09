/** A path argument of the file functions of redzone/node, checked before any read. */
import { RedzoneError, type RedzoneErrorCode } from '../core/errors.js'
import { describeValue } from '../core/limits.js'

/**
 * `value` as a path: a non-empty string, else `invalid-argument` naming it (`where`). Checked before
 * `fs` sees it: `fs` takes a number as a file descriptor (`0` reads stdin, `-0` aborts Node).
 */
export function checkPath(value: unknown, where: string, code: RedzoneErrorCode = 'invalid-argument'): asserts value is string {
  if (typeof value !== 'string' || value === '') {
    throw new RedzoneError(code, `${where}: expected a path (a non-empty string), got ${describeValue(value)}`)
  }
}
