import { C_ALL_COMBAT, C_ATTACKED_PLANESWALKER, C_ATTACKING, C_BLOCKING, NO_ENTITY } from '../../components/combat.js'
import { T_CREATURE } from '../../components/types.js'
import { Zone, ZONE_NAMES, type ZoneId } from '../../components/zones.js'
import { endEffectsOn } from './effects.js'
import { detach } from './attachments.js'
import type { DeathReason, Eid } from '../core/events.js'
import { noteChange, zoneList, type GameWorld, type StackItem } from '../core/world.js'
import { releaseItem } from '../core/stack-items.js'
import { cutTo, removeItem } from '../core/lists.js'
import { battlefieldChanged } from '../core/entity-lists.js'

/**
 * CR 506.4: removes a permanent from combat. It stops being attacking, blocking, blocked
 * or attacked; a blocked creature stays blocked (509.1h) even when its blockers leave. Outside
 * combat nothing happens.
 */
export function leaveCombat(world: GameWorld, eid: Eid): void {
  // Also a note for its other changes as it leaves the battlefield or the game (`moveToZone`, `leaveGame`).
  noteChange(world, eid)
  const flags = world.combat.flags
  const f = flags[eid]!
  if ((f & (C_ATTACKING | C_BLOCKING | C_ATTACKED_PLANESWALKER)) === 0) return
  flags[eid] = f & ~C_ALL_COMBAT
  world.combat.attackTarget[eid] = NO_ENTITY
  world.combat.defendingPlayer[eid] = NO_ENTITY
  world.combat.blocking[eid] = NO_ENTITY
  if (world.events.listening) world.events.emit('removedFromCombat', eid, '506.4')
}

/**
 * Moves an object to another zone (CR 400.7: it becomes a new object). Leaving the
 * battlefield removes it from combat, ends the effects on it and clears its marks;
 * off the battlefield its controller is its owner (CR 108.4a).
 */
export function moveToZone(world: GameWorld, eid: Eid, to: ZoneId, rule: string, death?: DeathReason): void {
  const from = world.place.zone[eid]! as ZoneId
  const owner = world.place.owner[eid]!
  const lists = world.zoneLists[owner]!
  if (from === Zone.Battlefield) {
    leaveCombat(world, eid)
    world.status.tapped[eid] = 0
    world.status.sick[eid] = 0
    world.stats.damage[eid] = 0
    world.stats.deathtouched[eid] = 0
    world.place.controller[eid] = owner
    endEffectsOn(world, eid)
    // CR 400.7: an Equipment or Aura that leaves is no longer attached to anything (only they are
    // ever attached: `attach`; `detach` of an object attached to nothing does nothing).
    detach(world, eid)
  } else if (from !== Zone.Stack && from !== Zone.Outside) {
    // From the front: a card drawn is the library's first (`drawCard`).
    removeItem(zoneList(lists, from), eid)
  }
  if (from === Zone.Exile) {
    // CR 702.170: a plotted card that leaves exile is a new object, no longer plotted.
    world.cards.plotted[eid] = 0
  }
  world.place.zone[eid] = to
  if (from === Zone.Battlefield) battlefieldChanged(world, eid, false)
  if (to === Zone.Battlefield) battlefieldChanged(world, eid, true)
  if (to !== Zone.Battlefield && to !== Zone.Stack && to !== Zone.Outside) zoneList(lists, to).push(eid)
  if (!world.events.listening) return
  world.events.emit('zoneChanged', eid, ZONE_NAMES[from], ZONE_NAMES[to], rule)
  if (from === Zone.Battlefield && to === Zone.Graveyard && world.types.mask[eid]! & T_CREATURE) {
    // CR 700.4: "dies" means put into a graveyard from the battlefield.
    world.events.emit('creatureDied', eid, death ?? 'destroyed', rule)
  }
}

/** The items of `list` that `player` controls leave it (back to the world's pool), in place: the others keep their order. */
function dropItemsOf(world: GameWorld, list: StackItem[], player: Eid): void {
  let n = 0
  for (const item of list) {
    if (item.controller === player) releaseItem(world, item)
    else list[n++] = item
  }
  cutTo(list, n)
}

/**
 * CR 800.4a: a player leaves a multiplayer game: every object they own leaves the game (zone
 * `outside`), with their spells and abilities on the stack, and the effects that gave them control
 * of the others end: those go back to their owners, out of combat (506.4). So nothing is left for
 * them to control (that would be exiled). They are skipped from now on (turn order, priority, targets).
 */
export function leaveGame(world: GameWorld, player: Eid): void {
  // Their spells and abilities on the stack cease to exist (their cards leave the game below).
  dropItemsOf(world, world.stack, player)
  dropItemsOf(world, world.pendingTriggers, player)
  const { owner, controller, zone } = world.place
  world.cardData.forEach((_, eid) => {
    if (owner[eid] === player) {
      if (zone[eid] !== Zone.Outside) moveToZone(world, eid, Zone.Outside, '800.4a')
    } else if (controller[eid] === player) {
      controller[eid] = owner[eid]!
      // CR 302.6: its new controller hasn't controlled it since their turn began.
      world.status.sick[eid] = 1
      leaveCombat(world, eid)
    }
  })
  // Auras attached to the player fall off as a state-based action (704.5m: a player who left is no legal host).
}
