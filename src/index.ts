/**
 * redzone: a Magic: The Gathering combat rules engine. The public entry point: create a game
 * from a position, take actions one at a time, read state, subscribe to events. Browser-safe:
 * nothing here imports from `node:`.
 */

// Games driven by ids (the scenario format's vocabulary)
export { Game, createGame } from './game'
export type { Position, ObjectSpec, KeywordSpec, SpellSpec, GrantedCharacteristics, PositionIssue } from './position'
export { checkPosition, buildPosition } from './position'
export type { GameState, ObjectState } from './state'
export type { ActionResult, RuleViolation } from './errors'
export { RedzoneError, OK } from './errors'
export type { GameEvents, GameEventName, Eid, DeathReason, LossReason } from './events'
export { EVENT_FIELDS, EVENT_NAMES } from './events'
export { STEP_NAMES, Step, stepByName } from './steps'
export type { StepName, StepId } from './steps'
export { RULES_EDITION } from './rules-edition'
export { CARD_POOL, DECKS } from './cards/pool'
export type { CardDefinition, TriggerSpec, SearchSpec } from './cards/pool'

// Scenarios (redzone-scenario/1) without the file system
export { loadScenario } from './scenario/load'
export type { LoadResult, ScenarioIssue } from './scenario/load'
export { runScenario, compareExpect } from './scenario/run'
export type { ScenarioResult, ScenarioRun, ActionOutcome } from './scenario/run'
export type { Scenario, ScenarioAction, ScenarioExpect } from './scenario/schema'

// The entity level, for bulk simulation: worlds, actions on entity ids, systems, the schedule
export { createGameWorld, addPlayer, addCard, ensureCapacity } from './world'
export type { GameWorld, GameContext, CardSpec } from './world'
export { attack, block, combatDamage, advance } from './actions/combat-actions'
export { grant, lose, dealDamage, destroy, exile, removeFromCombat } from './actions/outside-effects'
export type { AttackDeclaration } from './combat/check-attack'
export type { BlockDeclaration } from './combat/check-block'
export type { ExplicitAssignment, DamageStepKind } from './combat/plan-combat-damage'
export { planCombatDamage, lethalDamageNeeded } from './combat/plan-combat-damage'
export { passPriority, nextStep, isGameOver, resolveStack, resolveTopOfStack } from './turn'
export { castSpell } from './actions/cast'
export type { CastRequest } from './actions/cast'
export { activateEquip } from './actions/activate'
export type { ActivateRequest } from './actions/activate'
export { plotCard } from './actions/plot'
export type { PlotRequest } from './actions/plot'
export { parseManaCost, manaValue, formatManaCost } from './mana/cost'
export type { ManaCost, ManaSymbol, Color } from './mana/cost'
export { findPayment } from './mana/payment'
export { SCHEDULE, isStepSkipped } from '../systems/schedule'
export type { ScheduledStep, System } from '../systems/schedule'
export { checkStateBasedActions } from '../systems/check-state-based-actions'
export { generateBoard, generateBoardSpec, buildBoard } from './generate/board'
export type { GeneratedBoard, BoardOptions, BoardSpec } from './generate/board'
export { snapshotWorld, restoreWorld } from './snapshot'
export type { WorldSnapshot } from './snapshot'
export { Rng } from './rng'
export { worldDigest } from './debug/digest'

// Components
export {
  Deathtouch, Defender, DoubleStrike, FirstStrike, Flash, Flying, Haste, Hexproof, Indestructible, Lifelink, Menace,
  Reach, Trample, TrampleOverPlaneswalkers, Vigilance, KEYWORD_NAMES, keywordBit, keywordMask, keywordNames,
} from '../components/keywords'
export type { KeywordName } from '../components/keywords'
export { Enchant, Equip, Plot } from '../components/abilities'
export type { ParameterizedKeyword, EnchantQuality } from '../components/abilities'
export { Creature, Planeswalker, Artifact, Enchantment, Land, Instant, Sorcery, TYPE_NAMES, typeBit } from '../components/types'
export type { CardTypeName } from '../components/types'
export { Zone, ZONE_NAMES, Card } from '../components/zones'
export type { ZoneName, ZoneId } from '../components/zones'
export { Player } from '../components/players'
