/**
 * The fuzzer's own seeded PRNG (sfc32 seeded through splitmix32), independent of the engine's,
 * so the cases a seed produces do not change when the engine changes. Every case gets its own
 * generator from (seed, case index): `--case N --seed S` regenerates case N alone.
 */
export class FuzzRng {
  private a: number
  private b: number
  private c: number
  private d: number

  constructor(seed: number, stream = 0) {
    let s = (Math.imul(seed >>> 0, 0x9e3779b1) ^ Math.imul(stream >>> 0, 0x85ebca77) ^ 0x5bd1e995) >>> 0
    const next = (): number => {
      s = (s + 0x9e3779b9) >>> 0
      let z = s
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0
      return (z ^ (z >>> 16)) >>> 0
    }
    this.a = next()
    this.b = next()
    this.c = next()
    this.d = next()
    for (let i = 0; i < 12; i++) this.u32()
  }

  u32(): number {
    const t = (((this.a + this.b) >>> 0) + this.d) >>> 0
    this.d = (this.d + 1) >>> 0
    this.a = this.b ^ (this.b >>> 9)
    this.b = (this.c + (this.c << 3)) >>> 0
    this.c = (this.c << 21) | (this.c >>> 11)
    this.c = (this.c + t) >>> 0
    return t
  }

  /** A float in [0, 1). */
  float(): number {
    return this.u32() / 4294967296
  }

  /** An integer in [lo, hi] (inclusive). */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.float() * (hi - lo + 1))
  }

  chance(p: number): boolean {
    return this.float() < p
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('fuzz: pick from an empty list')
    return items[Math.floor(this.float() * items.length)]!
  }

  /** Picks by weight: `[[weight, value], ...]`. */
  weighted<T>(items: readonly (readonly [number, T])[]): T {
    let total = 0
    for (const [w] of items) total += w
    let x = this.float() * total
    for (const [w, v] of items) {
      x -= w
      if (x < 0) return v
    }
    return items[items.length - 1]![1]
  }

  /** A random subset (each item with probability p), order kept. */
  subset<T>(items: readonly T[], p: number): T[] {
    return items.filter(() => this.chance(p))
  }

  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.int(0, i)
      ;[items[i], items[j]] = [items[j]!, items[i]!]
    }
    return items
  }
}
