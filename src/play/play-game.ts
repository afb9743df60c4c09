import { RedzoneError } from '../core/errors.js'
import { act, passIfForced } from '../decisions/act.js'
import type { PlayerAction } from '../decisions/action.js'
import { legalActions, type LegalActions } from '../decisions/legal.js'
import { isGameOver } from '../core/players.js'
import { pendingDecision, winnerOf } from '../decisions/pending.js'
import type { Eid } from '../core/events.js'
import type { GameWorld } from '../core/world.js'
import type { Agent, AgentFactory } from './agent.js'
import { decodeAction, encodeAction } from './encode.js'
import { deckName, type DeckSpec } from './decks.js'
import type { GameEndReason, GameRecord } from './record.js'
import { createDeckGame, deckPosition } from './setup.js'
import { gameOfBuilt, worldOf, type Game } from '../api/game.js'
import { buildPosition } from '../state/position.js'
import { beginGame } from '../decisions/pregame.js'
import { Rng } from '../core/rng.js'
import { restoreWorld, snapshotWorld, type WorldSnapshot } from '../state/snapshot.js'
import { GameView } from './view.js'

export type { DeckSpec } from './decks.js'

export interface PlayOptions {
  seed: number
  agents: readonly [AgentFactory, AgentFactory]
  decks: readonly [DeckSpec, DeckSpec]
  /** Decisions after which the game is recorded as a draw (`step-cap`); default 20,000. */
  maxSteps?: number
  /** Sees the game before it begins (to subscribe to its events). */
  onGame?: (game: Game) => void
  /** Counters to add this game's decisions to (all of them, and those forced: nothing to choose). */
  stats?: { decisions: number; forced: number }
}

export const DEFAULT_MAX_STEPS = 20_000

/** A 32-bit mix of two numbers (the seed of an agent's own random stream, apart from the game's). */
export function mixSeed(a: number, b: number): number {
  let h = (Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x632be5ab, 0xc2b2ae35)) >>> 0
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d) >>> 0
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b) >>> 0
  return (h ^ (h >>> 16)) >>> 0
}

/**
 * The one action of a decision with no real choice (priority with nothing but passing; the bottom
 * or discard of every card in hand; a keep after seven mulligans), or null. Such decisions are
 * taken for the agents and not recorded: replay takes them the same way.
 */
export function forcedAction(legal: LegalActions): PlayerAction | null {
  const player = legal.player
  if (player === null) return null
  switch (legal.kind) {
    case 'priority':
      return legal.play.length === 0 && legal.cast.length === 0 && legal.activate.length === 0 && legal.plot.length === 0 ? { type: 'pass', player } : null
    case 'discard':
    case 'bottom':
      return legal.cards.length === legal.count ? { type: legal.kind, player, cards: legal.cards } : null
    case 'mulligan':
      return legal.mulligan ? null : { type: 'keep', player }
    default:
      return null
  }
}

/** The seat (place in `SEATS`) of a player of a two-player game. */
export function seatOf(world: GameWorld, player: Eid): 0 | 1 {
  return world.playerOrder.indexOf(player) === 0 ? 0 : 1
}

/** Why a finished game ended (CR 704.5a no life, 704.5b drawing from an empty library). */
export function endReason(world: GameWorld): GameEndReason {
  for (const p of world.playerOrder) if (world.players.lost[p] && world.players.life[p]! > 0) return 'empty-library'
  return 'life'
}

/**
 * Runs a game to its end: at each decision, a forced one is taken, else the decider's agent
 * chooses (`choose`, or the recorded actions when replaying). Returns the winner, turns, reason.
 */
function run(
  world: GameWorld,
  maxSteps: number,
  choose: (player: Eid, legal: LegalActions) => PlayerAction,
  record: (action: PlayerAction) => void,
  stats?: { decisions: number; forced: number },
): { winner: 0 | 1 | null; reason: GameEndReason } {
  let forcedCount = 0
  let steps = 0
  const done = (result: { winner: 0 | 1 | null; reason: GameEndReason }): typeof result => {
    if (stats) {
      stats.decisions += steps
      stats.forced += forcedCount
    }
    return result
  }
  for (; ; steps++) {
    if (steps >= maxSteps && !isGameOver(world)) return done({ winner: null, reason: 'step-cap' })
    // The common case first, without building the decision: a priority with nothing to do but pass.
    if (passIfForced(world)) {
      forcedCount++
      continue
    }
    const decision = pendingDecision(world)
    if (decision.kind === 'gameOver') {
      const winner = winnerOf(world)
      return done({ winner: winner === 0 ? null : seatOf(world, winner), reason: endReason(world) })
    }
    const legal = legalActions(world)
    const forced = forcedAction(legal)
    const action = forced ?? choose(decision.player!, legal)
    const result = act(world, action)
    if (!result.ok) throw new RedzoneError('illegal-agent-action', `illegal action "${encodeAction(action)}" at ${decision.kind}: ${result.error.code}: ${result.error.message}`)
    if (forced) forcedCount++
    else record(action)
  }
}

/** Plays one whole game from two decks to a winner or a recorded draw. Never throws for a bad game: the record says `error`. */
export function playGame(options: PlayOptions): GameRecord {
  return playOn(null, options)
}

/**
 * Plays many games with little set-up cost: the game of each pair of decks is built once, and
 * each new game starts from a copy of its untouched state (`restore`) with the new seed. Games are
 * the same as with `playGame` (same seed, same record). Not shared between threads.
 */
export class GameTable {
  private readonly games = new Map<string, { game: Game; pristine: WorldSnapshot }>()

  play(options: PlayOptions): GameRecord {
    return playOn(this, options)
  }

  /** A game of these decks, not begun, with the seed's random stream. */
  fresh(decks: readonly [DeckSpec, DeckSpec], seed: number): Game {
    const key = JSON.stringify(decks)
    let entry = this.games.get(key)
    if (!entry) {
      const game = gameOfBuilt(buildPosition(deckPosition(decks), { seed }))
      entry = { game, pristine: snapshotWorld(worldOf(game)) }
      this.games.set(key, entry)
    }
    restoreWorld(worldOf(entry.game), entry.pristine)
    worldOf(entry.game).rng.setState(new Rng(seed).state())
    return entry.game
  }
}

function playOn(table: GameTable | null, options: PlayOptions): GameRecord {
  const { seed, agents, decks } = options
  const maxSteps = options.maxSteps ?? DEFAULT_MAX_STEPS
  const actions: string[] = []
  const base = {
    format: 'redzone-game/1' as const,
    seed,
    agents: [agents[0].name, agents[1].name] as [string, string],
    decks: [deckName(decks[0]), deckName(decks[1])] as [string, string],
  }
  let world: GameWorld | null = null
  try {
    let game: Game
    if (table && !options.onGame) {
      game = table.fresh(decks, seed)
      beginGame(worldOf(game))
    } else game = createDeckGame(decks, { seed, ...(options.onGame ? { onGame: options.onGame } : {}) })
    const w = worldOf(game)
    world = w
    const players = w.playerOrder
    const byPlayer = new Map<Eid, { agent: Agent; view: GameView }>()
    players.forEach((p, seat) => byPlayer.set(p, { agent: agents[seat]!.create(mixSeed(seed, seat + 1)), view: new GameView(w, p) }))
    const outcome = run(
      w,
      maxSteps,
      (player, legal) => {
        const seat = byPlayer.get(player)!
        return seat.agent.choose(seat.view, pendingDecision(w), legal)
      },
      (action) => actions.push(encodeAction(action)),
      options.stats,
    )
    return { ...base, first: seatOf(w, w.turn.first), winner: outcome.winner, turns: w.turn.number, reason: outcome.reason, actions }
  } catch (error) {
    const first = world ? seatOf(world, world.turn.first) : 0
    return { ...base, first, winner: null, turns: world?.turn.number ?? 0, reason: 'error', actions, error: (error as Error).message }
  }
}

/**
 * Replays a game record: the same decks and seed, the recorded actions in order (forced
 * decisions taken the same way). Returns the game, to read its state and events: subscribe with
 * `onGame` before the first action.
 */
export function replay(record: GameRecord, options: { onGame?: (game: Game) => void; maxSteps?: number } = {}): Game {
  const decks = record.decks.map((d) => {
    if (d === 'custom') throw new RedzoneError('not-implemented', 'a record of a custom deck can\'t be replayed: replay needs named decks')
    return d
  }) as [string, string]
  const game = createDeckGame(decks, { seed: record.seed, ...(options.onGame ? { onGame: options.onGame } : {}) })
  let next = 0
  run(
    worldOf(game),
    options.maxSteps ?? DEFAULT_MAX_STEPS,
    (player) => {
      const text = record.actions[next++]
      if (text === undefined) throw new RedzoneError('invalid-argument', 'the record ended before the game did')
      return decodeAction(text, player)
    },
    () => {},
  )
  return game
}
