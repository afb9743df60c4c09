import type { ParameterizedKeyword } from '../../../components/abilities.js'
import { T_CREATURE, T_PLANESWALKER } from '../../../components/types.js'
import { reject, type Rejection } from '../../core/errors.js'
import type { Eid } from '../../core/events.js'
import { label, permanentOfType, type GameWorld } from '../../core/world.js'

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
  if (target === equipment) return quiet || reject('illegal-target', `${label(world, equipment)} can't equip itself`, '301.5c')
  const planeswalker = ability.kind === 'equip planeswalker'
  if (!permanentOfType(world, target, planeswalker ? T_PLANESWALKER : T_CREATURE) || world.place.controller[target] !== player) {
    return quiet || (planeswalker
      ? reject('illegal-target', `equip planeswalker targets a planeswalker ${label(world, player)} controls; ${who} isn't one`, '702.6e')
      : reject('illegal-target', `equip targets a creature ${label(world, player)} controls; ${who} isn't one`, '702.6a'))
  }
  if (ability.kind === 'equip' && ability.quality !== null && !(world.cardData[target]?.subtypes.includes(ability.quality) ?? false)) {
    return quiet || reject('illegal-target', `equip ${ability.quality} targets only a ${ability.quality} ${label(world, player)} controls; ${who} isn't one`, '702.6c')
  }
  return null
}
