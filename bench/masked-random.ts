import type { Rng } from '../src/core/rng.js'
import { ACTION_SIZE } from '../src/rl/layout.js'

/** For each of `n` games, a uniform draw among the actions its row of `mask` allows, into `actions` (the benches' and the fingerprint's masked random policy). */
export function pickMasked(mask: Uint8Array, n: number, rng: Rng, actions: Int32Array): void {
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
