import { createDeckGame } from './src/play/setup.js'
import { Game } from './src/game.js'
import { pendingDecision } from './src/decisions/pending.js'
import { legalActions } from './src/decisions/legal.js'
import { act } from './src/decisions/act.js'
import { randomAction } from './src/play/agents/random.js'
import { GameView } from './src/play/view.js'
import { Rng } from './src/rng.js'
import { worldDigest } from './src/debug/digest.js'
import { EVENT_NAMES } from './src/events.js'
const game = createDeckGame(['green-white', 'black-red'], { seed: 3 })
const w = game.world
const rng = new Rng(3)
const step = (g: Game, r: Rng) => { const d = pendingDecision(g.world); if (d.kind === 'gameOver') return false; const a = randomAction(r, new GameView(g.world, d.player!), d, legalActions(g.world)); const res = act(g.world, a); if (!res.ok) throw new Error(res.error.message); return true }
while (w.turn.number < 6) step(game, rng)
const json = JSON.parse(JSON.stringify(game.toJSON()))
const bin = game.toBinary()
const g2 = Game.fromJSON(json), g3 = Game.fromBinary(bin)
console.log(worldDigest(w) === worldDigest(g2.world), worldDigest(w) === worldDigest(g3.world), JSON.stringify(json).length, bin.byteLength)
const logs = [game, g2, g3].map((g) => { const ev: string[] = []; for (const n of EVENT_NAMES) g.on(n, ((...a: unknown[]) => ev.push(n + JSON.stringify(a))) as never); return ev })
const rngs = [new Rng(99), new Rng(99), new Rng(99)]
for (let i = 0; i < 300; i++) { const alive = [game, g2, g3].map((g, k) => step(g, rngs[k]!)); if (!alive[0]) break }
console.log(logs[0]!.length, logs[0]!.join() === logs[1]!.join(), logs[0]!.join() === logs[2]!.join(), worldDigest(w) === worldDigest(g3.world))
