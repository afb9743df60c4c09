import { KW_INDESTRUCTIBLE } from '../../../components/keywords.js'
import { T_CREATURE, T_PLANESWALKER } from '../../../components/types.js'
import { Zone } from '../../../components/zones.js'
import { dealDamage as dealDamageTo } from '../damage.js'
import { addEffect } from '../effects.js'
import { OK, reject, type ActionResult, type Rejection } from '../../core/errors.js'
import { countError, LIMITS } from '../../core/limits.js'
import type { Eid } from '../../core/events.js'
import { leaveCombat, moveToZone } from '../zone-change.js'
import { isPlayer, label, onBattlefield, permanentOfType, type GameWorld } from '../../core/world.js'
import { gameOverError } from './preconditions.js'
import { inGame } from '../../core/players.js'

/**
 * Effects from outside the game, as a resolved spell or ability would create them (for
 * scenarios and clients). Each is checked first, then applied; `act` performs the state-based
 * actions that follow, as a player would then receive priority (CR 117.5).
 */

function battlefieldError(world: GameWorld, eid: Eid, what: string): Rejection | null {
  if (!onBattlefield(world, eid)) {
    return reject('not-on-battlefield', `${label(world, eid)} is not a permanent on the battlefield, so it can't ${what}`, '611.3a')
  }
  return null
}

/** A permanent that can take one more continuous effect: within the engine's limit (`LIMITS.effects`). */
function effectError(world: GameWorld, eid: Eid, what: string): Rejection | null {
  const error = battlefieldError(world, eid, what)
  if (error) return error
  const n = world.effectsByTarget.get(eid)?.length ?? 0
  return n < LIMITS.effects.max ? null : reject('illegal-amount', `${label(world, eid)} has ${n} ${LIMITS.effects.what}, the most the engine holds`, '611.2')
}

/** Until end of turn, the object gains keywords and gets +power/+toughness (CR 611.2, 613.1f, 613.4c). */
export function grant(world: GameWorld, object: Eid, keywords: number, power = 0, toughness = 0): ActionResult {
  const error = gameOverError(world) ?? effectError(world, object, 'gain abilities')
  if (error) return error
  // Absent is 0 (the defaults); anything else, null included, must be a whole number in range.
  for (const [field, value] of [['power', power], ['toughness', toughness]] as const) {
    const amountError = countError(value, LIMITS.modifier)
    if (amountError !== null) return reject('illegal-amount', `${field}: ${amountError}`, '613.4c')
  }
  addEffect(world, object, keywords, 0, power, toughness)
  return OK
}

/** Until end of turn, the object loses keywords (CR 611.2, 613.1f). Printed ones come back when the effect ends. */
export function lose(world: GameWorld, object: Eid, keywords: number): ActionResult {
  const error = gameOverError(world) ?? effectError(world, object, 'lose abilities')
  if (error) return error
  addEffect(world, object, 0, keywords, 0, 0)
  return OK
}

/** Noncombat damage (CR 120), with the source's deathtouch and lifelink; source 0 is no source. */
export function dealDamage(world: GameWorld, source: Eid, target: Eid, amount: number): ActionResult {
  const over = gameOverError(world)
  if (over) return over
  if (source !== 0 && isPlayer(world, source)) {
    return reject('illegal-target', `${label(world, source)} is a player: a source of damage is an object (CR 120.1)`, '120.1')
  }
  const amountError = countError(amount, LIMITS.amount)
  if (amountError !== null) return reject('illegal-amount', `damage: ${amountError}`, '120.1')
  if (isPlayer(world, target)) {
    if (!inGame(world, target)) return reject('illegal-target', `${label(world, target)} has left the game`, '800.4a')
  } else if (!permanentOfType(world, target, T_CREATURE | T_PLANESWALKER)) {
    return reject('illegal-target', `${label(world, target)} is not a player, creature or planeswalker on the battlefield`, '120.1')
  }
  dealDamageTo(world, source, target, amount, false, '120.3')
  return OK
}

/** CR 701.8: destroy moves a permanent to its owner's graveyard; indestructible ones are not destroyed (702.12b). */
export function destroy(world: GameWorld, object: Eid): ActionResult {
  const error = gameOverError(world) ?? battlefieldError(world, object, 'be destroyed')
  if (error) return error
  if ((world.kw.effective[object]! & KW_INDESTRUCTIBLE) === 0) moveToZone(world, object, Zone.Graveyard, '701.8a')
  return OK
}

/** CR 701.13: exile moves an object to the exile zone, from any other zone. */
export function exile(world: GameWorld, object: Eid): ActionResult {
  const over = gameOverError(world)
  if (over) return over
  if (isPlayer(world, object)) return reject('illegal-target', `${label(world, object)} is a player, not an object`, '701.13a')
  // An id past the game's entities (redzone/sim takes entity ids as given) is no object to move.
  if (!(object > 0 && object < world.labels.length)) return reject('unknown-object', `${label(world, object)} is not an object`, null)
  if (world.place.zone[object] === Zone.Exile) return reject('already-in-exile', `${label(world, object)} is already in exile`, '701.13a')
  moveToZone(world, object, Zone.Exile, '701.13a')
  return OK
}

/** CR 506.4: the permanent stops being attacking, blocking, blocked or attacked; outside combat nothing happens. */
export function removeFromCombat(world: GameWorld, object: Eid): ActionResult {
  const error = gameOverError(world) ?? battlefieldError(world, object, 'be removed from combat')
  if (error) return error
  leaveCombat(world, object)
  return OK
}
