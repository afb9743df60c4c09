import { EventEmitter } from 'eventemitter3'
import { RedzoneError } from './errors.js'
import type { StepName } from './steps.js'
import type { ZoneName } from '../../components/zones.js'
import type { KeywordName } from '../../components/keywords.js'

import type { Eid } from '../../components/entity.js'
export type { Eid }

export type DeathReason = 'lethal-damage' | 'deathtouch' | 'zero-toughness' | 'destroyed' | 'legend-rule'
export type LossReason = 'life' | 'empty-library'

/**
 * Everything the game reports, past tense, each with the Comprehensive Rules number that
 * produced it. Emitted after the change is applied. Listeners never change the game.
 */
export interface GameEvents {
  turnStarted: [turn: number, active: Eid, rule: string]
  stepStarted: [step: StepName, turn: number, rule: string]
  cardDrawn: [player: Eid, card: Eid, rule: string]
  permanentsUntapped: [player: Eid, count: number, rule: string]
  attackerDeclared: [attacker: Eid, target: Eid, rule: string]
  attackersDeclared: [count: number, rule: string]
  blockerDeclared: [blocker: Eid, attacker: Eid, rule: string]
  blockersDeclared: [count: number, rule: string]
  damageDealt: [source: Eid, target: Eid, amount: number, combat: boolean, rule: string]
  lifeChanged: [player: Eid, delta: number, life: number, rule: string]
  loyaltyChanged: [planeswalker: Eid, delta: number, loyalty: number, rule: string]
  creatureDied: [creature: Eid, reason: DeathReason, rule: string]
  zoneChanged: [object: Eid, from: ZoneName, to: ZoneName, rule: string]
  removedFromCombat: [object: Eid, rule: string]
  keywordsGranted: [object: Eid, keywords: readonly KeywordName[], power: number, toughness: number, rule: string]
  keywordsLost: [object: Eid, keywords: readonly KeywordName[], rule: string]
  effectsEnded: [count: number, rule: string]
  damageRemoved: [count: number, rule: string]
  cardsDiscarded: [player: Eid, count: number, rule: string]
  playerLost: [player: Eid, reason: LossReason, rule: string]
  attached: [object: Eid, host: Eid, rule: string]
  unattached: [object: Eid, host: Eid, rule: string]
  manaPaid: [player: Eid, lands: number, rule: string]
  spellCast: [player: Eid, card: Eid, target: Eid, rule: string]
  abilityActivated: [player: Eid, source: Eid, target: Eid, rule: string]
  abilityTriggered: [source: Eid, controller: Eid, rule: string]
  spellResolved: [card: Eid, rule: string]
  abilityResolved: [source: Eid, rule: string]
  fizzled: [source: Eid, rule: string]
  permanentEntered: [object: Eid, controller: Eid, rule: string]
  librarySearched: [player: Eid, found: number, rule: string]
  libraryShuffled: [player: Eid, rule: string]
  cardPlotted: [player: Eid, card: Eid, turn: number, rule: string]
  landPlayed: [player: Eid, card: Eid, rule: string]
  decisionAwaited: [kind: string, player: Eid, rule: string]
  mulliganTaken: [player: Eid, count: number, rule: string]
  handKept: [player: Eid, mulligans: number, rule: string]
  gameStarted: [first: Eid, rule: string]
}

export type GameEventName = keyof GameEvents

/**
 * The game's emitter. `listening` tells whether anyone subscribed at all, so that hot loops
 * (a damage step over a million creatures) skip building events nobody hears:
 * `if (events.listening) events.emit(...)`. It reads eventemitter3's own count of events with
 * listeners (`_eventsCount`, kept by every way of adding and removing one; the version is pinned,
 * and test/events.test.ts holds it to every subscription method).
 */
export class GameEmitter extends EventEmitter<GameEvents> {
  /**
   * The first error a client's listener (`Game.on`, `onEvent`) threw during the change being made:
   * kept, so that the change completes and the other listeners hear the event, then thrown by the
   * change's caller once it is done (`Game`'s `track`, `redzone/sim`'s `act`, `playGame`).
   */
  caught: { error: unknown } | null = null
  /** How many client listeners are running now: a call from one into the game is refused (`Game`'s `track`, `redzone/sim`'s `act`). */
  calling = 0

  get listening(): boolean {
    return (this as unknown as { _eventsCount: number })._eventsCount > 0
  }
}

/**
 * Calls a client's `listener` (a function, else `invalid-argument`) so that an error it throws is
 * kept in `events.caught`, not thrown through the engine mid-change (which left the game half
 * changed: an attacker tapped, no decision pending).
 */
export function guarded<A extends unknown[]>(events: GameEmitter, listener: (...args: A) => void): (...args: A) => void {
  if (typeof listener != 'function') throw new RedzoneError('invalid-argument', `listener: expected a function, got ${typeof listener}`)
  return (...args) => {
    events.calling++
    try {
      listener(...args)
    } catch (error) {
      events.caught ??= { error }
    } finally {
      events.calling--
    }
  }
}

/** Throws the error a client's listener threw during the change just made (`GameEmitter.caught`), once. */
export function throwCaught(events: GameEmitter): void {
  const caught = events.caught
  events.caught = null
  if (caught) throw caught.error
}

export function createEmitter(): GameEmitter {
  return new GameEmitter()
}

/**
 * The field names of each event's arguments, in order, for JSON output; a leading `@` marks an
 * entity id (printed as the player's or object's id). The last field is always `rule`.
 */
export const EVENT_FIELDS: { readonly [E in GameEventName]: readonly string[] } = {
  turnStarted: ['turn', '@active', 'rule'],
  stepStarted: ['step', 'turn', 'rule'],
  cardDrawn: ['@player', '@card', 'rule'],
  permanentsUntapped: ['@player', 'count', 'rule'],
  attackerDeclared: ['@attacker', '@target', 'rule'],
  attackersDeclared: ['count', 'rule'],
  blockerDeclared: ['@blocker', '@attacker', 'rule'],
  blockersDeclared: ['count', 'rule'],
  damageDealt: ['@source', '@target', 'amount', 'combat', 'rule'],
  lifeChanged: ['@player', 'delta', 'life', 'rule'],
  loyaltyChanged: ['@planeswalker', 'delta', 'loyalty', 'rule'],
  creatureDied: ['@creature', 'reason', 'rule'],
  zoneChanged: ['@object', 'from', 'to', 'rule'],
  removedFromCombat: ['@object', 'rule'],
  keywordsGranted: ['@object', 'keywords', 'power', 'toughness', 'rule'],
  keywordsLost: ['@object', 'keywords', 'rule'],
  effectsEnded: ['count', 'rule'],
  damageRemoved: ['count', 'rule'],
  cardsDiscarded: ['@player', 'count', 'rule'],
  playerLost: ['@player', 'reason', 'rule'],
  attached: ['@object', '@host', 'rule'],
  unattached: ['@object', '@host', 'rule'],
  manaPaid: ['@player', 'lands', 'rule'],
  spellCast: ['@player', '@card', '@target', 'rule'],
  abilityActivated: ['@player', '@source', '@target', 'rule'],
  abilityTriggered: ['@source', '@controller', 'rule'],
  spellResolved: ['@card', 'rule'],
  abilityResolved: ['@source', 'rule'],
  fizzled: ['@source', 'rule'],
  permanentEntered: ['@object', '@controller', 'rule'],
  librarySearched: ['@player', 'found', 'rule'],
  libraryShuffled: ['@player', 'rule'],
  cardPlotted: ['@player', '@card', 'turn', 'rule'],
  landPlayed: ['@player', '@card', 'rule'],
  decisionAwaited: ['kind', '@player', 'rule'],
  mulliganTaken: ['@player', 'count', 'rule'],
  handKept: ['@player', 'mulligans', 'rule'],
  gameStarted: ['@first', 'rule'],
}

export const EVENT_NAMES = /* @__PURE__ */ Object.keys(EVENT_FIELDS) as GameEventName[]
