/** The benches' masked random policy (bench/masked-random.ts) reads masks a word at a time: it must draw what a byte-by-byte scan draws. */
import { describe, expect, it } from 'vitest'
import { pickMasked } from '../../bench/masked-random.js'
import { Rng } from '../../src/core/rng.js'
import { ACTION_SIZE } from '../../src/rl/layout.js'

/** The policy as first written: count the allowed actions, draw k, take the k-th. */
function byteScan(mask: Uint8Array, n: number, rng: Rng, actions: Int32Array): void {
  for (let i = 0; i < n; i++) {
    const base = i * ACTION_SIZE
    let count = 0
    for (let a = 0; a < ACTION_SIZE; a++) count += mask[base + a]!
    let k = rng.int(count)
    for (let a = 0; a < ACTION_SIZE; a++) {
      if (mask[base + a] === 1 && k-- === 0) {
        actions[i] = a
        break
      }
    }
  }
}

describe('pickMasked (the benches\' random policy)', () => {
  it('draws the same actions as a byte-by-byte scan, for rows at every byte alignment and masks sparse to full', () => {
    const n = 9
    const source = new Rng(7)
    let compared = 0
    for (let offset = 0; offset < 4; offset++) {
      const buffer = new ArrayBuffer(offset + n * ACTION_SIZE + 3)
      const mask = new Uint8Array(buffer, offset, n * ACTION_SIZE)
      for (const density of [0.01, 0.1, 0.5, 1]) {
        for (let round = 0; round < 20; round++) {
          for (let j = 0; j < mask.length; j++) mask[j] = source.next() < density ? 1 : 0
          // Every row allows at least one action (a decision always has one).
          for (let i = 0; i < n; i++) mask[i * ACTION_SIZE + source.int(ACTION_SIZE)] = 1
          const fast = new Int32Array(n).fill(-1)
          const slow = new Int32Array(n).fill(-1)
          pickMasked(mask, n, new Rng(round + 1), fast)
          byteScan(mask, n, new Rng(round + 1), slow)
          expect([...fast]).toEqual([...slow])
          for (let i = 0; i < n; i++) expect(mask[i * ACTION_SIZE + fast[i]!]).toBe(1)
          compared += n
        }
      }
    }
    expect(compared).toBe(4 * 4 * 20 * 9)
  })

  it('reads only its own row: bytes set just outside the rows change nothing', () => {
    const buffer = new ArrayBuffer(2 * ACTION_SIZE + 8)
    const bytes = new Uint8Array(buffer)
    const mask = new Uint8Array(buffer, 1, 2 * ACTION_SIZE)
    mask[5] = 1
    mask[ACTION_SIZE + 7] = 1
    bytes[0] = 1
    bytes[1 + 2 * ACTION_SIZE] = 1
    const actions = new Int32Array(2)
    pickMasked(mask, 2, new Rng(3), actions)
    expect([...actions]).toEqual([5, 7])
  })
})
