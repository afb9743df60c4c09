/**
 * What defines a self-play run: everything a worker on any machine needs to play the same games.
 * Plain data (it crosses threads and the Redis queue as JSON).
 */
import { RedzoneError } from '../../core/errors.js'
import { MAX_GAMES } from './seeds.js'
import type { DeckList } from '../../play/decks.js'

export interface RunConfig {
  /** The run's seed (uint32); game i plays with `gameSeed(seed, i)`. */
  seed: number
  /**
   * The agents as listed, one per player (2 to 4: the games' player count): built-in names or
   * absolute paths of ES modules. Agent `k` plays deck `k`; on a swapped game the pair of the
   * second takes seat 0 (with more players, the seats turn: `seatRotation`).
   */
  agents: string[]
  /** Built-in deck names or absolute paths of deck files (agent k plays deck k), as many as agents. */
  decks: string[]
  /** The lists of the deck files, read by the producer (null for a built-in deck): workers read no file. */
  deckLists?: (DeckList | null)[]
  /** Swap seats every other game (odd indices); with more than two players, turn them by one each game. */
  swap: boolean
  /** Decisions after which a game is a `step-cap` draw (playGame's default when absent). */
  maxSteps?: number
  /**
   * An ES module (absolute path) exporting `playGame` (named or default) used instead of the
   * engine's: for tests and experiments; workers load it by path.
   */
  gameModule?: string
}


/** `K/N` with 1 <= K <= N. */
export function parseShard(text: string): { k: number; n: number } {
  const match = /^(\d+)\/(\d+)$/.exec(text.trim())
  if (!match) throw new RedzoneError('usage', `--shard ${text}: expected K/N, e.g. 1/4`)
  const k = Number(match[1])
  const n = Number(match[2])
  if (n < 1 || k < 1 || k > n) throw new RedzoneError('usage', `--shard ${text}: K must be between 1 and N (N at least 1)`)
  return { k, n }
}

/** Two comma-separated names, or one name used for both seats. */
export function parsePair(flag: string, text: string): [string, string] {
  const [a, b] = parseSeats(flag, text, 2) as [string, string]
  return [a, b]
}

/**
 * One name per seat of a game of `players` (2 to 4), comma-separated: fewer names are repeated in
 * order to fill the seats (`heuristic,random` for four players: heuristic, random, heuristic,
 * random; one name: every seat).
 */
export function parseSeats(flag: string, text: string, players: number): string[] {
  return fillSeats(flag, text.split(',').map((part) => part.trim()), players)
}

/** `parseSeats` of names already split: 1 to `players` non-empty names, repeated in order to fill the seats. */
export function fillSeats(flag: string, names: readonly string[], players: number): string[] {
  if (names.length < 1 || names.some((name) => name === '') || names.length > players) {
    const count = players === 2 ? 'one or two' : `one to ${players}`
    throw new RedzoneError('usage', `${flag} ${names.join(',')}: expected ${count} comma-separated names`)
  }
  return Array.from({ length: players }, (_, k) => names[k % names.length]!)
}

/** A whole number in [min, max]; `_` separators allowed (100_000). */
export function parseWhole(flag: string, text: string, min: number, max = MAX_GAMES - 1): number {
  const n = Number(text.replace(/_/g, ''))
  if (text.trim() === '' || !Number.isInteger(n) || n < min || n > max) {
    throw new RedzoneError('usage', `${flag} ${text}: expected a whole number from ${min} to ${max}`)
  }
  return n
}

/** The most worker threads a run starts (`--workers`, `workers`). */
export const MAX_WORKERS = 1024

/** `auto` (the machine's available parallelism) or a whole number of worker threads, 1 or more. */
export function parseWorkers(text: string, auto: number): number {
  if (text === 'auto') return Math.max(1, auto)
  return parseWhole('--workers', text, 1, MAX_WORKERS)
}
