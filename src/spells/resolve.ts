import { KW_INDESTRUCTIBLE, keywordMask } from '../../components/keywords.js'
import { T_INSTANT, T_SORCERY, typeBit } from '../../components/types.js'
import { Zone } from '../../components/zones.js'
import { attach, attachmentError } from '../attachments.js'
import type { SearchSpec } from '../cards/pool.js'
import { dealDamage } from '../damage.js'
import { addEffect } from '../effects.js'
import type { Eid } from '../events.js'
import { addSaturating, LIMITS } from '../limits.js'
import { manaValue } from '../mana/cost.js'
import { moveToZone } from '../zone-change.js'
import { queueStateCheck, type GameWorld, type StackItem } from '../world.js'
import { equipTargetError } from './equip-targets.js'
import { needsTarget, spellTargetError } from './targets.js'

/** CR 701.23: whether a card qualifies for a search ("cards of these types with mana value at most N"). */
export function qualifiesForSearch(world: GameWorld, card: Eid, search: SearchSpec): boolean {
  const data = world.cardData.get(card)
  if (!data) return false
  const types = world.types.mask[card]!
  const typeOk = search.types.some((t) => (types & typeBit(t)) !== 0)
  return typeOk && manaValue(data.manaCost) <= search.maxManaValue
}

function fizzle(world: GameWorld, source: Eid, isSpell: boolean): void {
  // CR 608.2b: a spell or ability whose targets are all illegal doesn't resolve.
  if (world.events.listening) world.events.emit('fizzled', source, '608.2b')
  if (isSpell) moveToZone(world, source, Zone.Graveyard, '608.2b')
}

function resolveSpell(world: GameWorld, item: Extract<StackItem, { kind: 'spell' }>): void {
  const { card, controller, target } = item
  const data = world.cardData.get(card)!
  if (needsTarget(world, card) && spellTargetError(world, controller, card, target) !== null) {
    fizzle(world, card, true)
    return
  }
  const types = world.types.mask[card]!
  if (types & (T_INSTANT | T_SORCERY)) {
    // CR 608.2c-h: follow the spell's instructions, then CR 608.2n: it goes to its owner's graveyard.
    const spell = data.spell
    if (spell?.pump) {
      addEffect(world, target, {
        addKeywords: keywordMask(spell.pump.keywords ?? []),
        power: spell.pump.power ?? 0,
        toughness: spell.pump.toughness ?? 0,
      })
    }
    if (spell?.damage !== undefined) dealDamage(world, card, target, spell.damage, false, '120.3')
    if (spell?.destroy && (world.kw.effective[target]! & KW_INDESTRUCTIBLE) === 0) {
      moveToZone(world, target, Zone.Graveyard, '701.8a', 'destroyed')
    }
    if (world.events.listening) world.events.emit('spellResolved', card, '608.2n')
    moveToZone(world, card, Zone.Graveyard, '608.2n')
    return
  }
  // CR 608.3: a permanent spell becomes a permanent under its controller's control.
  moveToZone(world, card, Zone.Battlefield, '608.3')
  world.place.controller[card] = controller
  data.enteredAt = world.nextEntry++
  world.status.sick[card] = 1
  queueStateCheck(world, card)
  if (world.events.listening) {
    world.events.emit('spellResolved', card, '608.3')
    world.events.emit('permanentEntered', card, controller, '608.3')
  }
  // CR 303.4f: an Aura spell becomes attached to the object or player it targeted.
  if (needsTarget(world, card) && attachmentError(world, card, target) === null) attach(world, card, target)
  // CR 603.6a: "when this enters" abilities trigger.
  for (const trigger of data.triggers) {
    if (trigger.when === 'enters') world.pendingTriggers.push({ kind: 'trigger', source: card, controller, trigger, search: item.search })
  }
}

function resolveTrigger(world: GameWorld, item: Extract<StackItem, { kind: 'trigger' }>): void {
  const { effect } = item.trigger
  const player = item.controller
  if ('gainLife' in effect) {
    // CR 119.3: the player gains that much life.
    const life = (world.players.life[player] = addSaturating(world.players.life[player]!, effect.gainLife, LIMITS.life))
    if (world.events.listening) world.events.emit('lifeChanged', player, effect.gainLife, life, '119.3')
  } else if (item.search !== null) {
    // CR 701.23: search for the chosen cards (checked when the spell was cast; checked again now),
    // put them into the hand, then shuffle (701.24). A declined search finds nothing and doesn't shuffle.
    const library = world.zoneLists.get(player)!.library
    let found = 0
    for (const card of item.search) {
      if (found >= effect.search.upTo || !library.includes(card) || !qualifiesForSearch(world, card, effect.search)) continue
      moveToZone(world, card, Zone.Hand, '701.23')
      found++
    }
    if (world.events.listening) world.events.emit('librarySearched', player, found, '701.23')
    world.rng.shuffle(library)
    if (world.events.listening) world.events.emit('libraryShuffled', player, '701.24')
  }
  if (world.events.listening) world.events.emit('abilityResolved', item.source, '608.2')
}

function resolveEquip(world: GameWorld, item: Extract<StackItem, { kind: 'equip' }>): void {
  const { source, controller, target, ability } = item
  if (world.place.zone[source] !== Zone.Battlefield || equipTargetError(world, controller, source, ability, target) !== null) {
    fizzle(world, source, false)
    return
  }
  // CR 702.6a: attach this permanent to the target (701.3b: already attached to it, nothing happens).
  attach(world, source, target)
  if (world.events.listening) world.events.emit('abilityResolved', source, '702.6a')
}

/** CR 608.1: the top object of the stack resolves. */
export function resolveTop(world: GameWorld): void {
  const item = world.stack.pop()
  if (!item) return
  if (item.kind === 'spell') resolveSpell(world, item)
  else if (item.kind === 'trigger') resolveTrigger(world, item)
  else resolveEquip(world, item)
}

/**
 * CR 603.3: triggered abilities waiting to be put on the stack go there, the active player's
 * first (603.3b), so the others' resolve first.
 */
export function putTriggersOnStack(world: GameWorld): void {
  if (world.pendingTriggers.length === 0) return
  const active = world.turn.active
  const ordered = [...world.pendingTriggers.filter((t) => t.controller === active), ...world.pendingTriggers.filter((t) => t.controller !== active)]
  world.pendingTriggers.length = 0
  for (const t of ordered) {
    world.stack.push(t)
    if (world.events.listening && t.kind === 'trigger') world.events.emit('abilityTriggered', t.source, t.controller, '603.3')
  }
}
