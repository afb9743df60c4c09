import { T_CREATURE, T_PLANESWALKER } from '../../components/types.js'
import { Zone } from '../../components/zones.js'
import type { ParameterizedKeyword } from '../../components/abilities.js'
import { activateError, type ActivateRequest, type EquipAbility } from '../rules/actions/activate.js'
import { castCheck, instantSpeed } from '../rules/actions/cast.js'
import { landCheck } from '../rules/actions/play-land.js'
import { actorCheck } from '../rules/actions/preconditions.js'
import { plotError } from '../rules/actions/plot.js'
import { canAfford, costOf, manaSummary, type ManaSummary } from '../rules/mana/afford.js'
import { hasSorceryTiming } from '../rules/spells/timing.js'
import type { Eid } from '../core/events.js'
import { battlefieldOf, derivedLists } from '../core/entity-lists.js'
import { EQUIPPERS, PLOTTERS } from '../core/entity-kinds.js'
import { hasComponent, query } from 'bitecs'
import { Equip, Plot } from '../../components/abilities.js'
import { qualifiesForSearch, searchOf } from '../rules/spells/resolve.js'
import { needsTarget, spellTargetCheck } from '../rules/spells/targets.js'
import { Step } from '../core/steps.js'
import { priorityGiven } from '../turn/runner.js'
import type { GameWorld } from '../core/world.js'
import type { Decision, DecisionKind } from './action.js'
import { attackOptions, attackOptionsInto, blockOptions, blockOptionsInto, damageOptions, damageOptionsInto, type AttackOption, type BlockOption, type DamageOption } from '../rules/combat/options.js'
import { pendingDecision } from './pending.js'
import { inGame } from '../core/players.js'

export interface CastOption {
  card: Eid
  /** CR 601.2c: the legal targets (empty: the spell has no target). */
  targets: Eid[]
  /** CR 702.170d: cast as a plotted card from exile. */
  plot: boolean
}

export interface ActivateOption {
  object: Eid
  ability: 'equip' | 'equip planeswalker'
  targets: Eid[]
}

/**
 * The legal actions of the pending decision, factored (never the 2^n declarations): each list is
 * what one object may do, found with the same checks the actions are validated with. Fields not
 * of this decision's kind are empty. A whole declaration is still checked when it is made
 * (509.1c menace, 702.111b).
 */
export interface LegalActions<R = Eid> {
  kind: DecisionKind
  player: R | null
  /** priority: passing is always legal. */
  pass: boolean
  play: R[]
  cast: { card: R; targets: R[]; plot: boolean }[]
  activate: { object: R; ability: 'equip' | 'equip planeswalker'; targets: R[] }[]
  plot: R[]
  /** declareAttackers: per creature, what it could attack. */
  attackers: { attacker: R; targets: R[] }[]
  /** declareBlockers: per creature, what it could block. */
  blockers: { blocker: R; attackers: R[] }[]
  /** assignDamage: per creature with a choice, its damage and legal recipients. */
  damage: { creature: R; amount: number; recipients: R[] }[]
  /** search (candidates, up to `count`), discard and bottom (the hand, exactly `count`). */
  cards: R[]
  count: number
  /** mulligan: keeping is always legal; a mulligan while the hand would not be empty. */
  mulligan: boolean
}

/** Legal actions with every list empty (for `legalActionsInto` to fill). */
export function emptyLegalActions(kind: DecisionKind = 'gameOver', player: Eid | null = null, count = 0): LegalActions {
  return { kind, player, pass: false, play: [], cast: [], activate: [], plot: [], attackers: [], blockers: [], damage: [], cards: [], count, mulligan: false }
}

/**
 * The storage `legalActionsInto` refills for one `LegalActions` (the learning env's, one per game,
 * refilled at each decision): its priority and combat lists, and their options with their lists
 * (per place: `castPool` and `castTargets`, ...). Lists are written by index and cut to length,
 * never emptied (an array emptied drops its storage, which its next entry allocates again): a list
 * with nothing in it is shown as `none`, which stays empty (nothing writes it).
 */
interface Refill {
  play: Eid[]
  cast: CastOption[]
  activate: ActivateOption[]
  plot: Eid[]
  castPool: CastOption[]
  castTargets: Eid[][]
  activatePool: ActivateOption[]
  activateTargets: Eid[][]
  /** The combat lists, and their options (`attackOptionsInto`, `blockOptionsInto`, `damageOptionsInto`). */
  attackers: AttackOption[]
  attackPool: AttackOption[]
  blockers: BlockOption[]
  blockPool: BlockOption[]
  damage: DamageOption[]
  damagePool: DamageOption[]
  /** The cards of a search, discard or bottom decision. */
  cards: Eid[]
  none: never[]
}

const REFILLS = new WeakMap<LegalActions, Refill>()

/** `list` cut to its first `n` entries (by less than half: the storage is kept), or `none` when `n` is 0. */
function settle<T>(list: T[], n: number, none: T[]): T[] {
  if (n === 0) return none
  if (list.length !== n) list.length = n
  return list
}

/**
 * Every object and player a spell could target (CR 115.1): players in the game, creatures and
 * planeswalkers on the battlefield; with `controlledBy`, only the permanents that player controls
 * (equip's candidates: 702.6a, e target a creature or planeswalker, never a player, which
 * `equipTargetError` would refuse). Into `out` by index (a scratch list, never emptied): how many.
 */
function targetCandidates(world: GameWorld, controlledBy: Eid, out: Eid[]): number {
  let n = 0
  const controller = world.place.controller
  const types = world.types.mask
  const order = world.playerOrder
  if (controlledBy === 0) for (let k = 0; k < order.length; k++) if (inGame(world, order[k]!)) out[n++] = order[k]!
  // The cards on the battlefield (`battlefieldOf`): no zone or card test left to make.
  const permanents = battlefieldOf(world)
  for (let k = 0; k < permanents.length; k++) {
    const eid = permanents[k]!
    if (types[eid]! & (T_CREATURE | T_PLANESWALKER) && (controlledBy === 0 || controller[eid] === controlledBy)) out[n++] = eid
  }
  return n
}

/** Scratch for `legalActions` and `hasPriorityOption`'s mana (neither calls the other, nor itself). */
const MANA: ManaSummary = { player: 0, total: 0, byColor: [0, 0, 0, 0, 0], mixed: false }

/**
 * Scratch for the candidate targets, read and dropped within one call: `SCRATCH_TARGETS` is
 * `castOptions`' and `hasPriorityOption`'s (neither calls the other), `SCRATCH_CANDIDATES`
 * `activateOptions`' (which `hasPriorityOption` calls: hence a list of its own).
 */
const SCRATCH_TARGETS: Eid[] = []
const SCRATCH_CANDIDATES: Eid[] = []

/**
 * The spells the player could cast (from the hand, then plotted cards from exile), into `out` by
 * index: how many. Their options are `r`'s, refilled, or new (`r` null). Without sorcery timing
 * (`sorcery` false), only those cast at instant speed are asked about.
 */
function castOptions(world: GameWorld, player: Eid, out: CastOption[], mana: ManaSummary, sorcery: boolean, r: Refill | null): number {
  const lists = world.zoneLists[player]!
  const candidates = SCRATCH_TARGETS
  let count = -1
  let n = 0
  for (let from = 0; from < 2; from++) {
    const plot = from === 1
    const cards = plot ? lists.exile : lists.hand
    for (let i = 0; i < cards.length; i++) {
      const card = cards[i]!
      if (plot && !world.cards.plotted[card]) continue
      if ((!sorcery && (plot || !instantSpeed(world, card))) || castCheck(world, player, card, plot) !== null) continue
      // CR 601.2f-h: the cost (none for a plotted card), as `castPayment` would find it.
      if (!plot && !canAfford(world, mana, world.cardData[card]!.manaCost!)) continue
      let targets: Eid[] = r === null ? [] : r.none
      if (needsTarget(world, card)) {
        if (count < 0) count = targetCandidates(world, 0, candidates)
        let m = 0
        for (let k = 0; k < count; k++) {
          if (!castTargetLegal(world, player, card, candidates[k]!)) continue
          if (m === 0 && r !== null) targets = r.castTargets[n] ??= []
          targets[m++] = candidates[k]!
        }
        if (m === 0) continue
        if (targets.length !== m) targets.length = m
      }
      let option = r?.castPool[n]
      if (option === undefined) {
        option = { card, targets, plot }
        if (r !== null) r.castPool[n] = option
      } else {
        option.card = card
        option.targets = targets
        option.plot = plot
      }
      out[n++] = option
    }
  }
  return n
}

/** Some of the costs can be paid now. */
function someAffordable(world: GameWorld, mana: ManaSummary, costs: readonly string[]): boolean {
  for (let k = 0; k < costs.length; k++) if (canAfford(world, mana, costOf(costs[k]!))) return true
  return false
}

const ACTIVATED_KINDS = ['equip', 'equip planeswalker'] as const
const ACTIVATE_REQUEST: ActivateRequest = { player: 0, object: 0, ability: 'equip', target: 0 }
/** `activatable`'s scratch: the abilities `activateError` finds legal, read and dropped at once. */
const SCRATCH_ABILITIES: EquipAbility[] = []

/** Some ability of this kind on the object can be paid for now. */
function somePayable(world: GameWorld, mana: ManaSummary, abilities: readonly ParameterizedKeyword[], kind: 'equip' | 'equip planeswalker'): boolean {
  for (let k = 0; k < abilities.length; k++) {
    const a = abilities[k]!
    if ((a.kind === 'equip' || a.kind === 'equip planeswalker') && a.kind === kind && canAfford(world, mana, costOf(a.cost))) return true
  }
  return false
}

/** `checkActivate`'s answer for one target: some ability of this kind targets it legally (`activateError`) and can be paid for. */
function activatable(world: GameWorld, mana: ManaSummary, player: Eid, object: Eid, ability: 'equip' | 'equip planeswalker', target: Eid): boolean {
  // One request, refilled: `activateError` reads it and keeps nothing of it.
  const req = ACTIVATE_REQUEST
  req.player = player
  req.object = object
  req.ability = ability
  req.target = target
  const legal = activateError(world, req, SCRATCH_ABILITIES)
  return Array.isArray(legal) && somePayable(world, mana, legal, ability)
}

/**
 * The equip abilities the player could activate, with their targets, into `out` by index (their
 * options `r`'s, refilled, or new): how many; with `out` null, 1 when there is one (stopping at
 * the first, building no list), else 0.
 */
function activateOptions(world: GameWorld, player: Eid, out: ActivateOption[] | null, mana: ManaSummary, r: Refill | null): number {
  if (!hasSorceryTiming(world, player)) return 0
  const candidates = SCRATCH_CANDIDATES
  let count = -1
  let n = 0
  // The objects with an equip ability (702.6), in entity order (derived once per world and entities).
  const equippers = (derivedLists(world).kinds[EQUIPPERS] ??= Int32Array.from(query(world, [Equip])).sort())
  for (let i = 0; i < equippers.length; i++) {
    const object = equippers[i]!
    if (world.place.zone[object] !== Zone.Battlefield || world.place.controller[object] !== player) continue
    const abilities = world.abilities[object]!
    for (let j = 0; j < ACTIVATED_KINDS.length; j++) {
      const ability = ACTIVATED_KINDS[j]!
      // The cost first (cheap, and usually what rules an activation out): some ability of this kind must be payable.
      if (!somePayable(world, mana, abilities, ability)) continue
      // Those the player controls (equip's targets, 702.6a, e), in the same order.
      if (count < 0) count = targetCandidates(world, player, candidates)
      let targets: Eid[] | null = null
      let m = 0
      for (let k = 0; k < count; k++) {
        if (!activatable(world, mana, player, object, ability, candidates[k]!)) continue
        if (out === null) return 1
        if (m === 0) targets = r === null ? [] : (r.activateTargets[n] ??= [])
        targets![m++] = candidates[k]!
      }
      if (targets === null) continue
      if (targets.length !== m) targets.length = m
      let option = r?.activatePool[n]
      if (option === undefined) {
        option = { object, ability, targets }
        if (r !== null) r.activatePool[n] = option
      } else {
        option.object = object
        option.ability = ability
        option.targets = targets
      }
      out![n++] = option
    }
  }
  return n
}

/** The cards with a plot ability (the `Plot` tag), in entity order, listed once per world and entities. */
function plotCards(world: GameWorld): Int32Array {
  return (derivedLists(world).kinds[PLOTTERS] ??= Int32Array.from(query(world, [Plot])).sort())
}

/**
 * Whether a card with a plot ability (702.170: the `Plot` tag, added with the ability, which never
 * changes) is in the player's hand. `plotError` refuses every other card ('no-plot', or not in the
 * hand), so without one the enumerators ask it of no card, and with one, of the plot cards alone.
 */
function plotInHand(world: GameWorld, player: Eid): boolean {
  const plotters = plotCards(world)
  for (let k = 0; k < plotters.length; k++) if (world.place.zone[plotters[k]!] === Zone.Hand && world.place.owner[plotters[k]!] === player) return true
  return false
}

/**
 * `castTargetError`'s answer for a candidate target (never none) of a spell that needs one
 * (`needsTarget`): its code-only check (`spellTargetCheck`), so a refusal builds no rejection.
 */
function castTargetLegal(world: GameWorld, player: Eid, card: Eid, target: Eid): boolean {
  return spellTargetCheck(world, player, card, target) === null
}

/** Some target among the first `count` candidates is legal for the spell (CR 601.2c). */
function anyCastTarget(world: GameWorld, player: Eid, card: Eid, candidates: readonly Eid[], count: number): boolean {
  for (let k = 0; k < count; k++) if (castTargetLegal(world, player, card, candidates[k]!)) return true
  return false
}

/** The legal actions of the pending decision (see `LegalActions`). */
export function legalActions(world: GameWorld): LegalActions {
  const decision = pendingDecision(world)
  return fill(world, emptyLegalActions(decision.kind, decision.player, decision.count), decision, null)
}

/**
 * `legalActions` into `out`, for a caller that asks at every decision and reads the answer before
 * it asks again: `out`'s lists (`play`, `cast`, `activate`, `plot`, `attackers`, `blockers`,
 * `damage`, `cards`), their options and the options' lists are lists and objects kept for `out`
 * and refilled in place at the next call, so nothing that keeps one may be given it (`act` keeps
 * none: a forced discard's action may hold `cards`). `decision`: the pending decision, when
 * already at hand.
 */
export function legalActionsInto(world: GameWorld, out: LegalActions, decision: Decision = pendingDecision(world)): LegalActions {
  let r = REFILLS.get(out)
  if (r === undefined) {
    r = { play: [], cast: [], activate: [], plot: [], castPool: [], castTargets: [], activatePool: [], activateTargets: [], attackers: [], attackPool: [], blockers: [], blockPool: [], damage: [], damagePool: [], cards: [], none: [] }
    REFILLS.set(out, r)
  }
  // Every list empty until filled, from `r`.
  out.play = out.cast = out.activate = out.plot = out.attackers = out.blockers = out.damage = out.cards = r.none
  return fill(world, out, decision, r)
}

/** The cards of the player's library the search on top of the stack may find, into `into` by index: how many. */
function searchCandidatesInto(world: GameWorld, player: Eid, into: Eid[]): number {
  const spec = searchOf(world.stack[world.stack.length - 1])
  if (!spec) return 0
  const library = world.zoneLists[player]!.library
  let n = 0
  for (let i = 0; i < library.length; i++) if (qualifiesForSearch(world, library[i]!, spec)) into[n++] = library[i]!
  return n
}

/** `legalActionsInto`'s work, into `out` with every list empty, with `r` (null: `out`'s lists are new, and so is each option). */
function fill(world: GameWorld, out: LegalActions, decision: Decision, r: Refill | null): LegalActions {
  out.kind = decision.kind
  out.player = decision.player
  out.count = decision.count
  out.pass = false
  out.mulligan = false
  const player = decision.player ?? 0
  switch (decision.kind) {
    case 'priority': {
      out.pass = true
      // The actor check once (CR 104.2a, 800.4a; `pendingDecision` never names a player who can't act); the card checks per card.
      if (actorCheck(world, player) !== null) break
      const hand = world.zoneLists[player]!.hand
      const mana = manaSummary(world, player, MANA)
      // Into `r`'s lists (or `out`'s new ones), settled into `out` (`settle`).
      const into = r ?? out
      const sorcery = hasSorceryTiming(world, player)
      // WITHOUT_SORCERY_TIMING: only a card cast at instant speed can be cast.
      out.cast = settle(into.cast, castOptions(world, player, into.cast, mana, sorcery, r), r?.none ?? into.cast)
      if (!sorcery) break
      let n = 0
      for (let i = 0; i < hand.length; i++) if (landCheck(world, player, hand[i]!) === null) into.play[n++] = hand[i]!
      out.play = settle(into.play, n, r?.none ?? into.play)
      out.activate = settle(into.activate, activateOptions(world, player, into.activate, mana, r), r?.none ?? into.activate)
      if (plotInHand(world, player)) {
        // In hand order (the order of the list), of the cards with a plot ability (the `Plot` tag) only.
        n = 0
        for (let i = 0; i < hand.length; i++) {
          const card = hand[i]!
          if (!hasComponent(world, card, Plot)) continue
          const costs = plotError(world, player, card)
          if (Array.isArray(costs) && someAffordable(world, mana, costs)) into.plot[n++] = card
        }
        out.plot = settle(into.plot, n, r?.none ?? into.plot)
      }
      break
    }
    case 'declareAttackers': {
      if (r === null) {
        out.attackers = attackOptions(world)
        break
      }
      const n = attackOptionsInto(world, r.attackPool)
      for (let i = 0; i < n; i++) r.attackers[i] = r.attackPool[i]!
      out.attackers = settle(r.attackers, n, r.none)
      break
    }
    case 'declareBlockers': {
      // CR 509.1a: the deciding defending player's own creatures, in place in the new list or into `r`'s.
      const all = r === null ? blockOptions(world) : r.blockPool
      const count = r === null ? all.length : blockOptionsInto(world, all)
      const into = r === null ? all : r.blockers
      let n = 0
      for (let i = 0; i < count; i++) if (world.place.controller[all[i]!.blocker] === player) into[n++] = all[i]!
      if (r === null) into.length = n
      out.blockers = r === null ? into : settle(into, n, r.none)
      break
    }
    case 'assignDamage': {
      const kind = world.turn.step === Step.FirstStrikeDamage ? 'first' : 'regular'
      if (r === null) {
        out.damage = damageOptions(world, kind)
        break
      }
      const n = damageOptionsInto(world, kind, r.damagePool)
      for (let i = 0; i < n; i++) r.damage[i] = r.damagePool[i]!
      out.damage = settle(r.damage, n, r.none)
      break
    }
    case 'search': {
      const into = r?.cards ?? []
      out.cards = settle(into, searchCandidatesInto(world, player, into), r?.none ?? into)
      break
    }
    case 'discard':
    case 'bottom': {
      const hand = world.zoneLists[player]!.hand
      const into = r?.cards ?? []
      for (let i = 0; i < hand.length; i++) into[i] = hand[i]!
      out.cards = settle(into, hand.length, r?.none ?? into)
      break
    }
    case 'mulligan':
      out.mulligan = world.players.mulligans[player]! < 7
      break
    case 'gameOver':
      break
  }
  return out
}

export type { AttackOption, BlockOption, DamageOption }

/** What is legal now, in the scenario format's terms (docs/scenario-format.md "What is legal now"). */
export interface LegalNow {
  /** The lands the player who holds priority could play. */
  canPlay: Eid[]
  /** The cards the player who holds priority could cast (abilities and the plot action are not listed). */
  canCast: Eid[]
  /** Before this turn's attackers are declared: each creature the active player could declare, with what it could attack. */
  canAttack: AttackOption[]
  /** Once attackers are declared and before blockers are: each creature that could block, with what it could block. */
  canBlock: BlockOption[]
}

export function legalNow(world: GameWorld): LegalNow {
  const out: LegalNow = { canPlay: [], canCast: [], canAttack: [], canBlock: [] }
  const turn = world.turn
  if (priorityGiven(world) && actorCheck(world, turn.priority) === null) {
    const player = turn.priority
    for (const card of world.zoneLists[player]!.hand) if (landCheck(world, player, card) === null) out.canPlay.push(card)
    const casts: CastOption[] = []
    castOptions(world, player, casts, manaSummary(world, player), hasSorceryTiming(world, player), null)
    out.canCast = [...new Set(casts.map((c) => c.card))]
  }
  if (!turn.attackersDeclared && turn.step <= Step.DeclareAttackers) out.canAttack = attackOptions(world)
  else if (turn.attackersDeclared && !turn.blockersDeclared && turn.step <= Step.DeclareBlockers) out.canBlock = blockOptions(world)
  return out
}

/*
 * WITHOUT_SORCERY_TIMING: without sorcery timing (CR 117.1a, 307.1: not the player's own main
 * phase with an empty stack) no land can be played (505.6b, `landCheck`), nothing plotted
 * (702.170a, `plotError`) or equipped (702.6a, `activateError`), no plotted card cast (702.170d)
 * and only a card cast at instant speed (`instantSpeed`: an instant or flash) cast from a hand
 * (`castCheck`): the enumerators ask those checks of nothing else then. Most priorities are
 * outside the player's main phase.
 */

/**
 * Whether the player holding priority has anything to do but pass: the same checks as
 * `legalActions` (lands, spells with a target and a cost, equip, plot), stopping at the first
 * option found, without building the lists. A player with nothing else passes (forced).
 */
export function hasPriorityOption(world: GameWorld, player: Eid): boolean {
  if (actorCheck(world, player) !== null) return false
  const lists = world.zoneLists[player]!
  const hand = lists.hand
  let mana: ManaSummary | null = null
  // The candidate targets, listed once asked for (`count` -1 until then).
  let count = -1
  const sorcery = hasSorceryTiming(world, player)
  for (let i = 0; i < hand.length; i++) {
    const card = hand[i]!
    if (sorcery) {
      const land = landCheck(world, player, card)
      if (land === null) return true
      // Only a card that is not a land can be cast (305.1: castCheck refuses lands, and it refuses
      // a card out of the hand, or no card, as landCheck did): castCheck asked of the others alone.
      if (land !== 'not-a-land') continue
    } else if (!instantSpeed(world, card)) continue // WITHOUT_SORCERY_TIMING
    if (castCheck(world, player, card, false) !== null) continue
    mana ??= manaSummary(world, player, MANA)
    if (canAfford(world, mana, world.cardData[card]!.manaCost!) && (!needsTarget(world, card) || anyCastTarget(world, player, card, SCRATCH_TARGETS, count < 0 ? (count = targetCandidates(world, 0, SCRATCH_TARGETS)) : count))) return true
  }
  // WITHOUT_SORCERY_TIMING: no plotted card, equip or plot then.
  if (!sorcery) return false
  const exile = lists.exile
  for (let i = 0; i < exile.length; i++) {
    const card = exile[i]!
    if (world.cards.plotted[card] && castCheck(world, player, card, true) === null && (!needsTarget(world, card) || anyCastTarget(world, player, card, SCRATCH_TARGETS, count < 0 ? (count = targetCandidates(world, 0, SCRATCH_TARGETS)) : count))) return true
  }
  if (world.abilities.length === 0) return false
  mana ??= manaSummary(world, player, MANA)
  if (activateOptions(world, player, null, mana, null)) return true
  // The plot cards alone (order doesn't matter here): those in this player's hand.
  const plotters = plotCards(world)
  for (let k = 0; k < plotters.length; k++) {
    const card = plotters[k]!
    if (world.place.zone[card] !== Zone.Hand || world.place.owner[card] !== player) continue
    const costs = plotError(world, player, card)
    if (Array.isArray(costs) && someAffordable(world, mana, costs)) return true
  }
  return false
}
