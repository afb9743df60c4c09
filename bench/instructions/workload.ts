/**
 * The workloads `bench/instructions.mjs` counts under cachegrind: `node workload.js KIND N COUNT`
 * runs COUNT units of one workload and exits. The script runs each twice (two counts) and takes
 * the difference, so start-up, compilation of the first calls and the warm-up cancel out.
 *
 *   combat N   a restore then a whole combat of N creatures a side through `act`, decision by
 *              decision (bench/engine-combat.ts: what the combat table times)
 *   restore N  the restore alone (to subtract from `combat`)
 *   baseline N the plain-object baseline's reset and combat of the same board (bench/baseline)
 *   reset N    the baseline's reset alone (to subtract from `baseline`, as `restore` from `combat`)
 *   random     a whole random-vs-random game (`playGame`, seeds from 1)
 *   rl N       a masked step of N learning envs in lockstep, self-play, seeded uniform choices
 *   bare N     the same without observations (the writer a no-op, as the bench's rounds without
 *              them): what the engine, the masks and the policy alone cost
 *   serve N    the same step through `redzone serve`'s request handler, delta transport (`RlServer`:
 *              the frame a Python client reads is built, not written)
 *
 * With `REDZONE_BENCH_TOUCH` (main.mjs's `--touch`: `arena`, `obs`, `rows`, `builder`, `unused:LINES`, comma-separated),
 * `rl` and `bare` read one byte in 64 (a cache line each) of those memory blocks of an env just
 * before it steps: a block's lines are then loaded by that read, not by the step, so the L2 misses
 * of the run less those of a run without it, per masked step, are the block's lines the step
 * itself does not read (at N = 256 every env's blocks are cold when its turn comes), plus what the
 * reads push out of the cache: `unused:LINES` (a block nothing reads) measures that part. Run with a
 * count of 0, it prints the lines of each block an env has (`touch: ...`, on standard error).
 */
import { runEngineCombat } from '../engine-combat.js'
import { buildBoard, generateBoardSpec } from '../../src/generate/board.js'
import { restoreWorld, snapshotWorld } from '../../src/state/snapshot.js'
import { playGame } from '../../src/play/play-game.js'
import { randomAgent } from '../../src/play/agents/random.js'
import { Rng } from '../../src/core/rng.js'
import { pickMasked } from '../masked-random.js'
import { envBuilder, envRows, envWorld, VecEnv } from '../../src/rl/vec-env.js'
import { OP, RlServer } from '../../src/node/rl-server.js'
import { DecisionBuilder } from '../../src/rl/decision-builder.js'
import { createBaselineGame, resetBaselineGame, runBaselineCombat } from '../baseline/combat.js'
import { OBS_SIZE } from '../../src/rl/layout.js'
import type { GameWorld } from '../../src/core/world.js'
import { stateLayout } from '../../src/core/state-registry.js'

/** The memory blocks `REDZONE_BENCH_TOUCH` may name, as env `i` holds them. */
const BLOCKS = {
  /** Every state column (`layArena`: one ArrayBuffer, `stateLayout(world).arena`). */
  arena: (env: VecEnv, i: number): ArrayBufferView => stateLayout(envWorld(env, i)).arena,
  /** The env's row of `obs`. */
  obs: (env: VecEnv, i: number): ArrayBufferView => env.obs.subarray(i * OBS_SIZE, (i + 1) * OBS_SIZE),
  /** The observation writer's record of its rows (`ObjectRows`: one ArrayBuffer). */
  rows: (env: VecEnv, i: number): ArrayBufferView => new Uint8Array(envRows(env, i).held.buffer),
  /** The decision builder's slot table and arrays (one ArrayBuffer; the mask is the env's row of `mask`). */
  builder: (env: VecEnv, i: number): ArrayBufferView => new Uint8Array(envBuilder(env, i).slots.eid.buffer),
}
/**
 * `unused:LINES`: a block of that many lines of the env's own that nothing else reads: the control.
 * Its misses are its lines plus what reading them pushes out of the cache that the step would have
 * found there; a block of the same size the step reads gives that many more misses less the lines
 * the step reads.
 */
const UNUSED = /^unused:([1-9]\d{0,4})$/
type Block = keyof typeof BLOCKS | `unused:${number}`

/**
 * Makes each env read the blocks named, one byte in 64, just before it steps (the env's `choose`,
 * called first for each env in a step, and again for a single-option step that follows, whose
 * reads then find the lines loaded): the views made once, so the touch allocates nothing. Returns
 * the check, made once the run is done, that every block is still where its view is (a world
 * whose stores grew would have moved its arena, and the touch would have read the old one).
 */
function touchBeforeSteps(env: VecEnv, blocks: readonly Block[]): () => void {
  /** Each block's view, by env: read through its world, which `choose`'s game names. */
  const views = new Map<GameWorld, Uint8Array[]>()
  const block = (b: Block, i: number): Uint8Array => {
    const unused = UNUSED.exec(b)
    if (unused !== null) return new Uint8Array(64 * Number(unused[1]))
    const v = BLOCKS[b as keyof typeof BLOCKS](env, i)
    return new Uint8Array(v.buffer, v.byteOffset, v.byteLength)
  }
  for (let i = 0; i < env.n; i++) views.set(envWorld(env, i), blocks.map((b) => block(b, i)))
  const lines = blocks.map((b, k) => `${b} ${Math.ceil(views.get(envWorld(env, 0))![k]!.byteLength / 64)} lines`)
  process.stderr.write(`touch: an env's ${lines.join(', ')}\n`)
  // `choose(game, index)` is the env's own (private); its game holds the env's world.
  const prototype = VecEnv.prototype as unknown as { choose(g: { world: GameWorld }, index: number): unknown }
  const choose = prototype.choose
  let sink = 0
  prototype.choose = function touchThenChoose(this: VecEnv, g: { world: GameWorld }, index: number): unknown {
    const list = views.get(g.world)
    if (list === undefined) throw new Error('touch: a game the env did not have when it was built')
    for (let k = 0; k < list.length; k++) {
      const bytes = list[k]!
      for (let at = 0; at < bytes.length; at += 64) sink += bytes[at]!
    }
    // Kept observable, so that the reads are not optimized away.
    if (sink === -1) process.stderr.write('')
    return choose.call(this, g, index)
  }
  return () => {
    for (let i = 0; i < env.n; i++) {
      blocks.forEach((b, k) => {
        if (!UNUSED.test(b) && BLOCKS[b as keyof typeof BLOCKS](env, i).buffer !== views.get(envWorld(env, i))![k]!.buffer) {
          throw new Error(`touch: env ${i}'s ${b} moved during the run: the counts are not of it`)
        }
      })
    }
  }
}

const touched = (process.env.REDZONE_BENCH_TOUCH ?? '').split(',').filter((b) => b !== '')
for (const b of touched) if (!Object.hasOwn(BLOCKS, b) && !UNUSED.test(b)) throw new Error(`REDZONE_BENCH_TOUCH: no block "${b}" (${Object.keys(BLOCKS).join(', ')} or unused:LINES, LINES 1 to 99,999; comma-separated)`)
if (new Set(touched).size !== touched.length) throw new Error(`REDZONE_BENCH_TOUCH: a block named twice in "${touched.join(',')}"`)

const [kind, nText, countText] = process.argv.slice(2)
const n = Number(nText)
const count = Number(countText)
if (!Number.isInteger(n) || n < 1 || !Number.isInteger(count) || count < 0) throw new Error('usage: workload KIND N COUNT')
if (touched.length > 0 && kind !== 'rl' && kind !== 'bare') throw new Error(`REDZONE_BENCH_TOUCH: only the rl and bare workloads touch blocks, not "${kind}"`)

if (kind === 'combat' || kind === 'restore') {
  const board = buildBoard(generateBoardSpec({ size: n, seed: 1 }), 1)
  const saved = snapshotWorld(board.world)
  for (let i = 0; i < count; i++) {
    restoreWorld(board.world, saved)
    if (kind === 'combat') runEngineCombat(board)
  }
} else if (kind === 'reset') {
  const spec = generateBoardSpec({ size: n, seed: 1 })
  const game = createBaselineGame(spec)
  for (let i = 0; i < count; i++) resetBaselineGame(game, spec)
} else if (kind === 'baseline') {
  const spec = generateBoardSpec({ size: n, seed: 1 })
  const game = createBaselineGame(spec)
  for (let i = 0; i < count; i++) {
    resetBaselineGame(game, spec)
    runBaselineCombat(game)
  }
} else if (kind === 'random') {
  for (let seed = 1; seed <= count; seed++) playGame({ seed, agents: [randomAgent, randomAgent], decks: ['green-white', 'black-red'] })
} else if (kind === 'rl' || kind === 'bare') {
  // As bench/rl.ts's rounds without observations: the builder writes none (the masks are still built).
  if (kind === 'bare') DecisionBuilder.prototype.observeAt = function noObservation(): void {}
  const env = new VecEnv({ n, seed: 1, opponent: 'self' })
  const touchedStill = touched.length > 0 ? touchBeforeSteps(env, touched as Block[]) : null
  const rng = new Rng(1)
  const actions = new Int32Array(n)
  for (let t = 0; t < count; t++) {
    pickMasked(env.mask, n, rng, actions)
    env.step(actions)
  }
  if (env.stats.rejected !== 0) throw new Error(`${env.stats.rejected} masked actions rejected`)
  touchedStill?.()
} else if (kind === 'serve') {
  const server = new RlServer()
  const hello = server.handle(OP.HELLO, Buffer.from(JSON.stringify({ n, seed: 1, opponent: 'self', delta: true })))
  if (hello[0]![4] !== 0) throw new Error(`serve: HELLO refused: ${Buffer.concat(hello).subarray(5).toString()}`)
  const env = (server as unknown as { env: VecEnv }).env
  const rng = new Rng(1)
  const actions = new Int32Array(n)
  const payload = Buffer.from(actions.buffer)
  for (let t = 0; t < count; t++) {
    pickMasked(env.mask, n, rng, actions)
    const frame = server.handle(OP.STEP, payload)
    if (frame[0]![4] !== 0) throw new Error(`serve: ${Buffer.concat(frame).subarray(5).toString()}`)
  }
} else throw new Error(`no workload "${kind}": combat, restore, baseline, random, rl, bare or serve`)
