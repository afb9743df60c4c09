import type { Eid } from '../events'
import type { GameWorld } from '../world'

/** CR 601.2g-h, 106.4: the chosen lands are tapped for mana, which pays the cost at once. */
export function payWithLands(world: GameWorld, player: Eid, lands: readonly Eid[]): void {
  if (lands.length === 0) return
  for (const land of lands) world.status.tapped[land] = 1
  if (world.events.listening) world.events.emit('manaPaid', player, lands.length, '601.2h')
}
