/** Shared by the learning-environment tests: masked random choices, random games driven through the masks, observations. */
import type { Eid } from '../../src/core/events.js'
import type { GameWorld } from '../../src/core/world.js'
import { Rng } from '../../src/core/rng.js'
import { act, passIfForced } from '../../src/decisions/act.js'
import { legalActions } from '../../src/decisions/legal.js'
import { pendingDecision } from '../../src/decisions/pending.js'
import { forcedAction, playGame } from '../../src/play/play-game.js'
import { createDeckGame } from '../../src/play/setup.js'
import { worldOf } from '../../src/api/game.js'
import { DecisionBuilder } from '../../src/rl/decision-builder.js'
import { ACTION_SIZE, OBS_SIZE } from '../../src/rl/layout.js'
import { fillSlots, SlotTable, writeObservation } from '../../src/rl/observe.js'
import { randomAgent } from '../../src/play/agents/random.js'
import type { Agent, AgentFactory } from '../../src/play/agent.js'
import type { GameRecord } from '../../src/play/record.js'
import { RecordRows } from '../../src/rl/record-rows.js'

export const DECK_PAIRS = [
  ['green-white', 'black-red'],
  ['black-red', 'green-white'],
  ['green-white', 'green-white'],
  ['black-red', 'black-red'],
] as const

/** A uniform choice among the allowed actions of `mask` (from `offset`, ACTION_SIZE bytes). */
export function randomMasked(rng: Rng, mask: Uint8Array, offset = 0): number {
  let count = 0
  for (let a = 0; a < ACTION_SIZE; a++) count += mask[offset + a]!
  let k = rng.int(count)
  for (let a = 0; a < ACTION_SIZE; a++) if (mask[offset + a] === 1 && k-- === 0) return a
  throw new Error('an empty mask')
}

/** `player`'s observation of the game now (no decision progress). */
export function observation(world: GameWorld, player: Eid): Float32Array {
  const out = new Float32Array(OBS_SIZE)
  const slots = new SlotTable()
  const decision = pendingDecision(world)
  fillSlots(world, player, slots)
  writeObservation(world, player, out, 0, slots, decision.kind, decision.player, decision.count)
  return out
}

/** The index of the first byte where two observations differ, or -1. */
export function firstDifference(a: Float32Array, b: Float32Array): number {
  const x = new Uint8Array(a.buffer, a.byteOffset, a.byteLength)
  const y = new Uint8Array(b.buffer, b.byteOffset, b.byteLength)
  if (x.length !== y.length) return 0
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return i
  return -1
}

/**
 * A random game from `seed` played through the masks (both seats, uniform masked choices): at
 * each decision that is not forced, `visit` may look at the game (the builder begun, nothing
 * applied yet) with probability `rate`, and always at the rare kinds. Returns the decisions made.
 */
export function exploreMasked(
  seed: number,
  rate: number,
  visit: (world: GameWorld, builder: DecisionBuilder, at: string) => void,
  maxSteps = 3000,
): number {
  const world = worldOf(createDeckGame(DECK_PAIRS[seed % DECK_PAIRS.length]!, { seed }))
  const rng = new Rng(seed ^ 0x2545f491)
  const builder = new DecisionBuilder(world)
  let decisions = 0
  for (let steps = 0; steps < maxSteps; steps++) {
    if (passIfForced(world)) continue
    const decision = pendingDecision(world)
    if (decision.kind === 'gameOver') break
    const legal = legalActions(world)
    const forced = forcedAction(legal)
    if (forced) {
      if (!act(world, forced).ok) throw new Error(`forced action rejected at seed ${seed}, step ${steps}`)
      continue
    }
    builder.begin(legal)
    if (['declareBlockers', 'assignDamage', 'search', 'discard', 'bottom'].includes(decision.kind) || rng.next() < rate) {
      visit(world, builder, `seed ${seed}, step ${steps} (${decision.kind})`)
      builder.begin()
    }
    let action = null
    while (action === null) action = builder.apply(randomMasked(rng, builder.mask))
    const result = act(world, action)
    if (!result.ok) throw new Error(`masked action rejected at seed ${seed}, step ${steps}: ${result.error.code}: ${result.error.message}`)
    decisions++
  }
  return decisions
}

/**
 * An agent that plays at random but, where an attacker of its has two blockers or more, divides its
 * combat damage freely between the first two (1 to one, the rest to the other: legal, CR 510.1c,
 * and usually none of the divisions the action encoding offers).
 */
export const freeDivider: AgentFactory = {
  name: 'free-divider',
  create(seed: number): Agent {
    const random = randomAgent.create(seed)
    return {
      choose(view, decision, legal) {
        const entry = legal.damage.find((d) => d.recipients.length >= 3 && d.amount >= 2)
        if (decision.kind !== 'assignDamage' || entry === undefined) return random.choose(view, decision, legal)
        // With three recipients or more, the first two are blockers (the recipients list blockers first).
        const [a, b] = entry.recipients as [Eid, Eid]
        return { type: 'assignDamage', player: decision.player!, assignments: [{ creature: entry.creature, recipient: a, amount: 1 }, { creature: entry.creature, recipient: b, amount: entry.amount - 1 }] }
      },
    }
  },
}

/**
 * Records of whole games (won or lost, not ended in an error) with a damage division the action
 * encoding can't express, and the first such action of each: where `RecordRows` stops.
 */
export function recordsWithAFreeDivision(count: number): { record: GameRecord; at: number }[] {
  const found: { record: GameRecord; at: number }[] = []
  for (let seed = 0; found.length < count && seed < 3000; seed++) {
    const record = playGame({ seed, agents: [freeDivider, randomAgent], decks: ['green-white', 'black-red'] })
    if (record.reason !== 'life' && record.reason !== 'empty-library') continue
    try {
      new RecordRows().rowsOf(record, () => {})
    } catch (error) {
      const match = /recorded action (\d+) ".*" can't be expressed/.exec((error as Error).message)
      if (match) found.push({ record, at: Number(match[1]) })
    }
  }
  if (found.length < count) throw new Error(`only ${found.length} games with an inexpressible division in 3,000`)
  return found
}
