import { T_CREATURE } from '../components/types.js'
import { Zone } from '../components/zones.js'
import { battlefieldOf } from '../src/core/entity-lists.js'
import { Await, awaitChoice, choiceMade } from '../src/core/await.js'
import { endUntilEndOfTurnEffects } from '../src/rules/effects.js'
import { moveToZone } from '../src/rules/zone-change.js'
import { noteChange, type GameWorld } from '../src/core/world.js'
import { MAXIMUM_HAND_SIZE } from '../src/core/rule-numbers.js'

/**
 * CR 514.1: the active player discards down to the maximum hand size, choosing the cards; the
 * step waits for the choice (`world.pending.discard`).
 */
export function discardToHandSize(world: GameWorld): boolean {
  const active = world.turn.active
  const hand = world.zoneLists[active]!.hand
  const excess = hand.length - MAXIMUM_HAND_SIZE
  if (excess <= 0) return false
  const chosen = world.pending.discard
  if (chosen === null) return awaitChoice(world, Await.Discard, active, excess)
  world.pending.discard = null
  choiceMade(world)
  for (const card of chosen) moveToZone(world, card, Zone.Graveyard, '514.1')
  if (world.events.listening) world.events.emit('cardsDiscarded', active, chosen.length, '514.1')
  return false
}

/** CR 514.2: damage is removed from all permanents and "until end of turn" effects end, simultaneously. */
export function cleanupStep(world: GameWorld): void {
  const { damage } = world.stats
  let healed = 0
  for (const eid of battlefieldOf(world)) {
    if (damage[eid] !== 0 && world.types.mask[eid]! & T_CREATURE) {
      damage[eid] = 0
      noteChange(world, eid)
      healed++
    }
  }
  if (world.events.listening) world.events.emit('damageRemoved', healed, '514.2')
  const ended = endUntilEndOfTurnEffects(world)
  if (world.events.listening) world.events.emit('effectsEnded', ended, '514.2')
}
