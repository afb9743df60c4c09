/** Types of by-function.mjs (a plain script of `npm run bench:instructions`) for the tests. */

/** callgrind's events with `--cache-sim=yes`, in its order. */
export declare const EVENTS: readonly ['Ir', 'Dr', 'Dw', 'I1mr', 'D1mr', 'D1mw', 'ILmr', 'DLmr', 'DLmw']

/** The last-level cache the `L2 misses` figures simulate (a cachegrind and callgrind option). */
export declare const L2_SIMULATION: string

/** Per function name, its self cost of one callgrind run in `EVENTS` order (compiled code named from the perf map). */
export declare function attribute(outFile: string, mapFile: string): Map<string, number[]>

/** The self-cost lines of a callgrind file (a call's inclusive cost left out), with their object, function and fields. */
export declare function selfCosts(text: string): Generator<{ object: string; fn: string; fields: string[] }>

export declare function byFunction(options: {
  file: string
  kind: string
  n: number
  counts: readonly [number, number]
  rows?: number
  sort?: 'l2' | 'd1' | 'i1' | 'instructions'
  fail: (message: string) => never
}): void
