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
import type { Action, Decision } from './decisions/action.js'
import { checkActionShape } from './decisions/action-shape.js'
import { checkSnapshot, restoreWorld, snapshotWorld, type Snapshot } from './state/snapshot.js'
import { worldOf as worldOfGame, type Game } from './api/game.js'
import { RedzoneError, type ActionResult } from './core/errors.js'
import { throwCaught, type Eid } from './core/events.js'
import type { GameWorld } from './core/world.js'
import { GameView } from './play/view.js'

declare const opaque: unique symbol

/** A game's world at the entity level: opaque; the functions of this entry take it. */
export interface World {
  readonly [opaque]: 'redzone.World'
}

/** The world behind a game. */
export const worldOf = worldOfGame as unknown as (game: Game) => World
/**
 * The one gate, at the entity level: a player's action answers the pending decision; an effect from
 * outside the game is applied. A value not of an action's shape (a Map where a list goes, a string
 * where an entity id goes) throws `RedzoneError('invalid-argument')` naming the field, and nothing
 * changes; an action the rules refuse is a rejection (`ok: false`), and nothing changes.
 */
export const act = ((world: GameWorld, action: unknown): ActionResult => {
  checkActionShape(action)
  notFromListener(world)
  const result = actOnWorld(world, action)
  // A client listener's error (`Game.on`, `onEvent`), once the change is complete.
  throwCaught(world.events)
  return result
}) as unknown as (world: World, action: Action) => ActionResult
/** CR 117.3d: the player with priority passes when passing is all they can do; whether they passed (the fast path of whole games). */
export const passIfForced = ((world: GameWorld): boolean => {
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
export const pendingDecision = pendingOnWorld as unknown as (world: World) => Decision
/** The legal actions of the pending decision, factored per object. */
export const legalActions = legalOnWorld as unknown as (world: World) => LegalActions
/** The winner of a finished game, or 0. */
export const winnerOf = winnerOnWorld as unknown as (world: World) => Eid
/** A copy of the whole game, into `into` when given (a snapshot of this world: its arrays are reused, no allocation). */
export const snapshot = snapshotWorld as unknown as (world: World, into?: Snapshot) => Snapshot
/** Puts a world back to a snapshot taken of it, or of a world built from the same position (checked first: `invalid-snapshot`, nothing changed). */
export const restore = ((world: GameWorld, saved: unknown): void => {
  checkSnapshot(world, saved)
  restoreWorld(world, saved)
}) as unknown as (world: World, snapshot: Snapshot) => void

export type { Snapshot, LegalActions }

// Whole games: decks, agents, records, replay
export { createDeckGame, deckPosition, SEATS } from './play/setup.js'
export { deckCards, deckIssues, parseDeckList, DECK_NAMES, DECK_RULES } from './play/decks.js'
export type { DeckSpec, DeckList, DeckEntry } from './play/decks.js'
export { engineVersion } from './play/version.js'
export { playGame, replay, GameTable, forcedAction, mixSeed, DEFAULT_MAX_STEPS } from './play/play-game.js'
export type { PlayOptions } from './play/play-game.js'
export type { GameRecord, GameEndReason } from './play/record.js'
export type { Agent, AgentFactory } from './play/agent.js'
export type { GameView } from './play/view.js'
/** What `player` may know of the game (CR 400.2): the view an agent decides from. */
export const viewOf = ((world: GameWorld, player: Eid): GameView => new GameView(world, player)) as unknown as (world: World, player: Eid) => GameView
export { encodeAction, decodeAction } from './play/encode.js'
export { randomAgent, randomAction } from './play/agents/random.js'
export { heuristicAgent, heuristicAction } from './play/agents/heuristic.js'
export { searchAgent, searchAgentFactory } from './play/agents/search.js'
export type { SearchOptions } from './play/agents/search.js'
export { Rng } from './core/rng.js'
