/** The Python the Python tests run with (scripts/python.mjs: the same one `npm run learn` and the bench use), with numpy and pytest. */
import { findPython as find, type FoundPython } from '../../scripts/python.mjs'

export type { FoundPython }

export function findPython(): FoundPython {
  return find(['numpy', 'pytest'])
}
