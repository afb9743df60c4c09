import type { ParameterizedKeyword } from '../../../components/abilities.js'
import { reject, OK, type ActionResult, type Rejection } from '../../core/errors.js'
import type { Eid } from '../../core/events.js'
import { equipTargetError } from '../spells/equip-targets.js'
import { hasSorceryTiming, sorceryTimingError } from '../spells/timing.js'
import { label, onBattlefield, type GameWorld } from '../../core/world.js'
import { equipItem } from '../../core/stack-items.js'
import { actorError } from './preconditions.js'
import { cheapestPayable, payableExactly, payWithLands, type Payable } from './pay.js'

export interface ActivateRequest {
  player: Eid
  object: Eid
  ability: 'equip' | 'equip planeswalker'
  target: Eid
  /** The lands to tap (docs/scenario-format.md `pay`), which must pay the cost exactly (`illegal-payment`); without it (or null), the default payment. */
  pay?: readonly Eid[]
}

/**
 * CR 602.2, 702.6: activates an equip ability, checked in full first: the player controls the
 * Equipment, sorcery timing, the target, the cost. With several equip abilities of that kind, the
 * cheapest by mana value whose target is legal and whose cost can be paid (ties: the first
 * listed). The ability goes on the stack; it resolves when all pass.
 */
export function activateEquip(world: GameWorld, req: ActivateRequest): ActionResult {
  const checked = checkActivate(world, req)
  if (!checked.ok) return checked
  const { player, object, target } = req
  // Read before the payment's event: a listener may activate in another game, which refills the answer.
  const ability = checked.option
  payWithLands(world, player, checked.lands)
  world.stack.push(equipItem(world, object, player, target, ability))
  if (world.events.listening) world.events.emit('abilityActivated', player, object, target, '602.2')
  return OK
}

export type EquipAbility = Extract<ParameterizedKeyword, { kind: 'equip' | 'equip planeswalker' }>

/** `checkActivate`'s list of the legal abilities, read and dropped within the call; and their cost (one function, not one per call). */
const LEGAL: EquipAbility[] = []
const abilityCost = (a: EquipAbility): string => a.cost

/** Everything that makes an equip activation illegal now (CR 602.2, 702.6), or the ability used and the lands that pay for it. */
export function checkActivate(world: GameWorld, req: ActivateRequest): Rejection | Payable<EquipAbility> {
  const legal = activateError(world, req, LEGAL)
  if (!Array.isArray(legal)) return legal
  const chosen = cheapestPayable(world, req.player, legal, abilityCost)
  if (chosen === null) return reject('cannot-pay', `${label(world, req.player)} can't pay any ${req.ability} cost of ${label(world, req.object)} with untapped lands`, '602.2b')
  if (req.pay != null) {
    // CR 602.2b, 601.2g-h: the lands the player names must pay the cost exactly.
    const exact = payableExactly(world, req.player, legal, abilityCost, req.pay)
    return 'error' in exact ? reject('illegal-payment', `${req.ability} of ${label(world, req.object)}: ${exact.error}`, '602.2b') : exact
  }
  return chosen
}

/**
 * Everything but the cost that makes an equip activation illegal now (CR 602.2, 702.6a, c, e), or
 * the abilities of that kind whose target is legal (the cheapest payable one is used), into
 * `legal`, a caller's scratch list (its entries replaced, cut to their number): asking builds no list.
 */
export function activateError(world: GameWorld, req: ActivateRequest, legal: EquipAbility[]): Rejection | EquipAbility[] {
  const { player, object, target, ability } = req
  const actor = actorError(world, player)
  if (actor) return actor
  if (!onBattlefield(world, object)) {
    return reject('not-on-battlefield', `${label(world, object)} is not a permanent on the battlefield`, '602.2')
  }
  if (world.place.controller[object] !== player) {
    return reject('not-your-permanent', `only ${label(world, object)}'s controller may activate its abilities`, '602.2')
  }
  const abilities = world.abilities[object] ?? []
  // One pass by index, without callbacks (the enumerators ask this per candidate target): the first
  // ability of the kind, and those whose target is legal into `legal` by index (an emptied list
  // drops its storage). Checked before the timing and the target's presence, answered after them.
  let first: EquipAbility | undefined
  let n = 0
  for (let k = 0; k < abilities.length; k++) {
    const a = abilities[k] as EquipAbility
    if (a.kind !== ability) continue
    first ??= a
    if (equipTargetError(world, player, object, a, target, true) === null) legal[n++] = a
  }
  if (!first) return reject('no-such-ability', `${label(world, object)} has no ${ability} ability`, '602.1')
  if (!hasSorceryTiming(world, player)) return sorceryTimingError(world, player, `${ability} can be activated`, '702.6a')
  if (target === 0) return reject('illegal-target', `${ability} needs a target`, '602.2b')
  if (n === 0) return equipTargetError(world, player, object, first, target)!
  // Cut only when its length differs: setting an array's length is a call into the runtime.
  if (legal.length !== n) legal.length = n
  return legal
}
