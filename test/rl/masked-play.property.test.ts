/**
 * Every masked choice is legal: any sequence of choices allowed by the masks (here uniform random
 * among them) ends in a `PlayerAction` that `act` accepts. 100,000 masked random steps in lockstep
 * (the environment counts what `act` rejects: a bug, so 0), in self-play and against the built-in
 * agents, over every phase of the action encoding.
 */
import { describe, expect, it } from 'vitest'
import { Rng } from '../../src/core/rng.js'
import { ACTION_SIZE } from '../../src/rl/layout.js'
import { envBuilder, VecEnv, type Opponent } from '../../src/rl/vec-env.js'
import { randomMasked } from './rl-helpers.js'

/** Steps `env` with uniform masked choices until `steps` choices were taken; the phases seen. */
function playMasked(env: VecEnv, steps: number, seed: number): Set<string> {
  const rng = new Rng(seed)
  const actions = new Int32Array(env.n)
  const phases = new Set<string>()
  while (env.stats.steps < steps) {
    for (let i = 0; i < env.n; i++) {
      phases.add(envBuilder(env, i).phase)
      actions[i] = randomMasked(rng, env.mask, i * ACTION_SIZE)
    }
    env.step(actions)
  }
  return phases
}

describe('masked choices are legal (redzone/rl)', () => {
  it('100,000 masked random steps, both seats through the masks: no action rejected, no game in error', () => {
    const env = new VecEnv({ n: 64, seed: 11, opponent: 'self' })
    const phases = playMasked(env, 100_000, 1)
    expect(env.stats.rejected).toBe(0)
    expect(env.stats.errors).toBe(0)
    expect(env.stats.overflow).toBe(0)
    expect(env.stats.steps).toBeGreaterThanOrEqual(100_000)
    expect(env.stats.games).toBeGreaterThan(300)
    expect([...phases].sort()).toEqual(['attacker', 'blocker', 'damage', 'mulligan', 'pick', 'priority', 'target'])
  }, 120_000)

  for (const opponent of ['random', 'heuristic'] as const satisfies readonly Opponent[]) {
    it(`against the built-in ${opponent} agent, the learner's seat alternating: no action rejected`, () => {
      const env = new VecEnv({ n: 16, seed: 5, opponent })
      playMasked(env, 5_000, 2)
      expect(env.stats.rejected).toBe(0)
      expect(env.stats.errors).toBe(0)
      expect(env.stats.games).toBeGreaterThan(5)
    }, 60_000)
  }
})
