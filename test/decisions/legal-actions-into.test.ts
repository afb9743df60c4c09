/**
 * `legalActionsInto` refills one `LegalActions` in place, decision after decision (the learning
 * env's lists, kept per game): it must give exactly what `legalActions` builds afresh, whatever the
 * lists held before (a priority decision after a block, a discard after a priority, ...).
 */
import { describe, expect, it } from 'vitest'
import { worldOf } from '../../src/api/game.js'
import { act } from '../../src/decisions/act.js'
import { emptyLegalActions, legalActions, legalActionsInto } from '../../src/decisions/legal.js'
import { pendingDecision } from '../../src/decisions/pending.js'
import { randomAgent } from '../../src/play/agents/random.js'
import { heuristicAgent } from '../../src/play/agents/heuristic.js'
import { createDeckGame } from '../../src/play/setup.js'
import { GameView } from '../../src/play/view.js'

describe('legalActionsInto', () => {
  it('gives what legalActions builds afresh at every decision of whole games, into one reused object', () => {
    const reused = emptyLegalActions()
    const kinds = new Set<string>()
    let decisions = 0
    for (let seed = 1; seed <= 12; seed++) {
      const game = createDeckGame(['green-white', 'black-red'], { seed })
      const world = worldOf(game)
      const agents = [randomAgent.create(seed), (seed % 2 ? heuristicAgent : randomAgent).create(seed + 100)]
      for (let step = 0; step < 5000; step++) {
        const decision = pendingDecision(world)
        if (decision.kind === 'gameOver') break
        const fresh = legalActions(world)
        expect(legalActionsInto(world, reused, decision)).toBe(reused)
        expect(reused).toEqual(fresh)
        kinds.add(decision.kind)
        decisions++
        const seat = world.playerOrder.indexOf(decision.player!)
        const action = agents[seat]!.choose(new GameView(world, decision.player!), decision, fresh)
        expect(act(world, action)).toMatchObject({ ok: true })
      }
    }
    // The games went through every kind of decision the lists hold.
    expect([...kinds].sort()).toEqual(expect.arrayContaining(['assignDamage', 'declareAttackers', 'declareBlockers', 'mulligan', 'priority']))
    expect(decisions).toBeGreaterThan(1000)
  })
})

describe('legalActionsInto storage', () => {
  it('keeps its storage per object: two games refilled alternately into two objects, and what legalActions gives stays its own', () => {
    const games = [1, 2].map((seed) => {
      const game = createDeckGame(['green-white', 'black-red'], { seed })
      return { world: worldOf(game), reused: emptyLegalActions(), agents: [randomAgent.create(seed), randomAgent.create(seed + 50)] }
    })
    let compared = 0
    const kinds = new Set<string>()
    for (let step = 0; step < 3000; step++) {
      const live = games.filter((g) => pendingDecision(g.world).kind !== 'gameOver')
      if (live.length === 0) break
      // Both objects refilled first: each still holds its own game's answer after the other's refill.
      for (const g of live) legalActionsInto(g.world, g.reused)
      for (const g of live) {
        const decision = pendingDecision(g.world)
        const fresh = legalActions(g.world)
        expect(g.reused).toEqual(fresh)
        // Nothing of the fresh answer is the refilled object's: refilling again leaves it as it was.
        const copy = structuredClone(fresh)
        for (const key of ['play', 'cast', 'activate', 'plot', 'attackers', 'blockers', 'damage', 'cards'] as const) {
          if (fresh[key].length > 0) expect(fresh[key]).not.toBe(g.reused[key])
          for (let i = 0; i < fresh[key].length; i++) if (typeof fresh[key][i] === 'object') expect(fresh[key][i]).not.toBe(g.reused[key][i])
        }
        legalActionsInto(g.world, g.reused, decision)
        expect(fresh).toEqual(copy)
        compared++
        kinds.add(decision.kind)
        const seat = g.world.playerOrder.indexOf(decision.player!)
        const action = g.agents[seat]!.choose(new GameView(g.world, decision.player!), decision, fresh)
        expect(act(g.world, action)).toMatchObject({ ok: true })
      }
    }
    expect(compared).toBeGreaterThan(500)
    expect([...kinds]).toEqual(expect.arrayContaining(['declareAttackers', 'declareBlockers', 'priority']))
  })
})
