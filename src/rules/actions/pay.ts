import type { Eid } from '../../core/events.js'
import { manaValue, type ManaCost } from '../mana/cost.js'
import { costOf as parsedCost } from '../mana/afford.js'
import { findPayment, paymentError } from '../mana/payment.js'
import type { GameWorld } from '../../core/world.js'

/** CR 601.2g-h, 106.4: the chosen lands are tapped for mana, which pays the cost at once. */
export function payWithLands(world: GameWorld, player: Eid, lands: readonly Eid[]): void {
  if (lands.length === 0) return
  for (const land of lands) world.status.tapped[land] = 1
  if (world.events.listening) world.events.emit('manaPaid', player, lands.length, '601.2h')
}

/**
 * Of several abilities with a cost (equip abilities, plot costs), the cheapest by mana value
 * that the player's untapped lands can pay, ties to the first listed (docs/scenario-format.md); with the lands
 * that pay it (the default payment, `findPayment`). Null when none can be paid. Pays nothing.
 */
export function cheapestPayable<T>(world: GameWorld, player: Eid, options: readonly T[], costOf: (option: T) => string): { option: T; lands: Eid[] } | null {
  for (const { option, cost } of byManaValue(options, costOf)) {
    const lands = findPayment(world, player, cost)
    if (lands !== null) return { option, lands }
  }
  return null
}

/**
 * With the lands a player names (`pay`): the cheapest of the options whose cost those lands pay
 * exactly, or the reason none does (for an `illegal-payment` rejection). Pays nothing.
 */
export function payableExactly<T>(
  world: GameWorld,
  player: Eid,
  options: readonly T[],
  costOf: (option: T) => string,
  pay: readonly Eid[],
): { option: T; lands: Eid[] } | { error: string } {
  let first: string | null = null
  for (const { option, cost } of byManaValue(options, costOf)) {
    const error = paymentError(world, player, cost, pay)
    if (error === null) return { option, lands: [...pay] }
    first ??= error
  }
  return { error: first ?? 'there is no cost to pay' }
}

function byManaValue<T>(options: readonly T[], costOf: (option: T) => string): { option: T; cost: ManaCost }[] {
  return options.map((option, order) => ({ option, order, cost: parsedCost(costOf(option)) })).sort((x, y) => manaValue(x.cost) - manaValue(y.cost) || x.order - y.order)
}
