import { RedzoneError } from '../core/errors.js'
import { act, passIfForced } from '../decisions/act.js'
import type { Decision, PlayerAction } from '../decisions/action.js'
import { legalActions, type LegalActions } from '../decisions/legal.js'
import { isGameOver, inGame, seatIndex } from '../core/players.js'
import { pendingDecision, winnerOf } from '../decisions/pending.js'
import type { Eid, GameEmitter } from '../core/events.js'
import type { GameWorld } from '../core/world.js'
import { agentLabel, chooseChecked, seatAgent, type SeatedAgent } from './agent-choice.js'
import { decodeAction, encodeAction, writeAction } from './encode.js'
import { deckIssues, invalidDeck, isBuiltInDeck, resolveDeck, type DeckEntry, type DeckList, type DeckSpec } from './decks.js'
import { recordShapeError, seedError, type GameEndReason, type GameRecord } from './record.js'
import { checkVersion, engineVersion } from './version.js'
import { checkSeats, deckGame, deckPosition } from './setup.js'
import { checkPlayOptions, checkReplayOptions, PLAY_GAME, TABLE_PLAY, type CallNames, type PlayOptions, type ReplayOptions } from './play-options.js'
import { gameOfBuilt, worldOf, type Game } from '../api/game.js'
import { buildPosition } from '../state/position.js'
import { beginGame } from '../decisions/pregame.js'
import { hasSorceryTiming } from '../rules/spells/timing.js'
import { restoreWorld, snapshotWorld, type WorldSnapshot } from '../state/snapshot.js'
import { GameView } from './view.js'

export type { DeckSpec } from './decks.js'

export type { PlayOptions, ReplayOptions } from './play-options.js'

export const DEFAULT_MAX_STEPS = 20_000

/** A 32-bit mix of two numbers (the seed of an agent's own random stream, apart from the game's). */
export function mixSeed(a: number, b: number): number {
  let h = (Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x632be5ab, 0xc2b2ae35)) >>> 0
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d) >>> 0
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b) >>> 0
  return (h ^ (h >>> 16)) >>> 0
}

/** CR 117.3d: a priority decision where passing is all the player can do (no land, spell, ability or special action). */
export function onlyPass(legal: LegalActions): boolean {
  return legal.kind === 'priority' && legal.play.length === 0 && legal.cast.length === 0 && legal.activate.length === 0 && legal.plot.length === 0
}

/**
 * The one action of a decision with no real choice (priority with nothing but passing; the bottom
 * or discard of every card in hand; a keep after seven mulligans), or null. Such decisions are
 * taken for the agents and not recorded: replay takes them the same way.
 */
export function forcedAction(legal: LegalActions): PlayerAction | null {
  return forcedActionInto(legal, null)
}

/** Kept objects for the forced actions (the learning env's: `act` reads an action at once and keeps nothing of it). */
export interface ForcedActions {
  pass: Extract<PlayerAction, { type: 'pass' }>
  keep: Extract<PlayerAction, { type: 'keep' }>
  discard: Extract<PlayerAction, { type: 'discard' }>
  bottom: Extract<PlayerAction, { type: 'bottom' }>
}

/** New kept objects for `forcedActionInto`. */
export function forcedActions(): ForcedActions {
  return { pass: { type: 'pass', player: 0 }, keep: { type: 'keep', player: 0 }, discard: { type: 'discard', player: 0, cards: [] }, bottom: { type: 'bottom', player: 0, cards: [] } }
}

/** `forcedAction`, into `into`'s kept object of the action's type when given (no object made; the cards are `legal`'s list), else a new one. */
export function forcedActionInto(legal: LegalActions, into: ForcedActions | null): PlayerAction | null {
  const player = legal.player
  if (player === null) return null
  switch (legal.kind) {
    case 'priority': {
      if (!onlyPass(legal)) return null
      const action = into ? into.pass : { type: 'pass' as const, player }
      action.player = player
      return action
    }
    case 'discard':
    case 'bottom': {
      if (legal.cards.length !== legal.count) return null
      const action = into ? into[legal.kind] : { type: legal.kind, player, cards: legal.cards }
      action.player = player
      action.cards = legal.cards
      return action
    }
    case 'mulligan': {
      if (legal.mulligan) return null
      const action = into ? into.keep : { type: 'keep' as const, player }
      action.player = player
      return action
    }
    default:
      return null
  }
}

/** The seat (place in `SEATS`) of a player of a two-player game (the learning environment's); `seatIndex` for any game. */
export function seatOf(world: GameWorld, player: Eid): 0 | 1 {
  return world.playerOrder[0] === player ? 0 : 1
}

/**
 * Notes who left the game (CR 800.4a) as it goes, for a game of three or four players: each call
 * after an action adds the seats that left since the last one, as one group (they left at the same
 * check of state-based actions, CR 704.3). A cheap look at the players' `lost` flags.
 */
class Eliminations {
  readonly groups: number[][] = []
  private out = 0

  constructor(private readonly world: GameWorld) {}

  update(): void {
    const { playerOrder } = this.world
    let out = 0
    for (let seat = 0; seat < playerOrder.length; seat++) if (!inGame(this.world, playerOrder[seat]!)) out |= 1 << seat
    const now = out & ~this.out
    if (now === 0) return
    this.out = out
    const group: number[] = []
    for (let seat = 0; seat < playerOrder.length; seat++) if (now & (1 << seat)) group.push(seat)
    this.groups.push(group)
  }

  /** The groups without the winner (who has not left, but a game ended at once by a draw of all is recorded whole). */
  list(winner: number | null): number[][] {
    return this.groups.map((g) => g.filter((seat) => seat !== winner)).filter((g) => g.length > 0)
  }
}

/** Why a finished game ended (CR 704.5a no life, 704.5b drawing from an empty library): why the players who left last (`lastOut`, their seats; by default any who left) did. */
export function endReason(world: GameWorld, lastOut?: readonly number[]): GameEndReason {
  // The game ended when its last players left: why they did (with several players, someone who
  // drew from an empty library turns earlier doesn't make a later death by damage one).
  // By index (no iterator and no list made: called once a game, often before V8 optimizes it).
  const order = world.playerOrder
  const n = lastOut ? lastOut.length : order.length
  for (let k = 0; k < n; k++) {
    const p = order[lastOut ? lastOut[k]! : k]!
    if (!inGame(world, p) && world.players.life[p]! > 0) return 'empty-library'
  }
  return 'life'
}

/** A client listener's error during a game (`GameEmitter.caught`), taken out to be thrown as it is. */
class ListenerFailed {
  readonly error: unknown
  constructor(events: GameEmitter) {
    this.error = events.caught?.error
    events.caught = null
  }
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
  eliminations?: Eliminations,
): { winner: number | null; reason: GameEndReason } {
  let forcedCount = 0
  let steps = 0
  const done = (result: { winner: number | null; reason: GameEndReason }): typeof result => {
    if (stats) {
      stats.decisions += steps
      stats.forced += forcedCount
    }
    return result
  }
  const events = world.events
  for (; ; steps++) {
    // A listener's error (an `onGame` subscriber's) is the caller's: thrown once the change that
    // raised it is complete, never recorded as the agents' game failing.
    if (events.caught !== null) throw new ListenerFailed(events)
    if (steps >= maxSteps && !isGameOver(world)) return done({ winner: null, reason: 'step-cap' })
    // The common case first, without building the decision: a priority with nothing to do but pass
    // (looked for outside sorcery timing only: within it the player usually has an option, and a
    // forced pass is then `forcedAction`'s, the legal actions listed once, not looked for twice).
    if (!hasSorceryTiming(world, world.turn.priority) && passIfForced(world)) {
      forcedCount++
      eliminations?.update()
      continue
    }
    const decision = pendingDecision(world)
    if (decision.kind === 'gameOver') {
      const winner = winnerOf(world)
      return done({ winner: winner === 0 ? null : seatIndex(world, winner), reason: endReason(world, eliminations?.groups.at(-1)) })
    }
    const legal = legalActions(world)
    const forced = forcedAction(legal)
    const action = forced ?? choose(decision.player!, legal, decision)
    const result = act(world, action)
    if (!result.ok) {
      const by = !forced && who ? `; by ${who(decision.player!)}` : ''
      throw new RedzoneError('illegal-agent-action', `illegal action ${actionText(action)} at ${decision.kind}: ${result.error.code}: ${result.error.message}${by}`)
    }
    if (forced) forcedCount++
    else record(action)
    eliminations?.update()
  }
}

/**
 * Plays one whole game of two to four players (one agent and one deck each; with more than two, a
 * free-for-all: each attacks any opponent, CR 802, 806) to a winner or a recorded draw. Never
 * throws for a bad game: an agent that throws or answers wrongly ends it, and the record says
 * `error`. Throws for bad options, before anything is played (`checkPlayOptions`): `RedzoneError`
 * `invalid-argument` naming the field (options that are not an object or have an unknown name, a
 * seed not from 0 to 2^32 - 1, agents that are not 2 to 4 agent factories, decks not as many or
 * not decks, a `maxSteps` below 1 or not whole, ...), `invalid-deck` (every problem in `issues`)
 * for a deck with cards not in the pool or against the deck rules; an error `onGame` throws is
 * thrown as it is. Every record it returns is one `replay` accepts.
 */
export function playGame(options: PlayOptions): GameRecord {
  return playOn(null, options, PLAY_GAME)
}

/**
 * Plays many games with little set-up cost: the game of each pair of decks is built once, and
 * each new game starts from a copy of its untouched state (`restore`) with the new seed. Games are
 * the same as with `playGame` (same seed, same record). Not shared between threads. One `Game` per
 * list of decks, reused: a game `fresh` or `replay` returned is reset by the next call for those
 * decks (`fresh`).
 */
export class GameTable {
  private readonly games = new Map<string, { game: Game; pristine: WorldSnapshot }>()

  /** `playGame` on this table's games: the same record, the same errors (named `GameTable.play`). */
  play(options: PlayOptions): GameRecord {
    return playOn(this, options, TABLE_PLAY)
  }

  /** `replay` on a game of this table (restored, not built): for many records, as `redzone replay` does. The game is reused by the next call. */
  replay(record: GameRecord): Game {
    return replayRecord(record, { table: this })
  }

  /**
   * A game of these decks (one per player), not begun, with the seed's random stream. The table
   * holds one game per list of decks and hands out that same `Game` each time: a call resets it to
   * the untouched state with the new seed, so a game an earlier call (or `play`, `replay`) returned
   * for those decks is that game, reset too (its state gone; a listener subscribed to it stays, and
   * hears the next game). Keep what you need of it (`toJSON`, `gameState`) before the next call, or
   * build a game of your own to keep (`createDeckGame`).
   */
  fresh(decks: readonly DeckSpec[], seed: number): Game {
    // The RNG would take any number (`>>> 0`): a seed no record can carry is refused, as `playGame`'s.
    const seedWrong = seedError(seed)
    if (seedWrong !== null) throw new RedzoneError('invalid-argument', `GameTable.fresh: seed: ${seedWrong}`)
    const key = JSON.stringify(decks)
    let entry = this.games.get(key)
    if (!entry) {
      const game = gameOfBuilt(buildPosition(deckPosition(decks), { seed }))
      entry = { game, pristine: snapshotWorld(worldOf(game)) }
      this.games.set(key, entry)
    }
    restoreWorld(worldOf(entry.game), entry.pristine)
    worldOf(entry.game).rng.seed(seed)
    return entry.game
  }
}

/** The decks (as many as the agents: `checkPlayOptions`) as lists, checked against the pool and (unless `deckRules: false`) the deck rules. */
function checkedDecks(options: PlayOptions, names: CallNames): DeckList[] {
  const lists = options.decks.map((deck, seat) => resolveDeck(deck, names.decks, seat))
  const rules = options.deckRules ?? true
  // A built-in deck follows the rules (a test holds it to them): only the others are checked.
  const issues = lists.flatMap((deck, seat) => (typeof options.decks[seat] === 'string' ? [] : deckIssues(deck, { rules, path: `$.decks[${seat}]` })))
  if (issues.length > 0) throw invalidDeck(names.decks, issues)
  return lists
}

/** What a record says before the game: the version, seed, agents, every deck in full and a cap not the default. */
function recordHead(options: PlayOptions, lists: readonly DeckList[]): RecordHead {
  return gameRecordHead(options.seed, options.agents.map((a) => a.name), lists, options.maxSteps)
}

/** What every record of a game starts with (`playGame`'s, the learning environment's): the version, seed, agents by name, every deck in full, a cap not the default. */
export type RecordHead = Omit<GameRecord, 'first' | 'winner' | 'turns' | 'reason' | 'actions' | 'eliminated'>

/** The head of a game's record: `agents` and `lists` (`resolveDeck`) by seat, as many of each. */
export function gameRecordHead(seed: number, agents: readonly string[], lists: readonly DeckList[], maxSteps?: number): RecordHead {
  checkSeats('agents', agents)
  checkSeats('decks', lists, agents.length)
  const list = (deck: DeckList): DeckEntry[] => deck.cards.map(([name, count]): DeckEntry => [name, count])
  const head: RecordHead = {
    format: 'redzone-game/1',
    version: engineVersion(),
    seed,
    agents: [...agents],
    decks: lists.map((deck) => deck.name),
    deckLists: lists.map(list),
  }
  if (maxSteps !== undefined && maxSteps !== DEFAULT_MAX_STEPS) head.maxSteps = maxSteps
  return head
}

/** `playGame` (`table` null) or `GameTable.play`: `names` name the call in the errors of its options. */
function playOn(table: GameTable | null, options: PlayOptions, names: CallNames): GameRecord {
  checkPlayOptions(options, names)
  const { seed, agents } = options
  const decks = checkedDecks(options, names)
  const maxSteps = options.maxSteps ?? DEFAULT_MAX_STEPS
  const actions: string[] = []
  const base = recordHead(options, decks)
  // The game is built outside the try: what fails there (an `onGame` that throws) is the caller's
  // and thrown, not an agent's bad game; its record, made before the game had a first player,
  // would say seat 0 began, and replay would refuse it.
  let game: Game
  if (table && !options.onGame) {
    game = table.fresh(options.decks, seed)
    beginGame(worldOf(game))
  } else game = deckGame(decks, seed, options.onGame, names.call)
  const w = worldOf(game)
  const players = w.playerOrder
  // Two-player records say nothing of who left: the loser did.
  const eliminations = players.length > 2 ? new Eliminations(w) : undefined
  try {
    const byPlayer = new Map<Eid, SeatedAgent>()
    players.forEach((p, seat) => byPlayer.set(p, seatAgent(agents[seat]!, mixSeed(seed, seat + 1), new GameView(w, p), seat)))
    const outcome = run(
      w,
      maxSteps,
      (player, legal, decision) => chooseChecked(byPlayer.get(player)!, decision, legal),
      (action) => actions.push(writeAction(action)),
      options.stats,
      (player) => agentLabel(byPlayer.get(player)!),
      eliminations,
    )
    // The head's own object (one per game), completed in the record's field order: cheaper than spreading it.
    const record = base as GameRecord
    record.first = seatIndex(w, w.turn.first)
    record.winner = outcome.winner
    record.turns = w.turn.number
    record.reason = outcome.reason
    record.actions = actions
    if (eliminations) record.eliminated = eliminations.list(outcome.winner)
    return record
  } catch (error) {
    if (error instanceof ListenerFailed) throw error.error
    const message = error instanceof Error ? error.message : String(error)
    const record: GameRecord = { ...base, first: seatIndex(w, w.turn.first), winner: null, turns: w.turn.number, reason: 'error', actions, error: message }
    if (eliminations) record.eliminated = eliminations.list(null)
    return record
  }
}

/**
 * An action as text: its encoding; an action of a shape the gate takes and the encoding can't
 * write (an activation's `ability: 'banana'`, an id of a position with a ","), as JSON.
 */
export function actionString(action: PlayerAction<Eid | string>): string {
  try {
    return encodeAction(action)
  } catch (error) {
    if (!(error instanceof RedzoneError)) throw error
    return JSON.stringify(action)
  }
}

/** An action for a message: `actionString`, an encoding quoted. */
export function actionText(action: PlayerAction<Eid | string>): string {
  const text = actionString(action)
  return text.startsWith('{') ? text : `"${text}"`
}

/** Thrown inside a replay when the recorded actions run out (caught by `replay`). */
class RecordEnded extends Error {}

/**
 * The decks a record was played with: a custom deck from its list, a built-in one by name (a
 * record without lists names built-in decks only; `custom` is a record written before records
 * carried the lists, which can't be replayed).
 */
function recordDecks(record: GameRecord): DeckSpec[] {
  return record.decks.map((name, seat): DeckSpec => {
    const cards = record.deckLists?.[seat]
    // A built-in deck recorded with its own list is played by name (the same cards in the same order).
    if (cards) return isBuiltInDeck(name) && sameCards(cards, resolveDeck(name).cards) ? name : { name, cards }
    if (!isBuiltInDeck(name)) {
      throw new RedzoneError('invalid-argument', `the record's deck ${seat} "${name}" is not a built-in deck and the record has no list of its cards${name === 'custom' ? ' (written before records carried them)' : ''}: it can't be replayed`)
    }
    return name
  })
}

function sameCards(a: readonly DeckEntry[], b: readonly DeckEntry[]): boolean {
  return a.length === b.length && a.every(([name, count], i) => name === b[i]![0] && count === b[i]![1])
}

function outcomeText(o: { first: number; winner: number | null; turns: number; reason: string; eliminated?: number[][] | undefined }): string {
  const out = o.eliminated === undefined ? '' : `, seats out in the order ${JSON.stringify(o.eliminated)}`
  return `${o.reason === 'error' ? 'an error' : o.winner === null ? `a draw (${o.reason})` : `seat ${o.winner} winning (${o.reason})`} after ${o.turns} turns, seat ${o.first} first${out}`
}

/**
 * Replays a game record: the same decks and seed, the recorded actions in order (forced
 * decisions taken the same way), and checks that it is the recorded game. Returns the game, to
 * read its state and events (subscribe with `onGame` before the first action); a record of an
 * `error` game is replayed up to the error. Throws `RedzoneError`: `version-mismatch` for a record
 * of another engine or card pool (`versionError`), `invalid-argument` for options that are not
 * `ReplayOptions` (`checkReplayOptions`, naming the field), a value that is not a record or a
 * replay that differs from the record (who starts, the winner, the turns, the reason, actions left
 * over or missing), `illegal-agent-action` for a recorded action the game rejects.
 */
export function replay(record: GameRecord, options: ReplayOptions = {}): Game {
  checkReplayOptions(options, 'replay')
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
  } else game = deckGame(decks, record.seed, options.onGame, 'replay')
  const world = worldOf(game)
  const eliminations = world.playerOrder.length > 2 ? new Eliminations(world) : undefined
  let next = 0
  let outcome: { winner: number | null; reason: GameEndReason }
  try {
    outcome = run(
      world,
      record.maxSteps ?? options.maxSteps ?? DEFAULT_MAX_STEPS,
      (player, legal, decision) => {
        const text = record.actions[next++]
        if (text === undefined) throw new RecordEnded()
        let action: PlayerAction
        try {
          action = decodeAction(text, player)
        } catch (error) {
          throw new RedzoneError('invalid-argument', `actions[${next - 1}]: ${(error as Error).message.replace(/^redzone: /, '')}`)
        }
        onChoice?.(world, decision, legal, action, next - 1)
        return action
      },
      onAccepted ? () => onAccepted(next - 1) : () => {},
      undefined,
      undefined,
      eliminations,
    )
  } catch (error) {
    if (error instanceof ListenerFailed) throw error.error
    // A recorded action the game refuses (`illegal-agent-action`: the record plays the agents' part), named by its index.
    if (error instanceof RedzoneError && error.code === 'illegal-agent-action') {
      throw new RedzoneError('illegal-agent-action', `actions[${next - 1}] "${record.actions[next - 1]}": ${error.message.replace(/^redzone: /, '')}`)
    }
    if (!(error instanceof RecordEnded)) throw error
    // The record stops where its game failed, or it is short.
    if (record.reason !== 'error') throw new RedzoneError('invalid-argument', `the record ended before the game did (after ${record.actions.length} actions, turn ${world.turn.number})`)
    outcome = { winner: null, reason: 'error' }
  }
  const replayed = {
    first: seatIndex(world, world.turn.first),
    winner: outcome.winner,
    turns: world.turn.number,
    reason: outcome.reason,
    eliminated: eliminations?.list(outcome.winner),
  }
  if (next < record.actions.length) {
    throw new RedzoneError('invalid-argument', `the game ended (${outcomeText(replayed)}) with ${record.actions.length - next} recorded actions left`)
  }
  const sameOut = record.eliminated === undefined || JSON.stringify(replayed.eliminated) === JSON.stringify(record.eliminated)
  if (replayed.first !== record.first || replayed.winner !== record.winner || replayed.turns !== record.turns || replayed.reason !== record.reason || !sameOut) {
    throw new RedzoneError('invalid-argument', `the replay differs from the record: it ends with ${outcomeText(replayed)}; the record says ${outcomeText(record)}`)
  }
  return game
}
