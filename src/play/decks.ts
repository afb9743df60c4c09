import { CARD_POOL, DECKS } from '../rules/cards/pool.js'
import { RedzoneError } from '../core/errors.js'

/** A deck: a built-in deck name (`green-white`, `black-red`) or a list of card names from the pool. */
export type DeckSpec = string | readonly string[]

export const DECK_NAMES = Object.keys(DECKS) as (keyof typeof DECKS)[]

/** The card names of a deck, in list order; throws `RedzoneError` for an unknown deck or card. */
export function deckCards(spec: DeckSpec): string[] {
  if (typeof spec === 'string') {
    const deck = (DECKS as Record<string, readonly [string, number][]>)[spec]
    if (!deck) throw new RedzoneError('invalid-argument', `unknown deck "${spec}"; expected one of ${DECK_NAMES.join(', ')} or a list of card names`)
    return deck.flatMap(([name, count]) => Array<string>(count).fill(name))
  }
  if (!Array.isArray(spec) || spec.length === 0) throw new RedzoneError('invalid-argument', 'a deck is a built-in deck name or a non-empty list of card names')
  spec.forEach((name, i) => {
    if (typeof name !== 'string' || !CARD_POOL.has(name)) throw new RedzoneError('invalid-argument', `deck card [${i}]: unknown card ${JSON.stringify(name)}; see \`redzone cards\``)
  })
  return [...spec]
}

/** The name a deck is recorded under. */
export function deckName(spec: DeckSpec): string {
  return typeof spec === 'string' ? spec : 'custom'
}
