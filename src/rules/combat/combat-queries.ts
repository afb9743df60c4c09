import { C_ATTACKED_PLANESWALKER, C_ATTACKING, C_BLOCKING } from '../../../components/combat.js'
import { KW_ANY_FIRST_STRIKE, KW_TRAMPLE_OVER_PLANESWALKERS } from '../../../components/keywords.js'
import { Zone } from '../../../components/zones.js'
import type { Eid } from '../../core/events.js'
import { isPlayer, type GameWorld } from '../../core/world.js'
import { inGame } from '../../core/players.js'

/** Whether a creature is still an attacking creature (CR 506.4: leaving combat ends that). */
export function isAttacking(world: GameWorld, eid: Eid): boolean {
  return (world.combat.flags[eid]! & C_ATTACKING) !== 0 && world.place.zone[eid] === Zone.Battlefield
}

export function isBlocking(world: GameWorld, eid: Eid): boolean {
  return (world.combat.flags[eid]! & C_BLOCKING) !== 0 && world.place.zone[eid] === Zone.Battlefield
}

/**
 * Whether what an attacking creature attacks is still there to be dealt damage: a player still
 * in the game (CR 800.4a), or a planeswalker not removed from combat (CR 506.4c).
 */
export function attackTargetPresent(world: GameWorld, attacker: Eid): boolean {
  const target = world.combat.attackTarget[attacker]!
  if (target === 0) return false
  if (isPlayer(world, target)) return inGame(world, target)
  return (world.combat.flags[target]! & C_ATTACKED_PLANESWALKER) !== 0 && world.place.zone[target] === Zone.Battlefield
}

/**
 * Whether an attacking creature's damage can reach what it attacks, or with trample over
 * planeswalkers its planeswalker's controller (CR 506.4c, 702.19e); never a player who has left
 * the game (800.4a).
 */
export function reachesDefender(world: GameWorld, attacker: Eid): boolean {
  return attackTargetPresent(world, attacker) || ((world.kw.effective[attacker]! & KW_TRAMPLE_OVER_PLANESWALKERS) !== 0 && inGame(world, world.combat.defendingPlayer[attacker]!))
}

/** Whether `blocker` still blocks `attacker` (CR 506.4: a blocker that left combat doesn't). */
export function stillBlocks(world: GameWorld, blocker: Eid, attacker: Eid): boolean {
  return world.combat.blocking[blocker] === attacker && isBlocking(world, blocker)
}

/**
 * CR 510.4: whether the combat damage step about to begin is a first-strike one — at least
 * one attacking or blocking creature has first strike or double strike.
 */
export function firstStrikeStepBegins(world: GameWorld): boolean {
  const eff = world.kw.effective
  const { attackers, blockers } = world.roster
  for (let i = 0; i < attackers.length; i++) {
    const a = attackers.items[i]!
    if (eff[a]! & KW_ANY_FIRST_STRIKE && isAttacking(world, a)) return true
  }
  for (let i = 0; i < blockers.length; i++) {
    const b = blockers.items[i]!
    if (eff[b]! & KW_ANY_FIRST_STRIKE && isBlocking(world, b)) return true
  }
  return false
}
