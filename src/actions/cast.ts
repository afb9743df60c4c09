import { KW_FLASH } from '../../components/keywords.js'
import { T_INSTANT, T_LAND } from '../../components/types.js'
import { Zone } from '../../components/zones.js'
import { reject, OK, type ActionResult } from '../errors.js'
import type { Eid } from '../events.js'
import { findPayment, paymentError } from '../mana/payment.js'
import { qualifiesForSearch } from '../spells/resolve.js'
import { needsTarget, spellTargetError } from '../spells/targets.js'
import { instantTimingError, sorceryTimingError } from '../spells/timing.js'
import { moveToZone } from '../zone-change.js'
import { isPlayer, label, type GameWorld } from '../world.js'
import { gameOverError } from './combat-actions.js'
import { payWithLands } from './pay.js'

export interface CastRequest {
  player: Eid
  card: Eid
  /** The spell's target (0 for none). */
  target: Eid
  /** CR 702.170d: cast a plotted card from exile without paying its mana cost. */
  plot: boolean
  /** The cards chosen for a search the spell's "enters" ability makes; null: the search is declined. */
  search: readonly Eid[] | null
  /** The lands to tap, which must pay the cost exactly (`illegal-payment` otherwise); omitted: the default payment. */
  pay?: readonly Eid[]
}

/** Everything that makes a cast illegal now, in the order of CR 601.2, or the lands that pay for it. */
function checkCast(world: GameWorld, req: CastRequest): ActionResult | { ok: true; lands: Eid[] } {
  const { player, card, target } = req
  const name = label(world, card)
  const over = gameOverError(world)
  if (over) return over
  if (!isPlayer(world, player) || world.players.lost[player]) return reject('not-a-player', `${label(world, player)} is not a player in the game`, '102.1')
  const data = world.cardData.get(card)
  if (isPlayer(world, card) || !data) return reject('unknown-object', `${label(world, card)} is not a card`, null)
  const zone = world.place.zone[card]
  // CR 601.2a: the card moves from where it is to the stack: a hand, or exile for a plotted card.
  if (req.plot) {
    if (zone !== Zone.Exile || !data.plotted) return reject('not-plotted', `${name} is not a plotted card in exile`, '702.170d')
    if (world.place.owner[card] !== player) return reject('not-your-card', `only the owner of ${name} may cast it as a plotted card`, '702.170d')
    if (world.turn.number <= data.plottedTurn) {
      return reject('not-plotted-yet', `${name} became plotted this turn; it may be cast on a later turn`, '702.170d')
    }
  } else if (zone !== Zone.Hand || world.place.owner[card] !== player) {
    return reject('not-in-hand', `${name} is not in ${label(world, player)}'s hand`, '601.2a')
  }
  const types = world.types.mask[card]!
  if (types & T_LAND) return reject('cannot-cast-land', `${name} is a land: lands are played, not cast`, '305.1')
  // CR 117.1a, 307.1, 702.8a; CR 702.170d: a plotted card is cast at sorcery timing even if an instant.
  const instantSpeed = !req.plot && (types & T_INSTANT || world.kw.effective[card]! & KW_FLASH)
  const timing = instantSpeed ? instantTimingError(world) : sorceryTimingError(world, player, `${name} can be cast`, req.plot ? '702.170d' : '117.1a')
  if (timing) return timing
  // CR 601.2c: targets.
  if (needsTarget(world, card)) {
    if (target === 0) return reject('illegal-target', `${name} needs a target`, '601.2c')
    const error = spellTargetError(world, player, card, target)
    if (error) return error
  } else if (target !== 0) {
    return reject('illegal-target', `${name} has no targets`, '601.2c')
  }
  // CR 701.23 (the choices of the "enters" search are given with the cast).
  if (req.search !== null) {
    const trigger = data.triggers.find((t) => 'search' in t.effect)
    if (!trigger || !('search' in trigger.effect)) return reject('illegal-choice', `${name} has no search to make choices for`, '701.23')
    const spec = trigger.effect.search
    const library = world.zoneLists.get(player)!.library
    if (req.search.length > spec.upTo) return reject('illegal-choice', `${name} finds up to ${spec.upTo} cards, not ${req.search.length}`, '701.23')
    if (new Set(req.search).size !== req.search.length) return reject('illegal-choice', 'a card is chosen twice', '701.23')
    for (const chosen of req.search) {
      if (!library.includes(chosen)) return reject('illegal-choice', `${label(world, chosen)} is not in ${label(world, player)}'s library`, '701.23')
      if (!qualifiesForSearch(world, chosen, spec)) {
        const kinds = spec.types.length > 1 ? `${spec.types.slice(0, -1).join(', ')} or ${spec.types[spec.types.length - 1]}` : spec.types[0]!
        return reject(
          'illegal-choice',
          `${label(world, chosen)} is not ${/^[aeiou]/.test(kinds) ? 'an' : 'a'} ${kinds} card with mana value ${spec.maxManaValue} or less`,
          '701.23',
        )
      }
    }
  }
  // CR 601.2f-h: the total cost, and mana abilities of lands to pay it.
  if (req.plot) {
    if (req.pay !== undefined && req.pay.length > 0) {
      return reject('illegal-payment', `${name} is cast without paying its mana cost, so no lands are tapped for it`, '702.170d')
    }
    return { ok: true, lands: [] }
  }
  if (data.manaCost === null) return reject('no-mana-cost', `${name} has no mana cost, so it can't be cast for one`, '118.6')
  const lands = findPayment(world, player, data.manaCost)
  if (lands === null) return reject('cannot-pay', `${label(world, player)} can't pay the mana cost of ${name} with untapped lands`, '601.2h')
  if (req.pay !== undefined) {
    // CR 601.2g-h: the lands the player names must pay the total cost exactly.
    const error = paymentError(world, player, data.manaCost, req.pay)
    if (error !== null) return reject('illegal-payment', `${name}: ${error}`, '601.2h')
    return { ok: true, lands: [...req.pay] }
  }
  return { ok: true, lands }
}

/**
 * CR 601.2: casts a spell: checked in full (location, timing, targets, choices, cost), then moved
 * to the stack and paid for. The caster keeps priority (117.3c); it resolves when all pass.
 */
export function castSpell(world: GameWorld, req: CastRequest): ActionResult {
  const checked = checkCast(world, req)
  if (!checked.ok) return checked
  const { player, card } = req
  moveToZone(world, card, Zone.Stack, '601.2a')
  world.place.controller[card] = player
  payWithLands(world, player, 'lands' in checked ? checked.lands : [])
  world.stack.push({ kind: 'spell', card, controller: player, target: req.target, search: req.search })
  if (world.events.listening) world.events.emit('spellCast', player, card, req.target, '601.2i')
  world.turn.priority = player
  world.turn.passes = 0
  return OK
}
