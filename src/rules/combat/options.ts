import { C_BLOCKED } from '../../../components/combat.js'
import { KW_ANY_TRAMPLE, KW_DEATHTOUCH, KW_TRAMPLE_OVER_PLANESWALKERS } from '../../../components/keywords.js'
import { Zone } from '../../../components/zones.js'
import { attackerCheck, attackTargetError } from './check-attack.js'
import { actorCheck } from '../actions/preconditions.js'
import { blockCountAllowed, blockerCheck } from './check-block.js'
import { attackTargetPresent, reachesDefender, stillBlocks } from './combat-queries.js'
import { attackerDealsDamage, lethalDamageNeeded, recipientFault, type DamageStepKind } from './plan-combat-damage.js'
import type { Eid } from '../../core/events.js'
import { entitiesOf } from '../../core/entity-lists.js'
import { CREATURES, PLANESWALKERS } from '../../core/entity-kinds.js'
import { isPlayer, type GameWorld } from '../../core/world.js'
import { inGame, seatIndex } from '../../core/players.js'

/**
 * What each creature may do in combat, factored per creature (never the 2^n declarations):
 * the same per-creature checks the declarations are validated with (`attackerCheck`,
 * `attackTargetError`, `blockerError`, `recipientFault`), so the two can never disagree.
 */

export interface AttackOption {
  attacker: Eid
  /** CR 508.1b: the players and planeswalkers it could attack. */
  targets: Eid[]
}

export interface BlockOption {
  blocker: Eid
  /** CR 509.1a: the attackers it could block in some legal declaration. */
  attackers: Eid[]
}

export interface DamageOption {
  creature: Eid
  /** The damage it assigns (its power). */
  amount: number
  /** CR 510.1c-d, 702.19: what it may assign damage to. */
  recipients: Eid[]
}

/**
 * What an attacking creature could attack: the players and planeswalkers of the game, into
 * `CANDIDATES` by index (a scratch list, never emptied: an emptied array drops its storage); how many.
 */
function attackCandidates(world: GameWorld): number {
  const out = CANDIDATES
  let n = 0
  const order = world.playerOrder
  for (let k = 0; k < order.length; k++) if (order[k] !== world.turn.active && inGame(world, order[k]!)) out[n++] = order[k]!
  const planeswalkers = entitiesOf(world, PLANESWALKERS)
  for (let k = 0; k < planeswalkers.length; k++) {
    const pw = planeswalkers[k]!
    if (world.place.zone[pw] === Zone.Battlefield && world.place.controller[pw] !== world.turn.active) out[n++] = pw
  }
  return n
}

/** Scratch of the option builders, read and dropped within one call (none calls another). */
const CANDIDATES: Eid[] = []
const PAIRS: number[] = []
const BLOCKERS: number[] = []

/** CR 508.1a-b: each creature the active player could declare as an attacker, with what it could attack. */
export function attackOptions(world: GameWorld): AttackOption[] {
  const out: AttackOption[] = []
  out.length = attackOptionsInto(world, out)
  return out
}

/**
 * `attackOptions` into `out` by index, its entries and their lists refilled in place (new ones
 * added where there are none): how many; the entries past them are left as they are, for the next
 * call (`legalActionsInto`'s storage).
 */
export function attackOptionsInto(world: GameWorld, out: AttackOption[]): number {
  // CR 800.4: a turn whose active player has left has no attackers (the check of `checkAttackDeclaration`).
  if (actorCheck(world, world.turn.active)) return 0
  const count = attackCandidates(world)
  const candidates = CANDIDATES
  const creatures = entitiesOf(world, CREATURES)
  let n = 0
  for (let i = 0; i < creatures.length; i++) {
    const c = creatures[i]!
    if (attackerCheck(world, c) !== null) continue
    const option = (out[n] ??= { attacker: c, targets: [] })
    option.attacker = c
    let m = 0
    for (let k = 0; k < count; k++) if (attackTargetError(world, c, candidates[k]!) === null) option.targets[m++] = candidates[k]!
    if (m === 0) continue
    // Cut by less than half (m > 0): the list keeps its storage.
    if (option.targets.length !== m) option.targets.length = m
    n++
  }
  return n
}

/** Whether any creature could attack: if none, the declaration of no attackers is the only one. */
export function anyAttackerPossible(world: GameWorld): boolean {
  const creatures = entitiesOf(world, CREATURES)
  for (let i = 0; i < creatures.length; i++) if (attackerCheck(world, creatures[i]!) === null) return true
  return false
}

/**
 * CR 509.1a-c, 702.111b: each creature that could block in some legal declaration, with the
 * attackers it could block; a menace attacker is listed for a blocker only where another
 * creature could block it too.
 */
export function blockOptions(world: GameWorld): BlockOption[] {
  const out: BlockOption[] = []
  out.length = blockOptionsInto(world, out)
  return out
}

/** `blockOptions` into `out` by index, as `attackOptionsInto` does: how many. */
export function blockOptionsInto(world: GameWorld, out: BlockOption[]): number {
  const attackers = world.roster.attackers
  // The pairs that pass `blockerCheck`, flat (blocker, attacker's place), grouped by blocker in
  // entity order; and per attacker (by place), how many could block it.
  const pairs = PAIRS
  const blockers = BLOCKERS
  for (let i = 0; i < attackers.length; i++) blockers[i] = 0
  let p = 0
  const creatures = entitiesOf(world, CREATURES)
  for (let j = 0; j < creatures.length; j++) {
    const b = creatures[j]!
    if (world.place.zone[b] !== Zone.Battlefield || world.status.tapped[b]) continue
    for (let i = 0; i < attackers.length; i++) {
      if (blockerCheck(world, b, attackers.items[i]!) === null) {
        pairs[p++] = b
        pairs[p++] = i
        blockers[i]!++
      }
    }
  }
  let n = 0
  let m = 0
  for (let k = 0; k < p; k += 2) {
    const b = pairs[k]!
    const a = attackers.items[pairs[k + 1]!]!
    // CR 509.1b, 702.111b: blocked by every creature that could block it, the attacker's count of
    // blockers is one it may end with (menace asks for at least two: the count rules are minimums).
    if (!blockCountAllowed(world, a, blockers[pairs[k + 1]!]!)) continue
    if (n > 0 && out[n - 1]!.blocker === b) {
      out[n - 1]!.attackers[m++] = a
      continue
    }
    // The previous option's list cut to its length (by less than half: it keeps its storage).
    if (n > 0 && out[n - 1]!.attackers.length !== m) out[n - 1]!.attackers.length = m
    const option = (out[n++] ??= { blocker: b, attackers: [] })
    option.blocker = b
    option.attackers[0] = a
    m = 1
  }
  if (n > 0 && out[n - 1]!.attackers.length !== m) out[n - 1]!.attackers.length = m
  return n
}

/**
 * The next defending player, in turn order, who has not declared their blocks (`done`: bits by turn
 * order) and has a creature that could block in a legal declaration; 0 when there is none.
 */
export function nextBlockingPlayer(world: GameWorld, done: number): Eid {
  const order = world.playerOrder
  const n = order.length
  const active = seatIndex(world, world.turn.active)
  // CR 101.4: in turn order from the active player (APNAP); the active player never blocks.
  for (let k = 1; k < n; k++) {
    const at = (active + k) % n
    if ((done & (1 << at)) === 0 && couldBlock(world, order[at]!)) return order[at]!
  }
  return 0
}

/**
 * Whether `player` has a creature that could block in a legal declaration (CR 509.1a-c): one that
 * could block an attacker it defends against, with a second for an attacker that can't be blocked
 * by one creature alone (menace, 702.111b). Stops at the first found.
 */
function couldBlock(world: GameWorld, player: Eid): boolean {
  const attackers = world.roster.attackers
  const { zone, controller } = world.place
  const { defendingPlayer } = world.combat
  const tapped = world.status.tapped
  const creatures = entitiesOf(world, CREATURES)
  for (let i = 0; i < attackers.length; i++) {
    const a = attackers.items[i]!
    if (defendingPlayer[a] !== player) continue
    // CR 509.1b, 702.111b: the least number of creatures that may block it.
    const needed = blockCountAllowed(world, a, 1) ? 1 : 2
    let found = 0
    for (let j = 0; j < creatures.length; j++) {
      const b = creatures[j]!
      if (controller[b] !== player || zone[b] !== Zone.Battlefield || tapped[b] || blockerCheck(world, b, a) !== null) continue
      if (++found >= needed) return true
    }
  }
  return false
}

/**
 * Whether the controller of an attacking creature has a choice in dividing its combat damage in
 * this step (CR 510.1c-d: several blockers; 702.19b-c: trample past lethal damage, trample over
 * planeswalkers past the loyalty). Without one, the only assignment is the default.
 */
function hasDamageChoice(world: GameWorld, attacker: Eid, kind: DamageStepKind): boolean {
  if (!attackerDealsDamage(world, attacker, kind)) return false
  const power = world.stats.power[attacker]!
  const keywords = world.kw.effective[attacker]!
  const target = world.combat.attackTarget[attacker]!
  const toPlaneswalker = !isPlayer(world, target) && attackTargetPresent(world, attacker)
  // CR 702.19c: damage past the planeswalker's loyalty may go to the planeswalker or its controller.
  const splitsOverPlaneswalker = (keywords & KW_TRAMPLE_OVER_PLANESWALKERS) !== 0 && toPlaneswalker
  if ((world.combat.flags[attacker]! & C_BLOCKED) === 0) {
    return splitsOverPlaneswalker && power > Math.max(0, world.stats.loyalty[target]!)
  }
  // Its live blockers counted, not listed (CR 506.4): two or more, or one with trample past lethal damage.
  const { blockStart, blockCount } = world.combat
  const list = world.roster.blockList.items
  let live = 0
  let lethal = 0
  for (let i = blockStart[attacker]!, end = i + blockCount[attacker]!; i < end; i++) {
    if (!stillBlocks(world, list[i]!, attacker)) continue
    if (++live > 1) return true
    lethal = lethalDamageNeeded(world, list[i]!, (keywords & KW_DEATHTOUCH) !== 0)
  }
  return (keywords & KW_ANY_TRAMPLE) !== 0 && reachesDefender(world, attacker) && power > lethal
}

/** Whether any attacking creature's controller has a damage division to choose in this step. */
export function damageChoiceExists(world: GameWorld, kind: DamageStepKind): boolean {
  const attackers = world.roster.attackers
  for (let i = 0; i < attackers.length; i++) if (hasDamageChoice(world, attackers.items[i]!, kind)) return true
  return false
}

/** CR 510.1: each attacking creature with a choice, its damage and its legal recipients. */
export function damageOptions(world: GameWorld, kind: DamageStepKind): DamageOption[] {
  const out: DamageOption[] = []
  out.length = damageOptionsInto(world, kind, out)
  return out
}

/** `damageOptions` into `out` by index, as `attackOptionsInto` does: how many. */
export function damageOptionsInto(world: GameWorld, kind: DamageStepKind, out: DamageOption[]): number {
  const attackers = world.roster.attackers
  const { blockStart, blockCount, attackTarget, defendingPlayer } = world.combat
  const list = world.roster.blockList.items
  let n = 0
  for (let i = 0; i < attackers.length; i++) {
    const a = attackers.items[i]!
    if (!hasDamageChoice(world, a, kind)) continue
    const option = (out[n++] ??= { creature: a, amount: 0, recipients: [] })
    option.creature = a
    option.amount = world.stats.power[a]!
    const recipients = option.recipients
    let m = 0
    // Its live blockers (CR 506.4: those that left combat don't count), then what it attacks and the
    // defending player: each once (a repeat gets the same answer), those it may assign damage to.
    for (let j = blockStart[a]!, end = j + blockCount[a]!; j < end + 2; j++) {
      const r = j < end ? list[j]! : j === end ? attackTarget[a]! : defendingPlayer[a]!
      if (r === 0 || (j < end && !stillBlocks(world, r, a)) || listed(recipients, m, r) || recipientFault(world, a, r) !== 0) continue
      recipients[m++] = r
    }
    if (recipients.length !== m) recipients.length = m
  }
  return n
}

/** Whether `eid` is among the first `m` of `list`. */
function listed(list: readonly Eid[], m: number, eid: Eid): boolean {
  for (let k = 0; k < m; k++) if (list[k] === eid) return true
  return false
}
