import type { Eid } from '../events.js'
import { manaValue } from '../mana/cost.js'
import { costOf as parsedCost } from '../mana/afford.js'
import { findPayment } from '../mana/payment.js'
import type { GameWorld } from '../world.js'

/** CR 601.2g-h, 106.4: the chosen lands are tapped for mana, which pays the cost at once. */
export function payWithLands(world: GameWorld, player: Eid, lands: readonly Eid[]): void {
  if (lands.length === 0) return
  for (const land of lands) world.status.tapped[land] = 1
  if (world.events.listening) world.events.emit('manaPaid', player, lands.length, '601.2h')
}

/**
 * Of several abilities with a cost (equip abilities, plot costs), the cheapest by mana value
 * that the player's untapped lands can pay, ties to the first listed (FORMAT.md); with the lands
 * that pay it. Null when none can be paid. Pays nothing.
 */
export function cheapestPayable<T>(world: GameWorld, player: Eid, options: readonly T[], costOf: (option: T) => string): { option: T; lands: Eid[] } | null {
  const byCost = options
    .map((option, order) => ({ option, order, cost: parsedCost(costOf(option)) }))
    .sort((x, y) => manaValue(x.cost) - manaValue(y.cost) || x.order - y.order)
  for (const { option, cost } of byCost) {
    const lands = findPayment(world, player, cost)
    if (lands !== null) return { option, lands }
  }
  return null
}
