import { C_BLOCKED } from '../../../components/combat.js'
import { KW_ANY_TRAMPLE, KW_DEATHTOUCH, KW_TRAMPLE_OVER_PLANESWALKERS } from '../../../components/keywords.js'
import { Zone } from '../../../components/zones.js'
import { attackerError, attackTargetError } from './check-attack.js'
import { actorCheck } from '../actions/preconditions.js'
import { blockCountAllowed, blockerCheck } from './check-block.js'
import { attackTargetPresent, reachesDefender, stillBlocks } from './combat-queries.js'
import { attackerDealsDamage, lethalDamageNeeded, recipientError, type DamageStepKind } from './plan-combat-damage.js'
import type { Eid } from '../../core/events.js'
import { entitiesOf } from '../../core/entity-lists.js'
import { isPlayer, type GameWorld } from '../../core/world.js'
import { inGame } from '../../core/players.js'

/**
 * What each creature may do in combat, factored per creature (never the 2^n declarations):
 * the same per-creature checks the declarations are validated with (`attackerError`,
 * `attackTargetError`, `blockerError`, `recipientError`), so the two can never disagree.
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

/** What an attacking creature could attack: the players and planeswalkers of the game. */
function attackCandidates(world: GameWorld): Eid[] {
  const out: Eid[] = []
  for (const p of world.playerOrder) if (p !== world.turn.active && inGame(world, p)) out.push(p)
  for (const pw of entitiesOf(world, 'planeswalkers')) {
    if (world.place.zone[pw] === Zone.Battlefield && world.place.controller[pw] !== world.turn.active) out.push(pw)
  }
  return out
}

/** CR 508.1a-b: each creature the active player could declare as an attacker, with what it could attack. */
export function attackOptions(world: GameWorld): AttackOption[] {
  const out: AttackOption[] = []
  // CR 800.4: a turn whose active player has left has no attackers (the check of `checkAttackDeclaration`).
  if (actorCheck(world, world.turn.active)) return out
  const candidates = attackCandidates(world)
  for (const c of entitiesOf(world, 'creatures')) {
    // Only a creature on the battlefield can attack (attackerError says so too, with a message this loop would throw away).
    if (world.place.zone[c] !== Zone.Battlefield || world.place.controller[c] !== world.turn.active || attackerError(world, c) !== null) continue
    let targets: Eid[] | null = null
    for (let k = 0; k < candidates.length; k++) if (attackTargetError(world, c, candidates[k]!) === null) (targets ??= []).push(candidates[k]!)
    if (targets !== null) out.push({ attacker: c, targets })
  }
  return out
}

/** Whether any creature could attack: if none, the declaration of no attackers is the only one. */
export function anyAttackerPossible(world: GameWorld): boolean {
  const { zone, controller } = world.place
  const active = world.turn.active
  for (const c of entitiesOf(world, 'creatures')) {
    if (zone[c] === Zone.Battlefield && controller[c] === active && attackerError(world, c) === null) return true
  }
  return false
}

/**
 * CR 509.1a-c, 702.111b: each creature that could block in some legal declaration, with the
 * attackers it could block; a menace attacker is listed for a blocker only where another
 * creature could block it too.
 */
export function blockOptions(world: GameWorld): BlockOption[] {
  const attackers = world.roster.attackers
  // The pairs that pass `blockerCheck`, flat (blocker, attacker's place), grouped by blocker in entity order; and per attacker (by place), how many could block it.
  const pairs: number[] = []
  const blockers: number[] = []
  const creatures = entitiesOf(world, 'creatures')
  for (let j = 0; j < creatures.length; j++) {
    const b = creatures[j]!
    if (world.place.zone[b] !== Zone.Battlefield || world.status.tapped[b]) continue
    for (let i = 0; i < attackers.length; i++) {
      if (blockerCheck(world, b, attackers.items[i]!) === null) {
        pairs.push(b, i)
        blockers[i] = (blockers[i] ?? 0) + 1
      }
    }
  }
  const out: BlockOption[] = []
  for (let k = 0; k < pairs.length; k += 2) {
    const b = pairs[k]!
    const a = attackers.items[pairs[k + 1]!]!
    // CR 509.1b, 702.111b: blocked by every creature that could block it, the attacker's count of
    // blockers is one it may end with (menace asks for at least two: the count rules are minimums).
    if (!blockCountAllowed(world, a, blockers[pairs[k + 1]!]!)) continue
    const last = out[out.length - 1]
    if (last?.blocker === b) last.attackers.push(a)
    else out.push({ blocker: b, attackers: [a] })
  }
  return out
}

/**
 * The next defending player, in turn order, who has not declared their blocks (`done`: bits by turn
 * order) and has a creature that could block in a legal declaration; 0 when there is none.
 */
export function nextBlockingPlayer(world: GameWorld, done: number): Eid {
  const order = world.playerOrder
  const n = order.length
  const active = order.indexOf(world.turn.active)
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
  const creatures = entitiesOf(world, 'creatures')
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

/** The live blockers of an attacking creature (CR 506.4: those that left combat don't count). */
function liveBlockers(world: GameWorld, attacker: Eid): Eid[] {
  const out: Eid[] = []
  const { blockStart, blockCount } = world.combat
  const list = world.roster.blockList.items
  for (let i = blockStart[attacker]!, end = i + blockCount[attacker]!; i < end; i++) {
    if (stillBlocks(world, list[i]!, attacker)) out.push(list[i]!)
  }
  return out
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
  const attackers = world.roster.attackers
  for (let i = 0; i < attackers.length; i++) {
    const a = attackers.items[i]!
    if (!hasDamageChoice(world, a, kind)) continue
    const candidates = [...liveBlockers(world, a), world.combat.attackTarget[a]!, world.combat.defendingPlayer[a]!]
    const recipients = [...new Set(candidates)].filter((r) => r !== 0 && recipientError(world, a, r) === null)
    out.push({ creature: a, amount: world.stats.power[a]!, recipients })
  }
  return out
}
