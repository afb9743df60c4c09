import { Zone } from '../../components/zones.js'
import type { Eid } from '../core/events.js'
import { moveToZone } from './zone-change.js'
import type { GameWorld } from '../core/world.js'
import { inGame } from '../core/players.js'

/** CR 121.2: a player draws a card; from an empty library nothing happens now and 704.5b applies. */
export function drawCard(world: GameWorld, player: Eid): void {
  const library = world.zoneLists[player]!.library
  if (library.length === 0) {
    world.players.drewFromEmpty[player] = 1
    return
  }
  const card = library[0]!
  moveToZone(world, card, Zone.Hand, '121.2')
  world.events.emit('cardDrawn', player, card, '504.1')
}

/** CR 103.8a: on turn 1 of a two-player game, the starting player skips the draw; CR 800.4: in a turn whose active player has left, nobody draws. */
export function turnDrawSkipped(world: GameWorld): boolean {
  return (world.turn.number === 1 && world.playerOrder.length === 2) || !inGame(world, world.turn.active)
}
