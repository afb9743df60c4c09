/** Plays a range of games of a run: the unit of work of a thread, a shard or a queue job. */
import type { AgentFactory } from '../../play/agent.js'
import { gameRecordHead, type PlayOptions } from '../../play/play-game.js'
import { resolveDeck } from '../../play/decks.js'
import type { GameEndReason, GameRecord } from '../../play/record.js'
import type { RunConfig } from './config.js'
import { gameSeed, seatRotation, type GameRange } from './seeds.js'
import { runDeckSpecs } from './decks.js'

export type PlayGameFn = (options: PlayOptions) => GameRecord

/**
 * What the summary needs of one game: its record without the actions. Agents and decks are the
 * record's own, by seat: the summary counts by them, whoever listed the run.
 */
export interface GameOutcome {
  /** The game's index in its run (or its position in a games file). */
  index: number
  seed: number
  agents: string[]
  decks: string[]
  first: number
  winner: number | null
  turns: number
  reason: GameEndReason
  /** Games of three or four players: the record's `eliminated` (seats in the order they left). */
  eliminated?: number[][]
  error?: string
}

/** The games of one range: their JSONL text (one line each, in index order) and outcomes. */
export interface RangeResult extends GameRange {
  text: string
  outcomes: GameOutcome[]
  /** Who played it (a thread, a process on a host) and how long it took. */
  worker: string
  ms: number
}

/** The record of a game whose playGame threw: a recorded draw with the error, so the batch goes on. */
function errorRecord(options: PlayOptions, error: unknown): GameRecord {
  const message = error instanceof Error ? error.message : String(error)
  // The head every record has (the version, every deck in full), so that replay and export read it as this version's.
  const head = gameRecordHead(options.seed, options.agents.map((a) => a.name), options.decks.map((deck) => resolveDeck(deck)), options.maxSteps)
  return { ...head, first: 0, winner: null, turns: 0, reason: 'error', actions: [], error: message }
}

export function outcomeOf(record: GameRecord, index: number): GameOutcome {
  const outcome: GameOutcome = {
    index, seed: record.seed, agents: [...record.agents], decks: [...record.decks],
    first: record.first, winner: record.winner, turns: record.turns, reason: record.reason,
  }
  if (record.eliminated !== undefined) outcome.eliminated = record.eliminated
  if (record.error !== undefined) outcome.error = record.error
  return outcome
}

/**
 * Plays games `[from, to)` of the run `config` with `agents` (as listed) and `playGame`; a game
 * that throws is recorded as an `error` draw with its seed. Deterministic: the same range gives the
 * same text wherever it runs.
 */
export function playRange(
  config: RunConfig,
  agents: readonly AgentFactory[],
  playGame: PlayGameFn,
  range: GameRange,
  worker: string,
  now: () => number = () => performance.now(),
): RangeResult {
  const start = now()
  const lines: string[] = []
  const outcomes: GameOutcome[] = []
  for (let index = range.from; index < range.to; index++) {
    const seed = gameSeed(config.seed, index)
    // Seat s plays the listed agent (and deck) s + r: the seats turn by one each game (two players: swapped every other game).
    const r = seatRotation(index, config.swap, agents.length)
    const seated = <T>(listed: readonly T[]): T[] => listed.map((_, s) => listed[(s + r) % listed.length]!)
    const seatAgents = seated(agents)
    const seatDecks = seated(runDeckSpecs(config))
    const options: PlayOptions = { seed, agents: seatAgents, decks: seatDecks }
    if (config.maxSteps !== undefined) options.maxSteps = config.maxSteps
    let record: GameRecord
    try {
      record = playGame(options)
    } catch (error) {
      record = errorRecord(options, error)
    }
    lines.push(JSON.stringify(record))
    outcomes.push(outcomeOf(record, index))
  }
  return { from: range.from, to: range.to, text: lines.length > 0 ? `${lines.join('\n')}\n` : '', outcomes, worker, ms: now() - start }
}
