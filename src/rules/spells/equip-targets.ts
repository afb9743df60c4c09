import type { ParameterizedKeyword } from '../../../components/abilities.js'
import { T_CREATURE, T_PLANESWALKER } from '../../../components/types.js'
import { Zone } from '../../../components/zones.js'
import { reject, type Rejection } from '../../core/errors.js'
import type { Eid } from '../../core/events.js'
import { isPlayer, label, type GameWorld } from '../../core/world.js'

/**
 * CR 702.6a: "Equip [cost]" targets a creature you control; 702.6c: "equip [quality]" only a
 * creature you control with that quality; 702.6e: "equip planeswalker" a planeswalker you
 * control. An Equipment can't equip itself (301.5c). Null when the target is legal.
 */
export function equipTargetError(world: GameWorld, player: Eid, equipment: Eid, ability: ParameterizedKeyword, target: Eid): Rejection | null
/**
 * Whether the target is illegal, without a message: true, or null when it is legal (a resolving
 * equip ability's check, 608.2b: nothing is made when it fizzles).
 */
export function equipTargetError(world: GameWorld, player: Eid, equipment: Eid, ability: ParameterizedKeyword, target: Eid, quiet: true): true | null
export function equipTargetError(world: GameWorld, player: Eid, equipment: Eid, ability: ParameterizedKeyword, target: Eid, quiet?: true): Rejection | true | null {
  const who = label(world, target)
  const on = !isPlayer(world, target) && world.place.zone[target] === Zone.Battlefield
  if (target === equipment) return quiet || reject('illegal-target', `${label(world, equipment)} can't equip itself`, '301.5c')
  if (ability.kind === 'equip planeswalker') {
    if (!on || (world.types.mask[target]! & T_PLANESWALKER) === 0 || world.place.controller[target] !== player) {
      return quiet || reject('illegal-target', `equip planeswalker targets a planeswalker ${label(world, player)} controls; ${who} isn't one`, '702.6e')
    }
    return null
  }
  if (!on || (world.types.mask[target]! & T_CREATURE) === 0 || world.place.controller[target] !== player) {
    return quiet || reject('illegal-target', `equip targets a creature ${label(world, player)} controls; ${who} isn't one`, '702.6a')
  }
  if (ability.kind === 'equip' && ability.quality !== null && !(world.cardData[target]?.subtypes.includes(ability.quality) ?? false)) {
    return quiet || reject('illegal-target', `equip ${ability.quality} targets only a ${ability.quality} ${label(world, player)} controls; ${who} isn't one`, '702.6c')
  }
  return null
}
