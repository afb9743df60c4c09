/**
 * The kernels of the same-process comparison (`npm run bench -- --compare REF --same-process
 * rl:256,combat:10`, bench/same-process.ts): small loops of the bench's own work, each one built
 * against one tree's sources (this file is bundled in the current tree and, copied, in the ref's
 * worktree), so that the two builds run side by side in one process, slice by slice. A kernel
 * `work()` does a fixed chunk and returns how many units it did; the runner times the chunks.
 *
 * - `rl:N`: masked random steps of `VecEnv` with N games in lockstep, self-play, observations and
 *   masks written (the bench's `rl.stepsPerSec` loop); unit: a masked step.
 * - `combat:N`: a restore of a generated N-a-side board and its whole combat through `act` (the
 *   bench's `smallBoard` and `fullCombat` combat, with the restore before it); unit: a combat.
 */
import { Rng } from '../src/core/rng.js'
import { buildBoard, generateBoardSpec } from '../src/generate/board.js'
import { VecEnv } from '../src/rl/vec-env.js'
import { restoreWorld, snapshotWorld } from '../src/state/snapshot.js'
import { runEngineCombat } from './engine-combat.js'
import { pickMasked } from './masked-random.js'

export interface Kernel {
  /** What one unit of work is, plural (`masked steps`, `combats`). */
  unit: string
  /** Does a chunk of work (a few milliseconds at most) and returns the units done. */
  work(): number
}

/** The kernel a spec names (`rl:256`, `combat:10`); a clear error for any other. */
export function makeKernel(spec: string, seed = 1): Kernel {
  const match = /^(rl|combat):([1-9]\d*)$/.exec(spec)
  if (!match) throw new Error(`kernel ${JSON.stringify(spec)}: expected rl:N (games in lockstep) or combat:N (creatures a side), N a whole number of 1 or more`)
  const n = Number(match[2])
  if (match[1] === 'rl') {
    if (n > 4096) throw new Error(`kernel ${spec}: at most 4,096 games in lockstep`)
    const env = new VecEnv({ n, seed, opponent: 'self' })
    const rng = new Rng(seed)
    const actions = new Int32Array(n)
    return {
      unit: 'masked steps',
      work: () => {
        const before = env.stats.steps
        for (let r = 0; r < 4; r++) {
          pickMasked(env.mask, n, rng, actions)
          env.step(actions)
        }
        if (env.stats.rejected !== 0) throw new Error(`kernel ${spec}: ${env.stats.rejected} masked actions rejected`)
        return env.stats.steps - before
      },
    }
  }
  if (n > 1_000_000) throw new Error(`kernel ${spec}: at most 1,000,000 creatures a side`)
  const board = buildBoard(generateBoardSpec({ size: n, seed }), seed)
  const snapshot = snapshotWorld(board.world)
  // About 20,000 creatures of combat a chunk, at least one combat.
  const combats = Math.max(1, Math.floor(10_000 / n))
  return {
    unit: 'combats',
    work: () => {
      for (let c = 0; c < combats; c++) {
        restoreWorld(board.world, snapshot)
        runEngineCombat(board)
      }
      return combats
    },
  }
}
