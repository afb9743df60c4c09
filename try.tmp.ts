import { GameTable } from './src/play/play-game.js'
import { heuristicAgent } from './src/play/agents/heuristic.js'
import { searchAgentFactory } from './src/play/agents/search.js'
const N = Number(process.argv[2] ?? 20)
const table = new GameTable()
const a = searchAgentFactory({ playouts: Number(process.argv[3] ?? 48), horizon: Number(process.argv[4] ?? 3) }), b = heuristicAgent
const t0 = performance.now()
let wins = 0, errors = 0, turns = 0, draws = 0
for (let i = 0; i < N; i++) {
  const swap = i % 2 === 1
  const r = table.play({ seed: 1000 + i, agents: swap ? [b, a] : [a, b], decks: swap ? ['black-red', 'green-white'] : ['green-white', 'black-red'] })
  if (r.reason === 'error') { errors++; if (errors < 4) console.log(i, r.error) }
  if (r.winner === null) draws++
  else if ((r.winner === 0) !== swap) wins++
  turns += r.turns
}
const ms = performance.now() - t0
console.log(a.name, 'vs', b.name, { winRate: wins / N, draws, errors, avgTurns: turns / N, msPerGame: Math.round(ms / N) })
