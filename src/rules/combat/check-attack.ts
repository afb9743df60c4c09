import { KW_DEFENDER, KW_HASTE } from '../../../components/keywords.js'
import { T_CREATURE, T_PLANESWALKER } from '../../../components/types.js'
import { OK, reject, type ActionResult, type Rejection } from '../../core/errors.js'
import type { Eid } from '../../core/events.js'
import { isPlayer, label, nextStamp, onBattlefield, permanentOfType, type GameWorld } from '../../core/world.js'
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
  const marks = world.scratch.marks
  const stamp = nextStamp(world)
  for (let i = 0; i < declaration.length; i++) {
    const { attacker, target } = declaration[i]!
    if (marks[attacker] === stamp) return reject('duplicate-attacker', `${label(world, attacker)} is declared as an attacker twice`, '508.1a')
    marks[attacker] = stamp
    const error = attackerError(world, attacker) ?? attackTargetError(world, attacker, target)
    if (error) return error
  }
  return OK
}

type AttackerCode = 'not-on-battlefield' | 'not-a-creature' | 'not-your-creature' | 'tapped' | 'summoning-sick' | 'defender-cannot-attack'

/**
 * CR 508.1a, 302.6, 702.3b: why a creature can't be declared as an attacker by the active player
 * now (whatever it would attack), or null: the code only, nothing made (the enumerators ask it of
 * every creature). The one check of the declaration (`attackerError`) and the enumerators.
 */
export function attackerCheck(world: GameWorld, attacker: Eid): AttackerCode | null {
  if (!onBattlefield(world, attacker)) return 'not-on-battlefield'
  if ((world.types.mask[attacker]! & T_CREATURE) === 0) return 'not-a-creature'
  if (world.place.controller[attacker] !== world.turn.active) return 'not-your-creature'
  if (world.status.tapped[attacker]) return 'tapped'
  const keywords = world.kw.effective[attacker]!
  if (world.status.sick[attacker] && (keywords & KW_HASTE) === 0) return 'summoning-sick'
  return keywords & KW_DEFENDER ? 'defender-cannot-attack' : null
}

/** Why a permanent can't attack or block, in the words of both refusals (CR 508.1a, 509.1a). */
export const UNFIT = { 'not-on-battlefield': 'is not a permanent on the battlefield', 'not-a-creature': 'is not a creature', tapped: 'is tapped' } as const

/** The rejection of `attackerCheck`, with its message, or null. */
export function attackerError(world: GameWorld, attacker: Eid): Rejection | null {
  const code = attackerCheck(world, attacker)
  if (code === null) return null
  const name = label(world, attacker)
  if (code === 'summoning-sick') return reject(code, `${name} hasn't been under its controller's control since the turn began and has no haste`, '302.6')
  if (code === 'defender-cannot-attack') return reject(code, `${name} has defender and can't attack`, '702.3b')
  const why = UNFIT[code as keyof typeof UNFIT] ?? `is not controlled by the active player ${label(world, world.turn.active)}`
  return reject(code, `${name} ${why}, so it can't attack`, '508.1a')
}

/** CR 508.1b: an attacking creature attacks an opponent or a planeswalker an opponent controls. Null when `target` is legal. */
export function attackTargetError(world: GameWorld, attacker: Eid, target: Eid): Rejection | null {
  const active = world.turn.active
  if (isPlayer(world, target)) {
    if (target === active) return reject('illegal-attack-target', `${label(world, attacker)} can't attack its own controller`, '508.1b')
    if (!inGame(world, target)) return reject('illegal-attack-target', `${label(world, target)} has left the game`, '800.4a')
    return null
  }
  if (!permanentOfType(world, target, T_PLANESWALKER)) {
    return reject('illegal-attack-target', `${label(world, attacker)} can attack only a player or a planeswalker, not ${label(world, target)}`, '508.1b')
  }
  if (world.place.controller[target] === active) {
    return reject('illegal-attack-target', `${label(world, attacker)} can't attack ${label(world, target)}, a planeswalker its controller controls`, '508.1b')
  }
  return null
}
