import type { Rng } from '../src/core/rng.js'
import { ACTION_SIZE } from '../src/rl/layout.js'

/** The mask's buffer as bytes and as whole 32-bit words, made once per mask. */
interface Views {
  bytes: Uint8Array
  words: Uint32Array
}

const VIEWS = new WeakMap<Uint8Array, Views>()

function viewsOf(mask: Uint8Array): Views {
  let views = VIEWS.get(mask)
  if (views === undefined) {
    const buffer = mask.buffer
    views = { bytes: new Uint8Array(buffer), words: new Uint32Array(buffer, 0, buffer.byteLength >>> 2) }
    VIEWS.set(mask, views)
  }
  return views
}

/** The number of ones among four 0/1 bytes of a word. */
const ones = (word: number): number => Math.imul(word, 0x01010101) >>> 24

/**
 * For each of `n` games, a uniform draw among the actions its row of `mask` allows (a 0/1 byte
 * each), into `actions`: the benches' and the fingerprint's masked random policy. One draw of
 * `rng` per game, of the count of allowed actions, picks the k-th allowed one. The bytes are read
 * four at a time (a row need not start on a word: its ends are read byte by byte), so the policy
 * is a small part of a step, as a learner's batched policy would be.
 */
export function pickMasked(mask: Uint8Array, n: number, rng: Rng, actions: Int32Array): void {
  const { bytes, words } = viewsOf(mask)
  for (let i = 0; i < n; i++) {
    const start = mask.byteOffset + i * ACTION_SIZE
    const end = start + ACTION_SIZE
    const wordStart = Math.min(end, (start + 3) & ~3)
    const wordEnd = Math.max(wordStart, end & ~3)
    let count = 0
    for (let b = start; b < wordStart; b++) count += bytes[b]!
    for (let w = wordStart >>> 2, e = wordEnd >>> 2; w < e; w++) count += ones(words[w]!)
    for (let b = wordEnd; b < end; b++) count += bytes[b]!
    let k = rng.int(count)
    let at = -1
    for (let b = start; b < wordStart && at < 0; b++) if (bytes[b] === 1 && k-- === 0) at = b
    for (let w = wordStart >>> 2, e = wordEnd >>> 2; w < e && at < 0; w++) {
      const c = ones(words[w]!)
      if (k >= c) {
        k -= c
        continue
      }
      for (let b = w << 2, last = b + 4; b < last && at < 0; b++) if (bytes[b] === 1 && k-- === 0) at = b
    }
    for (let b = wordEnd; b < end && at < 0; b++) if (bytes[b] === 1 && k-- === 0) at = b
    if (at >= 0) actions[i] = at - start
  }
}
