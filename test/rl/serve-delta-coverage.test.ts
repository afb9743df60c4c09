/**
 * The delta transport (`redzone serve`, src/node/rl-server.ts) over whole games: the server
 * compares only where the observation writer says it may have written (the object rows it
 * touched, `ObjectRows.touched`, and the spans around them), so a write it does not note would
 * leave the client's copy stale. Long self-play games here change every object feature these decks
 * can change, and after every batch the client's copy, rebuilt from the changed floats alone,
 * equals the server's observations bit for bit. (Tried by hand: rows written but not noted fail
 * it, and so, with a write mask per row in place of whole rows, did each of four writes left out
 * of the mask: the damage, a keyword past float 31, a flag, tapped and sick.)
 */
import { describe, expect, it } from 'vitest'
import { OP, RlServer, type ServeInfo } from '../../src/node/rl-server.js'
import { ACTION_SIZE, OBJECT_FEATURES, OBJECT_SECTION, OBJECT_SIZE, OBS_SIZE, OFFSET } from '../../src/rl/layout.js'
import type { VecEnv } from '../../src/rl/vec-env.js'
import { Rng } from '../../src/core/rng.js'

function reply(server: RlServer, op: number, payload: Buffer): Buffer {
  const bytes = Buffer.concat(server.handle(op, payload))
  expect(bytes[4], bytes.subarray(5).toString()).toBe(0)
  return bytes.subarray(5)
}

describe('redzone-rl/3: the delta transport over whole games', () => {
  it('rebuilds every batch bit for bit while every object feature the decks can change changes (CR 400.2 views through the same writer)', () => {
    const n = 16
    const server = new RlServer()
    const info = JSON.parse(reply(server, OP.HELLO, Buffer.from(JSON.stringify({ n, seed: 5, opponent: 'self', delta: true }))).toString()) as ServeInfo
    const env = server['env'] as VecEnv
    const held = new Uint32Array(n * OBS_SIZE)
    const bits = new Uint32Array(env.obs.buffer, env.obs.byteOffset, env.obs.length)
    const before = new Uint32Array(n * OBS_SIZE)
    const changed = new Set<number>()
    const rows = Object.values(OBJECT_SECTION).reduce((sum, section) => sum + section.slots, 0)
    const rng = new Rng(3)
    const actions = new Int32Array(n)
    let batches = 0
    const apply = (body: Buffer): void => {
      const at = info.headBytes + n * ACTION_SIZE
      const count = body.readUInt32LE(at)
      for (let k = 0; k < count; k++) held[body.readUInt32LE(at + 4 + 4 * k)] = body.readUInt32LE(at + 4 + 4 * count + 4 * k)
      batches++
      // Bit for bit: compared as bytes once, not float by float.
      expect(Buffer.from(held.buffer).equals(Buffer.from(bits.buffer, bits.byteOffset, bits.byteLength)), `batch ${batches}`).toBe(true)
      for (let i = 0; i < n; i++) {
        for (let r = 0; r < rows; r++) {
          const row = i * OBS_SIZE + OFFSET.objects + r * OBJECT_SIZE
          for (let f = 0; f < OBJECT_SIZE; f++) if (bits[row + f] !== before[row + f]) changed.add(f)
        }
      }
      before.set(bits)
    }
    apply(reply(server, OP.RESET, Buffer.from(new Float64Array([5]).buffer)))
    for (let s = 0; s < 1500; s++) {
      for (let i = 0; i < n; i++) {
        const allowed: number[] = []
        for (let a = 0; a < ACTION_SIZE; a++) if (env.mask[i * ACTION_SIZE + a] === 1) allowed.push(a)
        actions[i] = allowed[rng.int(allowed.length)]!
      }
      apply(reply(server, OP.STEP, Buffer.from(actions.buffer)))
    }
    const never = OBJECT_FEATURES.filter((_, f) => !changed.has(f)).map((feature) => feature.name)
    expect(env.stats.games).toBeGreaterThan(n)
    // What these games cannot change: no card of the pool is a planeswalker (so loyalty stays 0,
    // CR 306.5b) or a sorcery, and the built-in decks hold no indestructible or trample over
    // planeswalkers card. Every other feature changed, the keyword bits on both sides of the
    // mask's word boundary (lifelink, float 31; reach, float 32) among them.
    expect(never).toEqual(['loyalty', 'keyword.indestructible', 'keyword.trample over planeswalkers', 'type.planeswalker', 'type.sorcery'])
  })
})
