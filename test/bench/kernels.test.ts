/**
 * The same-process comparison's `search:N` kernel (bench/kernels.ts): the same playouts in every
 * pass over its positions (what its unit count stands on), and a clear refusal of an absurd N.
 */
import { expect, it } from 'vitest'
import { makeKernel } from '../../bench/kernels.js'

it('search:N plays the same number of playouts in every pass over the positions of a heuristic game', () => {
  const kernel = makeKernel('search:4')
  expect(kernel.unit).toBe('playouts')
  // At least ten positions with options, each with 2 or more playouts (4 shared among its 2 to 8 candidates, one each at least).
  expect(kernel.chunk).toBeGreaterThanOrEqual(20)
  for (let i = 0; i < 3; i++) expect(kernel.work()).toBeGreaterThan(0)
})

it('search:N refuses more than 10,000 playouts a decision', () => {
  expect(() => makeKernel('search:20000')).toThrow('kernel search:20000: at most 10,000 playouts a decision')
})
