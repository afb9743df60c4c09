/**
 * `Rng` (sfc32 seeded through splitmix32): the sequence every seeded game is made of. Checked
 * against the reference written with plain number fields (the form it had until 2026-12-06, when
 * its words moved into a typed array): the same draws and the same saved state.
 */
import { expect, it } from 'vitest'
import { Rng } from '../src/core/rng.js'

class Reference {
  a: number
  b: number
  c: number
  d: number
  constructor(seed: number) {
    let s = seed >>> 0
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
    for (let i = 0; i < 12; i++) this.nextUint32()
  }
  nextUint32(): number {
    const t = (((this.a + this.b) >>> 0) + this.d) >>> 0
    this.d = (this.d + 1) >>> 0
    this.a = this.b ^ (this.b >>> 9)
    this.b = (this.c + (this.c << 3)) >>> 0
    this.c = (this.c << 21) | (this.c >>> 11)
    this.c = (this.c + t) >>> 0
    return t
  }
  state(): [number, number, number, number] {
    return [this.a, this.b, this.c, this.d]
  }
}

it('draws what the reference sfc32 draws and saves the same state, for seeds across the 32-bit range; a restored state goes on the same', () => {
  for (const seed of [0, 1, 2, 42, 123_456_789, 0x7fff_ffff, 0x8000_0000, 0xffff_ffff]) {
    const rng = new Rng(seed)
    const ref = new Reference(seed)
    expect(rng.state(), `seed ${seed}`).toEqual(ref.state())
    for (let i = 0; i < 50_000; i++) {
      const [x, y] = [rng.nextUint32(), ref.nextUint32()]
      if (x !== y) expect(x, `seed ${seed}, draw ${i}`).toBe(y)
    }
    expect(rng.state(), `seed ${seed}`).toEqual(ref.state())
    const copy = new Rng(7)
    copy.setState(rng.state())
    for (let i = 0; i < 1_000; i++) expect(copy.nextUint32()).toBe(rng.nextUint32())
  }
})

it('a counter word at its top wraps to 0 as sfc32 does', () => {
  const rng = new Rng(1)
  const ref = new Reference(1)
  const [a, b, c] = ref.state()
  ref.d = 0xffff_ffff
  rng.setState([a, b, c, 0xffff_ffff])
  for (let i = 0; i < 3; i++) expect(rng.nextUint32()).toBe(ref.nextUint32())
  expect(rng.state()).toEqual(ref.state())
})

it('seed starts the sequence of a seed again in place: the state and draws of a new Rng of that seed', () => {
  const rng = new Rng(99)
  for (const seed of [0, 1, 42, 0x7fff_ffff, 0xffff_ffff, -5]) {
    rng.nextUint32()
    rng.seed(seed)
    const fresh = new Rng(seed)
    const ref = new Reference(seed)
    expect(rng.state(), `seed ${seed}`).toEqual(fresh.state())
    expect(rng.state(), `seed ${seed}`).toEqual(ref.state())
    for (let i = 0; i < 100; i++) expect(rng.nextUint32()).toBe(fresh.nextUint32())
  }
})
