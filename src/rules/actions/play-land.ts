import { T_LAND } from '../../../components/types.js'
import { Zone } from '../../../components/zones.js'
import { reject, OK, type ActionResult, type Rejection } from '../../core/errors.js'
import type { Eid } from '../../core/events.js'
import { hasSorceryTiming, sorceryTimingError } from '../spells/timing.js'
import type { RejectCode } from '../../core/reject-codes.js'
import { moveToZone } from '../zone-change.js'
import { label, type GameWorld } from '../../core/world.js'
import { actorCardRejection, actorCheck, isCard } from './preconditions.js'
import { LANDS_PER_TURN } from '../../core/rule-numbers.js'

/**
 * Why `player` can't play `card` as a land now, or null (CR 305.1, 305.2, 116.2a, 505.6b): a land
 * card in their hand, during their main phase with an empty stack, and no land played yet this turn.
 */
export function playLandError(world: GameWorld, player: Eid, card: Eid): Rejection | null {
  const code = actorCheck(world, player) ?? landCheck(world, player, card)
  if (code === null) return null
  switch (code) {
    case 'game-over':
    case 'not-a-player':
    case 'left-the-game':
    case 'unknown-object':
      return actorCardRejection(world, player, card, code)
    case 'not-in-hand':
      return reject(code, `${label(world, card)} is not in ${label(world, player)}'s hand`, '305.1')
    case 'not-a-land':
      return reject(code, `${label(world, card)} is not a land, so it can't be played as one`, '305.1')
    case 'not-sorcery-timing':
      return sorceryTimingError(world, player, 'a land can be played', '505.6b')
    default:
      return reject(code, `${label(world, player)} has already played a land this turn`, '305.2')
  }
}

/** The rule of `playLandError` after the actor check (`actorCheck`), as the reject code only (no message built), for the enumerators. */
export function landCheck(world: GameWorld, player: Eid, card: Eid): RejectCode | null {
  if (!isCard(world, card)) return 'unknown-object'
  if (world.place.zone[card] !== Zone.Hand || world.place.owner[card] !== player) return 'not-in-hand' // CR 305.1
  if ((world.types.mask[card]! & T_LAND) === 0) return 'not-a-land'
  if (!hasSorceryTiming(world, player)) return 'not-sorcery-timing' // CR 505.6b, 116.2a
  if (world.turn.landsPlayed >= LANDS_PER_TURN) return 'land-already-played' // CR 305.2
  return null
}

/**
 * CR 305.1, 116.2a: playing a land is a special action: the land enters the battlefield untapped
 * under its owner's control (it doesn't use the stack); `act` gives the player priority again (117.3c).
 */
export function playLand(world: GameWorld, player: Eid, card: Eid): ActionResult {
  const error = playLandError(world, player, card)
  if (error) return error
  moveToZone(world, card, Zone.Battlefield, '305.1')
  world.place.controller[card] = player
  world.cards.enteredAt[card] = world.nextEntry++
  world.status.tapped[card] = 0
  world.status.sick[card] = 1
  world.turn.landsPlayed++
  if (world.events.listening) world.events.emit('landPlayed', player, card, '305.1')
  return OK
}
