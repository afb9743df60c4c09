import { C_ATTACKING, C_BLOCKED, C_BLOCKING, C_HAD_FIRST_STRIKE } from '../../../components/combat.js'
import {
  KW_ANY_FIRST_STRIKE,
  KW_ANY_TRAMPLE,
  KW_DEATHTOUCH,
  KW_DOUBLE_STRIKE,
  KW_TRAMPLE_OVER_PLANESWALKERS,
} from '../../../components/keywords.js'
import { T_CREATURE } from '../../../components/types.js'
import { Zone } from '../../../components/zones.js'
import { internalError, OK, reject, type ActionResult, type Rejection } from '../../core/errors.js'
import type { Eid } from '../../core/events.js'
import { clamp, LIMITS } from '../../core/limits.js'
import { isPlayer, label, nextStamp, type GameWorld } from '../../core/world.js'
import { attackTargetPresent, isAttacking, reachesDefender, stillBlocks } from './combat-queries.js'
import { resetDamagePlan } from '../../core/damage-plan-store.js'
import type { DamageStepKind, ExplicitAssignment } from '../../core/card-spec.js'
import { inGame } from '../../core/players.js'
import { dealDamage, gainLifelink } from '../damage.js'
export type { DamageStepKind, ExplicitAssignment }


/**
 * CR 510.1: works out the combat damage assignment of one combat damage step into
 * `world.plan`: explicit assignments where given, the default policy (docs/scenario-format.md) for every
 * other creature, attackers in declaration order and then blockers. The whole set is checked
 * together (510.1e): an illegal explicit assignment rejects the step and leaves the plan empty.
 */
export function planCombatDamage(world: GameWorld, kind: DamageStepKind, explicit: ExplicitAssignment | null): ActionResult {
  return planFault(world, kind, explicit) === 0 ? OK : refusal(world)
}

/**
 * `planCombatDamage` with no message: 0 when the assignment is legal (the plan is then made),
 * else its fault (the plan left empty), explained by `refusal` until the next check. The
 * learning environment's damage mask plans each division it offers, most of them refused.
 */
export function planFault(world: GameWorld, kind: DamageStepKind, explicit: ExplicitAssignment | null): number {
  const plan = world.plan
  resetDamagePlan(plan)
  // Room for every entry of the step: an attacker assigns to each of its blockers (each once,
  // 510.2) and at most a planeswalker and a player; a blocker to its attacker (a little more room
  // than that is reserved).
  const roster = world.roster
  const room = 2 * roster.attackers.length + 2 * roster.blockers.length + 4
  plan.source.reserve(room)
  plan.recipient.reserve(room)
  plan.amount.reserve(room)
  plan.touched.reserve(room)
  // No explicit assignment: each dealer is assigned as it is found (an empty one assigns each by default below).
  collectDealers(world, kind, explicit === null)
  if (explicit === null) return 0
  // The creatures given (`marks`) and each one's last entry (`counts`), in one pass; the walks'
  // stamps taken first (a stamp that wraps clears the marks).
  const { marks, counts } = world.scratch
  const stamp = nextStamp(world)
  const record = nextStamp(world)
  const trample = nextStamp(world)
  for (let i = 0; i < explicit.length; i++) {
    const c = explicit[i]!.creature
    // CR 510.1: only a creature of the game assigns combat damage; an id of no entity is refused.
    if (!(c >>> 0 === c && c < world.labels.length)) return fault(8, c, 0)
    marks[c] = stamp
    counts[c] = i
  }
  let found = walkExplicit(world, explicit, record, false)
  if (found === 0) {
    const dealers = plan.dealers.items
    const flags = world.combat.flags
    for (let i = 0, n = plan.dealers.length; i < n; i++) {
      const d = dealers[i]!
      if (marks[d] === stamp) continue
      if (flags[d]! & C_ATTACKING) assignAttackerByDefault(world, d)
      else assignBlockerByDefault(world, d)
    }
    found = walkExplicit(world, explicit, trample, true)
  }
  if (found !== 0) resetDamagePlan(plan)
  return found
}

/**
 * `planFault`'s walks over an explicit assignment, each creature once, in the order of its first
 * entry (`otherMarks` with the walk's `stamp`), to the first fault: recording its entries
 * (`counts`: its last one), or then checking its trample limits.
 */
function walkExplicit(world: GameWorld, explicit: ExplicitAssignment, stamp: number, trample: boolean): number {
  const { otherMarks, counts } = world.scratch
  for (let i = 0; i < explicit.length; i++) {
    const c = explicit[i]!.creature
    if (otherMarks[c] === stamp) continue
    otherMarks[c] = stamp
    const found = trample ? trampleFault(world, c) : recordExplicit(world, c, explicit, i, counts[c]!)
    if (found !== 0) return found
  }
  return 0
}

/**
 * CR 510.1-510.2 for a step with no explicit assignment: every dealer's default assignment (the
 * same functions `planCombatDamage` uses), each entry dealt as soon as it is made, in the order
 * the plan would list it, so the events and the game are the same as planning the whole step and
 * then dealing it at once (510.2). They are because an assignment reads nothing dealing changes
 * but the damage marked, loyalty and deathtouch damage, and reads those as "assigned so far in
 * this step" (510.1c, 702.19b-c, 702.2c): marked damage then counts what `assigned` would have,
 * a planeswalker's loyalty is already lowered by what was assigned to it, and a creature dealt
 * deathtouch damage is marked `deathtouched` (`lethalDamageNeeded`). Nothing leaves the battlefield
 * or the game and no power, toughness or keyword changes before state-based actions (704.3), so
 * who deals and to what is the same. The plan stays empty; `dealCombatDamage` then deals nothing.
 */
export function dealCombatDamageByDefault(world: GameWorld, kind: DamageStepKind): void {
  const plan = world.plan
  resetDamagePlan(plan)
  // The world's own flag: a listener may plan or deal another game's damage meanwhile. Lowered
  // however dealing ends (a listener that throws), so a later plan is recorded, not dealt.
  plan.dealAsAssigned = true
  try {
    collectDealers(world, kind, true)

  } finally {
    plan.dealAsAssigned = false
  }
}

/**
 * CR 510.4, 702.4b-c, 702.7b-c: the attackers and blockers that assign damage in this step, in
 * order (attackers as declared, then blockers); with `assign`, each gets its default assignment
 * as it is found, and nothing is recorded of who deals (only an explicit assignment, checked
 * against the dealers, reads `dealing`, `dealers`, `firstEntry` and `entryCount`). A creature is
 * in one list at most, once (declarations are checked for duplicates, 508.1a, 509.1a).
 */
function collectDealers(world: GameWorld, kind: DamageStepKind, assign: boolean): void {
  const plan = world.plan
  const dealing = plan.perEntity.dealing
  const first = kind === 'first'
  for (let l = 0; l < 2; l++) {
    const list = l === 0 ? world.roster.attackers : world.roster.blockers
    const role = l === 0 ? C_ATTACKING : C_BLOCKING
    const items = list.items
    for (let i = 0, n = list.length; i < n; i++) {
      const c = items[i]!
      if (!dealsInStep(world, c, role, first)) continue
      if (assign) {
        if (l === 0) assignAttackerByDefault(world, c)
        else assignBlockerByDefault(world, c)
        // Dealt as assigned (`dealCombatDamageByDefault`): its lifelink gain once all of it is dealt
        // (510.2). (Only recorded, for a plan: nothing is dealt, so nothing is gained.)
        gainLifelink(world, c)
      } else {
        dealing[c] = 1
        plan.dealers.push(c)
      }
    }
  }
}

/**
 * CR 506.4, 510.4, 702.4b-c, 702.7b-c, 510.1a: whether a creature still attacking or blocking
 * (`role`) and on the battlefield assigns combat damage in this step: in a first-strike step, one
 * with first or double strike; in the second, one that didn't deal first-strike damage or has
 * double strike; never with power 0 or less. The rule's one check (`collectDealers`, `attackerDealsDamage`).
 */
function dealsInStep(world: GameWorld, c: Eid, role: number, first: boolean): boolean {
  // The keywords first: in a first-strike step most creatures fail on them, and nothing else is read.
  const eff = world.kw.effective[c]!
  if (first && (eff & KW_ANY_FIRST_STRIKE) === 0) return false
  const f = world.combat.flags[c]!
  if ((f & role) === 0 || world.place.zone[c] !== Zone.Battlefield || world.stats.power[c]! <= 0) return false
  return first || !world.turn.firstStrikeStepDone || (f & C_HAD_FIRST_STRIKE) === 0 || (eff & KW_DOUBLE_STRIKE) !== 0
}

/** Whether an attacking creature still in combat assigns combat damage in this step (`dealsInStep`). */
export function attackerDealsDamage(world: GameWorld, c: Eid, kind: DamageStepKind): boolean {
  return dealsInStep(world, c, C_ATTACKING, kind === 'first')
}

function add(world: GameWorld, source: Eid, recipient: Eid, amount: number): void {
  if (amount <= 0) return
  CHECK: if (recipient === 0) throw internalError(`damage from ${source} to entity 0`)
  const plan = world.plan
  if (plan.dealAsAssigned) {
    dealDamage(world, source, recipient, amount, true, '510.2')
    return
  }
  const pe = plan.perEntity
  const at = plan.source.length
  CHECK: if (at >= plan.source.items.length) throw internalError('damage plan full')
  // Room for every entry was reserved when the step began (`planFault`).
  plan.source.items[at] = source
  plan.recipient.items[at] = recipient
  plan.amount.items[at] = amount
  plan.source.length = plan.recipient.length = plan.amount.length = at + 1
  const assigned = pe.assigned
  if (assigned[recipient] === 0 && pe.deathtouchSources[recipient] === 0) plan.touched.items[plan.touched.length++] = recipient
  assigned[recipient] = clamp(assigned[recipient]! + amount, LIMITS.damage)
  if (world.kw.effective[source]! & KW_DEATHTOUCH && world.types.mask[recipient]! & T_CREATURE) {
    pe.deathtouchSources[recipient]!++
  }
}

/**
 * CR 702.19b, 702.2c: how much more damage a creature needs for lethal damage to be assigned
 * to it, counting damage marked and damage already assigned in this step; from a deathtouch
 * source any nonzero amount is lethal.
 */
export function lethalDamageNeeded(world: GameWorld, creature: Eid, deathtouch: boolean): number {
  const pe = world.plan.perEntity
  // Deathtouch damage assigned in this step: recorded in the plan, or already dealt (`dealCombatDamageByDefault`;
  // outside a damage step no creature is `deathtouched`: state-based actions clear it, 704.5h).
  if (pe.deathtouchSources[creature]! > 0 || world.stats.deathtouched[creature] !== 0) return 0
  const remaining = world.stats.toughness[creature]! - world.stats.damage[creature]! - pe.assigned[creature]!
  if (remaining <= 0) return 0
  return deathtouch ? 1 : remaining
}

/**
 * CR 510.1c-d, the default division of a blocked attacker's damage: lethal damage to each blocker
 * still in combat in order (702.19b, 702.2c), and the excess to what it attacks with trample
 * (702.19c-e), else to the first blocker (510.1c: with one blocker, all of it). The first
 * blocker's amount is assigned last, once the others' are known, so that each recipient is
 * assigned one amount and dealt one (510.2: one damage event, and lifelink's one gain).
 */
function assignAttackerByDefault(world: GameWorld, attacker: Eid): void {
  const { combat, kw, stats } = world
  let rest = stats.power[attacker]!
  const keywords = kw.effective[attacker]!
  if ((combat.flags[attacker]! & C_BLOCKED) === 0) {
    assignToDefender(world, attacker, rest)
    return
  }
  const deathtouch = (keywords & KW_DEATHTOUCH) !== 0
  const list = world.roster.blockList.items
  const start = combat.blockStart[attacker]!
  let first = 0
  let toFirst = 0
  for (let i = start, end = start + combat.blockCount[attacker]!; i < end; i++) {
    const b = list[i]!
    // CR 506.4: a blocker that left combat no longer blocks.
    if (!stillBlocks(world, b, attacker)) continue
    const needed = lethalDamageNeeded(world, b, deathtouch)
    const give = needed < rest ? needed : rest
    rest -= give
    if (first === 0) {
      first = b
      toFirst = give
    } else add(world, attacker, b, give)
  }
  // CR 702.19b-e: with trample the excess goes to what it attacks, if it can reach it; CR 510.1c,
  // 702.19f: otherwise to the first blocker.
  if (rest > 0 && keywords & KW_ANY_TRAMPLE && reachesDefender(world, attacker)) {
    if (first !== 0) add(world, attacker, first, toFirst)
    assignToDefender(world, attacker, rest)
  } else if (first !== 0) add(world, attacker, first, toFirst + rest)
}

/**
 * Damage an attacking creature assigns to what it attacks: all of it to a player or to a
 * planeswalker; with trample over planeswalkers, the planeswalker's remaining loyalty to it and
 * the rest to its controller (702.19c). With the planeswalker gone: to the defending player with
 * trample over planeswalkers (702.19e), else nowhere (506.4c; a blocked one's goes to its first
 * blocker instead, 702.19f: `reachesDefender` is false). Never to a player who has left the game (800.4a).
 */
function assignToDefender(world: GameWorld, attacker: Eid, amount: number): void {
  const target = world.combat.attackTarget[attacker]!
  const defending = world.combat.defendingPlayer[attacker]!
  const overPlaneswalkers = (world.kw.effective[attacker]! & KW_TRAMPLE_OVER_PLANESWALKERS) !== 0
  if (attackTargetPresent(world, attacker)) {
    if (isPlayer(world, target) || !overPlaneswalkers) {
      add(world, attacker, target, amount)
      return
    }
    const toPlaneswalker = Math.min(amount, Math.max(0, world.stats.loyalty[target]! - world.plan.perEntity.assigned[target]!))
    add(world, attacker, target, toPlaneswalker)
    add(world, attacker, defending, amount - toPlaneswalker)
  } else if (overPlaneswalkers && inGame(world, defending)) {
    add(world, attacker, defending, amount)
  }
}

/** CR 510.1d: a blocking creature assigns its combat damage to the creature it blocks. */
function assignBlockerByDefault(world: GameWorld, blocker: Eid): void {
  const attacker = world.combat.blocking[blocker]!
  if (isAttacking(world, attacker)) add(world, blocker, attacker, world.stats.power[blocker]!)
}

/**
 * A refused assignment's fault, set by the checks below (a fault number, the creature, what it
 * names, a number) and explained by `refusal` only when a message is wanted: the learning
 * environment's mask and the enumerator check many divisions and recipients, building nothing.
 */
const FAULT = { kind: 0, creature: 0, other: 0, amount: 0 }

function fault(kind: number, creature: Eid, other: Eid, amount = 0): number {
  FAULT.kind = kind
  FAULT.creature = creature
  FAULT.other = other
  FAULT.amount = amount
  return kind
}

/** The rejection of the last fault (`FAULT`), with its message and rule. */
function refusal(world: GameWorld): Rejection {
  const { kind, creature, other, amount } = FAULT
  const who = label(world, creature)
  const whom = label(world, other)
  // What it attacks, named by the trample faults.
  const attacked = label(world, world.combat.attackTarget[creature]!)
  const [message, rule]: [string, string] =
    kind === 1 ? [`${who} is blocking, so it assigns its combat damage only to the creature it blocks, not ${whom}`, '510.1d']
    // CR 800.4a: a player who has left the game can't be dealt damage.
    : kind === 2 ? [`${whom} has left the game`, '800.4a']
    : kind === 3 ? [`${who} is blocked and has no trample, so it can't assign combat damage to ${whom}`, '510.1c']
    : kind === 4 ? [`${who} attacks ${attacked} without trample over planeswalkers, so none of its combat damage can be assigned to ${whom}`, '702.19f']
    : kind === 5 ? [`${whom} has been removed from combat, so ${who} can't assign combat damage to it`, '506.4c']
    : kind === 6 ? [`${whom} is neither blocking ${who} nor attacked by it`, '510.1c']
    : kind === 7 ? [`${who}: damage amounts must be whole numbers of 0 or more, not ${amount}`, '510.1a']
    : kind === 8 ? [`${who} is neither attacking nor blocking, so it assigns no combat damage`, '510.1']
    : kind === 9 ? [`${who} has power 0 or less, so it assigns no combat damage`, '510.1a']
    : kind === 10 ? [`${who} doesn't assign combat damage in this combat damage step`, '510.4']
    // The number expected (its power, or 0 with nothing to assign to) in place of an entity.
    : kind === 11 ? [`${who} must assign exactly ${other} combat damage (its power), not ${amount}`, '510.1a']
    : kind < 14 ? [`${who} must assign lethal damage (${amount}) to ${whom} before assigning any to ${attacked}`, kind === 13 ? '702.2c' : '702.19b']
    : [`${who} must assign damage equal to ${attacked}'s loyalty (${amount}) to it before assigning any to ${whom}`, '702.19c']
  return reject('illegal-assignment', message, rule)
}

/**
 * CR 510.1b-d, 702.19, 800.4a: 0 when `creature` may assign combat damage to `recipient`, else
 * its fault (`refusal` explains it). The one check of an assignment and of the enumerator.
 */
export function recipientFault(world: GameWorld, creature: Eid, recipient: Eid): number {
  const { combat } = world
  if (combat.flags[creature]! & C_BLOCKING) {
    return combat.blocking[creature] === recipient && isAttacking(world, recipient) ? 0 : fault(1, creature, recipient)
  }
  if (combat.flags[creature]! & C_BLOCKED && stillBlocks(world, recipient, creature)) return 0
  const target = combat.attackTarget[creature]!
  if (recipient !== target && recipient !== combat.defendingPlayer[creature]) return fault(6, creature, recipient)
  // CR 800.4a: a player who has left the game can't be dealt damage.
  if (!inGame(world, recipient)) return fault(2, creature, recipient)
  const keywords = world.kw.effective[creature]!
  if (combat.flags[creature]! & C_BLOCKED && (keywords & KW_ANY_TRAMPLE) === 0) return fault(3, creature, recipient)
  if (recipient === target && attackTargetPresent(world, creature)) return 0
  if (recipient !== target && !isPlayer(world, target)) {
    return keywords & KW_TRAMPLE_OVER_PLANESWALKERS ? 0 : fault(4, creature, recipient)
  }
  return fault(5, creature, recipient)
}

/** Whether a creature that deals damage in this step has anything it can assign damage to. */
function hasRecipient(world: GameWorld, creature: Eid): boolean {
  const { combat } = world
  if (combat.flags[creature]! & C_BLOCKING) return isAttacking(world, combat.blocking[creature]!)
  const keywords = world.kw.effective[creature]!
  const towardDefender = reachesDefender(world, creature)
  if ((combat.flags[creature]! & C_BLOCKED) === 0) return towardDefender
  const list = world.roster.blockList.items
  const start = combat.blockStart[creature]!
  for (let i = start, end = start + combat.blockCount[creature]!; i < end; i++) {
    if (stillBlocks(world, list[i]!, creature)) return true
  }
  return (keywords & KW_ANY_TRAMPLE) !== 0 && towardDefender
}

/**
 * CR 510.1a-d: records one creature's explicit assignment (its entries from `first` to `last`)
 * after checking its recipients and total: 0, or its fault.
 */
function recordExplicit(world: GameWorld, creature: Eid, explicit: ExplicitAssignment, first: number, last: number): number {
  let total = 0
  for (let i = first; i <= last; i++) {
    const { creature: c, amount } = explicit[i]!
    if (c !== creature) continue
    if (!Number.isInteger(amount) || amount < 0) return fault(7, creature, 0, amount)
    total += amount
  }
  if (world.plan.perEntity.dealing[creature] === 0) {
    if (total === 0) return 0
    const inCombat = (world.combat.flags[creature]! & (C_ATTACKING | C_BLOCKING)) !== 0
    return fault(!inCombat ? 8 : world.stats.power[creature]! <= 0 ? 9 : 10, creature, 0)
  }
  for (let i = first; i <= last; i++) {
    const { creature: c, recipient, amount } = explicit[i]!
    const bad = c !== creature || amount === 0 ? 0 : recipientFault(world, creature, recipient)
    if (bad !== 0) return bad
  }
  const expected = hasRecipient(world, creature) ? world.stats.power[creature]! : 0
  if (total !== expected) return fault(11, creature, expected, total)
  // A dealer's entries are contiguous: `firstEntry .. firstEntry + entryCount`.
  const pe = world.plan.perEntity
  const at = (pe.firstEntry[creature] = world.plan.source.length)
  for (let i = first; i <= last; i++) {
    const { creature: c, recipient } = explicit[i]!
    if (c !== creature) continue
    // CR 510.2: one amount to each recipient, dealt as one damage event: a recipient named twice
    // is given the sum, at its first entry.
    let amount = 0
    for (let j = first; j <= last && amount >= 0; j++) {
      const e = explicit[j]!
      if (e.creature === c && e.recipient === recipient) amount = j < i ? -1 : amount + e.amount
    }
    add(world, c, recipient, amount)
  }
  pe.entryCount[creature] = world.plan.source.length - at
  return 0
}

/**
 * CR 702.19b-c, 510.1c: damage of a blocked trampler reaches what it attacks only once every
 * blocker is assigned lethal damage (counting what the others assign), and its planeswalker's
 * controller only once the planeswalker is assigned damage equal to its loyalty. 0, or the fault.
 */
function trampleFault(world: GameWorld, creature: Eid): number {
  const { combat, plan } = world
  const pe = plan.perEntity
  if ((combat.flags[creature]! & C_ATTACKING) === 0 || pe.dealing[creature] === 0) return 0
  const first = pe.firstEntry[creature]!
  const count = pe.entryCount[creature]!
  const recipients = plan.recipient.items
  const amounts = plan.amount.items
  const target = combat.attackTarget[creature]!
  const defending = combat.defendingPlayer[creature]!
  let toDefender = false
  let toController = false
  for (let i = first; i < first + count; i++) {
    if (recipients[i] === target || recipients[i] === defending) toDefender = true
    if (recipients[i] === defending && recipients[i] !== target) toController = true
  }
  if (!toDefender) return 0
  const deathtouch = (world.kw.effective[creature]! & KW_DEATHTOUCH) !== 0
  if (combat.flags[creature]! & C_BLOCKED) {
    const list = world.roster.blockList.items
    const start = combat.blockStart[creature]!
    for (let i = start, end = start + combat.blockCount[creature]!; i < end; i++) {
      const b = list[i]!
      if (!stillBlocks(world, b, creature)) continue
      let own = 0
      for (let e = first; e < first + count; e++) if (recipients[e] === b) own += amounts[e]!
      const othersDeathtouch = pe.deathtouchSources[b]! - (deathtouch && own > 0 ? 1 : 0)
      const remaining = world.stats.toughness[b]! - world.stats.damage[b]! - (pe.assigned[b]! - own)
      const needed = othersDeathtouch > 0 || remaining <= 0 ? 0 : deathtouch ? 1 : remaining
      if (own < needed) return fault(deathtouch ? 13 : 12, creature, b, needed)
    }
  }
  if (toController && attackTargetPresent(world, creature) && !isPlayer(world, target)) {
    const loyalty = world.stats.loyalty[target]!
    if (pe.assigned[target]! < loyalty) return fault(14, creature, defending, loyalty)
  }
  return 0
}
