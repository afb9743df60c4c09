/**
 * Free-for-all whole games at volume (`npm run bench -- --only multiplayer`, the nightly check):
 * `--multiplayer-games` seeded random four-player games (default 10,000), each replayed from its
 * record. A game that ends in an error, without a winner or a `step-cap` draw, or whose record
 * does not replay fails the run (a fast wrong answer is a failure); the heuristic's share of wins
 * from a seat among three random players is measured on a tenth as many games.
 */
import { heuristicAgent } from '../src/play/agents/heuristic.js'
import { randomAgent } from '../src/play/agents/random.js'
import { GameTable } from '../src/play/play-game.js'
import { wilson } from '../src/node/selfplay/summary.js'

const DECKS = ['green-white', 'black-red', 'green-white', 'black-red'] as const

export interface MultiplayerReport {
  games: number
  /** Games played and replayed per second (wall time, one core). */
  gamesPerSec: number
  meanTurns: number
  reasons: Record<string, number>
  /** Wins by seat, and games started by seat (CR 103.1). */
  seatWins: number[]
  firsts: number[]
  /** Games that failed a check: an error, no winner without a step cap, a record that does not replay. */
  failures: string[]
  /** The heuristic in one seat (each in turn) against three random players: its share of wins. */
  heuristic: { games: number; wins: number; rate: number; lo: number; hi: number }
}

export function multiplayerBench(options: { games: number }, log: (line: string) => void): MultiplayerReport {
  const table = new GameTable()
  const random = [randomAgent, randomAgent, randomAgent, randomAgent]
  const reasons: Record<string, number> = {}
  const seatWins = [0, 0, 0, 0]
  const firsts = [0, 0, 0, 0]
  const failures: string[] = []
  let turns = 0
  const start = performance.now()
  for (let seed = 1; seed <= options.games; seed++) {
    const record = table.play({ seed, agents: random, decks: DECKS })
    reasons[record.reason] = (reasons[record.reason] ?? 0) + 1
    firsts[record.first]!++
    turns += record.turns
    if (record.winner !== null) seatWins[record.winner]!++
    if (record.reason === 'error') failures.push(`seed ${seed}: ${record.error}`)
    else if (record.winner === null && record.reason !== 'step-cap') failures.push(`seed ${seed}: no winner (${record.reason})`)
    try {
      table.replay(record)
    } catch (error) {
      failures.push(`seed ${seed}: the record does not replay: ${(error as Error).message}`)
    }
    if (seed % 1000 === 0) log(`  ${seed} games ...`)
  }
  const seconds = (performance.now() - start) / 1000
  const strength = Math.max(4, Math.floor(options.games / 10))
  let wins = 0
  for (let seed = 1; seed <= strength; seed++) {
    const agents = [...random]
    agents[seed % 4] = heuristicAgent
    if (table.play({ seed, agents, decks: DECKS }).winner === seed % 4) wins++
  }
  return {
    games: options.games,
    gamesPerSec: options.games / seconds,
    meanTurns: turns / options.games,
    reasons,
    seatWins,
    firsts,
    failures,
    heuristic: { games: strength, wins, rate: wins / strength, ...loHi(wins, strength) },
  }
}

function loHi(wins: number, games: number): { lo: number; hi: number } {
  const { low, high } = wilson(wins, games)
  return { lo: low, hi: high }
}

export function multiplayerTable(m: MultiplayerReport): string {
  const pct = (n: number, of: number): string => `${((100 * n) / of).toFixed(1)}%`
  return [
    `\nFree-for-all, four random players: ${m.games} games played and replayed, ${m.gamesPerSec.toFixed(0)} games/s, ${m.meanTurns.toFixed(1)} turns on average; ` +
      `ends: ${Object.entries(m.reasons).map(([r, n]) => `${r} ${n}`).join(', ')}; failures ${m.failures.length}.`,
    `Seats 0-3 win ${m.seatWins.map((n) => pct(n, m.games)).join(', ')}; start ${m.firsts.map((n) => pct(n, m.games)).join(', ')}.`,
    `Heuristic in one seat against three random players: wins ${(100 * m.heuristic.rate).toFixed(1)}% (95% CI ${(100 * m.heuristic.lo).toFixed(1)}-${(100 * m.heuristic.hi).toFixed(1)}%) of ${m.heuristic.games} games (an even table: 25%).`,
    '',
  ].join('\n')
}
