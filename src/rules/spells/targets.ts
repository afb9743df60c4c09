import { KW_HEXPROOF } from '../../../components/keywords.js'
import { T_CREATURE, T_PLANESWALKER } from '../../../components/types.js'
import { enchantQualities, isAura, satisfiesEnchant } from '../attachments.js'
import { reject, type Rejection } from '../../core/errors.js'
import type { Eid } from '../../core/events.js'
import { isPlayer, label, permanentOfType, type GameWorld } from '../../core/world.js'

/** What a spell's target may be (the scenario format's vocabulary). */
export type TargetKind = 'creature' | 'player' | 'planeswalker' | 'any' | 'creature you control'

/** CR 115.1, 601.2c: whether `target` is the kind of thing the spell's text asks for (the enchant qualities' check, and "any": a player, creature or planeswalker). */
export function matchesTargetKind(world: GameWorld, kind: TargetKind, caster: Eid, target: Eid): boolean {
  return kind === 'any'
    ? satisfiesEnchant(world, 'player', caster, target) || permanentOfType(world, target, T_CREATURE | T_PLANESWALKER)
    : satisfiesEnchant(world, kind, caster, target)
}

/**
 * Whether `target` is a legal target of the spell `card` cast by `caster` (CR 601.2c): the kind
 * its spell effect asks for, or for an Aura what every enchant ability allows (702.5b, 303.4a),
 * and never an opponent's hexproof permanent (702.11b: "this can't be the target of spells or
 * abilities your opponents control", so its controller's own spells can target it). The code
 * only, nothing made (the enumerators ask it of every candidate); null when legal.
 */
export function spellTargetCheck(world: GameWorld, caster: Eid, card: Eid, target: Eid): 'illegal-target' | 'hexproof' | null {
  const spell = world.cardData[card]!.spell
  if (isAura(world, card)) {
    const qualities = enchantQualities(world, card)
    for (let k = 0; k < qualities.length; k++) if (!satisfiesEnchant(world, qualities[k]!, caster, target)) return 'illegal-target'
  } else if (!spell || !matchesTargetKind(world, spell.target, caster, target)) return 'illegal-target'
  return !isPlayer(world, target) && world.kw.effective[target]! & KW_HEXPROOF && world.place.controller[target] !== caster ? 'hexproof' : null
}

/** The rejection of `spellTargetCheck`, with its message, or null. */
export function spellTargetError(world: GameWorld, caster: Eid, card: Eid, target: Eid): Rejection | null {
  const code = spellTargetCheck(world, caster, card, target)
  if (code === null) return null
  const name = label(world, card)
  const what = label(world, target)
  if (code === 'hexproof') return reject(code, `${what} has hexproof, so a spell (${name}) controlled by ${label(world, caster)} can't target it`, '702.11b')
  const spell = world.cardData[card]!.spell
  if (isAura(world, card)) {
    const quality = enchantQualities(world, card).find((q) => !satisfiesEnchant(world, q, caster, target))
    return reject(code, `${name} has enchant ${quality}, so it can't target ${what}`, '702.5b')
  }
  if (!spell) return reject(code, `${name} has no targets`, '115.1')
  return reject(code, `${name} targets ${spell.target === 'any' ? 'any target (a creature, player or planeswalker)' : `a ${spell.target}`}; ${what} isn't one`, '115.1')
}

/** Whether a spell needs a target: instants and sorceries with an effect, and Aura spells (CR 303.4a). */
export function needsTarget(world: GameWorld, card: Eid): boolean {
  const data = world.cardData[card]
  return data !== undefined && (data.spell !== null || isAura(world, card))
}
