import { Rng } from '../../src/core/rng.js'
/**
 * The fuzzer's seeded random stream, on the engine's `Rng` (its sequence is fixed: game records
 * depend on it). Every case gets its own generator from (seed, case index): `--case N --seed S`
 * regenerates case N alone.
 */
export class FuzzRng {
  /** The engine's generator (sfc32 through splitmix32), seeded from (seed, stream). */
  private readonly rng: Rng

  constructor(seed: number, stream = 0) {
    this.rng = new Rng((Math.imul(seed >>> 0, 0x9e3779b1) ^ Math.imul(stream >>> 0, 0x85ebca77) ^ 0x5bd1e995) >>> 0)
  }

  u32(): number {
    return this.rng.nextUint32()
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
