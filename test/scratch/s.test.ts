import { it } from 'vitest'
import { GameTable } from '../../src/play/play-game.js'
import { randomAgent } from '../../src/play/agents/random.js'
import { heuristicAgent } from '../../src/play/agents/heuristic.js'
it('x', () => {
  const t = new GameTable()
  let t0 = performance.now()
  const reasons: Record<string, number> = {}
  for (let s = 1; s <= 300; s++) {
    const r = t.play({ seed: s, agents: [randomAgent, randomAgent], decks: ['green-white', 'black-red'] })
    reasons[r.reason] = (reasons[r.reason] ?? 0) + 1
  }
  console.log('random 300', performance.now() - t0, JSON.stringify(reasons))
  t0 = performance.now()
  let wins = 0
  for (let s = 1; s <= 50; s++) {
    const r = t.play({ seed: s, agents: [heuristicAgent, randomAgent], decks: ['green-white', 'black-red'] })
    if (r.winner === 0) wins++
  }
  console.log('heur 50', performance.now() - t0, wins)
}, 100000)
