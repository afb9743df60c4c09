/** Types of annotate.mjs (a plain script of `npm run bench:instructions`) for the tests. */

/** Per instruction address of one callgrind run, `[instructions, L2 misses]` (self cost; the misses 0 without the cache simulated). */
export declare function countsByAddress(text: string): Map<number, [number, number]>

/** One optimized code object as `node --print-opt-code` printed it. */
export interface CodeObject {
  name: string
  id: string
  lines: { address: number; offset: string; text: string }[]
}

/** The optimized code objects in `--print-opt-code`'s output, in order. */
export declare function codeObjects(text: string): CodeObject[]

export declare function annotate(options: {
  file: string
  kind: string
  n: number
  count: number
  names: readonly string[]
  min?: number
  cache?: boolean
  fail: (message: string) => never
}): void
