import { createDeckGame } from './src/play/setup.js'
import { pendingDecision } from './src/decisions/pending.js'
import { legalActions } from './src/decisions/legal.js'
import { act } from './src/decisions/act.js'
import { randomAction } from './src/play/agents/random.js'
import { GameView } from './src/play/view.js'
import { Rng } from './src/rng.js'
import { restoreWorld, snapshotWorld } from './src/snapshot.js'
const game = createDeckGame(['green-white', 'black-red'], { seed: 7 })
const w = game.world
const rng = new Rng(7)
while (w.turn.number < 8) {
  const d = pendingDecision(w)
  const r = act(w, randomAction(rng, new GameView(w, d.player!), d, legalActions(w)))
  if (!r.ok) throw new Error(r.error.message)
}
const reps = 50000
let snap = snapshotWorld(w)
for (let i = 0; i < 5000; i++) { snap = snapshotWorld(w, snap); restoreWorld(w, snap) }
let t0 = performance.now()
for (let i = 0; i < reps; i++) snap = snapshotWorld(w, snap)
const s = (performance.now() - t0) * 1000 / reps
t0 = performance.now()
for (let i = 0; i < reps; i++) restoreWorld(w, snap)
const r = (performance.now() - t0) * 1000 / reps
t0 = performance.now()
for (let i = 0; i < reps; i++) snap = snapshotWorld(w)
const s2 = (performance.now() - t0) * 1000 / reps
console.log({ entities: w.labels.length, snapshotReuseUs: s, restoreUs: r, snapshotAllocUs: s2, effects: w.effects.length })
let t1 = performance.now()
for (let i = 0; i < reps * 4; i++) snap = snapshotWorld(w, snap)
console.log('again', (performance.now() - t1) * 1000 / reps / 4)
