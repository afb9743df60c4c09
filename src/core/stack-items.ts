/**
 * The objects on the stack (CR 405) and waiting to go there (603.3), made and used again: an item
 * is the world's alone (a snapshot holds copies: `state-resources.ts`), so once it has resolved
 * (or a restore replaced it) its object goes back to the world's pool of its kind and the next
 * spell, ability or trigger of that kind takes it. No cast, activation or trigger allocates one in
 * a game that has had as many on the stack at once before.
 */
import type { ParameterizedKeyword } from '../../components/abilities.js'
import type { Eid } from '../../components/entity.js'
import type { TriggerSpec } from './card-spec.js'

/** An object on the stack (CR 405): a spell, an activated ability or a triggered ability. */
export type StackItem =
  | { kind: 'spell'; card: Eid; controller: Eid; target: Eid }
  | { kind: 'equip'; source: Eid; controller: Eid; target: Eid; ability: ParameterizedKeyword }
  | { kind: 'trigger'; source: Eid; controller: Eid; trigger: TriggerSpec }

export type SpellItem = Extract<StackItem, { kind: 'spell' }>
export type EquipItem = Extract<StackItem, { kind: 'equip' }>
export type TriggerItem = Extract<StackItem, { kind: 'trigger' }>

/** A world, as far as its items are concerned. */
interface ItemHolder {
  itemPool: StackItemPool
}

/** Each kind's objects free to be used again (scratch: not state). */
export interface StackItemPool {
  spell: SpellItem[]
  equip: EquipItem[]
  trigger: TriggerItem[]
}

// Each kind's fields set in one order, the kind first, whether the object is new or the pool's:
// every item of a kind has one shape.

/** A released item of the kind to use again, else a new one (its kind set first). */
function pooled<K extends StackItem['kind']>(world: ItemHolder, kind: K): Extract<StackItem, { kind: K }> {
  return ((world.itemPool[kind] as StackItem[]).pop() ?? { kind }) as Extract<StackItem, { kind: K }>
}

/** CR 601.2a: a spell on the stack. */
export function spellItem(world: ItemHolder, card: Eid, controller: Eid, target: Eid): SpellItem {
  const item = pooled(world, 'spell')
  item.card = card
  item.controller = controller
  item.target = target
  return item
}

/** CR 602.2a: an equip ability on the stack. */
export function equipItem(world: ItemHolder, source: Eid, controller: Eid, target: Eid, ability: ParameterizedKeyword): EquipItem {
  const item = pooled(world, 'equip')
  item.source = source
  item.controller = controller
  item.target = target
  item.ability = ability
  return item
}

/** CR 603.2: a triggered ability, waiting to be put on the stack. */
export function triggerItem(world: ItemHolder, source: Eid, controller: Eid, trigger: TriggerSpec): TriggerItem {
  const item = pooled(world, 'trigger')
  item.source = source
  item.controller = controller
  item.trigger = trigger
  return item
}

/** An item the world no longer holds (resolved, or replaced by a restore) back to its pool. Nothing may read it after. */
export function releaseItem(world: ItemHolder, item: StackItem): void {
  ;(world.itemPool[item.kind] as StackItem[]).push(item)
}

/**
 * A copy of `item` for the world to hold, from its pool when it has one of the kind (a restore):
 * made by its kind's constructor, so its fields are in the one order whatever the saved item's
 * (a state document re-serialized with sorted keys; the digest reads them in the object's order),
 * and no other key is copied.
 */
export function copyItem(world: ItemHolder, item: StackItem): StackItem {
  if (item.kind === 'spell') return spellItem(world, item.card, item.controller, item.target)
  if (item.kind === 'equip') return equipItem(world, item.source, item.controller, item.target, item.ability)
  return triggerItem(world, item.source, item.controller, item.trigger)
}
