export interface FoundPython {
  /** The interpreter, or null when none imports the modules. */
  path: string | null
  /** What was found, or why nothing was (and what to install). */
  reason: string
}
export function findPython(modules?: readonly string[]): FoundPython
