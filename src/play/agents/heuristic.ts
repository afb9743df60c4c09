import { RedzoneError } from '../../core/errors.js'
import { KW_DEATHTOUCH, KW_FIRST_STRIKE, KW_DOUBLE_STRIKE, KW_FLYING, KW_MENACE, KW_REACH } from '../../../components/keywords.js'
import type { Decision, PlayerAction } from '../../decisions/action.js'
import type { LegalActions } from '../../decisions/legal.js'
import type { Eid } from '../../core/events.js'
import { Rng } from '../../core/rng.js'
import { Step } from '../../core/steps.js'
import { checkAgentSeed, type Agent, type AgentFactory } from '../agent.js'
import type { GameView } from '../view.js'
import { priorityActions } from './random.js'

/**
 * A simple player: keeps a hand with two to five lands, plays a land each turn, casts the most
 * expensive spell it can (removal on the opponent's best creature, pumps in combat, Auras and
 * Equipment on its best creature), moves an Equipment only to a better creature, attacks with
 * creatures that no blocker can kill for free (or with everything when that is lethal) and, with
 * several opponents, each at the one it most likely hits (`attackChoice`), blocks where the
 * blocker survives or trades up, and chump blocks only to stay alive. It reads only its `GameView`.
 */

/** A rough value of a creature on the battlefield: its stats plus its combat keywords. */
export function creatureValue(view: GameView, c: Eid): number {
  const k = view.keywords(c)
  let v = view.power(c) * 2 + view.toughness(c)
  if (k & KW_FLYING) v += 2
  if (k & KW_DEATHTOUCH) v += 2
  if (k & (KW_FIRST_STRIKE | KW_DOUBLE_STRIKE)) v += 2
  return v
}

/** Whether `blocker` kills `attacker` in a fight of the two (deathtouch counts). */
function kills(view: GameView, a: Eid, b: Eid): boolean {
  const remaining = view.toughness(b) - view.damage(b)
  return view.power(a) > 0 && (view.power(a) >= remaining || (view.keywords(a) & KW_DEATHTOUCH) !== 0)
}

function canBlock(view: GameView, blocker: Eid, attacker: Eid): boolean {
  return (view.keywords(attacker) & KW_FLYING) === 0 || (view.keywords(blocker) & (KW_FLYING | KW_REACH)) !== 0
}

function bestBy<T>(items: readonly T[], score: (t: T) => number): T | null {
  let best: T | null = null
  let bestScore = -Infinity
  for (const item of items) {
    const s = score(item)
    if (s > bestScore) {
      bestScore = s
      best = item
    }
  }
  return best
}

function mulliganChoice(view: GameView, decision: Decision, legal: LegalActions): PlayerAction {
  const player = decision.player!
  const lands = view.hand().filter((c) => view.isLand(c)).length
  const keep = (lands >= 2 && lands <= 5) || view.hand().length <= 5 || !legal.mulligan
  return keep ? { type: 'keep', player } : { type: 'mulligan', player }
}

/** Cards to put away (bottom, discard): extra lands first when there are plenty, else the most expensive. */
function worstCards(view: GameView, cards: readonly Eid[], count: number): Eid[] {
  const landsInPlay = view.battlefield(view.player).filter((c) => view.isLand(c)).length
  const landsInHand = cards.filter((c) => view.isLand(c)).length
  const score = (c: Eid): number => (view.isLand(c) ? (landsInPlay + landsInHand > 6 ? 100 : -100) : view.manaValue(c))
  return [...cards].sort((a, b) => score(b) - score(a)).slice(0, count)
}

/**
 * The score of moving an Equipment onto `target` (0 or less: not worth it). Unattached, it goes
 * on the best creature. Attached, it moves only to a creature that carries it better than the one
 * wearing it, both valued without this Equipment's bonus: equipping the creature it is already on
 * does nothing (CR 701.3b) but spend the mana, and a move to a creature no better only trades the
 * bonus from one to the other.
 */
function equipScore(view: GameView, equipment: Eid, target: Eid): number {
  const holder = view.attachedTo(equipment)
  if (holder === 0) return 5 + creatureValue(view, target)
  if (holder === target) return -1
  const grant = view.grants(equipment)
  const holderValue = creatureValue(view, holder) - 2 * (grant?.power ?? 0) - (grant?.toughness ?? 0)
  const gain = creatureValue(view, target) - holderValue
  return gain > 0 ? 5 + gain : -1
}

/** What `scorePriority` reads of the turn, read once per decision (not once per option). */
interface PriorityContext {
  turn: { active: Eid; step: number }
  /** The player's own main phase. */
  myMain: boolean
  /** The opponents, listed when a spell first asks. */
  opponents: Eid[] | null
}

/** The score of a priority action (0 or less: not worth it now); pass scores 0. */
function scorePriority(view: GameView, action: PlayerAction, context: PriorityContext): number {
  const me = view.player
  const { turn, myMain } = context
  switch (action.type) {
    case 'play':
      return 1000
    case 'cast': {
      const card = action.card
      const spell = view.spell(card)
      const target = action.target ?? 0
      if (spell) {
        const opponents = (context.opponents ??= view.opponents)
        if (spell.destroy || spell.damage !== undefined) {
          if (target !== 0 && opponents.includes(target)) {
            // Burn to the face only when it finishes the game.
            return spell.damage !== undefined && view.life(target) <= spell.damage ? 900 : -1
          }
          if (target === 0 || view.controller(target) === me || !view.isCreature(target)) return -1
          if (spell.damage !== undefined && view.toughness(target) - view.damage(target) > spell.damage) return -1
          return 50 + creatureValue(view, target)
        }
        if (spell.pump) {
          // A pump on an own creature in combat, once blocks are known.
          if (target === 0 || view.controller(target) !== me || turn.step !== Step.DeclareBlockers) return -1
          return view.attacking(target) && view.blocked(target) ? 40 : view.blocking(target) ? 40 : -1
        }
        return -1
      }
      if (!myMain && !action.plot) {
        // Flash creatures: at the end of an opponent's turn.
        return turn.active !== me && turn.step === Step.End ? 10 + view.manaValue(card) : -1
      }
      const grant = view.grants(card)
      if (grant && target !== 0) return view.controller(target) === me ? 20 + creatureValue(view, target) : -1
      return 30 + view.manaValue(card) * 10
    }
    case 'activate':
      return myMain ? equipScore(view, action.object, action.target) : -1
    case 'plot':
      return myMain ? 3 : -1
    default:
      return 0
  }
}

/**
 * Whom to attack, and with what: the most damage for the least risk. In a free-for-all each
 * attacking creature attacks any one opponent (CR 802.1a), so the choice is made creature by
 * creature, against the untapped creatures of the opponent it would attack (its blockers, CR
 * 802.2: only the defending player blocks it):
 *
 * 1. All-out: when an opponent has no untapped creature and the creatures that may attack them
 *    have power enough for their life, every one of those attacks them (the lowest life first).
 * 2. Otherwise a creature attacks only an opponent against whom it is safe (the least risk: none
 *    of that opponent's untapped creatures can block it, kill it and survive), and of those the
 *    one with the fewest creatures able to block it at all (the most damage: the likeliest to go
 *    unblocked), then the lowest life (damage that brings a player nearer to leaving the game),
 *    then the first in turn order after its player. Safe against no one, it stays home.
 *
 * With one opponent this is the two-player rule: attack with what is safe, or with everything when
 * that is lethal. A creature that may attack no opponent (only a planeswalker) attacks its first
 * target, judged against the planeswalker's controller.
 */
function attackChoice(view: GameView, decision: Decision, legal: LegalActions): PlayerAction {
  const player = decision.player!
  const opponents = view.opponents
  const blockersOf = new Map<Eid, Eid[]>()
  const blockers = (defender: Eid): Eid[] => {
    let list = blockersOf.get(defender)
    if (!list) blockersOf.set(defender, (list = view.battlefield(defender).filter((c) => view.isCreature(c) && !view.tapped(c))))
    return list
  }
  const candidates = legal.attackers.filter((o) => view.power(o.attacker) > 0)
  // 1. The opponent an all-out attack kills, if any (the lowest life first).
  let lethal: Eid | null = null
  for (const p of opponents) {
    if (blockers(p).length > 0 || (lethal !== null && view.life(p) >= view.life(lethal))) continue
    const total = candidates.reduce((sum, o) => (o.targets.includes(p) ? sum + view.power(o.attacker) : sum), 0)
    if (total >= view.life(p)) lethal = p
  }
  // Safe: no blocker of `defender` that could block it kills it and survives.
  const safe = (a: Eid, defender: Eid): boolean => blockers(defender).every((b) => !canBlock(view, b, a) || !kills(view, b, a) || kills(view, a, b))
  const reach = (a: Eid, defender: Eid): number => blockers(defender).reduce((n, b) => (canBlock(view, b, a) ? n + 1 : n), 0)
  const attackers: { attacker: Eid; target: Eid }[] = []
  for (const o of candidates) {
    const a = o.attacker
    if (lethal !== null && o.targets.includes(lethal)) {
      attackers.push({ attacker: a, target: lethal })
      continue
    }
    const options = opponents.filter((p) => o.targets.includes(p))
    if (options.length === 0) {
      const target = o.targets[0]!
      if (lethal !== null || safe(a, view.controller(target))) attackers.push({ attacker: a, target })
      continue
    }
    // 2. The safe opponent it most likely hits, then the lowest life; `opponents` is in turn order.
    const target = bestBy(
      options.filter((p) => safe(a, p)),
      (p) => -reach(a, p) * 1000 - view.life(p),
    )
    if (target !== null) attackers.push({ attacker: a, target })
  }
  return { type: 'declareAttackers', player, attackers }
}

function blockChoice(view: GameView, decision: Decision, legal: LegalActions): PlayerAction {
  const player = decision.player!
  const me = view.player
  const attackersOf = new Map<Eid, Eid[]>()
  for (const o of legal.blockers) {
    for (const a of o.attackers) {
      const list = attackersOf.get(a)
      if (list) list.push(o.blocker)
      else attackersOf.set(a, [o.blocker])
    }
  }
  const attackers = [...attackersOf.keys()].sort((x, y) => view.power(y) - view.power(x))
  const incoming = attackers.reduce((sum, a) => sum + view.power(a), 0)
  let unblocked = incoming
  const used = new Set<Eid>()
  const blockers: { blocker: Eid; attacker: Eid }[] = []
  for (const a of attackers) {
    const menace = (view.keywords(a) & KW_MENACE) !== 0
    const free = attackersOf.get(a)!.filter((b) => !used.has(b))
    if (menace) {
      // Two blockers that together kill it, only to stay alive or when both survive.
      if (free.length >= 2 && unblocked >= view.life(me)) {
        const pair = free.slice(0, 2)
        for (const b of pair) {
          used.add(b)
          blockers.push({ blocker: b, attacker: a })
        }
        unblocked -= view.power(a)
      }
      continue
    }
    const good = bestBy(
      free.filter((b) => !kills(view, a, b) || (kills(view, b, a) && creatureValue(view, b) <= creatureValue(view, a))),
      (b) => (kills(view, b, a) ? 100 : 0) + (kills(view, a, b) ? -creatureValue(view, b) : 50),
    )
    const chump = unblocked >= view.life(me) ? bestBy(free, (b) => -creatureValue(view, b)) : null
    const b = good ?? chump
    if (b !== null) {
      used.add(b)
      blockers.push({ blocker: b, attacker: a })
      unblocked -= view.power(a)
    }
  }
  return { type: 'declareBlockers', player, blockers }
}

/** The heuristic's choice at any decision. */
export function heuristicAction(rng: Rng, view: GameView, decision: Decision, legal: LegalActions): PlayerAction {
  const player = decision.player!
  switch (decision.kind) {
    case 'mulligan':
      return mulliganChoice(view, decision, legal)
    case 'bottom':
    case 'discard':
      return { type: decision.kind, player, cards: worstCards(view, legal.cards, legal.count) }
    case 'priority': {
      const options = priorityActions(player, legal)
      let best: PlayerAction = { type: 'pass', player }
      let bestScore = 0
      const turn = view.turn
      const context: PriorityContext = { turn, myMain: turn.active === view.player && (turn.step === Step.PrecombatMain || turn.step === Step.PostcombatMain), opponents: null }
      for (const o of options) {
        const s = scorePriority(view, o, context) + rng.next() * 0.01
        if (s > bestScore) {
          bestScore = s
          best = o
        }
      }
      return best
    }
    case 'declareAttackers':
      return attackChoice(view, decision, legal)
    case 'declareBlockers':
      return blockChoice(view, decision, legal)
    case 'assignDamage':
      return { type: 'assignDamage', player, assignments: [] }
    case 'search': {
      const best = [...legal.cards].sort((a, b) => (view.isCreature(b) ? view.power(b) + 10 : view.manaValue(b)) - (view.isCreature(a) ? view.power(a) + 10 : view.manaValue(a)))
      return { type: 'search', player, cards: best.slice(0, legal.count) }
    }
    case 'gameOver':
      throw new RedzoneError('invalid-argument', `no action is possible at a "${decision.kind}" decision`)
  }
}

export const heuristicAgent: AgentFactory = {
  name: 'heuristic',
  create(seed: number): Agent {
    checkAgentSeed(seed, 'heuristicAgent')
    const rng = new Rng(seed)
    return { choose: (view, decision, legal) => heuristicAction(rng, view, decision, legal) }
  },
}
