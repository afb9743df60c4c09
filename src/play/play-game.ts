import { RedzoneError } from '../core/errors.js'
import { act, passIfForced } from '../decisions/act.js'
import type { Decision, PlayerAction } from '../decisions/action.js'
import { legalActions, type LegalActions } from '../decisions/legal.js'
import { isGameOver } from '../core/players.js'
import { pendingDecision, winnerOf } from '../decisions/pending.js'
import type { Eid } from '../core/events.js'
import type { GameWorld } from '../core/world.js'
import type { AgentFactory } from './agent.js'
import { agentLabel, chooseChecked, type SeatedAgent } from './agent-choice.js'
import { decodeAction, encodeAction } from './encode.js'
import { deckIssues, invalidDeck, isBuiltInDeck, resolveDeck, type DeckEntry, type DeckList, type DeckSpec } from './decks.js'
import { recordShapeError, type GameEndReason, type GameRecord } from './record.js'
import { checkVersion, engineVersion } from './version.js'
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
  /**
   * Whether the decks must follow the deck rules (`DECK_RULES`: at least 40 cards, at most four of
   * a card but basic lands); default true. False for rules experiments (ten lands to run out of
   * cards): the cards must still be the pool's. Replay never checks the rules.
   */
  deckRules?: boolean
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
  choose: (player: Eid, legal: LegalActions, decision: Decision) => PlayerAction,
  record: (action: PlayerAction) => void,
  stats?: { decisions: number; forced: number },
  who?: (player: Eid) => string,
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
    const action = forced ?? choose(decision.player!, legal, decision)
    const result = act(world, action)
    if (!result.ok) {
      const by = !forced && who ? `; by ${who(decision.player!)}` : ''
      throw new RedzoneError('illegal-agent-action', `illegal action "${encodeAction(action)}" at ${decision.kind}: ${result.error.code}: ${result.error.message}${by}`)
    }
    if (forced) forcedCount++
    else record(action)
  }
}

/**
 * Plays one whole game from two decks to a winner or a recorded draw. Never throws for a bad game:
 * the record says `error`. Throws `RedzoneError` for bad options: `invalid-deck` (every problem in
 * `issues`) for a deck with cards not in the pool or against the deck rules.
 */
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

  /** `replay` on a game of this table (restored, not built): for many records, as `redzone replay` does. The game is reused by the next call. */
  replay(record: GameRecord): Game {
    return replayRecord(record, { table: this })
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

/** The two decks as lists, checked against the pool and (unless `deckRules: false`) the deck rules. */
function checkedDecks(options: PlayOptions): [DeckList, DeckList] {
  const lists: [DeckList, DeckList] = [resolveDeck(options.decks[0]), resolveDeck(options.decks[1])]
  const rules = options.deckRules ?? true
  // A built-in deck follows the rules (a test holds it to them): only the others are checked.
  const issues = lists.flatMap((deck, seat) => (typeof options.decks[seat] === 'string' ? [] : deckIssues(deck, { rules, path: `$.decks[${seat}]` })))
  if (issues.length > 0) throw invalidDeck('playGame decks', issues)
  return lists
}

/** What a record says before the game: the version, seed, agents, both decks in full and a cap not the default. */
function recordHead(options: PlayOptions, lists: readonly [DeckList, DeckList]): RecordHead {
  return gameRecordHead(options.seed, [options.agents[0].name, options.agents[1].name], lists, options.maxSteps)
}

/** What every record of a game starts with (`playGame`'s, the learning environment's): the version, seed, agents by name, both decks in full, a cap not the default. */
export type RecordHead = Omit<GameRecord, 'first' | 'winner' | 'turns' | 'reason' | 'actions'>

/** The head of a game's record: `lists` are the decks by seat (`resolveDeck`). */
export function gameRecordHead(seed: number, agents: readonly [string, string], lists: readonly [DeckList, DeckList], maxSteps?: number): RecordHead {
  const list = (seat: 0 | 1): DeckEntry[] => lists[seat].cards.map(([name, count]): DeckEntry => [name, count])
  const head: RecordHead = {
    format: 'redzone-game/1',
    version: engineVersion(),
    seed,
    agents: [agents[0], agents[1]],
    decks: [lists[0].name, lists[1].name],
    deckLists: [list(0), list(1)],
  }
  if (maxSteps !== undefined && maxSteps !== DEFAULT_MAX_STEPS) head.maxSteps = maxSteps
  return head
}

function playOn(table: GameTable | null, options: PlayOptions): GameRecord {
  const { seed, agents } = options
  const decks = checkedDecks(options)
  const maxSteps = options.maxSteps ?? DEFAULT_MAX_STEPS
  const actions: string[] = []
  const base = recordHead(options, decks)
  let world: GameWorld | null = null
  try {
    let game: Game
    if (table && !options.onGame) {
      game = table.fresh(options.decks, seed)
      beginGame(worldOf(game))
    } else game = createDeckGame(decks, { seed, ...(options.onGame ? { onGame: options.onGame } : {}) })
    const w = worldOf(game)
    world = w
    const players = w.playerOrder
    const byPlayer = new Map<Eid, SeatedAgent>()
    players.forEach((p, seat) => byPlayer.set(p, { agent: agents[seat]!.create(mixSeed(seed, seat + 1)), view: new GameView(w, p), name: agents[seat]!.name, seat: seat === 0 ? 0 : 1 }))
    const outcome = run(
      w,
      maxSteps,
      (player, legal) => chooseChecked(byPlayer.get(player)!, pendingDecision(w), legal),
      (action) => actions.push(encodeAction(action)),
      options.stats,
      (player) => agentLabel(byPlayer.get(player)!),
    )
    return { ...base, first: seatOf(w, w.turn.first), winner: outcome.winner, turns: w.turn.number, reason: outcome.reason, actions }
  } catch (error) {
    const first = world ? seatOf(world, world.turn.first) : 0
    return { ...base, first, winner: null, turns: world?.turn.number ?? 0, reason: 'error', actions, error: (error as Error).message }
  }
}

/** Thrown inside a replay when the recorded actions run out (caught by `replay`). */
class RecordEnded extends Error {}

/**
 * The decks a record was played with: a custom deck from its list, a built-in one by name (a
 * record without lists names built-in decks only; `custom` is a record written before records
 * carried the lists, which can't be replayed).
 */
function recordDecks(record: GameRecord): [DeckSpec, DeckSpec] {
  return [0, 1].map((seat) => {
    const name = record.decks[seat]!
    const cards = record.deckLists?.[seat]
    // A built-in deck recorded with its own list is played by name (the same cards in the same order).
    if (cards) return isBuiltInDeck(name) && sameCards(cards, resolveDeck(name).cards) ? name : { name, cards }
    if (!isBuiltInDeck(name)) {
      throw new RedzoneError('invalid-argument', `the record's deck ${seat} "${name}" is not a built-in deck and the record has no list of its cards${name === 'custom' ? ' (written before records carried them)' : ''}: it can't be replayed`)
    }
    return name
  }) as [DeckSpec, DeckSpec]
}

function sameCards(a: readonly DeckEntry[], b: readonly DeckEntry[]): boolean {
  return a.length === b.length && a.every(([name, count], i) => name === b[i]![0] && count === b[i]![1])
}

function outcomeText(o: { first: number; winner: number | null; turns: number; reason: string }): string {
  return `${o.reason === 'error' ? 'an error' : o.winner === null ? `a draw (${o.reason})` : `seat ${o.winner} winning (${o.reason})`} after ${o.turns} turns, seat ${o.first} first`
}

/**
 * Replays a game record: the same decks and seed, the recorded actions in order (forced
 * decisions taken the same way), and checks that it is the recorded game. Returns the game, to
 * read its state and events (subscribe with `onGame` before the first action); a record of an
 * `error` game is replayed up to the error. Throws `RedzoneError`: `version-mismatch` for a record
 * of another engine or card pool (`versionError`), `invalid-argument` for a value that is not a
 * record or a replay that differs from the record (who starts, the winner, the turns, the reason,
 * actions left over or missing), `illegal-agent-action` for a recorded action the game rejects.
 */
export function replay(record: GameRecord, options: { onGame?: (game: Game) => void; maxSteps?: number } = {}): Game {
  return replayRecord(record, options)
}

/** `replay`'s options, and what a tool inside the engine may watch (the `redzone export` rows). */
export interface ReplayHooks {
  /** Restores games from this table instead of building them (`GameTable.replay`); not with `onGame`. */
  table?: GameTable
  onGame?: (game: Game) => void
  maxSteps?: number
  /**
   * Each recorded action, decoded, before it is given to `act`: the game at its decision (read
   * it, never change it), the decision, its legal actions, and the action's index in `actions`.
   */
  onChoice?: (world: GameWorld, decision: Decision, legal: LegalActions, action: PlayerAction, index: number) => void
  /** The recorded action `index` was accepted by `act` (after `onChoice`). */
  onAccepted?: (index: number) => void
}

/** `replay` with its hooks: the one replay, for `replay`, `GameTable.replay` and the tools inside the engine. */
export function replayRecord(record: GameRecord, options: ReplayHooks = {}): Game {
  const shape = recordShapeError(record)
  if (shape !== null) throw new RedzoneError('invalid-argument', `not a game record: ${shape}`)
  checkVersion(record.version)
  const decks = recordDecks(record)
  let game: Game
  const { table, onChoice, onAccepted } = options
  if (table && !options.onGame) {
    game = table.fresh(decks, record.seed)
    beginGame(worldOf(game))
  } else game = createDeckGame(decks, { seed: record.seed, ...(options.onGame ? { onGame: options.onGame } : {}) })
  const world = worldOf(game)
  let next = 0
  let outcome: { winner: 0 | 1 | null; reason: GameEndReason }
  try {
    outcome = run(
      world,
      record.maxSteps ?? options.maxSteps ?? DEFAULT_MAX_STEPS,
      (player, legal, decision) => {
        const text = record.actions[next++]
        if (text === undefined) throw new RecordEnded()
        const action = decodeAction(text, player)
        onChoice?.(world, decision, legal, action, next - 1)
        return action
      },
      onAccepted ? () => onAccepted(next - 1) : () => {},
    )
  } catch (error) {
    if (!(error instanceof RecordEnded)) throw error
    // The record stops where its game failed, or it is short.
    if (record.reason !== 'error') throw new RedzoneError('invalid-argument', `the record ended before the game did (after ${record.actions.length} actions, turn ${world.turn.number})`)
    outcome = { winner: null, reason: 'error' }
  }
  const replayed = { first: seatOf(world, world.turn.first), winner: outcome.winner, turns: world.turn.number, reason: outcome.reason }
  if (next < record.actions.length) {
    throw new RedzoneError('invalid-argument', `the game ended (${outcomeText(replayed)}) with ${record.actions.length - next} recorded actions left`)
  }
  if (replayed.first !== record.first || replayed.winner !== record.winner || replayed.turns !== record.turns || replayed.reason !== record.reason) {
    throw new RedzoneError('invalid-argument', `the replay differs from the record: it ends with ${outcomeText(replayed)}; the record says ${outcomeText(record)}`)
  }
  return game
}
