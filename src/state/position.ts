import { keywordMask } from '../../components/keywords.js'
import type { ParameterizedKeyword } from '../../components/abilities.js'
import { typeBit, T_CREATURE, T_PLANESWALKER } from '../../components/types.js'
import { Zone, ZONE_NAMES, type ZoneId } from '../../components/zones.js'
import { CARD_POOL } from '../rules/cards/pool.js'
import { parseManaCost } from '../rules/mana/cost.js'
import { checkStateBasedActions } from '../../systems/check-state-based-actions.js'
import { attach, isAura, isEquipment } from '../rules/attachments.js'
import { internalError, RedzoneError, type InputIssue } from '../core/errors.js'
import { checkPosition } from './check-position.js'
import type { Eid } from '../core/events.js'
import { Step, stepByName } from '../core/steps.js'
import { buildCard, buildPlayer, buildWorld, queueStateCheck, type GameWorld } from '../core/world.js'
import { checkWorldOptions } from '../core/entity-args.js'
import { SCHEDULE } from '../../systems/schedule.js'
import type { GrantedCharacteristics, KeywordSpec, SpellSpec } from '../core/card-spec.js'
import type { ObjectSpec, Position } from '../core/position-spec.js'
export type { GrantedCharacteristics, KeywordSpec, ObjectSpec, Position, SpellSpec }

export { checkPosition }


/** A problem in a position, with the JSON path of the offending value. */
export type PositionIssue = InputIssue

function toAbilities(keywords: readonly KeywordSpec[]): ParameterizedKeyword[] {
  const out: ParameterizedKeyword[] = []
  for (const k of keywords) {
    if (typeof k === 'string') continue
    if ('equip' in k) out.push({ kind: 'equip', cost: k.equip, quality: k.quality ?? null })
    else if ('equip planeswalker' in k) out.push({ kind: 'equip planeswalker', cost: k['equip planeswalker'] })
    else if ('enchant' in k) out.push({ kind: 'enchant', quality: k.enchant })
    else out.push({ kind: 'plot', cost: k.plot })
  }
  return out
}

export interface BuiltPosition {
  world: GameWorld
  /** Entity of each id of the position. */
  ids: Map<string, Eid>
}

/**
 * Builds a world from a position, then performs its state-based actions (docs/scenario-format.md: the starting
 * position has had them checked). Throws a `RedzoneError` (`invalid-position`) listing every
 * issue when the position is not valid (see `checkPosition`); nothing is coerced.
 */
export function buildPosition(position: Position, options: { seed?: number } = {}): BuiltPosition {
  const found = checkPosition(position, '$')
  if (found.length > 0) {
    throw new RedzoneError('invalid-position', `invalid position:\n${found.map((i) => `  at ${i.path}: ${i.message}`).join('\n')}`, found)
  }
  const worldOptions = { ...options, capacity: position.players.length + position.objects.length + 1 }
  checkWorldOptions(worldOptions)
  const world = buildWorld(worldOptions)
  const ids = new Map<string, Eid>()
  for (const p of position.players) ids.set(p.id, buildPlayer(world, p.id, p.life ?? 20))
  for (const o of position.objects) {
    const card = o.card === undefined ? undefined : CARD_POOL.get(o.card)!
    const owner = ids.get(o.owner ?? o.controller!)!
    const controller = ids.get(o.controller ?? o.owner!)!
    const types = o.types ?? card?.types ?? []
    const keywords = o.keywords ?? card?.keywords ?? []
    let typeMask = 0
    for (const t of types) typeMask |= typeBit(t)
    const zone = ZONE_NAMES.indexOf(o.zone ?? 'battlefield') as ZoneId
    const eid = buildCard(world, {
      label: o.id,
      owner,
      controller,
      zone,
      types: typeMask,
      keywords: keywordMask(keywords),
      abilities: toAbilities(keywords),
      power: o.power ?? card?.power ?? 0,
      toughness: o.toughness ?? card?.toughness ?? 0,
      loyalty: o.loyalty ?? card?.loyalty ?? 0,
      tapped: o.tapped ?? false,
      damage: o.damage ?? 0,
      sick: o.summoningSick ?? false,
    })
    ids.set(o.id, eid)
    const cost = o.manaCost ?? card?.manaCost
    const subtypes = o.subtypes ?? card?.subtypes ?? []
    world.cardData[eid] = {
      name: card?.name ?? null,
      legendary: card?.supertypes?.includes('Legendary') ?? false,
      manaCost: cost == null ? null : parseManaCost(cost),
      subtypes,
      equipment: subtypes.includes('Equipment'),
      aura: subtypes.includes('Aura'),
      spell: o.spell ?? card?.spell ?? null,
      equipped: o.equipped ?? card?.equipped ?? null,
      enchanted: o.enchanted ?? card?.enchanted ?? null,
      triggers: card?.triggers ?? [],
    }
    if (zone === Zone.Battlefield) world.cards.enteredAt[eid] = world.nextEntry++
    world.cards.plotted[eid] = o.plotted ? 1 : 0
    world.cards.plottedTurn[eid] = o.plottedTurn ?? 0
    if (zone === Zone.Battlefield && typeMask & (T_CREATURE | T_PLANESWALKER)) queueStateCheck(world, eid)
    if (isEquipment(world, eid) || isAura(world, eid)) world.attachables.push(eid)
    if (world.cardData[eid]!.legendary) world.legendaries.add(eid)
  }
  // CR 301.5, 303.4: attachments, each with its effect from the time it became attached. One
  // attached to what it can't be attached to is left to the state-based actions below.
  for (const o of position.objects) {
    if (o.attachedTo !== undefined) attach(world, ids.get(o.id)!, ids.get(o.attachedTo)!)
  }
  const turn = world.turn
  turn.active = ids.get(position.turn?.active ?? position.players[0]!.id)!
  turn.number = position.turn?.number ?? 2
  turn.step = stepByName(position.turn?.step ?? 'precombatMain')!
  // A position in combat or later can't describe attackers: its declare attackers step is past.
  if (turn.step >= Step.DeclareAttackers) {
    turn.attackersDeclared = true
    turn.blockersDeclared = true
  }
  turn.landsPlayed = position.turn?.landsPlayed ?? 0
  turn.priority = turn.active
  // CR 704.3, 117.5: the position is one in which a player is about to receive priority, so its
  // state-based actions have been performed: a creature with lethal damage is in the graveyard,
  // a player at 0 life has lost, an Aura on what it can't enchant is in the graveyard (704.5m),
  // an Equipment on a non-creature or a player is unattached (704.5n).
  checkStateBasedActions(world)
  // CR 500.3: the position is in a step whose turn-based actions are done, so that a player is
  // about to receive priority. In untap and cleanup no player receives priority (502.4, 514.3): a
  // position there is one in which that step is happening, so its turn-based actions are still to
  // be done (untapping; discarding to hand size, removing damage, ending effects): `settle` does
  // them, then moves on to the next decision.
  const entry = SCHEDULE[turn.step]!
  turn.resumeAt = entry.priority ? entry.begin.length : 0
  world.origin = position
  return { world, ids }
}


/**
 * Makes `world` use `from`'s card data and abilities, entity by entity: both are `setup` in the
 * state registry (built with the world, never written after), so worlds built from one position
 * can hold one copy of them (N games in lockstep then keep one in cache, not N). Each entry must
 * equal the world's own: a world built from another position is a bug.
 */
export function shareSetup(from: GameWorld, world: GameWorld): void {
  const same = (a: unknown, b: unknown): boolean => a === b || JSON.stringify(a) === JSON.stringify(b)
  if (from.labels.length !== world.labels.length) throw internalError(`shareSetup: worlds of ${from.labels.length} and ${world.labels.length} entities`)
  for (let eid = 0; eid < world.labels.length; eid++) {
    if (from.labels[eid] !== world.labels[eid] || !same(from.cardData[eid], world.cardData[eid]) || !same(from.abilities[eid], world.abilities[eid])) {
      throw internalError(`shareSetup: entity ${eid} (${world.labels[eid]}) differs between the worlds`)
    }
  }
  // All checked first: nothing is shared between worlds that differ.
  for (let eid = 0; eid < world.labels.length; eid++) {
    if (world.cardData[eid] !== undefined) world.cardData[eid] = from.cardData[eid]!
    if (world.abilities[eid] !== undefined) world.abilities[eid] = from.abilities[eid]!
  }
}
