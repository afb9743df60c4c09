/**
 * redzone: a Magic: The Gathering rules engine. The client entry: create a game from a position,
 * ask what is pending and what is legal, answer through the one gate (`act`), read state and
 * events, and move the state between threads and machines. Browser-safe: nothing here imports
 * from `node:`. Every name here is a promise (test/architecture/surface.test.ts lists them).
 *
 * Other entries: `redzone/sim` (the entity level for bulk simulation: whole games, agents,
 * records), `redzone/scenario` (the scenario format), `redzone/node` (files, self-play on every
 * core), `redzone/worker` (a game in a Web Worker), `redzone/internal` (unstable: bench and tests).
 */

// A game, by ids
export { Game, createGame } from './api/game.js'
export type { Position, ObjectSpec, PositionIssue } from './state/position.js'
export { checkPosition } from './state/position.js'

// Decisions, legal actions and the one action vocabulary
export type { Action, PlayerAction, OutsideEffect, ActionType, EffectType, Decision, DecisionKind } from './decisions/action.js'
export { ACTION_TYPES, EFFECT_TYPES, isPlayerAction } from './decisions/action.js'
export type { LegalActions, CastOption, ActivateOption, AttackOption, BlockOption, DamageOption } from './decisions/legal.js'
export type { ActionResult, RuleViolation, Rejection, RedzoneErrorCode, InputIssue } from './core/errors.js'
export { RedzoneError, REDZONE_ERROR_CODES } from './core/errors.js'
export { REJECT_CODES, isRejectCode } from './core/reject-codes.js'
export type { RejectCode } from './core/reject-codes.js'

// State, views and events
export type { GameState, ObjectState, LegalState } from './api/game-state.js'
export { legalActions, gameState, clientState, onEvent } from './api/views.js'
export type { ClientState, ClientObject, ClientPlayer, ClientStackItem } from './api/client-state.js'
export type { ClientEvent } from './api/event-stream.js'
export type { GameEvents, GameEventName, Eid, DeathReason, LossReason } from './core/events.js'
export { EVENT_FIELDS, EVENT_NAMES } from './core/events.js'
export type { Snapshot } from './state/snapshot.js'

// State that travels
export { snapshot, restore, toJSON, toBinary, fromJSON, fromBinary, checksum } from './api/serialization.js'
export type { StateDocument } from './state/serialize.js'
export { STATE_FORMAT } from './state/serialize.js'

// The scenario format's actions (walk the turn, then act)
export { drive } from './api/game-driver.js'
export type { GameDriver } from './api/game-driver.js'

// The vocabulary of cards, steps and limits
export { STEP_NAMES } from './core/steps.js'
export type { StepName } from './core/steps.js'
export { RULES_EDITION } from './core/rules-edition.js'
export { LIMITS } from './core/limits.js'
export type { CountRange, CountName } from './core/limits.js'
export { CARD_POOL, CARD_TEXT, DECKS } from './rules/cards/pool.js'
export type { CardDefinition } from './rules/cards/pool.js'
export type { KeywordSpec, SpellSpec, GrantedCharacteristics, TriggerSpec, SearchSpec, ManaCost, ManaSymbol, Color } from './core/card-spec.js'
export { parseManaCost, manaValue, formatManaCost } from './rules/mana/cost.js'
export { KEYWORD_NAMES } from '../components/keywords.js'
export type { KeywordName } from '../components/keywords.js'
export { TYPE_NAMES } from '../components/types.js'
export type { CardTypeName } from '../components/types.js'
export { ZONE_NAMES } from '../components/zones.js'
export type { ZoneName } from '../components/zones.js'
export type { EnchantQuality } from '../components/abilities.js'
