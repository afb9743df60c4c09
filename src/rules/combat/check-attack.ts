import { KW_DEFENDER, KW_HASTE } from '../../../components/keywords.js'
import { T_CREATURE, T_PLANESWALKER } from '../../../components/types.js'
import { Zone } from '../../../components/zones.js'
import { OK, reject, type ActionResult, type Rejection } from '../../core/errors.js'
import type { Eid } from '../../core/events.js'
import { isPlayer, label, nextStamp, type GameWorld } from '../../core/world.js'
import { actorError } from '../actions/preconditions.js'
import { inGame } from '../../core/players.js'

export interface AttackDeclaration {
  attacker: Eid
  target: Eid
}

/**
 * CR 508.1a-b: checks a whole attack declaration of the active player against the current
 * state. Any illegal attacker rejects the declaration (nothing is declared). CR 800.4: in a turn
 * whose active player has left the game, nobody declares attackers.
 */
export function checkAttackDeclaration(world: GameWorld, declaration: readonly AttackDeclaration[]): ActionResult {
  const active = world.turn.active
  const actor = actorError(world, active)
  if (actor) return actor
  const { zone, controller } = world.place
  const { tapped, sick } = world.status
  const types = world.types.mask
  const effective = world.kw.effective
  const marks = world.scratch.marks
  const isPlayerFlag = world.players.isPlayer
  const stamp = nextStamp(world)
  for (let i = 0; i < declaration.length; i++) {
    const { attacker, target } = declaration[i]!
    // The common case, checked with typed arrays only; any doubt goes to the full check below.
    if (
      marks[attacker] !== stamp &&
      zone[attacker] === Zone.Battlefield &&
      types[attacker]! & T_CREATURE &&
      controller[attacker] === active &&
      tapped[attacker] === 0 &&
      (sick[attacker] === 0 || effective[attacker]! & KW_HASTE) &&
      (effective[attacker]! & KW_DEFENDER) === 0 &&
      isPlayerFlag[attacker] === 0 &&
      attackTargetError(world, attacker, target) === null
    ) {
      marks[attacker] = stamp
      continue
    }
    if (marks[attacker] === stamp) return reject('duplicate-attacker', `${label(world, attacker)} is declared as an attacker twice`, '508.1a')
    marks[attacker] = stamp
    const error = attackerError(world, attacker) ?? attackTargetError(world, attacker, target)
    if (error) return error
  }
  return OK
}

/**
 * CR 508.1a, 302.6, 702.3b: why a creature can't be declared as an attacker by the active player
 * now (whatever it would attack), or null. Used by the declaration check and the enumerator.
 */
export function attackerError(world: GameWorld, attacker: Eid): Rejection | null {
  const active = world.turn.active
  const { zone, controller } = world.place
  // No closure for the name: this runs for every creature the enumerators look at.
  if (isPlayer(world, attacker) || zone[attacker] !== Zone.Battlefield) {
    return reject('not-on-battlefield', `${label(world, attacker)} is not a permanent on the battlefield, so it can't attack`, '508.1a')
  }
  if ((world.types.mask[attacker]! & T_CREATURE) === 0) return reject('not-a-creature', `${label(world, attacker)} is not a creature, so it can't attack`, '508.1a')
  if (controller[attacker] !== active) {
    return reject('not-your-creature', `${label(world, attacker)} is not controlled by the active player ${label(world, active)}, so it can't attack`, '508.1a')
  }
  if (world.status.tapped[attacker]) return reject('tapped', `${label(world, attacker)} is tapped, so it can't attack`, '508.1a')
  const keywords = world.kw.effective[attacker]!
  if (world.status.sick[attacker] && (keywords & KW_HASTE) === 0) {
    return reject('summoning-sick', `${label(world, attacker)} hasn't been under its controller's control since the turn began and has no haste`, '302.6')
  }
  if (keywords & KW_DEFENDER) return reject('defender-cannot-attack', `${label(world, attacker)} has defender and can't attack`, '702.3b')
  return null
}

/** CR 508.1b: an attacking creature attacks an opponent or a planeswalker an opponent controls. Null when `target` is legal. */
export function attackTargetError(world: GameWorld, attacker: Eid, target: Eid): Rejection | null {
  const active = world.turn.active
  if (isPlayer(world, target)) {
    if (target === active) return reject('illegal-attack-target', `${label(world, attacker)} can't attack its own controller`, '508.1b')
    if (!inGame(world, target)) return reject('illegal-attack-target', `${label(world, target)} has left the game`, '800.4a')
    return null
  }
  if (world.place.zone[target] !== Zone.Battlefield || (world.types.mask[target]! & T_PLANESWALKER) === 0) {
    return reject('illegal-attack-target', `${label(world, attacker)} can attack only a player or a planeswalker, not ${label(world, target)}`, '508.1b')
  }
  if (world.place.controller[target] === active) {
    return reject('illegal-attack-target', `${label(world, attacker)} can't attack ${label(world, target)}, a planeswalker its controller controls`, '508.1b')
  }
  return null
}
