/**
 * CR 107.4, 202.1: mana costs and symbols; CR 202.3: mana value; CR 601.2g-h: paying a cost by
 * activating mana abilities (tapping lands); CR 305.6: a land with a basic land type has that
 * type's mana ability.
 */
import { describe, expect, it } from 'vitest'
import { formatManaCost, manaValue, parseManaCost } from '../../src/mana/cost.js'
import { findPayment } from '../../src/mana/payment.js'
import { cardInHand, expectOk, expectRejected, lands, newGame, obj } from '../helpers.js'

describe('CR 107 Mana costs and payment', () => {
  it('107.4 parses generic and colored symbols; 202.3 mana value', () => {
    expect(parseManaCost('{4}{G}')).toEqual({ generic: 4, symbols: ['G'] })
    expect(parseManaCost('{G}{G}{W}{W}')).toEqual({ generic: 0, symbols: ['G', 'G', 'W', 'W'] })
    expect(parseManaCost('{10}{G}{G}')).toEqual({ generic: 10, symbols: ['G', 'G'] })
    expect(manaValue(parseManaCost('{0}'))).toBe(0)
    expect(manaValue(parseManaCost('{3}{R}{R}'))).toBe(5)
    expect(formatManaCost(parseManaCost('{2}{W}'))).toBe('{2}{W}')
    expect(() => parseManaCost('{G')).toThrow(/not a mana cost/)
    expect(() => parseManaCost('2G')).toThrow(/not a mana cost/)
  })

  it('601.2h generic mana is paid by any land, colored only by its color', () => {
    const game = newGame([...lands('A', 'Mountain', 1), ...lands('A', 'Forest', 1), cardInHand('bears', 'A', 'Grizzly Bears')])
    expectOk(game.drive.cast('A', 'bears'))
  })

  it('601.2h a solver, not colored-first greed: a two-color land is kept for the color only it can make', () => {
    // Savannah-like land (Forest Plains) listed first; {W}{G} in that order: greedy would spend
    // the dual on {W} and find no green source; a matching pays W with Plains, G with the dual.
    const game = newGame([
      { id: 'dual', controller: 'A', types: ['land'], subtypes: ['Forest', 'Plains'] },
      ...lands('A', 'Plains', 1),
    ])
    const w = game.world
    expect(findPayment(w, game.eid('A')!, parseManaCost('{W}{G}'))?.sort()).toEqual([game.eid('dual')!, game.eid('plains1')!].sort())
    expect(findPayment(w, game.eid('A')!, parseManaCost('{G}{G}'))).toBeNull()
    expect(findPayment(w, game.eid('A')!, parseManaCost('{3}'))).toBeNull()
    expect(findPayment(w, game.eid('A')!, parseManaCost('{0}'))).toEqual([])
  })

  it("601.2h only the caster's own untapped lands pay", () => {
    const game = newGame([...lands('B', 'Forest', 2), { id: 'tapped', card: 'Forest', controller: 'A', tapped: true }, cardInHand('bears', 'A', 'Grizzly Bears')])
    expectRejected(game.drive.cast('A', 'bears'), 'cannot-pay')
    expect(obj(game, 'forest1').tapped).toBe(false)
  })

  it('202.3 a {0} spell needs no land', () => {
    const game = newGame([cardInHand('thopter', 'A', 'Ornithopter')])
    expectOk(game.drive.cast('A', 'thopter'))
    expect(obj(game, 'thopter').zone).toBe('battlefield')
  })
})
