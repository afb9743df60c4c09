import { KW_FLASH } from '../../components/keywords.js'
import { T_INSTANT, T_LAND } from '../../components/types.js'
import { Zone } from '../../components/zones.js'
import { reject, OK, type ActionResult, type Rejection } from '../errors.js'
import type { Eid } from '../events.js'
import { findPayment } from '../mana/payment.js'
import { needsTarget, spellTargetError } from '../spells/targets.js'
import { instantTimingError, sorceryTimingError } from '../spells/timing.js'
import { moveToZone } from '../zone-change.js'
import { isPlayer, label, type GameWorld } from '../world.js'
import { gameOverError } from './preconditions.js'
import { payWithLands } from './pay.js'

export interface CastRequest {
  player: Eid
  card: Eid
  /** The spell's target (0 for none). */
  target: Eid
  /** CR 702.170d: cast a plotted card from exile without paying its mana cost. */
  plot: boolean
  /** The lands to tap (FORMAT.md `pay`); without it, the default payment. */
  pay?: readonly Eid[]
}

/**
 * Why `player` can't cast `card` now, whatever its target and cost (CR 601.2a, 117.1a, 307.1,
 * 702.8a, 702.170d), or null. Shared by the cast itself and the legal-action enumerator.
 */
export function castCardError(world: GameWorld, player: Eid, card: Eid, plot: boolean): Rejection | null {
  const over = gameOverError(world)
  if (over) return over
  if (!isPlayer(world, player) || world.players.lost[player]) return reject('not-a-player', `${label(world, player)} is not a player in the game`, '102.1')
  const data = world.cardData.get(card)
  if (isPlayer(world, card) || !data) return reject('unknown-object', `${label(world, card)} is not a card`, null)
  const zone = world.place.zone[card]
  // CR 601.2a: the card moves from where it is to the stack: a hand, or exile for a plotted card.
  if (plot) {
    if (zone !== Zone.Exile || world.cards.plotted[card] === 0) return reject('not-plotted', `${label(world, card)} is not a plotted card in exile`, '702.170d')
    if (world.place.owner[card] !== player) return reject('not-your-card', `only the owner of ${label(world, card)} may cast it as a plotted card`, '702.170d')
    if (world.turn.number <= world.cards.plottedTurn[card]!) {
      return reject('not-plotted-yet', `${label(world, card)} became plotted this turn; it may be cast on a later turn`, '702.170d')
    }
  } else if (zone !== Zone.Hand || world.place.owner[card] !== player) {
    return reject('not-in-hand', `${label(world, card)} is not in ${label(world, player)}'s hand`, '601.2a')
  }
  const types = world.types.mask[card]!
  if (types & T_LAND) return reject('cannot-cast-land', `${label(world, card)} is a land: lands are played, not cast`, '305.1')
  // CR 117.1a, 307.1, 702.8a; CR 702.170d: a plotted card is cast at sorcery timing even if an instant.
  const instantSpeed = !plot && (types & T_INSTANT || world.kw.effective[card]! & KW_FLASH)
  const timing = instantSpeed ? instantTimingError(world) : sorceryTimingError(world, player, () => `${label(world, card)} can be cast`, plot ? '702.170d' : '117.1a')
  if (timing) return timing
  // CR 118.6: an object with no mana cost can't be cast for it.
  if (!plot && data.manaCost === null) return reject('no-mana-cost', `${label(world, card)} has no mana cost, so it can't be cast for one`, '118.6')
  return null
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

/** CR 601.2f-h: the lands that pay the spell's cost (none for a plotted card), or the rejection. */
export function castPayment(world: GameWorld, player: Eid, card: Eid, plot: boolean): Rejection | { ok: true; lands: Eid[] } {
  if (plot) return { ok: true, lands: [] }
  const cost = world.cardData.get(card)!.manaCost!
  const lands = findPayment(world, player, cost)
  if (lands === null) return reject('cannot-pay', `${label(world, player)} can't pay the mana cost of ${label(world, card)} with untapped lands`, '601.2h')
  return { ok: true, lands }
}

/** Everything that makes a cast illegal now, in the order of CR 601.2, or the lands that pay for it. */
function checkCast(world: GameWorld, req: CastRequest): Rejection | { ok: true; lands: Eid[] } {
  return castCardError(world, req.player, req.card, req.plot) ?? castTargetError(world, req.player, req.card, req.target) ?? castPayment(world, req.player, req.card, req.plot)
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
  world.stack.push({ kind: 'spell', card, controller: player, target: req.target })
  if (world.events.listening) world.events.emit('spellCast', player, card, req.target, '601.2i')
  world.turn.priority = player
  world.turn.passes = 0
  return OK
}
