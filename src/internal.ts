/**
 * redzone/internal: UNSTABLE. The engine's insides, for benchmarks, tests and tools that measure
 * or generate: the world and its stores, the schedule and the systems, the damage plan, the board
 * generator, the state registry and the digest. Names here may change in any release. Nothing here
 * is needed to play a game: `redzone` and `redzone/sim` are the supported surfaces, and every
 * change to a game goes through `act`.
 */
export { createGameWorld, addPlayer, addCard, ensureCapacity } from './core/world.js'
export type { GameWorld, GameContext, CardSpec } from './core/world.js'
export { worldOf, gameOfBuilt } from './api/game.js'
export { buildPosition } from './state/position.js'
export type { BuiltPosition } from './state/position.js'
export { SCHEDULE, isStepSkipped } from '../systems/schedule.js'
export type { ScheduledStep, System } from '../systems/schedule.js'
export { checkStateBasedActions } from '../systems/check-state-based-actions.js'
export { planCombatDamage, lethalDamageNeeded } from './rules/combat/plan-combat-damage.js'
export type { ExplicitAssignment, DamageStepKind } from './core/card-spec.js'
export type { AttackDeclaration } from './rules/combat/check-attack.js'
export type { BlockDeclaration } from './rules/combat/check-block.js'
export { generateBoard, generateBoardSpec, buildBoard } from './generate/board.js'
export type { GeneratedBoard, BoardOptions, BoardSpec } from './generate/board.js'
export { walkToAttack, walkToBlock, walkToDamage, walkTo, castAndResolve, activateAndResolve, specialWhenPriority } from './api/drive.js'
export { snapshotWorld, restoreWorld } from './state/snapshot.js'
export { worldDigest } from './state/digest.js'
export { stateToJson, stateToBinary, worldFromJson, worldFromBinary } from './state/serialize.js'
export { stateColumns, stateLayout, ENTITY_STORES } from './core/state-registry.js'
export { Step, stepByName } from './core/steps.js'
export type { StepId } from './core/steps.js'
export { Await } from './core/await.js'
export type { AwaitKind } from './core/await.js'
export { GameView } from './play/view.js'
export {
  Deathtouch, Defender, DoubleStrike, FirstStrike, Flash, Flying, Haste, Hexproof, Indestructible, Lifelink, Menace,
  Reach, Trample, TrampleOverPlaneswalkers, Vigilance, keywordBit, keywordMask, keywordNames,
} from '../components/keywords.js'
export { Enchant, Equip, Plot } from '../components/abilities.js'
export type { ParameterizedKeyword } from '../components/abilities.js'
export { Creature, Planeswalker, Artifact, Enchantment, Land, Instant, Sorcery, typeBit } from '../components/types.js'
export { Zone, Card } from '../components/zones.js'
export type { ZoneId } from '../components/zones.js'
export { Player } from '../components/players.js'
