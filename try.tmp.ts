import { GameTable } from './src/play/play-game.js'
import { randomAgent } from './src/play/agents/random.js'
const table = new GameTable()
const t0 = performance.now()
for (let i = 0; i < 1500; i++) table.play({ seed: i, agents: [randomAgent, randomAgent], decks: ['green-white', 'black-red'] })
console.log((1500 / (performance.now() - t0)) * 1000)
