/**
 * redzone/sim: the entity level, for bulk simulation. Whole games from decks, agents, records and
 * replay, and the decision API on a game's world (entity ids instead of string ids): what a
 * self-play loop, a search or a learning environment drives millions of times. Every change still
 * goes through `act`. The world is opaque: get it with `worldOf(game)` and pass it to these
 * functions. Browser-safe.
 */
import { act as actOnWorld, passIfForced as passIfForcedOnWorld } from './decisions/act.js'
import { pendingDecision as pendingOnWorld, winnerOf as winnerOnWorld } from './decisions/pending.js'
import { legalActions as legalOnWorld, type LegalActions } from './decisions/legal.js'
import type { Action, Decision, DecisionKind, PlayerAction } from './decisions/action.js'
import { checkActionShape } from './decisions/action-shape.js'
import { checkSnapshot, MadeSnapshot, notMidChange, restoreWorld, snapshotWorld, type Snapshot, type WorldSnapshot } from './state/snapshot.js'
import { Game, worldOf as worldOfGame } from './api/game.js'
import { RedzoneError, type ActionResult } from './core/errors.js'
import { countError, describeValue, LIMITS } from './core/limits.js'
import { forcedAction as forcedOf, mixSeed as mixSeeds } from './play/play-game.js'
import { throwCaught, type Eid } from './core/events.js'
import type { GameWorld } from './core/world.js'
import { GameView } from './play/view.js'

declare const opaque: unique symbol

/** A game's world at the entity level: opaque; the functions of this entry take it. */
export interface World {
  readonly [opaque]: 'redzone.World'
}

// The entry's functions check what they are given is a world (and a game, a player, ...) before
// reading it: a caller's `null` or a game where its world goes is `invalid-argument` naming the
// call, not a TypeError from inside. Only here, at the entry: the engine's own loops (playGame's,
// the learning environment's, the agents') call the functions behind them, unchecked.

/** Throws `invalid-argument` unless `world` is a game's world (`worldOf(game)`): a look at two of its fields. */
function checkWorld(world: unknown, call: string): asserts world is GameWorld {
  const w = world as Partial<GameWorld> | null
  if (typeof w === 'object' && w !== null && typeof w.turn === 'object' && Array.isArray(w.playerOrder)) return
  const got = world instanceof Game ? 'a Game (pass worldOf(game))' : describeValue(world)
  throw new RedzoneError('invalid-argument', `${call}: world: expected a game's world (worldOf(game)), got ${got}`)
}

/** The world behind a game. */
export const worldOf = ((game: Game): GameWorld => {
  if (!(game instanceof Game)) throw new RedzoneError('invalid-argument', `worldOf: game: expected a Game (createGame, createDeckGame), got ${describeValue(game)}`)
  return worldOfGame(game)
}) as unknown as (game: Game) => World
/**
 * The one gate, at the entity level: a player's action answers the pending decision; an effect from
 * outside the game is applied. A value not of an action's shape (a Map where a list goes, a string
 * where an entity id goes) throws `RedzoneError('invalid-argument')` naming the field, and nothing
 * changes; an action the rules refuse is a rejection (`ok: false`), and nothing changes.
 */
export const act = ((world: GameWorld, action: unknown): ActionResult => {
  checkWorld(world, 'act')
  checkActionShape(action)
  notFromListener(world)
  const result = actOnWorld(world, action)
  // A client listener's error (`Game.on`, `onEvent`), once the change is complete.
  throwCaught(world.events)
  return result
}) as unknown as (world: World, action: Action) => ActionResult
/** CR 117.3d: the player with priority passes when passing is all they can do; whether they passed (the fast path of whole games). */
export const passIfForced = ((world: GameWorld): boolean => {
  checkWorld(world, 'passIfForced')
  notFromListener(world)
  const passed = passIfForcedOnWorld(world)
  throwCaught(world.events)
  return passed
}) as unknown as (world: World) => boolean

/** A client listener's call into the game lands in the middle of the change that runs it: refused, as `Game` refuses it. */
function notFromListener(world: GameWorld): void {
  if (world.events.calling) throw new RedzoneError('invalid-argument', 'a listener may not act')
}
/** Who must decide what now (CR 117.3, 508.1, 509.1, 510.1, 701.23, 514.1, 103.5). */
export const pendingDecision = ((world: GameWorld): Decision => {
  checkWorld(world, 'pendingDecision')
  return pendingOnWorld(world)
}) as unknown as (world: World) => Decision
/** The legal actions of the pending decision, factored per object. */
export const legalActions = ((world: GameWorld): LegalActions => {
  checkWorld(world, 'legalActions')
  return legalOnWorld(world)
}) as unknown as (world: World) => LegalActions
/** The winner of a finished game, or 0. */
export const winnerOf = ((world: GameWorld): Eid => {
  checkWorld(world, 'winnerOf')
  return winnerOnWorld(world)
}) as unknown as (world: World) => Eid
/**
 * A copy of the whole game, into `into` when given (a snapshot `snapshot` made, of this world: its
 * arrays are reused, no allocation). Another value as `into` is `invalid-argument`, not ignored.
 */
export const snapshot = ((world: GameWorld, into?: unknown): WorldSnapshot => {
  checkWorld(world, 'snapshot')
  notMidChange(world, 'snapshot')
  if (into !== undefined && !(into instanceof MadeSnapshot)) {
    throw new RedzoneError('invalid-argument', `snapshot: into: expected a snapshot made by snapshot() to write into, or nothing, got ${describeValue(into)}`)
  }
  return snapshotWorld(world, into)
}) as unknown as (world: World, into?: Snapshot) => Snapshot
/** Puts a world back to a snapshot taken of it, or of a world built from the same position (checked first: `invalid-snapshot`, nothing changed). */
export const restore = ((world: GameWorld, saved: unknown): void => {
  checkWorld(world, 'restore')
  // A listener's restore would land in the middle of the change it hears (the rest of it then
  // applied to the restored game), as its action would.
  notFromListener(world)
  checkSnapshot(world, saved)
  restoreWorld(world, saved)
}) as unknown as (world: World, snapshot: Snapshot) => void

export type { Snapshot, LegalActions }

// Whole games: decks, agents, records, replay
export { createDeckGame, deckPosition, SEATS } from './play/setup.js'
export { deckCards, deckIssues, parseDeckList, DECK_NAMES, DECK_RULES } from './play/decks.js'
export type { DeckSpec, DeckList, DeckEntry } from './play/decks.js'
export { engineVersion } from './play/version.js'
export { playGame, replay, GameTable, DEFAULT_MAX_STEPS } from './play/play-game.js'
/**
 * The one action of a decision with no real choice (`legal`: `legalActions(world)`'s), or null:
 * such decisions are taken for the agents and not recorded. A value that is no `LegalActions` of
 * a kind it reads is `invalid-argument`.
 */
export function forcedAction(legal: LegalActions): PlayerAction | null {
  const error = legalActionsError(legal)
  if (error !== null) throw new RedzoneError('invalid-argument', `forcedAction: legal: expected the legal actions of a decision (legalActions(world)), got ${error}`)
  return forcedOf(legal)
}

/** Why `legal` is not the legal actions `forcedAction` reads (the lists of its kind), or null. */
function legalActionsError(legal: unknown): string | null {
  const l = legal as Partial<Record<keyof LegalActions, unknown>> | null
  if (typeof l !== 'object' || l === null || Array.isArray(l)) return describeValue(legal)
  if (typeof l.kind !== 'string' || !DECISION_KINDS.has(l.kind)) return `an object whose kind is ${describeValue(l.kind)}`
  if (l.player !== null && !Number.isInteger(l.player)) return `an object whose player is ${describeValue(l.player)}`
  const lists: readonly (keyof LegalActions)[] = l.kind === 'priority' ? ['play', 'cast', 'activate', 'plot'] : l.kind === 'discard' || l.kind === 'bottom' ? ['cards'] : []
  for (const name of lists) if (!Array.isArray(l[name])) return `an object whose ${name} is ${describeValue(l[name])}`
  return null
}

const DECISION_KINDS: ReadonlySet<string> = new Set<DecisionKind>(['priority', 'declareAttackers', 'declareBlockers', 'assignDamage', 'search', 'discard', 'mulligan', 'bottom', 'gameOver'])

/**
 * A 32-bit mix of two numbers, each a whole number from 0 to 2^32 - 1 (`LIMITS.seed`): the seed of
 * an agent's own random stream, apart from the game's (`mixSeed(seed, seat + 1)`). Another value is
 * `invalid-argument`, not cut to 32 bits (`mixSeed(2 ** 32 + 1, 0)` would be `mixSeed(1, 0)`).
 */
export function mixSeed(a: number, b: number): number {
  for (const [name, value] of [['a', a], ['b', b]] as const) {
    const error = countError(value, LIMITS.seed)
    if (error !== null) throw new RedzoneError('invalid-argument', `mixSeed: ${name}: ${error}`)
  }
  return mixSeeds(a, b)
}
export type { PlayOptions } from './play/play-game.js'
export type { GameRecord, GameEndReason } from './play/record.js'
export type { Agent, AgentFactory } from './play/agent.js'
export type { GameView } from './play/view.js'
/**
 * What `player` may know of the game (CR 400.2): the view an agent decides from. An entity that is
 * not one of the world's players (a card, entity 0, an id past its entities) is `unknown-entity`.
 */
export const viewOf = ((world: GameWorld, player: Eid): GameView => {
  checkWorld(world, 'viewOf')
  if (!Number.isInteger(player)) throw new RedzoneError('invalid-argument', `viewOf: player: expected a player's entity id (a whole number), got ${describeValue(player)}`)
  if (!world.playerOrder.includes(player)) {
    throw new RedzoneError('unknown-entity', `viewOf: player: expected a player's entity id (one of ${world.playerOrder.join(', ')}), got ${describeValue(player)}`)
  }
  return new GameView(world, player)
}) as unknown as (world: World, player: Eid) => GameView
export { encodeAction, decodeAction } from './play/encode.js'
export { randomAgent, randomAction } from './play/agents/random.js'
export { heuristicAgent, heuristicAction } from './play/agents/heuristic.js'
export { searchAgent, searchAgentFactory } from './play/agents/search.js'
export type { SearchOptions } from './play/agents/search.js'
export { Rng } from './core/rng.js'
