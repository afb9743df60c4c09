/**
 * A fingerprint of the engine's behaviour, for speed work that must change nothing: one SHA-256
 * over the records of whole games of random, heuristic and search agents (both deck orders, two
 * and three players), one over the observations, masks, rewards and records of learning
 * environments stepped with seeded masked random choices, and one over the outcomes of seeded
 * combats of every size class (life, damage, deaths, the world's digest). Run it before and after
 * a change: every line must be the same.
 *
 *   npm run fingerprint            (or: --games 200 --rl-steps 3000)
 */
import { createHash } from 'node:crypto'
import { parseArgs } from 'node:util'
import { runEngineCombat } from './engine-combat.js'
import { buildBoard, generateBoardSpec } from '../src/generate/board.js'
import { restoreWorld, snapshotWorld } from '../src/state/snapshot.js'
import { worldDigest } from '../src/state/digest.js'
import { EVENT_FIELDS, type GameEventName } from '../src/core/events.js'
import { playGame, replay } from '../src/play/play-game.js'
import { worldOf } from '../src/api/game.js'
import { randomAgent } from '../src/play/agents/random.js'
import { heuristicAgent } from '../src/play/agents/heuristic.js'
import { searchAgentFactory } from '../src/play/agents/search.js'
import type { AgentFactory } from '../src/play/agent.js'
import type { GameRecord } from '../src/play/record.js'
import { Rng } from '../src/core/rng.js'
import { pickMasked } from './masked-random.js'
import { VecEnv, type Opponent } from '../src/rl/vec-env.js'

const { values } = parseArgs({
  options: {
    games: { type: 'string', default: '120' },
    'rl-steps': { type: 'string', default: '2000' },
  },
})
const games = Number(values.games)
const rlSteps = Number(values['rl-steps'])
if (!Number.isInteger(games) || games < 1 || !Number.isInteger(rlSteps) || rlSteps < 1) throw new Error('--games and --rl-steps take whole numbers of 1 or more')

function gamesHash(): { hash: string; games: number; actions: number } {
  const search = searchAgentFactory({ playouts: 8 })
  const pairs: [string, AgentFactory[], string[]][] = [
    ['random', [randomAgent, randomAgent], ['green-white', 'black-red']],
    ['heuristic', [heuristicAgent, randomAgent], ['black-red', 'green-white']],
    ['heuristic2', [heuristicAgent, heuristicAgent], ['green-white', 'black-red']],
    ['three', [randomAgent, heuristicAgent, randomAgent], ['green-white', 'black-red', 'green-white']],
  ]
  const hash = createHash('sha256')
  let count = 0
  let actions = 0
  const line = (record: GameRecord): void => {
    const text = JSON.stringify(record)
    hash.update(text)
    hash.update('\n')
    count++
    actions += record.actions.length
  }
  for (const [, agents, decks] of pairs) {
    for (let seed = 1; seed <= games; seed++) line(playGame({ seed, agents, decks }))
  }
  for (let seed = 1; seed <= Math.max(2, Math.floor(games / 20)); seed++) {
    const record = playGame({ seed, agents: [search, randomAgent], decks: ['green-white', 'black-red'] })
    line(record)
    // Replay must reproduce it: its digest goes into the hash too.
    hash.update(worldDigest(worldOf(replay(record))))
  }
  return { hash: hash.digest('hex'), games: count, actions }
}

function rlHash(opponent: Opponent, n: number): string {
  const hash = createHash('sha256')
  const env = new VecEnv({ n, seed: 7, opponent, onRecord: (record) => hash.update(JSON.stringify(record)) })
  const rng = new Rng(11)
  const actions = new Int32Array(n)
  for (let t = 0; t < rlSteps; t++) {
    pickMasked(env.mask, n, rng, actions)
    env.step(actions)
    hash.update(new Uint8Array(env.obs.buffer, env.obs.byteOffset, env.obs.byteLength))
    hash.update(env.mask)
    hash.update(new Uint8Array(env.reward.buffer, env.reward.byteOffset, env.reward.byteLength))
    hash.update(env.terminated)
    hash.update(env.truncated)
  }
  if (env.stats.rejected !== 0 || env.stats.errors !== 0) throw new Error(`rl: ${env.stats.rejected} rejected, ${env.stats.errors} errors`)
  return hash.digest('hex')
}

/** The combats' outcomes (the world's digest) and, in the second round of each board, every event with its arguments in order. */
function combatHash(): string {
  const hash = createHash('sha256')
  for (const size of [1, 2, 5, 10, 20, 50, 200, 1000]) {
    for (let seed = 1; seed <= 6; seed++) {
      const board = buildBoard(generateBoardSpec({ size, seed }), seed)
      const saved = snapshotWorld(board.world)
      for (let round = 0; round < 2; round++) {
        restoreWorld(board.world, saved)
        const events = board.world.events
        const names = Object.keys(EVENT_FIELDS) as GameEventName[]
        const hear = (name: GameEventName) => (...args: unknown[]): void => void hash.update(`${name}:${JSON.stringify(args)};`)
        if (round === 1) for (const name of names) events.on(name, hear(name) as never)
        runEngineCombat(board)
        events.removeAllListeners()
        hash.update(worldDigest(board.world))
      }
    }
  }
  return hash.digest('hex')
}

const t0 = performance.now()
const g = gamesHash()
console.log(`games  ${g.hash}  (${g.games} games, ${g.actions} actions)`)
console.log(`rl     ${rlHash('self', 16)}  (self-play, 16 envs, ${rlSteps} steps)`)
console.log(`rl     ${rlHash('random', 8)}  (against random, 8 envs, ${rlSteps} steps)`)
console.log(`combat ${combatHash()}  (sizes 1 to 1,000, 6 seeds, twice after a restore, the second with every event)`)
console.error(`${((performance.now() - t0) / 1000).toFixed(1)} s`)
