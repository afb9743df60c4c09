/**
 * redzone: a Magic: The Gathering combat rules engine. The public entry point: create a game
 * from a position, take actions one at a time, read state, subscribe to events. Browser-safe:
 * nothing here imports from `node:`.
 */

// Games driven by ids (the scenario format's vocabulary)
export { Game, GameDriver, createGame } from './game.js'
export type { Position, ObjectSpec, KeywordSpec, SpellSpec, GrantedCharacteristics, PositionIssue } from './position.js'
export { checkPosition, buildPosition } from './position.js'
export type { GameState, ObjectState } from './state.js'
export type { ActionResult, RuleViolation, Rejection } from './errors.js'
export { RedzoneError, OK } from './errors.js'
export type { GameEvents, GameEventName, Eid, DeathReason, LossReason } from './events.js'
export { EVENT_FIELDS, EVENT_NAMES } from './events.js'
export { STEP_NAMES, Step, stepByName } from './steps.js'
export type { StepName, StepId } from './steps.js'
export { RULES_EDITION } from './rules-edition.js'
export { CARD_POOL, DECKS } from './cards/pool.js'
export type { CardDefinition, TriggerSpec, SearchSpec } from './cards/pool.js'

// The entity level, for bulk simulation: worlds, actions on entity ids, systems, the schedule
export { createGameWorld, addPlayer, addCard, ensureCapacity } from './world.js'
export type { GameWorld, GameContext, CardSpec } from './world.js'
export { attack, block, combatDamage, advance, castAndResolve, activateAndResolve, special } from './drive.js'
export { grant, lose, dealDamage, destroy, exile, removeFromCombat } from './actions/outside-effects.js'
export type { AttackDeclaration } from './combat/check-attack.js'
export type { BlockDeclaration } from './combat/check-block.js'
export type { ExplicitAssignment, DamageStepKind } from './combat/plan-combat-damage.js'
export { planCombatDamage, lethalDamageNeeded } from './combat/plan-combat-damage.js'
export { passPriority, nextStep, isGameOver, resolveTopOfStack, priorityGiven } from './turn.js'
export { act } from './decisions/act.js'
export { pendingDecision, winnerOf } from './decisions/pending.js'
export { legalActions } from './decisions/legal.js'
export type { LegalActions, CastOption, ActivateOption, AttackOption, BlockOption, DamageOption } from './decisions/legal.js'
export type { PlayerAction, ActionType, Decision, DecisionKind } from './decisions/action.js'
export { ACTION_TYPES } from './decisions/action.js'
export { REJECT_CODES, isRejectCode } from './reject-codes.js'
export type { RejectCode } from './reject-codes.js'
export { beginGame } from './decisions/pregame.js'
export { playLand, playLandError } from './actions/play-land.js'
export { castSpell } from './actions/cast.js'
export type { CastRequest } from './actions/cast.js'
export { activateEquip } from './actions/activate.js'
export type { ActivateRequest } from './actions/activate.js'
export { plotCard } from './actions/plot.js'
export type { PlotRequest } from './actions/plot.js'
export { parseManaCost, manaValue, formatManaCost } from './mana/cost.js'
export type { ManaCost, ManaSymbol, Color } from './mana/cost.js'
export { findPayment } from './mana/payment.js'
export { SCHEDULE, isStepSkipped } from '../systems/schedule.js'
export type { ScheduledStep, System } from '../systems/schedule.js'
export { checkStateBasedActions } from '../systems/check-state-based-actions.js'
export { generateBoard, generateBoardSpec, buildBoard } from './generate/board.js'
export type { GeneratedBoard, BoardOptions, BoardSpec } from './generate/board.js'
export { snapshotWorld, restoreWorld } from './snapshot.js'
export type { WorldSnapshot } from './snapshot.js'
export { Rng } from './rng.js'
export { worldDigest } from './debug/digest.js'

// Components
export {
  Deathtouch, Defender, DoubleStrike, FirstStrike, Flash, Flying, Haste, Hexproof, Indestructible, Lifelink, Menace,
  Reach, Trample, TrampleOverPlaneswalkers, Vigilance, KEYWORD_NAMES, keywordBit, keywordMask, keywordNames,
} from '../components/keywords.js'
export type { KeywordName } from '../components/keywords.js'
export { Enchant, Equip, Plot } from '../components/abilities.js'
export type { ParameterizedKeyword, EnchantQuality } from '../components/abilities.js'
export { Creature, Planeswalker, Artifact, Enchantment, Land, Instant, Sorcery, TYPE_NAMES, typeBit } from '../components/types.js'
export type { CardTypeName } from '../components/types.js'
export { Zone, ZONE_NAMES, Card } from '../components/zones.js'
export type { ZoneName, ZoneId } from '../components/zones.js'
export { Player } from '../components/players.js'
