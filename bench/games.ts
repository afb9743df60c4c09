/**
 * Whole games on one core: random vs random and heuristic vs heuristic games per second,
 * decisions per second, snapshot + restore of a mid-game state, search playouts per second, and
 * the strength of the agents (win rates with seats and decks swapped, Wilson 95% intervals).
 */
import { pendingDecision } from '../src/decisions/pending.js'
import { heuristicAgent } from '../src/play/agents/heuristic.js'
import { randomAgent } from '../src/play/agents/random.js'
import { searchAgentFactory } from '../src/play/agents/search.js'
import type { AgentFactory } from '../src/play/agent.js'
import { GameTable } from '../src/play/play-game.js'
import type { GameRecord } from '../src/play/record.js'
import { wilson } from '../src/node/selfplay/summary.js'
import { createDeckGame } from '../src/play/setup.js'
import { randomAction } from '../src/play/agents/random.js'
import { legalActions } from '../src/decisions/legal.js'
import { act } from '../src/decisions/act.js'
import { GameView } from '../src/play/view.js'
import { Rng } from '../src/core/rng.js'
import { restoreWorld, snapshotWorld } from '../src/state/snapshot.js'
import { worldOf } from '../src/api/game.js'
import type { GameWorld } from '../src/core/world.js'
import { worldDigest } from '../src/state/digest.js'
import { stateToBinary, stateToJson, worldFromBinary, worldFromJson } from '../src/state/serialize.js'

const DECKS = ['green-white', 'black-red'] as const

export interface Strength {
  agents: [string, string]
  games: number
  /** Wins of the first agent; draws count as half a game to neither. */
  wins: number
  draws: number
  errors: number
  winRate: number
  lo: number
  hi: number
}

export interface GamesReport {
  randomGamesPerSec: number
  heuristicGamesPerSec: number
  /** The same per second of this process's CPU time: steadier than wall time on a shared machine (another job takes the core, not the CPU time). */
  randomGamesPerCpuSec: number
  heuristicGamesPerCpuSec: number
  /** Every decision point (agent choices and forced passes), random vs random. */
  decisionsPerSec: number
  /** Decisions an agent had to make (more than one legal option), random vs random. */
  agentDecisionsPerSec: number
  snapshotRestoreUs: number
  /** Into a reused snapshot (no allocation), as search does. */
  snapshotUs: number
  restoreUs: number
  /** A snapshot with its own new arrays. */
  freshSnapshotUs: number
  /** The same mid-game state as a binary buffer (`toBinary`) and as JSON text (`JSON.stringify(toJSON)`): bytes, and microseconds to write and to read back into a new game. */
  binaryBytes: number
  jsonBytes: number
  toBinaryUs: number
  toJsonUs: number
  fromBinaryUs: number
  fromJsonUs: number
  playoutsPerSec: number
  avgTurns: number
  heuristicAvgTurns: number
  strength: Strength[]
}

/** Games of `a` against `b`, seats and decks swapped every other game. */
function match(table: GameTable, a: AgentFactory, b: AgentFactory, games: number, seed0: number, onRecord?: (r: GameRecord) => void): Strength {
  let wins = 0
  let draws = 0
  let errors = 0
  for (let i = 0; i < games; i++) {
    const swap = i % 2 === 1
    const record = table.play({
      seed: seed0 + i,
      agents: swap ? [b, a] : [a, b],
      decks: swap ? [DECKS[1], DECKS[0]] : [DECKS[0], DECKS[1]],
    })
    onRecord?.(record)
    if (record.reason === 'error') errors++
    if (record.winner === null) draws++
    else if ((record.winner === 0) !== swap) wins++
  }
  const score = wins + draws / 2
  const interval = wilson(score, games)
  return { agents: [a.name, b.name], games, wins, draws, errors, winRate: games === 0 ? 0 : score / games, lo: interval.low, hi: interval.high }
}

/** Games per second of `agent` against itself for about `seconds`, after a warm-up. */
function throughput(agent: AgentFactory, seconds: number): { perSec: number; perCpuSec: number; decisionsPerSec: number; agentDecisionsPerSec: number; avgTurns: number } {
  const table = new GameTable()
  for (let i = 0; i < 50; i++) table.play({ seed: 1_000_000 + i, agents: [agent, agent], decks: DECKS })
  const stats = { decisions: 0, forced: 0 }
  let games = 0
  let turns = 0
  const cpu0 = process.cpuUsage()
  const start = performance.now()
  const end = start + seconds * 1000
  while (performance.now() < end) {
    for (let i = 0; i < 20; i++) {
      const r = table.play({ seed: games, agents: [agent, agent], decks: DECKS, stats })
      if (r.reason === 'error') throw new Error(`bench: game ${games} failed: ${r.error}`)
      turns += r.turns
      games++
    }
  }
  const s = (performance.now() - start) / 1000
  const cpu = process.cpuUsage(cpu0)
  return { perSec: games / s, perCpuSec: games / ((cpu.user + cpu.system) / 1e6), decisionsPerSec: stats.decisions / s, agentDecisionsPerSec: (stats.decisions - stats.forced) / s, avgTurns: turns / games }
}

/**
 * Snapshot and restore of a game at its eighth turn (random play), in microseconds: the snapshot
 * into a reused one (what search does between playouts), and a fresh one (allocating its arrays).
 */
function snapshotRestore(): { snapshotUs: number; restoreUs: number; freshSnapshotUs: number; serialized: Serialized } {
  const game = createDeckGame(DECKS, { seed: 7 })
  const w = worldOf(game)
  const rng = new Rng(7)
  while (w.turn.number < 8) {
    const d = pendingDecision(w)
    if (d.kind === 'gameOver') break
    const legal = legalActions(w)
    const result = act(w, randomAction(rng, new GameView(w, d.player!), d, legal))
    if (!result.ok) throw new Error(`bench: ${result.error.message}`)
  }
  const reps = 20_000
  let snap = snapshotWorld(w)
  // Warmed up on what is timed, a snapshot into the reused one and its restore, as many times as
  // they are timed (about as long as the games' warm-up of 50 games): V8 optimizes the two after a
  // thousand calls or so, in the background, which on a busy machine takes longer than a few
  // thousand calls (after 2,000 fresh snapshots, the reused one's path was timed mostly unoptimized).
  for (let i = 0; i < reps; i++) restoreWorld(w, (snap = snapshotWorld(w, snap)))
  let t0 = performance.now()
  for (let i = 0; i < reps; i++) snap = snapshotWorld(w, snap)
  const snapshotUs = ((performance.now() - t0) * 1000) / reps
  t0 = performance.now()
  for (let i = 0; i < reps; i++) restoreWorld(w, snap)
  const restoreUs = ((performance.now() - t0) * 1000) / reps
  const freshSnapshotUs = usPer(reps, () => void (snap = snapshotWorld(w)))
  return { snapshotUs, restoreUs, freshSnapshotUs, serialized: serialized(w) }
}

type Serialized = Pick<GamesReport, 'binaryBytes' | 'jsonBytes' | 'toBinaryUs' | 'toJsonUs' | 'fromBinaryUs' | 'fromJsonUs'>

/** Microseconds per call of `f`, over `reps` calls after a tenth as many to warm up. */
function usPer(reps: number, f: () => void): number {
  for (let i = 0; i < reps / 10; i++) f()
  const t0 = performance.now()
  for (let i = 0; i < reps; i++) f()
  return ((performance.now() - t0) * 1000) / reps
}

/** The state of `w` to a binary buffer and to JSON text, and back into a new world; checked to give the same game. */
function serialized(w: GameWorld): Serialized {
  const digest = worldDigest(w)
  let buffer = stateToBinary(w)
  let text = JSON.stringify(stateToJson(w))
  const toBinaryUs = usPer(2000, () => void (buffer = stateToBinary(w)))
  const toJsonUs = usPer(2000, () => void (text = JSON.stringify(stateToJson(w))))
  let fromBinary = worldFromBinary(buffer)
  let fromJson = worldFromJson(JSON.parse(text))
  // Both readers build a game from its position: warm that up for both before timing either.
  for (let i = 0; i < 200; i++) {
    fromBinary = worldFromBinary(buffer)
    fromJson = worldFromJson(JSON.parse(text))
  }
  const fromBinaryUs = usPer(500, () => void (fromBinary = worldFromBinary(buffer)))
  const fromJsonUs = usPer(500, () => void (fromJson = worldFromJson(JSON.parse(text))))
  if (worldDigest(fromBinary) !== digest || worldDigest(fromJson) !== digest) throw new Error('bench: a state read back from binary or JSON differs from the game')
  return { binaryBytes: buffer.byteLength, jsonBytes: new TextEncoder().encode(text).length, toBinaryUs, toJsonUs, fromBinaryUs, fromJsonUs }
}

function playouts(seconds: number): number {
  const stats = { playouts: 0 }
  const search = searchAgentFactory({ stats })
  const table = new GameTable()
  const start = performance.now()
  for (let i = 0; performance.now() - start < seconds * 1000; i++) {
    table.play({ seed: 5000 + i, agents: [search, heuristicAgent], decks: DECKS })
  }
  return stats.playouts / ((performance.now() - start) / 1000)
}

export function gamesBench(options: { seconds: number; strengthGames: number; searchGames: number }, log: (line: string) => void): GamesReport {
  log('games: random vs random ...')
  const random = throughput(randomAgent, options.seconds)
  log(`  ${random.perSec.toFixed(0)} games/s (${random.perCpuSec.toFixed(0)} per CPU second), ${random.decisionsPerSec.toFixed(0)} decisions/s, ${random.avgTurns.toFixed(1)} turns a game`)
  log('games: heuristic vs heuristic ...')
  const heuristic = throughput(heuristicAgent, options.seconds)
  log(`  ${heuristic.perSec.toFixed(0)} games/s (${heuristic.perCpuSec.toFixed(0)} per CPU second)`)
  log('games: snapshot + restore of a mid-game state ...')
  const snap = snapshotRestore()
  log(`  snapshot ${snap.snapshotUs.toFixed(2)} us + restore ${snap.restoreUs.toFixed(2)} us (a fresh snapshot: ${snap.freshSnapshotUs.toFixed(2)} us)`)
  const ser = snap.serialized
  log(`  binary ${ser.binaryBytes} bytes, written in ${ser.toBinaryUs.toFixed(1)} us, read in ${ser.fromBinaryUs.toFixed(1)} us; JSON ${ser.jsonBytes} bytes, ${ser.toJsonUs.toFixed(1)} us, ${ser.fromJsonUs.toFixed(1)} us`)
  log('games: search playouts ...')
  const playoutsPerSec = playouts(options.seconds)
  log(`  ${playoutsPerSec.toFixed(0)} playouts/s`)
  const table = new GameTable()
  const strength: Strength[] = []
  log(`games: heuristic vs random, ${options.strengthGames} games ...`)
  strength.push(match(table, heuristicAgent, randomAgent, options.strengthGames, 100_000))
  log(`games: search vs heuristic, ${options.searchGames} games ...`)
  strength.push(match(table, searchAgentFactory(), heuristicAgent, options.searchGames, 200_000))
  for (const s of strength) log(`  ${s.agents[0]} vs ${s.agents[1]}: ${(s.winRate * 100).toFixed(1)}% [${(s.lo * 100).toFixed(1)}, ${(s.hi * 100).toFixed(1)}] over ${s.games} games`)
  return {
    randomGamesPerSec: random.perSec,
    heuristicGamesPerSec: heuristic.perSec,
    randomGamesPerCpuSec: random.perCpuSec,
    heuristicGamesPerCpuSec: heuristic.perCpuSec,
    decisionsPerSec: random.decisionsPerSec,
    agentDecisionsPerSec: random.agentDecisionsPerSec,
    snapshotRestoreUs: snap.snapshotUs + snap.restoreUs,
    snapshotUs: snap.snapshotUs,
    restoreUs: snap.restoreUs,
    freshSnapshotUs: snap.freshSnapshotUs,
    ...snap.serialized,
    playoutsPerSec,
    avgTurns: random.avgTurns,
    heuristicAvgTurns: heuristic.avgTurns,
    strength,
  }
}
