import { KW_HEXPROOF } from '../../../components/keywords.js'
import { T_CREATURE, T_PLANESWALKER } from '../../../components/types.js'
import { Zone } from '../../../components/zones.js'
import { enchantQualities, isAura, satisfiesEnchant } from '../attachments.js'
import { reject, type Rejection } from '../../core/errors.js'
import type { Eid } from '../../core/events.js'
import { isPlayer, label, type GameWorld } from '../../core/world.js'
import { inGame } from '../../core/players.js'

/** What a spell's target may be (the scenario format's vocabulary). */
export type TargetKind = 'creature' | 'player' | 'planeswalker' | 'any' | 'creature you control'

function onBattlefield(world: GameWorld, eid: Eid, types: number): boolean {
  return !isPlayer(world, eid) && world.place.zone[eid] === Zone.Battlefield && (world.types.mask[eid]! & types) !== 0
}

/** CR 115.1, 601.2c: whether `target` is the kind of thing the spell's text asks for. */
export function matchesTargetKind(world: GameWorld, kind: TargetKind, caster: Eid, target: Eid): boolean {
  const player = isPlayer(world, target) && inGame(world, target)
  switch (kind) {
    case 'creature':
      return onBattlefield(world, target, T_CREATURE)
    case 'creature you control':
      return onBattlefield(world, target, T_CREATURE) && world.place.controller[target] === caster
    case 'planeswalker':
      return onBattlefield(world, target, T_PLANESWALKER)
    case 'player':
      return player
    case 'any':
      return player || onBattlefield(world, target, T_CREATURE | T_PLANESWALKER)
  }
}

/**
 * CR 702.11b: hexproof means "this can't be the target of spells or abilities your opponents
 * control": its controller's own spells can target it.
 */
export function hexproofError(world: GameWorld, caster: Eid, target: Eid, source: Eid): Rejection | null {
  if (isPlayer(world, target)) return null
  if (world.kw.effective[target]! & KW_HEXPROOF && world.place.controller[target] !== caster) {
    return reject('hexproof', `${label(world, target)} has hexproof, so a spell (${label(world, source)}) controlled by ${label(world, caster)} can't target it`, '702.11b')
  }
  return null
}

/**
 * Whether `target` is a legal target of the spell `card` cast by `caster` (CR 601.2c): the kind
 * its spell effect asks for, or for an Aura what every enchant ability allows (702.5b, 303.4a),
 * and never an opponent's hexproof permanent (702.11b). Null when legal.
 */
export function spellTargetError(world: GameWorld, caster: Eid, card: Eid, target: Eid): Rejection | null {
  const data = world.cardData[card]!
  if (isAura(world, card)) {
    for (const quality of enchantQualities(world, card)) {
      if (!satisfiesEnchant(world, quality, caster, target)) {
        return reject('illegal-target', `${label(world, card)} has enchant ${quality}, so it can't target ${label(world, target)}`, '702.5b')
      }
    }
  } else if (data.spell) {
    if (!matchesTargetKind(world, data.spell.target, caster, target)) {
      return reject('illegal-target', `${label(world, card)} targets ${data.spell.target === 'any' ? 'any target (a creature, player or planeswalker)' : `a ${data.spell.target}`}; ${label(world, target)} isn't one`, '115.1')
    }
  } else {
    return reject('illegal-target', `${label(world, card)} has no targets`, '115.1')
  }
  return hexproofError(world, caster, target, card)
}

/** Whether a spell needs a target: instants and sorceries with an effect, and Aura spells (CR 303.4a). */
export function needsTarget(world: GameWorld, card: Eid): boolean {
  const data = world.cardData[card]
  return data !== undefined && (data.spell !== null || isAura(world, card))
}
