import { describe, expect, it } from 'vitest'
import { KEYWORD_NAMES } from '../../components/keywords.js'
import { CARD_POOL, DECKS } from '../../src/rules/cards/pool.js'
import { manaValue, parseManaCost, formatManaCost } from '../../src/rules/mana/cost.js'
import { createGame } from '../../src/api/game.js'
import { gameState } from '../../src/api/views.js'

describe('card pool', () => {
  it('has the basic lands, the two seed cards and at least 30 more cards', () => {
    for (const name of ['Plains', 'Island', 'Swamp', 'Mountain', 'Forest', 'Brightglass Gearhulk', 'Spinewoods Paladin']) {
      expect(CARD_POOL.has(name), name).toBe(true)
    }
    expect(CARD_POOL.size - 7).toBeGreaterThanOrEqual(30)
  })

  it('covers every keyword, at least three Equipment, three Auras and some instants', () => {
    const keywords = new Set<string>()
    for (const card of CARD_POOL.values()) {
      for (const k of card.keywords) if (typeof k === 'string') keywords.add(k)
      for (const k of card.equipped?.keywords ?? []) keywords.add(k)
      for (const k of card.spell?.pump?.keywords ?? []) keywords.add(k)
    }
    expect([...KEYWORD_NAMES].filter((k) => !keywords.has(k))).toEqual([])
    const cards = [...CARD_POOL.values()]
    expect(cards.filter((c) => c.subtypes.includes('Equipment')).length).toBeGreaterThanOrEqual(3)
    expect(cards.filter((c) => c.subtypes.includes('Aura')).length).toBeGreaterThanOrEqual(3)
    expect(cards.filter((c) => c.types.includes('instant')).length).toBeGreaterThanOrEqual(3)
    expect(cards.some((c) => c.keywords.some((k) => typeof k === 'object' && 'plot' in k))).toBe(true)
  })

  it('every card loads in a game; mana costs parse; creatures have power and toughness', () => {
    for (const card of CARD_POOL.values()) {
      if (card.manaCost !== null) {
        // The parsed cost prints back as written, and its mana value is the sum of its symbols (CR 202.3).
        const cost = parseManaCost(card.manaCost)
        expect(formatManaCost(cost)).toBe(card.manaCost)
        const symbols = [...card.manaCost.matchAll(/\{(\d+|[WUBRG])\}/g)].map((m) => m[1]!)
        expect(manaValue(cost)).toBe(symbols.reduce((sum, s) => sum + (/\d/.test(s) ? Number(s) : 1), 0))
      }
      if (card.types.includes('creature')) expect([card.power, card.toughness].every((n) => typeof n === 'number')).toBe(true)
      const game = createGame({ players: [{ id: 'A' }, { id: 'B' }], objects: [{ id: 'x', card: card.name, owner: 'A', zone: 'hand' }] })
      expect(gameState(game).objects.x!.zone).toBe('hand')
    }
  })

  it('has two 40-card decks of different colours built from the pool', () => {
    const colours = (deck: readonly [string, number][]) =>
      new Set(deck.flatMap(([name]) => (CARD_POOL.get(name)!.manaCost ?? '').match(/[WUBRG]/g) ?? []))
    for (const deck of Object.values(DECKS)) {
      expect(deck.reduce((n, [, count]) => n + count, 0)).toBe(40)
      for (const [name] of deck) expect(CARD_POOL.has(name), name).toBe(true)
    }
    const gw = colours(DECKS['green-white'])
    const br = colours(DECKS['black-red'])
    expect([...gw].filter((c) => br.has(c))).toEqual([])
  })
})
