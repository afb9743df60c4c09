/**
 * Issue 15's "no allocation per step in steady state": once the pools and lists of a `VecEnv`'s
 * games have filled, a masked step allocates nothing (bench/alloc.ts samples V8's heap profiler,
 * garbage included). The sites this guards against, each a steady rate before it was removed: the
 * restore's array of the generator's state (once a game), the plot request made per plot (an
 * object every 740 masked steps or so), the rejection a fizzling equip ability built (608.2b), the
 * learner's forced keep, discard and bottom, a declined search's action, and the iterator of the
 * game's end reason. What may remain is a list growing to a size no game had reached before:
 * rarer the longer the env runs. Not a speed figure: bytes, from the allocation profiler.
 */
import { expect, it } from 'vitest'
import { allocationSites } from '../../bench/alloc.js'
import { pickMasked } from '../../bench/masked-random.js'
import { Rng } from '../../src/core/rng.js'
import { VecEnv } from '../../src/rl/vec-env.js'

it('a learning-env step allocates nothing once its games have filled their pools (self-play, 16 envs)', { timeout: 240_000 }, () => {
  const n = 16
  const env = new VecEnv({ n, seed: 1, opponent: 'self' })
  const rng = new Rng(1)
  const actions = new Int32Array(n)
  const pick = (): void => pickMasked(env.mask, n, rng, actions)
  // 800,000 masked steps (about 5,200 games): the pools, the zone lists and the enumerator's lists
  // reach the sizes these games need (after 320,000 the growth still read about 0.1 bytes a step).
  for (let s = 0; s < 50_000; s++) {
    pick()
    env.step(actions)
  }
  // The least of three windows of 6,000 lockstep steps (96,000 masked steps each): an allocation
  // made at a steady rate is in each of them, a late compilation's bookkeeping in one at most.
  let least = Infinity
  let sites: { frames: string[]; bytes: number }[] = []
  for (let w = 0; w < 3; w++) {
    // Every site (not only the largest few), so their sum is the window's bytes.
    const found = allocationSites(6_000, pick, () => env.step(actions), 4, Number.MAX_SAFE_INTEGER)
    const bytes = found.reduce((sum, site) => sum + site.bytes, 0) / n
    if (bytes < least) {
      least = bytes
      sites = found
    }
  }
  expect(env.stats.rejected).toBe(0)
  expect(env.stats.errors).toBe(0)
  // Before the sites above were removed this read 0.43 bytes a masked step here (0.28 of it the
  // iterator of `endReason`, called once a game and not yet optimized; 0.08 the plot request), and
  // 0.014 after (lists still growing to new sizes: about 150 bytes once in tens of thousands of steps).
  expect(least, `bytes a masked step by site: ${JSON.stringify(sites.map((site) => [site.frames.join(' < '), site.bytes / n]))}`).toBeLessThan(0.05)
})
