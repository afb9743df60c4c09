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
   * The two agents as listed: built-in names or absolute paths of ES modules. Agent `k` plays deck
   * `k`; on a swapped game the pair of the second takes seat 0.
   */
  agents: [string, string]
  /** Built-in deck names or absolute paths of deck files (agent k plays deck k). */
  decks: [string, string]
  /** The lists of the deck files, read by the producer (null for a built-in deck): workers read no file. */
  deckLists?: [DeckList | null, DeckList | null]
  /** Swap seats every other game (odd indices). */
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
  const parts = text.split(',').map((part) => part.trim())
  if (parts.some((part) => part === '') || parts.length > 2) {
    throw new RedzoneError('usage', `${flag} ${text}: expected one or two comma-separated names`)
  }
  return [parts[0]!, parts[1] ?? parts[0]!]
}

/** A whole number in [min, max]; `_` separators allowed (100_000). */
export function parseWhole(flag: string, text: string, min: number, max = MAX_GAMES - 1): number {
  const n = Number(text.replace(/_/g, ''))
  if (text.trim() === '' || !Number.isInteger(n) || n < min || n > max) {
    throw new RedzoneError('usage', `${flag} ${text}: expected a whole number from ${min} to ${max}`)
  }
  return n
}

/** `auto` (the machine's available parallelism) or a whole number of worker threads, 1 or more. */
export function parseWorkers(text: string, auto: number): number {
  if (text === 'auto') return Math.max(1, auto)
  return parseWhole('--workers', text, 1, 1024)
}
