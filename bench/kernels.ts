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
 * - `serve:N`: `rl:N` through `redzone serve`'s request handler (`RlServer`, the delta transport: the
 *   frames a Python client reads are built, not written anywhere); unit: a masked step. Its ratio to
 *   `rl:N` is what the server adds to the in-process loop.
 * - `search:N`: the search agent's decision with N playouts (48 is its default), at each of the
 *   priority decisions of a heuristic game with two options or more, restored before each (the
 *   restore is not timed); unit: a playout (the bench's `games.playoutsPerSec`).
 */
import { Rng } from '../src/core/rng.js'
import type { Eid } from '../src/core/events.js'
import { act } from '../src/decisions/act.js'
import { legalActions } from '../src/decisions/legal.js'
import { worldOf } from '../src/api/game.js'
import { forcedAction } from '../src/play/play-game.js'
import { createDeckGame } from '../src/play/setup.js'
import type { Agent } from '../src/play/agent.js'
import { heuristicAction } from '../src/play/agents/heuristic.js'
import { searchAgentFactory } from '../src/play/agents/search.js'
import { GameView } from '../src/play/view.js'
import { buildBoard, generateBoardSpec } from '../src/generate/board.js'
import { pendingDecision } from '../src/decisions/pending.js'
import { OBS_SIZE } from '../src/rl/layout.js'
import { ObjectRows, writeObservation } from '../src/rl/observe.js'
import { envBuilder, envWorld, VecEnv } from '../src/rl/vec-env.js'
import { restoreWorld, snapshotWorld, type WorldSnapshot } from '../src/state/snapshot.js'
import { OP, RlServer } from '../src/node/rl-server.js'
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
export const KERNEL_SPEC = /^(rl|combat|obs|search|serve):([1-9]\d*)$/
/** The kernels a spec may name, for the messages that refuse one. */
export const KERNEL_KINDS = 'rl:N (games in lockstep), serve:N (the same through the serve protocol), combat:N (creatures a side), obs:N (observations written) or search:N (playouts a decision)'

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
  if (match[1] === 'serve') return serveKernel(n, seed)
  if (match[1] === 'search') return searchKernel(n, seed)
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

/** `serve:N`: `rl:N`'s loop through `RlServer.handle` with the delta transport (see the file's head). */
function serveKernel(n: number, seed: number): Kernel {
  const server = new RlServer()
  const hello = server.handle(OP.HELLO, Buffer.from(JSON.stringify({ n, seed, opponent: 'self', delta: true })))
  if (hello[0]![4] !== 0) throw new Error(`kernel serve:${n}: HELLO refused: ${Buffer.concat(hello).subarray(5).toString()}`)
  const env = (server as unknown as { env: VecEnv }).env
  const rng = new Rng(seed)
  const actions = new Int32Array(n)
  const payload = Buffer.from(actions.buffer)
  return {
    unit: 'masked steps',
    chunk: 4 * n,
    work: () => {
      const t0 = performance.now()
      for (let r = 0; r < 4; r++) {
        pickMasked(env.mask, n, rng, actions)
        const frame = server.handle(OP.STEP, payload)
        if (frame[0]![4] !== 0) throw new Error(`kernel serve:${n}: ${Buffer.concat(frame).subarray(5).toString()}`)
      }
      const ms = performance.now() - t0
      if (env.stats.rejected !== 0) throw new Error(`kernel serve:${n}: ${env.stats.rejected} masked actions rejected`)
      return ms
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

/** `search:N`: the search agent's decision with N playouts at each priority decision with options of a heuristic game (see the file's head). */
function searchKernel(n: number, seed: number): Kernel {
  if (n > 10_000) throw new Error(`kernel search:${n}: at most 10,000 playouts a decision`)
  const game = createDeckGame(['green-white', 'black-red'], { seed })
  const world = worldOf(game)
  const rng = new Rng(seed)
  const positions: { snapshot: WorldSnapshot; player: Eid }[] = []
  // A heuristic game to its end (or 60 positions): the positions are those where search compares options.
  for (let steps = 0; steps < 5000 && positions.length < 60; steps++) {
    const decision = pendingDecision(world)
    if (decision.kind === 'gameOver') break
    const legal = legalActions(world)
    // Not a forced pass (`forcedAction`, as whole games take it): the player has something to choose.
    if (decision.kind === 'priority' && forcedAction(legal) === null) positions.push({ snapshot: snapshotWorld(world), player: decision.player! })
    if (!act(world, heuristicAction(rng, new GameView(world, decision.player!), decision, legal)).ok) throw new Error(`kernel search:${n}: the heuristic's action was rejected`)
  }
  if (positions.length < 10) throw new Error(`kernel search:${n}: only ${positions.length} positions with options`)
  const stats = { playouts: 0 }
  const agents = new Map<Eid, Agent>()
  for (const { player } of positions) if (!agents.has(player)) agents.set(player, searchAgentFactory({ playouts: n, stats }).create(seed + player))
  const views = new Map([...agents.keys()].map((p) => [p, new GameView(world, p)] as const))
  // The playouts of one pass over the positions (the same every pass: each agent's own random stream moves on, the candidates don't).
  const pass = (): number => {
    let ms = 0
    for (const { snapshot, player } of positions) {
      restoreWorld(world, snapshot)
      const decision = pendingDecision(world)
      const legal = legalActions(world)
      const t0 = performance.now()
      agents.get(player)!.choose(views.get(player)!, decision, legal)
      ms += performance.now() - t0
    }
    return ms
  }
  const before = stats.playouts
  pass()
  const chunk = stats.playouts - before
  return {
    unit: 'playouts',
    chunk,
    work: () => {
      const from = stats.playouts
      const ms = pass()
      if (stats.playouts - from !== chunk) throw new Error(`kernel search:${n}: ${stats.playouts - from} playouts in a pass, not ${chunk}`)
      return ms
    },
  }
}
