/**
 * Seeded pseudo-random numbers (sfc32 seeded through splitmix32): the same seed gives the
 * same sequence on every platform. The engine never reads Math.random.
 */
export class Rng {
  /**
   * sfc32's four words, a b c d, in a typed array: a store wraps them to 32 bits as `>>> 0`
   * would, and holds them unboxed (four number fields, most above the small-integer range, made a
   * heap number at every draw).
   */
  private readonly s = new Uint32Array(4)

  constructor(seed: number) {
    this.seed(seed)
  }

  /** Starts the sequence of `seed` again, in place: the state `new Rng(seed)` has. */
  seed(seed: number): void {
    let x = seed >>> 0
    for (let i = 0; i < 4; i++) {
      x = (x + 0x9e3779b9) >>> 0
      let z = x
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0
      // Stored as a 32-bit word: the store cuts it (as `>>> 0`).
      this.s[i] = z ^ (z >>> 16)
    }
    for (let i = 0; i < 12; i++) this.nextUint32()
  }

  nextUint32(): number {
    const s = this.s
    const b = s[1]!
    const c = s[2]!
    // a + b + d is exact (below 2^34), so one cut to 32 bits gives sfc32's sum.
    const t = (s[0]! + b + s[3]!) >>> 0
    s[3]!++
    s[0] = b ^ (b >>> 9)
    s[1] = c + (c << 3)
    s[2] = ((c << 21) | (c >>> 11)) + t
    return t
  }

  /** A float in [0, 1). */
  next(): number {
    return this.nextUint32() / 4294967296
  }

  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n)
  }

  /** Fisher-Yates shuffle in place (CR 701.24 shuffle, with the game's seed). */
  shuffle<T>(items: T[]): void {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.int(i + 1)
      const tmp = items[i]!
      items[i] = items[j]!
      items[j] = tmp
    }
  }

  /** The generator's state, to save and restore a game: a as a signed 32-bit word (as sfc32's xor leaves it), b c d unsigned. */
  state(): [number, number, number, number] {
    const s = this.s
    return [s[0]! | 0, s[1]!, s[2]!, s[3]!]
  }

  /** Sets the state `state()` gave. */
  setState(state: readonly [number, number, number, number]): void
  /** The same from `state[at .. at + 4]` (a restore reads it from its tape in place: no array made). */
  setState(state: ArrayLike<number>, at: number): void
  setState(state: ArrayLike<number>, at = 0): void {
    // Word by word: `set` from an array is a builtin call that costs a restore more than the stores.
    for (let i = 0; i < 4; i++) this.s[i] = state[at + i]!
  }
}
