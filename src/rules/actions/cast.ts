import { KW_FLASH } from '../../../components/keywords.js'
import { T_INSTANT, T_LAND } from '../../../components/types.js'
import { Zone } from '../../../components/zones.js'
import { reject, OK, type ActionResult, type Rejection } from '../../core/errors.js'
import type { Eid } from '../../core/events.js'
import { findPayment, paymentError } from '../mana/payment.js'
import { needsTarget, spellTargetError } from '../spells/targets.js'
import { hasSorceryTiming, sorceryTimingError } from '../spells/timing.js'
import type { RejectCode } from '../../core/reject-codes.js'
import { moveToZone } from '../zone-change.js'
import { label, type GameWorld } from '../../core/world.js'
import { spellItem } from '../../core/stack-items.js'
import { actorCardRejection, actorCheck, isCard } from './preconditions.js'
import { payWithLands } from './pay.js'

export interface CastRequest {
  player: Eid
  card: Eid
  /** The spell's target (0 or none for none). */
  target?: Eid
  /** CR 702.170d: cast a plotted card from exile without paying its mana cost. */
  plot?: boolean
  /** The lands to tap (docs/scenario-format.md `pay`), which must pay the cost exactly (`illegal-payment`); without it (or null), the default payment. */
  pay?: readonly Eid[]
}

/**
 * Why `player` can't cast `card` now, whatever its target and cost (CR 601.2a, 117.1a, 307.1,
 * 702.8a, 702.170d), or null. Shared by the cast itself and the legal-action enumerator.
 */
export function castCardError(world: GameWorld, player: Eid, card: Eid, plot: boolean): Rejection | null {
  const code = actorCheck(world, player) ?? castCheck(world, player, card, plot)
  if (code === null) return null
  const name = label(world, card)
  switch (code) {
    case 'game-over':
    case 'not-a-player':
    case 'left-the-game':
    case 'unknown-object':
      return actorCardRejection(world, player, card, code)
    case 'not-plotted':
      return reject(code, `${name} is not a plotted card in exile`, '702.170d')
    case 'not-your-card':
      return reject(code, `only the owner of ${name} may cast it as a plotted card`, '702.170d')
    case 'not-plotted-yet':
      return reject(code, `${name} became plotted this turn; it may be cast on a later turn`, '702.170d')
    case 'not-in-hand':
      return reject(code, `${name} is not in ${label(world, player)}'s hand`, '601.2a')
    case 'cannot-cast-land':
      return reject(code, `${name} is a land: lands are played, not cast`, '305.1')
    case 'not-sorcery-timing':
      return sorceryTimingError(world, player, `${name} can be cast`, plot ? '702.170d' : '117.1a')
    default:
      return reject(code, `${name} has no mana cost, so it can't be cast for one`, '118.6')
  }
}

/**
 * The rule of `castCardError` after the actor check (`actorCheck`), as the reject code only (no
 * message built): what the legal-action enumerators ask of each card, having checked the actor once.
 */
export function castCheck(world: GameWorld, player: Eid, card: Eid, plot: boolean): RejectCode | null {
  if (!isCard(world, card)) return 'unknown-object'
  const data = world.cardData[card]!
  const zone = world.place.zone[card]
  // CR 601.2a: the card moves from where it is to the stack: a hand, or exile for a plotted card.
  if (plot) {
    if (zone !== Zone.Exile || world.cards.plotted[card] === 0) return 'not-plotted'
    if (world.place.owner[card] !== player) return 'not-your-card'
    // CR 702.170d: on a later turn than the one it became plotted.
    if (world.turn.number <= world.cards.plottedTurn[card]!) return 'not-plotted-yet'
  } else if (zone !== Zone.Hand || world.place.owner[card] !== player) {
    return 'not-in-hand'
  }
  const types = world.types.mask[card]!
  if (types & T_LAND) return 'cannot-cast-land' // CR 305.1
  // CR 117.1a, 307.1, 702.8a; CR 702.170d: a plotted card is cast at sorcery timing even if an instant.
  // CR 117.1a, 702.8a: instant speed is any time the player holds priority (`act` checks that first).
  if ((plot || !instantSpeed(world, card)) && !hasSorceryTiming(world, player)) return 'not-sorcery-timing'
  // CR 118.6: an object with no mana cost can't be cast for it.
  if (!plot && data.manaCost === null) return 'no-mana-cost'
  return null
}

/** CR 117.1a, 307.1, 702.8a: whether a card is cast at instant speed (an instant, or with flash), not only with sorcery timing. */
export function instantSpeed(world: GameWorld, card: Eid): boolean {
  return !!(world.types.mask[card]! & T_INSTANT || world.kw.effective[card]! & KW_FLASH)
}

/** CR 601.2c: why `target` is not a legal choice for the spell (0: no target), or null. */
export function castTargetError(world: GameWorld, player: Eid, card: Eid, target: Eid): Rejection | null {
  if (needsTarget(world, card)) {
    if (target === 0) return reject('illegal-target', `${label(world, card)} needs a target`, '601.2c')
    return spellTargetError(world, player, card, target) as Rejection | null
  }
  if (target !== 0) return reject('illegal-target', `${label(world, card)} has no targets`, '601.2c')
  return null
}

/**
 * CR 601.2f-h: the lands that pay the spell's cost (none for a plotted card), or the rejection.
 * With `pay`, the lands the player names, which must pay the cost exactly (`illegal-payment`);
 * without it, the default payment (`findPayment`). Without `pay` the answer is one refilled at
 * each call: read it before asking again.
 */
export function castPayment(world: GameWorld, player: Eid, card: Eid, plot: boolean, pay?: readonly Eid[]): Rejection | { ok: true; lands: Eid[] } {
  if (plot) {
    if (pay != null && pay.length > 0) {
      return reject('illegal-payment', `${label(world, card)} is cast without paying its mana cost, so no lands are tapped for it`, '702.170d')
    }
    PAYMENT.lands = NO_LANDS
    return PAYMENT
  }
  const cost = world.cardData[card]!.manaCost!
  const lands = findPayment(world, player, cost)
  if (lands === null) return reject('cannot-pay', `${label(world, player)} can't pay the mana cost of ${label(world, card)} with untapped lands`, '601.2h')
  if (pay != null) {
    // CR 601.2g-h: the lands the player names must pay the total cost exactly.
    const error = paymentError(world, player, cost, pay)
    if (error !== null) return reject('illegal-payment', `${label(world, card)}: ${error}`, '601.2h')
    return { ok: true, lands: [...pay] }
  }
  PAYMENT.lands = lands
  return PAYMENT
}

/** `castPayment`'s answer with the default payment, refilled at each call (as `findPayment`'s lands): read it before asking again. */
const PAYMENT: { ok: true; lands: Eid[] } = { ok: true, lands: [] }
const NO_LANDS: Eid[] = []

/** Everything that makes a cast illegal now, in the order of CR 601.2, or the lands that pay for it. */
function checkCast(world: GameWorld, req: CastRequest): Rejection | { ok: true; lands: Eid[] } {
  const plot = !!req.plot
  return castCardError(world, req.player, req.card, plot) ?? castTargetError(world, req.player, req.card, req.target ?? 0) ?? castPayment(world, req.player, req.card, plot, req.pay)
}

/**
 * CR 601.2: casts a spell: checked in full (location, timing, targets, choices, cost), then moved
 * to the stack and paid for. `act` gives the caster priority again (117.3c); it resolves when all pass.
 */
export function castSpell(world: GameWorld, req: CastRequest): ActionResult {
  const checked = checkCast(world, req)
  if (!checked.ok) return checked
  const { player, card } = req
  // Read before the move's events: a listener may cast in another game, which refills the answer.
  const lands = checked.lands
  moveToZone(world, card, Zone.Stack, '601.2a')
  world.place.controller[card] = player
  payWithLands(world, player, lands)
  const target = req.target ?? 0
  world.stack.push(spellItem(world, card, player, target))
  if (world.events.listening) world.events.emit('spellCast', player, card, target, '601.2i')
  return OK
}
