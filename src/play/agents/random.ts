import { RedzoneError } from '../../core/errors.js'
import type { Decision, PlayerAction } from '../../decisions/action.js'
import type { LegalActions } from '../../decisions/legal.js'
import type { Eid } from '../../core/events.js'
import { Rng } from '../../core/rng.js'
import { KW_MENACE } from '../../../components/keywords.js'
import { checkAgentSeed, type Agent, type AgentFactory } from '../agent.js'
import type { GameView } from '../view.js'

function pick<T>(rng: Rng, items: readonly T[]): T {
  return items[rng.int(items.length)]!
}

/** `count` different items chosen at random. */
export function sampleCards(rng: Rng, items: readonly Eid[], count: number): Eid[] {
  const copy = [...items]
  rng.shuffle(copy)
  return copy.slice(0, count)
}

/** How many priority actions there are, flattened as `priorityActionAt` orders them. */
function priorityActionCount(legal: LegalActions): number {
  let count = 1 + legal.play.length + legal.plot.length
  for (const c of legal.cast) count += Math.max(1, c.targets.length)
  for (const a of legal.activate) count += a.targets.length
  return count
}

/**
 * Priority action `k` (below `priorityActionCount`) of the flattened list: pass, each land, each
 * spell with each target (or none), each ability with each target, each plot. Built alone.
 */
function priorityActionAt(player: Eid, legal: LegalActions, k: number): PlayerAction {
  if (k === 0) return { type: 'pass', player }
  k--
  if (k < legal.play.length) return { type: 'play', player, card: legal.play[k]! }
  k -= legal.play.length
  for (const c of legal.cast) {
    const n = Math.max(1, c.targets.length)
    if (k < n) return { type: 'cast', player, card: c.card, target: c.targets.length === 0 ? 0 : c.targets[k]!, plot: c.plot }
    k -= n
  }
  for (const a of legal.activate) {
    if (k < a.targets.length) return { type: 'activate', player, object: a.object, ability: a.ability, target: a.targets[k]! }
    k -= a.targets.length
  }
  return { type: 'plot', player, card: legal.plot[k]! }
}

/** Every priority action, flattened (`priorityActionAt`'s order). */
export function priorityActions(player: Eid, legal: LegalActions): PlayerAction[] {
  const out: PlayerAction[] = []
  for (let k = 0, n = priorityActionCount(legal); k < n; k++) out.push(priorityActionAt(player, legal, k))
  return out
}

/** A random legal action for the decision (uniform over the options of each factor). */
export function randomAction(rng: Rng, view: GameView, decision: Decision, legal: LegalActions): PlayerAction {
  const player = decision.player!
  switch (decision.kind) {
    case 'priority':
      // One draw over the flattened list, the picked action built alone.
      return priorityActionAt(player, legal, rng.int(priorityActionCount(legal)))
    case 'declareAttackers': {
      const attackers: { attacker: Eid; target: Eid }[] = []
      for (const o of legal.attackers) {
        const i = rng.int(o.targets.length + 1)
        if (i > 0) attackers.push({ attacker: o.attacker, target: o.targets[i - 1]! })
      }
      return { type: 'declareAttackers', player, attackers }
    }
    case 'declareBlockers': {
      let blockers: { blocker: Eid; attacker: Eid }[] = []
      for (const o of legal.blockers) {
        const i = rng.int(o.attackers.length + 1)
        if (i > 0) blockers.push({ blocker: o.blocker, attacker: o.attackers[i - 1]! })
      }
      // CR 702.111b: a lone blocker of a menace creature doesn't block.
      const count = new Map<Eid, number>()
      for (const b of blockers) count.set(b.attacker, (count.get(b.attacker) ?? 0) + 1)
      blockers = blockers.filter((b) => !(view.keywords(b.attacker) & KW_MENACE) || count.get(b.attacker)! >= 2)
      return { type: 'declareBlockers', player, blockers }
    }
    case 'assignDamage': {
      // Half the time the default; otherwise each creature puts all its damage on one of its
      // recipients that is not a player (a blocker or the planeswalker it attacks): always legal.
      if (rng.int(2) === 0) return { type: 'assignDamage', player, assignments: [] }
      const assignments = legal.damage.flatMap((d) => {
        const options = d.recipients.filter((r) => !view.players.includes(r))
        return options.length === 0 ? [] : [{ creature: d.creature, recipient: pick(rng, options), amount: d.amount }]
      })
      return { type: 'assignDamage', player, assignments }
    }
    case 'search': {
      if (rng.int(2) === 0) return { type: 'search', player, cards: null }
      return { type: 'search', player, cards: sampleCards(rng, legal.cards, rng.int(Math.min(legal.count, legal.cards.length) + 1)) }
    }
    case 'discard':
    case 'bottom':
      return { type: decision.kind, player, cards: sampleCards(rng, legal.cards, legal.count) }
    case 'mulligan':
      return legal.mulligan && rng.int(2) === 0 ? { type: 'mulligan', player } : { type: 'keep', player }
    case 'gameOver':
      throw new RedzoneError('invalid-argument', `no action is possible at a "${decision.kind}" decision`)
  }
}

/** Uniform over the legal options of each decision, with its own seeded random stream. */
export const randomAgent: AgentFactory = {
  name: 'random',
  create(seed: number): Agent {
    checkAgentSeed(seed, 'randomAgent')
    const rng = new Rng(seed)
    return { choose: (view, decision, legal) => randomAction(rng, view, decision, legal) }
  },
}
