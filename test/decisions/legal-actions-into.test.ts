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
