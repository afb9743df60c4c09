import { Zone, ZONE_NAMES, type ZoneId } from '../../../components/zones.js'
import { reject, OK, type ActionResult, type Rejection } from '../../core/errors.js'
import type { Eid } from '../../core/events.js'
import { hasSorceryTiming, sorceryTimingError } from '../spells/timing.js'
import { moveToZone } from '../zone-change.js'
import { label, type GameWorld } from '../../core/world.js'
import { actorError } from './preconditions.js'
import { cheapestPayable, payWithLands } from './pay.js'

/**
 * CR 702.170a, 116.2k: the plot special action: any time the player has priority during their
 * main phase with an empty stack, exile the card from their hand and pay its plot cost (the
 * cheapest payable if it has several); it becomes plotted, with the turn it happened. `from`:
 * CR 702.170g, an effect lets the plot ability work from this zone instead of the hand. The
 * player, card and zone are arguments (no request object: nothing is made per plot).
 */
export function plotCard(world: GameWorld, player: Eid, card: Eid, from?: ZoneId): ActionResult {
  const checked = checkPlot(world, player, card, from)
  if (!checked.ok) return checked
  payWithLands(world, player, checked.lands)
  moveToZone(world, card, Zone.Exile, '702.170a')
  world.cards.plotted[card] = 1
  world.cards.plottedTurn[card] = world.turn.number
  if (world.events.listening) world.events.emit('cardPlotted', player, card, world.turn.number, '116.2k')
  return OK
}

/** A plot cost is its own cost (one function, not one per call). */
const itself = (cost: string): string => cost

/** Everything that makes the plot special action illegal now (CR 702.170a, 116.2k), or the lands that pay for it. */
export function checkPlot(world: GameWorld, player: Eid, card: Eid, from?: ZoneId): Rejection | { ok: true; lands: Eid[] } {
  const costs = plotError(world, player, card, from)
  if (!Array.isArray(costs)) return costs
  const chosen = cheapestPayable(world, player, costs, itself)
  if (chosen === null) return reject('cannot-pay', `${label(world, player)} can't pay the plot cost of ${label(world, card)} with untapped lands`, '702.170a')
  return chosen
}

/** `plotError`'s list of the card's plot costs, refilled at each call (never emptied: an emptied list drops its storage). */
const COSTS: string[] = []

/** Everything but the cost that makes the plot special action illegal now, or the card's plot costs (a list refilled at each call: read it before asking again). */
export function plotError(world: GameWorld, player: Eid, card: Eid, from: ZoneId = Zone.Hand): Rejection | string[] {
  const actor = actorError(world, player)
  if (actor) return actor
  const name = label(world, card)
  const data = world.cardData[card]
  // Only cards have card data (players have none).
  if (!data) return reject('unknown-object', `${name} is not a card`, null)
  if (from === Zone.Exile || from === Zone.Stack) return reject('illegal-zone', `plotting exiles a card from another zone; it can't start in ${ZONE_NAMES[from]}`, '702.170g')
  if (world.place.zone[card] !== from || world.place.owner[card] !== player) {
    return reject('not-in-hand', `${name} is not in ${label(world, player)}'s ${ZONE_NAMES[from]}`, '702.170a')
  }
  const costs = COSTS
  let n = 0
  for (const a of world.abilities[card] ?? []) if (a.kind === 'plot') costs[n++] = a.cost
  if (n === 0) return reject('no-plot', `${name} has no plot ability`, '702.170a')
  if (costs.length !== n) costs.length = n
  if (!hasSorceryTiming(world, player)) return sorceryTimingError(world, player, `${name} can be plotted`, '702.170a')
  return costs
}
