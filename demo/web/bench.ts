/**
 * The demo's "10,000 a side" benchmark, run in the demo's worker (never on the page): a generated
 * combat through the entity-level actions, as `npm run bench` times it. The first run is cold (the
 * JIT has not seen the code yet) and reported as such; the warm runs that follow are the figure.
 */
import { runEngineCombat } from '../../bench/engine-combat.js'
import { Zone } from '../../components/zones.js'
import { RedzoneError } from '../../src/core/errors.js'
import { generateBoard } from '../../src/generate/board.js'
import { seedError } from './seed.js'

export interface BigCombatRun {
  buildMs: number
  combatMs: number
}

export interface BigCombatResult {
  seed: number
  size: number
  /** The first run (cold), then the warm runs. */
  runs: BigCombatRun[]
  life: { before: [number, number]; after: [number, number] }
  died: number
}

/** `runs` combats of `size` a side on the board of `seed` (a fresh board each run), timed. */
export function bigCombat(seed: unknown, size = 10_000, runs = 4): BigCombatResult {
  const problem = seedError(String(seed))
  if (problem !== null) throw new RedzoneError('invalid-argument', problem)
  const s = Number(seed)
  const out: BigCombatResult = { seed: s, size, runs: [], life: { before: [0, 0], after: [0, 0] }, died: 0 }
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now()
    const board = generateBoard({ size, seed: s })
    const t1 = performance.now()
    const { world } = board
    const life = world.players.life
    out.life.before = [life[board.attackingPlayer]!, life[board.defendingPlayer]!]
    runEngineCombat(board)
    const t2 = performance.now()
    out.runs.push({ buildMs: t1 - t0, combatMs: t2 - t1 })
    out.life.after = [life[board.attackingPlayer]!, life[board.defendingPlayer]!]
    out.died = board.creatures.filter((c) => world.place.zone[c] !== Zone.Battlefield).length
  }
  return out
}
