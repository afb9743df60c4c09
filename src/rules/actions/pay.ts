import type { Eid } from '../../core/events.js'
import { manaValue } from '../mana/cost.js'
import { costOf as parsedCost } from '../mana/afford.js'
import { findPayment, paymentError } from '../mana/payment.js'
import { noteChange, type GameWorld } from '../../core/world.js'

/** CR 601.2g-h, 106.4: the chosen lands are tapped for mana, which pays the cost at once. */
export function payWithLands(world: GameWorld, player: Eid, lands: readonly Eid[]): void {
  if (lands.length === 0) return
  for (const land of lands) {
    world.status.tapped[land] = 1
    noteChange(world, land)
  }
  if (world.events.listening) world.events.emit('manaPaid', player, lands.length, '601.2h')
}

/** An option that can be paid and the lands that pay it: the checks' answer as it is (`ok`), no copy made. */
export interface Payable<T> {
  ok: true
  option: T
  lands: Eid[]
}

/**
 * Of several abilities with a cost (equip abilities, plot costs), the cheapest by mana value
 * that the player's untapped lands can pay, ties to the first listed (docs/scenario-format.md); with the lands
 * that pay it (the default payment, `findPayment`), in one answer refilled at each call. Null when none can be paid. Pays nothing;
 * `options`, the caller's own list, is sorted (`byManaValue`).
 */
export function cheapestPayable<T>(world: GameWorld, player: Eid, options: T[], costOf: (option: T) => string): Payable<T> | null {
  for (const option of byManaValue(options, costOf)) {
    const lands = findPayment(world, player, parsedCost(costOf(option)))
    if (lands !== null) {
      CHEAPEST.option = option
      CHEAPEST.lands = lands
      return CHEAPEST as Payable<T>
    }
  }
  return null
}

/** `cheapestPayable`'s answer, refilled at each call (as `findPayment`'s lands): read it before asking again. */
const CHEAPEST: Payable<unknown> = { ok: true, option: null, lands: [] }

/**
 * With the lands a player names (`pay`): the cheapest of the options whose cost those lands pay
 * exactly, or the reason none does (for an `illegal-payment` rejection). Pays nothing; sorts
 * `options` as `cheapestPayable` does.
 */
export function payableExactly<T>(
  world: GameWorld,
  player: Eid,
  options: T[],
  costOf: (option: T) => string,
  pay: readonly Eid[],
): Payable<T> | { error: string } {
  let first: string | null = null
  for (const option of byManaValue(options, costOf)) {
    const error = paymentError(world, player, parsedCost(costOf(option)), pay)
    if (error === null) return { ok: true, option, lands: [...pay] }
    first ??= error
  }
  return { error: first ?? 'there is no cost to pay' }
}

/** `options` sorted in place by mana value, ties in list order (the sort is stable): no list or entry made. */
function byManaValue<T>(options: T[], costOf: (option: T) => string): T[] {
  // One option (most Equipment): nothing to sort, and no comparator made.
  return options.length < 2 ? options : options.sort((x, y) => manaValue(parsedCost(costOf(x))) - manaValue(parsedCost(costOf(y))))
}
