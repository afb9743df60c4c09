/**
 * `allocationSites` (bench/alloc.ts) once the optimizing compiler has the run: in a file of its own,
 * so the profiler's frame sees one run alone (as the learning env's allocation test's does).
 */
import { expect, it } from 'vitest'
import { allocationSites } from '../../bench/alloc.js'

it('sees what the run itself allocates once it is optimized (a run the compiler inlined into the profiler frame read 0)', () => {
  const held: number[][] = []
  let c = 0
  const run = (): void => {
    held.push([c++])
    if (held.length > 100) held.length = 0
  }
  // Three windows of calls enough to have the profiler's frame optimized with this run in it.
  let last: { frames: string[]; bytes: number }[] = []
  for (let w = 0; w < 3; w++) last = allocationSites(20_000, () => {}, run)
  const own = last.find((site) => site.frames[site.frames.length - 1] === 'run')
  // A one-element array a call (about 32 bytes; the sampling estimate reads 56-80 here), in the last window too.
  expect(own, JSON.stringify(last)).toBeDefined()
  expect(own!.bytes).toBeGreaterThan(8)
  expect(own!.bytes).toBeLessThan(200)
})
