/**
 * Seeds and seed ranges of a self-play run: pure functions, the same on every machine, so any
 * split of a run (threads, shards, queue jobs) plays exactly the same games.
 */
import { RedzoneError } from '../../core/errors.js'

/** murmur3's 32-bit finalizer: every input bit flips about half the output bits. */
function fmix32(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b)
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35)
  return (h ^ (h >>> 16)) >>> 0
}

/** The largest game index (and run seed) accepted: indices and seeds are uint32. */
export const MAX_GAMES = 2 ** 32

/**
 * The seed of game `index` of a run seeded `seed` (a uint32): a splitmix-style mix of both, so
 * neighbouring indices and neighbouring run seeds give unrelated games.
 */
export function gameSeed(seed: number, index: number): number {
  const a = fmix32((seed >>> 0) + 0x9e3779b9)
  return fmix32((a ^ Math.imul((index >>> 0) + 1, 0x9e3779b9)) >>> 0) >>> 0
}

/** A half-open range of game indices `[from, to)`. */
export interface GameRange {
  readonly from: number
  readonly to: number
}

/**
 * The K-th (1-based) of N contiguous parts of `total` games, as offsets `[from, to)`: the parts
 * cover 0..total in order without overlap and differ in size by at most one.
 */
export function shardRange(total: number, k: number, n: number): GameRange {
  if (!Number.isInteger(total) || total < 0) throw new RedzoneError('invalid-argument', `shardRange total must be a whole number, got ${total}`)
  if (!Number.isInteger(n) || n < 1) throw new RedzoneError('invalid-argument', `shardRange N must be 1 or more, got ${n}`)
  if (!Number.isInteger(k) || k < 1 || k > n) throw new RedzoneError('invalid-argument', `shardRange K must be in 1..${n}, got ${k}`)
  const base = Math.floor(total / n)
  const extra = total % n
  const from = (k - 1) * base + Math.min(k - 1, extra)
  return { from, to: from + base + (k <= extra ? 1 : 0) }
}

/**
 * `[from, to)` split into consecutive chunks of `size` games (the last may be shorter), each made
 * when asked (`at`): a run of 2^32 games is 16,777,216 chunks of 256, which as a list took 1.6 GB
 * before the first game.
 */
export class RangeChunks {
  /** How many chunks. */
  readonly length: number

  constructor(
    readonly range: GameRange,
    readonly size: number,
  ) {
    if (!Number.isInteger(size) || size < 1) throw new RedzoneError('invalid-argument', `chunk size must be 1 or more, got ${size}`)
    this.length = Math.max(0, Math.ceil((range.to - range.from) / size))
  }

  /** Chunk `p` (0 to length - 1). */
  at(p: number): GameRange {
    const from = this.range.from + p * this.size
    return { from, to: Math.min(this.range.to, from + this.size) }
  }
}

/** A chunk size for `games` spread over `threads`: about four chunks per thread, 1 to 256 games each. */
export function autoChunkSize(games: number, threads: number): number {
  return Math.max(1, Math.min(256, Math.ceil(games / (Math.max(1, threads) * 4))))
}

/** Whether game `index` swaps the listed agents' seats (every other game, when swapping). */
export function isSwapped(index: number, swap: boolean): boolean {
  return swap && index % 2 === 1
}

/**
 * How far game `index` turns the listed agents round the table of `players` seats (when swapping):
 * seat s plays listed agent (s + rotation) mod players, so over `players` games each agent sits in
 * each seat once. Two players: `isSwapped`.
 */
export function seatRotation(index: number, swap: boolean, players: number): number {
  return swap ? index % players : 0
}
