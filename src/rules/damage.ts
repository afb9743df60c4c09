import { KW_DEATHTOUCH, KW_LIFELINK } from '../../components/keywords.js'
import { T_CREATURE, T_PLANESWALKER } from '../../components/types.js'
import { Zone } from '../../components/zones.js'
import type { Eid } from '../core/events.js'
import { clamp, LIMITS } from '../core/limits.js'
import { isPlayer, noteChange, queueStateCheck, type GameWorld } from '../core/world.js'

/**
 * CR 120.3: the results of damage dealt by `source` (0 for a sourceless effect) to a player,
 * planeswalker or creature, with the source's deathtouch (702.2b) and lifelink (702.15b).
 * Every damage event, combat or not, goes through here.
 */
export function dealDamage(world: GameWorld, source: Eid, target: Eid, amount: number, combat: boolean, rule: string): void {
  if (amount <= 0) return
  const events = world.events
  const listening = events.listening
  // Entity 0 (no source) has no keywords.
  const sourceKeywords = world.kw.effective[source]!
  if (isPlayer(world, target)) {
    // CR 120.3a: damage to a player causes that player to lose that much life (saturating, never wrapping).
    const life = (world.players.life[target] = clamp(world.players.life[target]! - amount, LIMITS.life))
    if (listening) {
      events.emit('damageDealt', source, target, amount, combat, rule)
      events.emit('lifeChanged', target, -amount, life, '120.3a')
    }
  } else if (world.place.zone[target] === Zone.Battlefield) {
    noteChange(world, target)
    const types = world.types.mask[target]!
    if (types & T_PLANESWALKER) {
      // CR 120.3c: damage to a planeswalker removes that many loyalty counters, as many as it has
      // (never below 0, which a position's loyalty isn't either: 704.5i puts it in the graveyard at 0).
      const before = world.stats.loyalty[target]!
      const loyalty = (world.stats.loyalty[target] = Math.max(before - amount, 0))
      queueStateCheck(world, target)
      if (listening) {
        events.emit('damageDealt', source, target, amount, combat, rule)
        events.emit('loyaltyChanged', target, loyalty - before, loyalty, '120.3c')
      }
    }
    if (types & T_CREATURE) {
      // CR 120.3e: damage to a creature is marked on it.
      const marked = (world.stats.damage[target] = clamp(world.stats.damage[target]! + amount, LIMITS.damage))
      // CR 702.2b: remember deathtouch damage until state-based actions are checked.
      if (sourceKeywords & KW_DEATHTOUCH) {
        world.stats.deathtouched[target] = 1
        queueStateCheck(world, target)
      } else if (marked >= world.stats.toughness[target]!) {
        // CR 704.5g can apply only once the damage marked reaches the toughness; a later drop in
        // toughness queues the creature again (`recomputeCharacteristics`).
        queueStateCheck(world, target)
      }
      if (listening && !(types & T_PLANESWALKER)) events.emit('damageDealt', source, target, amount, combat, rule)
    }
  } else {
    return
  }
  if (sourceKeywords & KW_LIFELINK) {
    // CR 510.2: a source's combat damage to all its recipients is dealt at once, so its lifelink
    // gains once: summed here and gained after its last entry (`gainLifelink`, by the damage step).
    world.plan.gain += amount
    if (!combat) gainLifelink(world, source)
  }
}

/** CR 702.15b: damage dealt by a source with lifelink causes its controller to gain that much life: the gain summed for `source` (`dealDamage`), if any. */
export function gainLifelink(world: GameWorld, source: Eid): void {
  const plan = world.plan
  const amount = plan.gain
  if (amount) {
    const controller = world.place.controller[source]!
    const life = (world.players.life[controller] = clamp(world.players.life[controller]! + amount, LIMITS.life))
    if (world.events.listening) world.events.emit('lifeChanged', controller, amount, life, '702.15b')
  }
  plan.gain = 0
}
