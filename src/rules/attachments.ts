import { T_ARTIFACT, T_CREATURE, T_LAND, T_PERMANENT, T_PLANESWALKER } from '../../components/types.js'
import { keywordMask } from '../../components/keywords.js'
import { addEffect, endEffect } from './effects.js'
import type { Eid } from '../core/events.js'
import { isPlayer, noteChange, permanentOfType, type GameWorld } from '../core/world.js'
import type { ParameterizedKeyword } from '../../components/abilities.js'
import { inGame } from '../core/players.js'

/** Whether `eid` is an Equipment (CR 301.5); false for anything that is not a card of the world. */
export function isEquipment(world: GameWorld, eid: Eid): boolean {
  return world.cardData[eid]?.equipment ?? false
}

/** Whether `eid` is an Aura (CR 303.4); false for anything that is not a card of the world. */
export function isAura(world: GameWorld, eid: Eid): boolean {
  return world.cardData[eid]?.aura ?? false
}

/**
 * CR 702.5a, 702.5c: whether `host` satisfies one enchant quality of an Aura controlled by
 * `controller`. Also the check of a spell's target kinds (`matchesTargetKind`, CR 115.1): the same
 * words ask the same of an object, so a change here changes both.
 */
export function satisfiesEnchant(world: GameWorld, quality: string, controller: Eid, host: Eid): boolean {
  if (quality === 'player') return isPlayer(world, host) && inGame(world, host)
  // An unknown quality: no types, so nothing satisfies it.
  return permanentOfType(world, host, QUALITY_TYPES[quality] ?? 0) && (quality !== 'creature you control' || world.place.controller[host] === controller)
}

/**
 * The card types each enchant quality but "player" asks of a permanent on the battlefield: a
 * property read (the spell-target loops ask it per candidate; a Map's lookup hashed the name). A
 * name of Object's own (`toString`) reads a function, which has no type bits (`& types` is 0).
 */
const QUALITY_TYPES: Readonly<Record<string, number>> = {
  creature: T_CREATURE,
  'creature you control': T_CREATURE,
  planeswalker: T_PLANESWALKER,
  land: T_LAND,
  artifact: T_ARTIFACT,
  permanent: T_PERMANENT,
}

/** The enchant qualities of an Aura (CR 702.5c: all of them apply). */
const QUALITIES = new WeakMap<readonly ParameterizedKeyword[], string[]>()
const NONE: string[] = []

export function enchantQualities(world: GameWorld, aura: Eid): readonly string[] {
  const abilities = world.abilities[aura]
  if (abilities === undefined) return NONE
  let qualities = QUALITIES.get(abilities)
  if (qualities === undefined) {
    qualities = abilities.flatMap((a) => (a.kind === 'enchant' ? [a.quality] : []))
    QUALITIES.set(abilities, qualities)
  }
  return qualities
}

/**
 * Whether `object` can be attached to `host` now: an Equipment to a creature on the battlefield
 * (CR 301.5c, 704.5n), an Aura to what all its enchant abilities allow (702.5c, 704.5m), never an
 * object to itself. Asked by state-based actions and an Aura spell's resolution (303.4f), which
 * say nothing more: nothing is made.
 */
export function canAttach(world: GameWorld, object: Eid, host: Eid): boolean {
  if (object === host) return false
  if (isEquipment(world, object)) return permanentOfType(world, host, T_CREATURE)
  if (!isAura(world, object)) return false
  const controller = world.place.controller[object]!
  const qualities = enchantQualities(world, object)
  for (let i = 0; i < qualities.length; i++) if (!satisfiesEnchant(world, qualities[i]!, controller, host)) return false
  // CR 303.4a: an Aura with no enchant ability can't be attached.
  return qualities.length > 0
}

/**
 * CR 701.3: attaches an Equipment or Aura to an object or player. It becomes unattached from
 * what it was attached to, and gets a new timestamp (CR 613.7e): its effect on the new host
 * applies from now.
 */
export function attach(world: GameWorld, object: Eid, host: Eid): void {
  const data = world.cardData[object]!
  if (world.cards.attachedTo[object] === host) return
  detach(world, object)
  world.cards.attachedTo[object] = host
  noteChange(world, object)
  const grant = isEquipment(world, object) ? data.equipped : data.enchanted
  if (grant && !isPlayer(world, host)) {
    const effect = addEffect(world, host, keywordMask(grant.keywords), 0, grant.power ?? 0, grant.toughness ?? 0, 'attached', object)
    world.attachmentEffects.set(object, effect)
  }
  if (world.events.listening) world.events.emit('attached', object, host, '701.3a')
}

/** The Equipment or Aura becomes unattached; its effect on the host ends. */
export function detach(world: GameWorld, object: Eid): void {
  const host = world.cards.attachedTo[object]!
  if (host === 0) return
  world.cards.attachedTo[object] = 0
  noteChange(world, object)
  const effect = world.attachmentEffects.get(object)
  if (effect) {
    // Null rather than deleted: a delete can shrink the map's table, made again at the next attach.
    world.attachmentEffects.set(object, null)
    endEffect(world, effect)
  }
  if (world.events.listening) world.events.emit('unattached', object, host, '701.3d')
}
