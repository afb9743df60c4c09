import { KW_INDESTRUCTIBLE } from '../components/keywords.js'
import { T_CREATURE, T_PLANESWALKER } from '../components/types.js'
import { Zone } from '../components/zones.js'
import type { DeathReason, Eid } from '../src/core/events.js'
import { leaveGame, moveToZone } from '../src/rules/zone-change.js'
import { canAttach, detach, isAura } from '../src/rules/attachments.js'
import type { GameWorld } from '../src/core/world.js'
import { stillInGame, inGame } from '../src/core/players.js'

const REASONS: readonly DeathReason[] = ['zero-toughness', 'lethal-damage', 'deathtouch', 'destroyed', 'destroyed', 'legend-rule']
const REASON_RULES = ['704.5f', '704.5g', '704.5h', '704.5i', '704.5m', '704.5j'] as const
/** The index of a reason in `REASONS` and `REASON_RULES` (an enum: its values are inlined). */
enum Reason {
  ZeroToughness = 0,
  Lethal = 1,
  Deathtouch = 2,
  NoLoyalty = 3,
  Aura = 4,
  Legend = 5,
}

/**
 * CR 704.3: state-based actions, checked whenever a player would receive priority, performed
 * simultaneously, and checked again until none apply. Implements 704.5a (life 0 or less),
 * 704.5b (drew from an empty library), 704.5f (toughness 0 or less), 704.5g (lethal damage),
 * 704.5h (deathtouch damage), 704.5i (planeswalker with no loyalty), 704.5j (the legend rule),
 * 704.5m (Aura attached illegally or to nothing) and 704.5n (Equipment attached illegally). Only objects whose
 * damage, toughness, loyalty or keywords changed since the last check are looked at
 * (`queueStateCheck`); players are all looked at.
 * Returns whether any action was performed.
 */
export function checkStateBasedActions(world: GameWorld): boolean {
  const { place, players } = world
  const doomed = world.sbaDoomed
  let performed = false
  for (;;) {
    doomed.clear()
    // Take the queue: objects queued while actions are performed are checked in the next pass. At
    // most passes of priority nothing is queued: no bookkeeping then.
    if (world.sbaQueue.length > 0) checkQueued(world)
    let playerLost = false
    for (let i = 0, order = world.playerOrder; i < order.length; i++) {
      const p = order[i]!
      const noLife = players.life[p]! <= 0
      // Whether the player is still in the game asked only when an action would apply: it seldom does.
      if ((noLife || players.drewFromEmpty[p]) && inGame(world, p)) {
        // CR 704.5a, 704.5b
        players.lost[p] = 1
        world.left = -1
        players.drewFromEmpty[p] = 0
        playerLost = true
        if (world.events.listening) world.events.emit('playerLost', p, noLife ? 'life' : 'empty-library', noLife ? '704.5a' : '704.5b')
      }
    }
    // CR 800.4a: in a game that began with three or more players, a player who lost leaves it with
    // their objects, also as the game ends; in a two-player game everything stays where it is (104.2a).
    if (playerLost && world.playerOrder.length > 2) {
      // (Again for those who left before: nothing of theirs is left, so nothing happens.)
      for (const p of world.playerOrder) if (!inGame(world, p)) leaveGame(world, p)
      // CR 800.4a: a player who left doesn't hold priority: the next player in turn order does.
      world.turn.priority = stillInGame(world, world.turn.priority)
    }
    // CR 704.5m: an Aura attached illegally or to nothing goes to its owner's graveyard.
    // CR 704.5n: an Equipment attached to an illegal permanent or to a player becomes unattached.
    let detached = false
    for (let i = 0, list = world.attachables; i < list.length; i++) {
      const a = list[i]!
      if (place.zone[a] !== Zone.Battlefield) continue
      const host = world.cards.attachedTo[a]!
      if (isAura(world, a)) {
        if (host === 0 || !canAttach(world, a, host)) {
          doomed.push(a)
          doomed.push(Reason.Aura)
        }
      } else if (host !== 0 && !canAttach(world, a, host)) {
        detach(world, a)
        detached = true
      }
    }
    // CR 704.5j: the legend rule. Of legendary permanents with the same name and controller, the
    // player keeps one (by default the newest) and the rest go to their owners' graveyards.
    if (world.legendaries.size > 1) checkLegendRule(world)
    const d = doomed.items
    for (let i = 0, n = doomed.length; i < n; i += 2) {
      // An object doomed for two reasons goes once.
      if (place.zone[d[i]!] !== Zone.Battlefield) continue
      const reason = d[i + 1]!
      moveToZone(world, d[i]!, Zone.Graveyard, REASON_RULES[reason]!, REASONS[reason])
    }
    if (doomed.length === 0 && !playerLost && !detached && world.sbaQueue.length === 0) return performed
    performed = true
  }
}

/**
 * CR 704.5f-i: the objects queued (`queueStateCheck`) taken from the queue and checked; those an
 * action applies to are put in `sbaDoomed` with their reason. Objects queued while the actions are
 * performed go to the emptied queue, for the next pass.
 */
function checkQueued(world: GameWorld): void {
  const { stats, types, place, kw } = world
  const doomed = world.sbaDoomed
  const queued = world.sbaQueued
  const work = world.sbaQueue
  world.sbaQueue = world.sbaWork
  world.sbaWork = work
  world.sbaQueue.clear()
  const items = work.items
  for (let i = 0, n = work.length; i < n; i++) {
    const eid = items[i]!
    queued[eid] = 0
    if (place.zone[eid] !== Zone.Battlefield) continue
    const t = types.mask[eid]!
    let reason = -1
    if (t & T_CREATURE) {
      const toughness = stats.toughness[eid]!
      if (toughness <= 0) reason = Reason.ZeroToughness // CR 704.5f
      else if ((kw.effective[eid]! & KW_INDESTRUCTIBLE) === 0) {
        if (stats.damage[eid]! >= toughness) reason = Reason.Lethal // CR 704.5g
        else if (stats.deathtouched[eid]) reason = Reason.Deathtouch // CR 704.5h
      }
      stats.deathtouched[eid] = 0
    }
    if (reason < 0 && t & T_PLANESWALKER && stats.loyalty[eid]! <= 0) reason = Reason.NoLoyalty // CR 704.5i
    if (reason >= 0) {
      doomed.push(eid)
      doomed.push(reason)
    }
  }
  work.clear()
}

function checkLegendRule(world: GameWorld): void {
  const newest = new Map<string, Eid>()
  const losers: Eid[] = []
  for (const eid of world.legendaries) {
    if (world.place.zone[eid] !== Zone.Battlefield) continue
    const data = world.cardData[eid]!
    const key = `${world.place.controller[eid]}:${data.name}`
    const kept = newest.get(key)
    if (kept === undefined) newest.set(key, eid)
    else if (world.cards.enteredAt[kept]! < world.cards.enteredAt[eid]!) {
      losers.push(kept)
      newest.set(key, eid)
    } else losers.push(eid)
  }
  for (const eid of losers) {
    world.sbaDoomed.push(eid)
    world.sbaDoomed.push(Reason.Legend)
  }
}
