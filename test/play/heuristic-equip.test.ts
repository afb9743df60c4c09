/**
 * The heuristic agent and Equipment (CR 702.6 Equip, 701.3b):
 *
 * 702.6a "Equip [cost]" means "[Cost]: Attach this permanent to target creature you control.
 *   Activate only as a sorcery."
 * 701.3b If an effect tries to attach an Aura, Equipment, or Fortification to an object it can't
 *   be attached to, the Aura, Equipment, or Fortification doesn't move. If an effect tries to
 *   attach an Aura, Equipment, or Fortification to the object it's already attached to, the effect
 *   does nothing.
 *
 * An equip onto the creature already wearing the Equipment is legal (the target is a creature
 * you control) and does nothing but spend the mana; a move to a creature no better only trades
 * the bonus. Over seeded games the heuristic makes neither, and still equips.
 */
import { describe, expect, it } from 'vitest'
import type { AgentFactory } from '../../src/play/agent.js'
import { creatureValue, heuristicAgent } from '../../src/play/agents/heuristic.js'
import { randomAgent } from '../../src/play/agents/random.js'
import { GameTable } from '../../src/play/play-game.js'

const GAMES = 300

describe('CR 702.6 Equip: the heuristic agent', () => {
  it(`702.6a 701.3b never re-equips the creature wearing the Equipment, nor moves it to a creature no better, in ${GAMES} seeded games`, () => {
    const counts = { equips: 0, onto: 0, moves: 0, wasted: 0 }
    const wasted: string[] = []
    const watched: AgentFactory = {
      name: 'heuristic',
      create(seed) {
        const agent = heuristicAgent.create(seed)
        return {
          choose(view, decision, legal) {
            const action = agent.choose(view, decision, legal)
            if (action.type === 'activate' && action.ability === 'equip') {
              counts.equips++
              const holder = view.attachedTo(action.object)
              if (holder === 0) counts.onto++
              else {
                // The creature wearing it, valued without this Equipment's bonus.
                const grant = view.grants(action.object)
                const holderValue = creatureValue(view, holder) - 2 * (grant?.power ?? 0) - (grant?.toughness ?? 0)
                if (holder === action.target || creatureValue(view, action.target) <= holderValue) {
                  counts.wasted++
                  wasted.push(`turn ${view.turn.number}: ${view.name(action.object)} from ${view.name(holder)} to ${view.name(action.target)}`)
                } else counts.moves++
              }
            }
            return action
          },
        }
      },
    }
    const table = new GameTable()
    for (let i = 0; i < GAMES; i++) {
      // Against itself and against the random agent, both decks, both seats.
      const opponent = i % 4 < 2 ? watched : randomAgent
      const decks = i % 8 < 4 ? (['green-white', 'black-red'] as const) : (['black-red', 'green-white'] as const)
      const record = table.play({ seed: 9_000 + i, agents: i % 2 === 0 ? [watched, opponent] : [opponent, watched], decks })
      expect(record.reason, record.error).not.toBe('error')
    }
    expect(wasted).toEqual([])
    expect(counts.wasted).toBe(0)
    // It still equips: onto a creature when the Equipment is unattached, and moves it up.
    expect(counts.onto).toBeGreaterThan(GAMES / 2)
    expect(counts.moves).toBeGreaterThan(0)
  })
})
