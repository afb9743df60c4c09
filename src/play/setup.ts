import { beginGame } from '../decisions/pregame.js'
import { gameOfBuilt, worldOf, type Game } from '../api/game.js'
import { buildPosition } from '../state/position.js'
import type { ObjectSpec, Position } from '../state/position.js'
import { deckCards, type DeckSpec } from './decks.js'

/** The players of a two-player game, by seat. */
export const SEATS = ['A', 'B'] as const

function slug(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')
}

/** A position with each player's deck as their library (top card first, in list order), at 20 life (CR 103.3). */
export function deckPosition(decks: readonly [DeckSpec, DeckSpec]): Position {
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
  return { players: SEATS.map((id) => ({ id, life: 20 })), objects, turn: { active: 'A', number: 1, step: 'untap' } }
}

/**
 * A whole game from two decks (CR 103): the seed shuffles the libraries and picks who plays
 * first; each player draws seven; the game waits for the starting player's mulligan decision.
 * `onGame` sees the game before it begins (to subscribe to its events).
 */
export function createDeckGame(decks: readonly [DeckSpec, DeckSpec], options: { seed?: number; onGame?: (game: Game) => void } = {}): Game {
  const game = gameOfBuilt(buildPosition(deckPosition(decks), options.seed === undefined ? {} : { seed: options.seed }))
  options.onGame?.(game)
  beginGame(worldOf(game))
  return game
}
