import { KW_INDESTRUCTIBLE, keywordMask } from '../../../components/keywords.js'
import { T_INSTANT, T_SORCERY, typeBit } from '../../../components/types.js'
import { Zone } from '../../../components/zones.js'
import { attach, canAttach } from '../attachments.js'
import type { SearchSpec } from '../cards/pool.js'
import { dealDamage } from '../damage.js'
import { addEffect } from '../effects.js'
import type { Eid } from '../../core/events.js'
import { clamp, LIMITS } from '../../core/limits.js'
import { manaValue } from '../mana/cost.js'
import { moveToZone } from '../zone-change.js'
import { label, onBattlefield, queueStateCheck, repeats, type GameWorld, type StackItem } from '../../core/world.js'
import { releaseItem, triggerItem } from '../../core/stack-items.js'
import { cutTo } from '../../core/lists.js'
import { reject, type Rejection } from '../../core/errors.js'
import { Await, awaitChoice, choiceMade } from '../../core/await.js'
import { equipTargetError } from './equip-targets.js'
import { needsTarget, spellTargetCheck } from './targets.js'

/** CR 701.23: whether a card qualifies for a search ("cards of these types with mana value at most N"). */
export function qualifiesForSearch(world: GameWorld, card: Eid, search: SearchSpec): boolean {
  const data = world.cardData[card]
  if (!data) return false
  const types = world.types.mask[card]!
  // A loop, not `some`: its closure would be allocated at each card of a library asked.
  for (const t of search.types) if (types & typeBit(t)) return manaValue(data.manaCost) <= search.maxManaValue
  return false
}

function fizzle(world: GameWorld, source: Eid, isSpell: boolean): void {
  // CR 608.2b: a spell or ability whose targets are all illegal doesn't resolve.
  if (world.events.listening) world.events.emit('fizzled', source, '608.2b')
  if (isSpell) moveToZone(world, source, Zone.Graveyard, '608.2b')
}

function resolveSpell(world: GameWorld, item: Extract<StackItem, { kind: 'spell' }>): void {
  const { card, controller, target } = item
  const data = world.cardData[card]!
  if (needsTarget(world, card) && spellTargetCheck(world, controller, card, target) !== null) {
    fizzle(world, card, true)
    return
  }
  const types = world.types.mask[card]!
  if (types & (T_INSTANT | T_SORCERY)) {
    // CR 608.2c-h: follow the spell's instructions, then CR 608.2n: it goes to its owner's graveyard.
    const spell = data.spell
    // Pumps and destruction apply to a permanent on the battlefield; a player target gets nothing from them.
    const permanent = onBattlefield(world, target)
    if (spell?.pump && permanent) {
      addEffect(world, target, keywordMask(spell.pump.keywords), 0, spell.pump.power ?? 0, spell.pump.toughness ?? 0)
    }
    if (spell?.damage !== undefined) dealDamage(world, card, target, spell.damage, false, '120.3')
    if (spell?.destroy && permanent && (world.kw.effective[target]! & KW_INDESTRUCTIBLE) === 0) {
      moveToZone(world, target, Zone.Graveyard, '701.8a', 'destroyed')
    }
    if (world.events.listening) world.events.emit('spellResolved', card, '608.2n')
    moveToZone(world, card, Zone.Graveyard, '608.2n')
    return
  }
  // CR 608.3: a permanent spell becomes a permanent under its controller's control.
  moveToZone(world, card, Zone.Battlefield, '608.3')
  world.place.controller[card] = controller
  world.cards.enteredAt[card] = world.nextEntry++
  world.status.sick[card] = 1
  queueStateCheck(world, card)
  if (world.events.listening) {
    world.events.emit('spellResolved', card, '608.3')
    world.events.emit('permanentEntered', card, controller, '608.3')
  }
  // CR 303.4f: an Aura spell becomes attached to the object or player it targeted.
  if (needsTarget(world, card) && canAttach(world, card, target)) attach(world, card, target)
  // CR 603.6a: "when this enters" abilities trigger.
  for (const trigger of data.triggers) {
    if (trigger.when === 'enters') world.pendingTriggers.push(triggerItem(world, card, controller, trigger))
  }
}

/**
 * CR 701.23: why these cards can't be the result of the search, or null. A search finds up to
 * `upTo` distinct cards of the player's library that qualify.
 */
export function searchChoiceError(world: GameWorld, player: Eid, source: Eid, spec: SearchSpec, cards: readonly Eid[]): Rejection | null {
  const library = world.zoneLists[player]!.library
  if (cards.length > spec.upTo) return reject('illegal-choice', `${label(world, source)} finds up to ${spec.upTo} cards, not ${cards.length}`, '701.23')
  if (repeats(world, cards)) return reject('illegal-choice', 'a card is chosen twice', '701.23')
  for (let i = 0; i < cards.length; i++) {
    const chosen = cards[i]!
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
  return null
}

/** The search a stack item makes as it resolves, if any (CR 701.23). */
export function searchOf(item: StackItem | undefined): SearchSpec | null {
  if (item === undefined || item.kind !== 'trigger') return null
  const effect = item.trigger.effect
  return 'search' in effect ? effect.search : null
}

/** Resolves a triggered ability; false when it waits for its search choice (CR 701.23: made as it resolves). */
function resolveTrigger(world: GameWorld, item: Extract<StackItem, { kind: 'trigger' }>): boolean {
  const { effect } = item.trigger
  const player = item.controller
  if ('gainLife' in effect) {
    // CR 119.3: the player gains that much life.
    const life = (world.players.life[player] = clamp(world.players.life[player]! + effect.gainLife, LIMITS.life))
    if (world.events.listening) world.events.emit('lifeChanged', player, effect.gainLife, life, '119.3')
  } else {
    const pending = world.pending
    if (!pending.searchGiven) {
      awaitChoice(world, Await.Search, player)
      return false
    }
    const chosen = pending.search
    pending.searchGiven = false
    pending.search = null
    choiceMade(world)
    if (chosen !== null) {
      // CR 701.23: put the chosen cards (checked when chosen) into the hand, then shuffle (701.24).
      // A declined search ("you may") finds nothing and doesn't shuffle.
      const library = world.zoneLists[player]!.library
      for (const card of chosen) moveToZone(world, card, Zone.Hand, '701.23')
      if (world.events.listening) world.events.emit('librarySearched', player, chosen.length, '701.23')
      world.rng.shuffle(library)
      if (world.events.listening) world.events.emit('libraryShuffled', player, '701.24')
    }
  }
  if (world.events.listening) world.events.emit('abilityResolved', item.source, '608.2')
  return true
}

function resolveEquip(world: GameWorld, item: Extract<StackItem, { kind: 'equip' }>): void {
  const { source, controller, target, ability } = item
  if (world.place.zone[source] !== Zone.Battlefield || equipTargetError(world, controller, source, ability, target, true) !== null) {
    fizzle(world, source, false)
    return
  }
  // CR 702.6a: attach this permanent to the target (701.3b: already attached to it, nothing happens).
  attach(world, source, target)
  if (world.events.listening) world.events.emit('abilityResolved', source, '702.6a')
}

/**
 * CR 608.1: the top object of the stack resolves. Returns false when it waits for a choice made
 * as it resolves (a search): it stays on the stack until the choice is given.
 */
export function resolveTop(world: GameWorld): boolean {
  const item = world.stack[world.stack.length - 1]
  if (!item) return true
  if (item.kind === 'trigger') {
    if (!resolveTrigger(world, item)) return false
    world.stack.pop()
    releaseItem(world, item)
    return true
  }
  world.stack.pop()
  if (item.kind === 'spell') resolveSpell(world, item)
  else resolveEquip(world, item)
  releaseItem(world, item)
  return true
}

/**
 * CR 603.3: triggered abilities waiting to be put on the stack go there, the active player's
 * first (603.3b), so the others' resolve first.
 */
export function putTriggersOnStack(world: GameWorld): void {
  if (world.pendingTriggers.length === 0) return
  const active = world.turn.active
  const pending = world.pendingTriggers
  const stack = world.stack
  const first = stack.length
  for (let pass = 0; pass < 2; pass++) {
    for (let k = 0; k < pending.length; k++) if ((pending[k]!.controller === active) === (pass === 0)) stack.push(pending[k]!)
  }
  // Emptied (`cutTo`) before the events: a listener finds none waiting.
  cutTo(pending, 0)
  if (!world.events.listening) return
  // A listener sees each trigger put on the stack in turn, its event just after: the ones put
  // there are taken off and put back one at a time (a list made only while someone listens).
  for (const t of stack.splice(first)) {
    stack.push(t)
    if (t.kind === 'trigger') world.events.emit('abilityTriggered', t.source, t.controller, '603.3')
  }
}
