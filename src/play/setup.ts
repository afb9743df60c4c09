import { beginGame } from '../decisions/pregame.js'
import { throwCaught } from '../core/events.js'
import { gameOfBuilt, worldOf, type Game } from '../api/game.js'
import { buildPosition } from '../state/position.js'
import type { ObjectSpec, Position } from '../state/position.js'
import { RedzoneError } from '../core/errors.js'
import { describeValue } from '../core/limits.js'
import { deckCards, type DeckSpec } from './decks.js'
import { MAX_PLAYERS, MIN_PLAYERS } from './record.js'
import { knownOptions } from '../api/args.js'
import { worldDigest } from '../state/digest.js'

/** The players of a whole game, by seat: a game of n players seats the first n (A and B for two). */
export const SEATS = ['A', 'B', 'C', 'D'] as const

/**
 * Throws `invalid-argument` naming `option` unless `list` has `MIN_PLAYERS` to `MAX_PLAYERS`
 * entries (and as many as `players` when given): one per player.
 */
export function checkSeats(option: string, list: readonly unknown[], players?: number): void {
  if (!Array.isArray(list)) throw new RedzoneError('invalid-argument', `${option}: expected a list of ${MIN_PLAYERS} to ${MAX_PLAYERS} entries, one per player, got ${describeValue(list)}`)
  if (list.length < MIN_PLAYERS || list.length > MAX_PLAYERS) {
    throw new RedzoneError('invalid-argument', `${option}: ${list.length} entries: a game has ${MIN_PLAYERS} to ${MAX_PLAYERS} players, one entry each`)
  }
  if (players !== undefined && list.length !== players) {
    throw new RedzoneError('invalid-argument', `${option}: ${list.length} entries for ${players} players: one per player`)
  }
}

function slug(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')
}

/**
 * A position with each player's deck as their library (top card first, in list order), at 20
 * life (CR 103.3): one player per deck (2 to 4), seated A, B, C, D in turn order (CR 101.4).
 */
export function deckPosition(decks: readonly DeckSpec[]): Position {
  checkSeats('decks', decks)
  const objects: ObjectSpec[] = []
  decks.forEach((deck, seat) => {
    const owner = SEATS[seat]!
    const counts = new Map<string, number>()
    for (const card of deckCards(deck)) {
      const n = (counts.get(card) ?? 0) + 1
      counts.set(card, n)
      objects.push({ id: `${owner}-${slug(card)}-${n}`, card, owner, zone: 'library' })
    }
  })
  return { players: SEATS.slice(0, decks.length).map((id) => ({ id, life: 20 })), objects, turn: { active: 'A', number: 1, step: 'untap' } }
}

/** Throws `invalid-argument` (`${where}: options.onGame: ...`) unless `onGame` is absent or a function: `createDeckGame`'s, `playGame`'s and `replay`'s. */
export function checkOnGame(onGame: unknown, where: string): void {
  if (onGame !== undefined && typeof onGame !== 'function') throw new RedzoneError('invalid-argument', `${where}: options.onGame: expected a function (game) => void, got ${describeValue(onGame)}`)
}

/**
 * A whole game from two to four decks, one per player (CR 103): the seed shuffles the libraries
 * and picks who plays first (103.1); each player draws seven; the game waits for the starting
 * player's mulligan decision. `onGame` sees the game before it begins (to subscribe to its events):
 * a change it makes (an action, a restore, a change at the entity level) is refused, as
 * `invalid-argument` naming it.
 */
export function createDeckGame(decks: readonly DeckSpec[], options: { seed?: number; onGame?: (game: Game) => void } = {}): Game {
  // A misspelt option (`sed`) would be its default, taken silently: another game.
  checkOnGame(knownOptions(options, 'createDeckGame: ', ['seed', 'onGame']).onGame, 'createDeckGame')
  return deckGame(decks, options.seed, options.onGame, 'createDeckGame')
}

/**
 * `createDeckGame` with options already checked, for the call `where` (`playGame`, `replay`: the
 * start of its errors). The game is built, `onGame` watches it (`watchOnly`), and it begins.
 */
export function deckGame(decks: readonly DeckSpec[], seed: number | undefined, onGame: ((game: Game) => void) | undefined, where: string): Game {
  const game = gameOfBuilt(buildPosition(deckPosition(decks), seed === undefined ? {} : { seed }))
  if (onGame) watchOnly(game, onGame, where)
  const world = worldOf(game)
  beginGame(world)
  // An `onGame` subscriber's error while the game began (the draws): thrown here, by the call that began it.
  throwCaught(world.events)
  return game
}

/**
 * `onGame(game)`, which may subscribe to the game's events and read it, not change it: a game
 * changed before it begins (its `version` moved, or its state at the entity level, which counts no
 * version) is not the game its seed and decks make, so its record would not replay. Refused,
 * `invalid-argument` naming `where`'s `options.onGame`, before anything is played. Two digests of
 * the unbegun game, only for a call given an `onGame`.
 */
function watchOnly(game: Game, onGame: (game: Game) => void, where: string): void {
  const world = worldOf(game)
  const version = game.version
  const digest = worldDigest(world)
  onGame(game)
  if (game.version !== version || worldDigest(world) !== digest) {
    throw new RedzoneError(
      'invalid-argument',
      `${where}: options.onGame: changed the game before it began (a change in no record: the record would not replay); onGame is for subscribing to its events (game.on, onEvent) and reading it`,
    )
  }
}
