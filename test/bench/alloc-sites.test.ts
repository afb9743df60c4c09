/** `allocationSites` (bench/alloc.ts): where a run allocates, by its innermost frames; the rl bench's `rl.allocationSites`. */
import { expect, it } from 'vitest'
import { allocationSites } from '../../bench/alloc.js'

const kept: object[] = []

function makesPairs(n: number): void {
  for (let i = 0; i < n; i++) kept.push([i, i])
}

function makesNothing(n: number): number {
  let sum = 0
  for (let i = 0; i < n; i++) sum += i
  return sum
}

it('names the function that allocates, with about its bytes, and no site for one that allocates nothing', () => {
  // Warmed up: a function's first calls allocate its feedback (V8's bookkeeping, not the run's).
  for (let i = 0; i < 200; i++) {
    kept.length = 0
    makesPairs(500)
    makesNothing(500)
  }
  const sites = allocationSites(50, () => void (kept.length = 0), () => {
    makesPairs(500)
    makesNothing(500)
  })
  const pairs = sites.find((site) => site.frames[site.frames.length - 1] === 'makesPairs')
  expect(pairs, JSON.stringify(sites)).toBeDefined()
  // 500 two-element arrays a call (an array and its elements: about 50 to 90 bytes each, the
  // list's growth included), by a sampling estimate.
  expect(pairs!.bytes).toBeGreaterThan(10_000)
  expect(pairs!.bytes).toBeLessThan(100_000)
  expect(sites.some((site) => site.frames.includes('makesNothing'))).toBe(false)
  expect(sites[0]).toBe(pairs)
})
