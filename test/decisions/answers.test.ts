/**
 * Which decision each action answers (the gate's first check, `decisionError` in
 * src/decisions/act.ts): with priority, passing, playing a land, casting, activating and plotting
 * (CR 117.1, 117.3); at the mulligan decision, mulligan and keep (103.5); every other action the
 * choice of its own name. Any other action is `not-awaited`, naming what the game waits for, and
 * leaves the game exactly as it was.
 */
import { describe, expect, it } from 'vitest'
import { act } from '../../src/decisions/act.js'
import { ACTION_TYPES, type PlayerAction } from '../../src/decisions/action.js'
import { pendingDecision } from '../../src/decisions/pending.js'
import { worldDigest } from '../../src/state/digest.js'
import { createDeckGame } from '../../src/play/setup.js'
import { worldOf } from '../../src/api/game.js'
import type { GameWorld } from '../../src/core/world.js'
import { keepBoth } from '../play/game-helpers.js'

/** Each action type with fields of the right shape (none of them legal: only the decision check matters). */
function actionOf(type: PlayerAction['type'], player: number): PlayerAction {
  switch (type) {
    case 'pass': return { type, player }
    case 'play': return { type, player, card: 0 }
    case 'cast': return { type, player, card: 0 }
    case 'activate': return { type, player, object: 0, ability: 'equip', target: 0 }
    case 'plot': return { type, player, card: 0 }
    case 'declareAttackers': return { type, player, attackers: [] }
    case 'declareBlockers': return { type, player, blockers: [] }
    case 'assignDamage': return { type, player, assignments: [] }
    case 'search': return { type, player, cards: null }
    case 'discard': return { type, player, cards: [] }
    case 'mulligan': return { type, player }
    case 'keep': return { type, player }
    case 'bottom': return { type, player, cards: [] }
  }
}

/**
 * Tries each action type of `types` by the decider, on its own; returns those `act` did not turn
 * away as `not-awaited`. Each must be rejected (none of them is legal), and a `not-awaited` one
 * names the decision's rule and what the game waits for, and leaves the game exactly as it was.
 */
function notTurnedAway(world: GameWorld, types: readonly PlayerAction['type'][], waitingFor: string): string[] {
  const { player: decider, rule } = pendingDecision(world)
  if (decider === null) throw new Error('no decider')
  const awaited: string[] = []
  for (const type of types) {
    const before = worldDigest(world)
    const result = act(world, actionOf(type, decider))
    expect(result.ok, type).toBe(false)
    expect(worldDigest(world), type).toBe(before)
    if (!result.ok && result.error.code === 'not-awaited') {
      expect(result.error.rule, type).toBe(rule)
      expect(result.error.message, type).toContain(waitingFor)
    } else awaited.push(type)
  }
  return awaited
}

const DECKS = ['green-white', 'black-red'] as const

describe('the decision each action answers', () => {
  it('CR 103.5: at the mulligan decision only mulligan and keep are awaited', () => {
    const world = worldOf(createDeckGame(DECKS, { seed: 3 }))
    expect(pendingDecision(world).kind).toBe('mulligan')
    expect(notTurnedAway(world, ACTION_TYPES.filter((t) => t !== 'mulligan' && t !== 'keep'), 'the pending decision is mulligan (CR 103.5)')).toEqual([])
    const decider = pendingDecision(world).player!
    expect(act(world, actionOf('keep', decider)).ok).toBe(true)
    const other = worldOf(createDeckGame(DECKS, { seed: 3 }))
    expect(act(other, actionOf('mulligan', pendingDecision(other).player!)).ok).toBe(true)
  })

  it('CR 117.1, 117.3: with priority the actions of a player with priority are awaited, nothing else', () => {
    const game = createDeckGame(DECKS, { seed: 3 })
    keepBoth(game)
    const world = worldOf(game)
    expect(pendingDecision(world).kind).toBe('priority')
    // Each of them is tried and rejected for what it names (no card 0): only the pass is legal here.
    expect(notTurnedAway(world, ACTION_TYPES.filter((t) => t !== 'pass'), 'the pending decision is priority (CR 117.3)')).toEqual(['play', 'cast', 'activate', 'plot'])
    expect(act(world, actionOf('pass', pendingDecision(world).player!)).ok).toBe(true)
  })
})
