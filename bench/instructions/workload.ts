/**
 * The workloads `bench/instructions.mjs` counts under cachegrind: `node workload.js KIND N COUNT`
 * runs COUNT units of one workload and exits. The script runs each twice (two counts) and takes
 * the difference, so start-up, compilation of the first calls and the warm-up cancel out.
 *
 *   combat N   a restore then a whole combat of N creatures a side through `act`, decision by
 *              decision (bench/engine-combat.ts: what the combat table times)
 *   restore N  the restore alone (to subtract from `combat`)
 *   baseline N the plain-object baseline's reset and combat of the same board (bench/baseline)
 *   random     a whole random-vs-random game (`playGame`, seeds from 1)
 *   rl N       a masked step of N learning envs in lockstep, self-play, seeded uniform choices
 *   bare N     the same without observations (the writer a no-op, as the bench's rounds without
 *              them): what the engine, the masks and the policy alone cost
 *   serve N    the same step through `redzone serve`'s request handler, delta transport (`RlServer`:
 *              the frame a Python client reads is built, not written)
 */
import { runEngineCombat } from '../engine-combat.js'
import { buildBoard, generateBoardSpec } from '../../src/generate/board.js'
import { restoreWorld, snapshotWorld } from '../../src/state/snapshot.js'
import { playGame } from '../../src/play/play-game.js'
import { randomAgent } from '../../src/play/agents/random.js'
import { Rng } from '../../src/core/rng.js'
import { pickMasked } from '../masked-random.js'
import { VecEnv } from '../../src/rl/vec-env.js'
import { OP, RlServer } from '../../src/node/rl-server.js'
import { DecisionBuilder } from '../../src/rl/decision-builder.js'
import { createBaselineGame, resetBaselineGame, runBaselineCombat } from '../baseline/combat.js'

const [kind, nText, countText] = process.argv.slice(2)
const n = Number(nText)
const count = Number(countText)
if (!Number.isInteger(n) || n < 1 || !Number.isInteger(count) || count < 0) throw new Error('usage: workload KIND N COUNT')

if (kind === 'combat' || kind === 'restore') {
  const board = buildBoard(generateBoardSpec({ size: n, seed: 1 }), 1)
  const saved = snapshotWorld(board.world)
  for (let i = 0; i < count; i++) {
    restoreWorld(board.world, saved)
    if (kind === 'combat') runEngineCombat(board)
  }
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
  const rng = new Rng(1)
  const actions = new Int32Array(n)
  for (let t = 0; t < count; t++) {
    pickMasked(env.mask, n, rng, actions)
    env.step(actions)
  }
  if (env.stats.rejected !== 0) throw new Error(`${env.stats.rejected} masked actions rejected`)
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
