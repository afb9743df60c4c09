/**
 * The options of the whole-game calls (`playGame`, `GameTable.play`, `replay`), checked before
 * anything is played: a caller's mistake throws `invalid-argument` naming the field, and never
 * becomes a record (an `error` record is an agent's failure during a game). What a record carries
 * is held to the record's own rules (`seedError`, `maxStepsError`, `checkSeats`; the decks are
 * `resolveDeck`'s), so every record `playGame` returns is one `replay` accepts. Run once a game,
 * thousands of times a second in self-play: type checks and a walk of the option names, no JSON,
 * no regex, nothing made unless a check fails.
 */
import type { Game } from '../api/game.js'
import { RedzoneError } from '../core/errors.js'
import { describeValue } from '../core/limits.js'
import { knownOptions } from '../api/args.js'
import type { AgentFactory } from './agent.js'
import type { DeckSpec } from './decks.js'
import { maxStepsError, seedError } from './record.js'
import { checkOnGame, checkSeats } from './setup.js'

export interface PlayOptions {
  /** The game's seed: a whole number from 0 to 2^32 - 1 (`LIMITS.seed`). */
  seed: number
  /** One agent per player, by seat: 2 to 4 (a free-for-all game of that many players, CR 806). */
  agents: readonly AgentFactory[]
  /** One deck per player, by seat (as many as `agents`). */
  decks: readonly DeckSpec[]
  /**
   * Whether the decks must follow the deck rules (`DECK_RULES`: at least 40 cards, at most four of
   * a card but basic lands); default true. False for rules experiments (ten lands to run out of
   * cards): the cards must still be the pool's. Replay never checks the rules.
   */
  deckRules?: boolean
  /** Decisions after which the game is recorded as a draw (`step-cap`): a whole number of 1 or more; default 20,000. */
  maxSteps?: number
  /**
   * Sees the game before it begins (to subscribe to its events). An error it throws is the caller's:
   * thrown, not recorded; a change it makes to the game is refused (`invalid-argument`), as it
   * would be in no record.
   */
  onGame?: (game: Game) => void
  /** Counters to add this game's decisions to (all of them, and those forced: nothing to choose). */
  stats?: { decisions: number; forced: number }
}

/** `replay`'s options. */
export interface ReplayOptions {
  /** Sees the game before it begins (to subscribe to its events); a change it makes to the game is refused (`invalid-argument`). */
  onGame?: (game: Game) => void
  /** The decision cap of a record that carries none (a record's own `maxSteps` comes first). */
  maxSteps?: number
}

// The names each call takes: a typed table, so an option added to the interface and not here
// (or here and not there) does not compile.
const PLAY_OPTIONS: Readonly<Record<keyof PlayOptions, true>> = { seed: true, agents: true, decks: true, deckRules: true, maxSteps: true, onGame: true, stats: true }
const REPLAY_OPTIONS: Readonly<Record<keyof ReplayOptions, true>> = { onGame: true, maxSteps: true }
const PLAY_OPTION_NAMES = Object.keys(PLAY_OPTIONS)
const REPLAY_OPTION_NAMES = Object.keys(REPLAY_OPTIONS)

/** The exports of the built-in agents by their names: what a caller who wrote a name as an agent meant. */
const BUILT_IN_AGENTS: Readonly<Record<string, string>> = { heuristic: 'heuristicAgent', random: 'randomAgent', search: 'searchAgent' }

const AN_AGENT =
  'an agent is an AgentFactory { name, create(seed) } whose create returns an Agent { choose(view, decision, legal) }; ' +
  `the built-in agents are the exported ${Object.values(BUILT_IN_AGENTS).join(', ')} (redzone/sim)`

/**
 * A call's name and its lists' names, for the messages: constants, so that no text is put together
 * a game unless a check fails.
 */
export interface CallNames {
  call: string
  agents: string
  decks: string
}

export const PLAY_GAME: CallNames = { call: 'playGame', agents: 'playGame: options.agents', decks: 'playGame: options.decks' }
export const TABLE_PLAY: CallNames = { call: 'GameTable.play', agents: 'GameTable.play: options.agents', decks: 'GameTable.play: options.decks' }

function invalid(where: string, field: string, message: string): RedzoneError {
  return new RedzoneError('invalid-argument', `${where}: ${field}: ${message}`)
}

/**
 * Why `value` is not an agent factory (an object with a non-empty `name`, which the record
 * carries, and a `create` function), or null. A built-in agent's name (`'heuristic'`) is answered
 * with the export to pass instead.
 */
export function agentFactoryError(value: unknown): string | null {
  if ((typeof value === 'object' && value !== null) || typeof value === 'function') {
    const { name, create } = value as { name?: unknown; create?: unknown }
    if (typeof create !== 'function') return `expected an AgentFactory, got ${Array.isArray(value) ? 'an array' : 'an object without a create function'}: ${AN_AGENT}`
    if (typeof name !== 'string' || name === '') return `expected an AgentFactory with a name (the record names each agent), got the name ${describeValue(name)}`
    return null
  }
  const meant = typeof value === 'string' && Object.hasOwn(BUILT_IN_AGENTS, value) ? ` (for "${value}", pass ${BUILT_IN_AGENTS[value]})` : ''
  return `expected an AgentFactory, got ${typeof value === 'string' ? 'the string ' : ''}${describeValue(value)}${meant}: ${AN_AGENT}`
}

function checkMaxSteps(maxSteps: unknown, where: string): void {
  const error = maxSteps === undefined ? null : maxStepsError(maxSteps)
  if (error !== null) throw invalid(where, 'options.maxSteps', error)
}

/**
 * Throws `invalid-argument` naming the field (`playGame: options.agents[1]: ...`; `names` are the
 * call's) unless `options` are `PlayOptions` of a game that can be recorded and replayed: the names
 * known, 2 to 4 agent factories, as many decks, a seed and cap a record may carry, and the other
 * options of their types. The decks' own shapes and cards are `checkedDecks`'s (`resolveDeck`).
 */
export function checkPlayOptions(options: unknown, names: CallNames): asserts options is PlayOptions {
  const where = names.call
  const o = knownOptions(options, `${where}: `, PLAY_OPTION_NAMES)
  const agents = o.agents as readonly unknown[]
  checkSeats(names.agents, agents)
  for (let seat = 0; seat < agents.length; seat++) {
    const error = agentFactoryError(agents[seat])
    if (error !== null) throw invalid(where, `options.agents[${seat}]`, error)
  }
  checkSeats(names.decks, o.decks as readonly unknown[], agents.length)
  const seed = seedError(o.seed)
  if (seed !== null) throw invalid(where, 'options.seed', seed)
  checkMaxSteps(o.maxSteps, where)
  if (o.deckRules !== undefined && typeof o.deckRules !== 'boolean') throw invalid(where, 'options.deckRules', `expected true or false, got ${describeValue(o.deckRules)}`)
  checkOnGame(o.onGame, where)
  const stats = o.stats as { decisions?: unknown; forced?: unknown } | undefined
  if (stats !== undefined && (typeof stats !== 'object' || stats === null || typeof stats.decisions !== 'number' || typeof stats.forced !== 'number')) {
    throw invalid(where, 'options.stats', `expected counters { decisions: number, forced: number }, got ${describeValue(stats)}`)
  }
}

/** Throws `invalid-argument` naming the field unless `options` are `ReplayOptions` (as `checkPlayOptions`). */
export function checkReplayOptions(options: unknown, where: string): asserts options is ReplayOptions {
  const o = knownOptions(options, `${where}: `, REPLAY_OPTION_NAMES)
  checkOnGame(o.onGame, where)
  checkMaxSteps(o.maxSteps, where)
}
