import { it } from 'vitest'
import { createDeckGame } from '../../src/play/setup.js'
it('x', () => {
  for (let seed = 1; seed < 6; seed++) {
    const g = createDeckGame(['green-white', 'black-red'], { seed })
    console.log(seed, JSON.stringify(g.pendingDecision()), JSON.stringify(g.state().turn))
  }
  const g = createDeckGame(['green-white', 'black-red'], { seed: 1 })
  const ev: string[] = []
  g.on('zoneChanged', (o, f, t) => ev.push(`z ${g.id(o)} ${f} ${t}`))
  g.on('cardDrawn', (p, c) => ev.push(`d ${g.id(c)}`))
  g.on('libraryShuffled', (p) => ev.push(`shuffle ${g.id(p)}`))
  g.on('mulliganTaken', (p, n) => ev.push(`mull ${g.id(p)} ${n}`))
  g.on('decisionAwaited', (k, p) => ev.push(`await ${k} ${g.id(p)}`))
  const d = g.pendingDecision()
  console.log(JSON.stringify(g.mulligan(d.player!)), JSON.stringify(g.pendingDecision()))
  console.log(JSON.stringify(g.keep(g.pendingDecision().player!)), JSON.stringify(g.pendingDecision()))
  console.log(ev.join('\n'))
  console.log(JSON.stringify(g.legalActions()))
})
