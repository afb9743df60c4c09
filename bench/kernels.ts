/**
 * The kernels of the same-process comparison (`npm run bench -- --compare REF --same-process
 * rl:256,combat:10`, bench/same-process.ts): small loops of the bench's own work, each one built
 * against one tree's sources (this file is bundled in the current tree and, copied, in the ref's
 * worktree), so that the two builds run side by side in one process, slice by slice. A kernel's
 * `work()` does a chunk of `chunk` units and returns the milliseconds the bench's figure counts.
 *
 * - `rl:N`: masked random steps of `VecEnv` with N games in lockstep, self-play, observations and
 *   masks written (the bench's `rl.stepsPerSec` loop); unit: a masked step.
 * - `combat:N`: a generated N-a-side board's whole combat through `act`, restored before each (the
 *   bench's `smallBoard` and `fullCombat` combat; the restore is not timed); unit: a combat.
 * - `obs:N`: the observation writer alone: N self-play games of `VecEnv` played 60 masked steps in,
 *   each game's observation (its decider's) written again and again in place through its own
 *   `ObjectRows`, nothing changed in between: what reading and comparing the state costs when no
 *   float needs writing (the part an engine-kept change mark would take out); unit: a write.
 */
import { Rng } from '../src/core/rng.js'
import { buildBoard, generateBoardSpec } from '../src/generate/board.js'
import { pendingDecision } from '../src/decisions/pending.js'
import { OBS_SIZE } from '../src/rl/layout.js'
import { ObjectRows, writeObservation } from '../src/rl/observe.js'
import { envBuilder, envWorld, VecEnv } from '../src/rl/vec-env.js'
import { restoreWorld, snapshotWorld } from '../src/state/snapshot.js'
import { runEngineCombat } from './engine-combat.js'
import { pickMasked } from './masked-random.js'

export interface Kernel {
  /** What one unit of work is, plural (`masked steps`, `combats`). */
  unit: string
  /** Units of work in a chunk. */
  chunk: number
  /** Does a chunk of work (a few milliseconds at most) and returns the milliseconds the bench's figure counts of it. */
  work(): number
}

/** What a kernel spec looks like: its kind and N (the bench checks its `--same-process` list against it). */
export const KERNEL_SPEC = /^(rl|combat|obs):([1-9]\d*)$/
/** The kernels a spec may name, for the messages that refuse one. */
export const KERNEL_KINDS = 'rl:N (games in lockstep), combat:N (creatures a side) or obs:N (observations written)'

/** The kernel a spec names (`rl:256`, `combat:10`, `obs:16`); a clear error for any other (`VecEnv` checks its own N). */
export function makeKernel(spec: string, seed = 1): Kernel {
  const match = KERNEL_SPEC.exec(spec)
  if (!match) throw new Error(`kernel ${JSON.stringify(spec)}: expected ${KERNEL_KINDS}, N a whole number of 1 or more`)
  const n = Number(match[2])
  if (match[1] === 'rl') {
    const game = selfPlay(n, seed)
    return {
      unit: 'masked steps',
      chunk: 4 * n,
      // The policy's draw and the step, as the bench's `rl.stepsPerSec` counts them.
      work: () => {
        const t0 = performance.now()
        game.steps(4)
        const ms = performance.now() - t0
        if (game.env.stats.rejected !== 0) throw new Error(`kernel ${spec}: ${game.env.stats.rejected} masked actions rejected`)
        return ms
      },
    }
  }
  if (match[1] === 'obs') return observeKernel(n, seed)
  if (n > 1_000_000) throw new Error(`kernel ${spec}: at most 1,000,000 creatures a side`)
  const board = buildBoard(generateBoardSpec({ size: n, seed }), seed)
  const snapshot = snapshotWorld(board.world)
  // About 20,000 creatures of combat a chunk, at least one combat.
  const combats = Math.max(1, Math.floor(10_000 / n))
  return {
    unit: 'combats',
    chunk: combats,
    // The combat alone, as the bench's `smallBoard.engineCombatsPerSec` and `fullCombat[].engineMs` time it: not the restore before it.
    work: () => {
      let ms = 0
      for (let c = 0; c < combats; c++) {
        restoreWorld(board.world, snapshot)
        const t0 = performance.now()
        runEngineCombat(board)
        ms += performance.now() - t0
      }
      return ms
    },
  }
}

/** A self-play `VecEnv` of `n` games and the masked random policy: `steps(k)` draws and steps `k` times. */
function selfPlay(n: number, seed: number): { env: VecEnv; steps(k: number): void } {
  const env = new VecEnv({ n, seed, opponent: 'self' })
  const rng = new Rng(seed)
  const actions = new Int32Array(n)
  return {
    env,
    steps: (k) => {
      for (let r = 0; r < k; r++) {
        pickMasked(env.mask, n, rng, actions)
        env.step(actions)
      }
    },
  }
}

/** `obs:N`: N games 60 masked steps in, each one's observation for its decider written again in place (see the file's head). */
function observeKernel(n: number, seed: number): Kernel {
  const { env, steps } = selfPlay(n, seed)
  steps(60)
  const place = new Float32Array(n * OBS_SIZE)
  // Each game's decision and the slots its decision builder filled for the decider (the env is not stepped again).
  const games = Array.from({ length: n }, (_, i) => {
    const world = envWorld(env, i)
    const decision = pendingDecision(world)
    const slots = envBuilder(env, i).slots
    if (decision.player === null || slots.viewer !== decision.player) throw new Error(`kernel obs:${n}: game ${i} has no decider 60 steps in`)
    return { world, decision, decider: decision.player, slots, rows: new ObjectRows() }
  })
  const reps = Math.max(1, Math.ceil(2048 / n))
  return {
    unit: 'observation writes',
    chunk: reps * n,
    work: () => {
      const t0 = performance.now()
      for (let r = 0; r < reps; r++) {
        for (let i = 0; i < n; i++) {
          const g = games[i]!
          // The decider writes their own observation: viewer and decider are the same player.
          writeObservation(g.world, g.decider, place, i * OBS_SIZE, g.slots, g.decision.kind, g.decider, g.decision.count, g.rows)
          g.rows.forgetTouched()
        }
      }
      return performance.now() - t0
    },
  }
}
