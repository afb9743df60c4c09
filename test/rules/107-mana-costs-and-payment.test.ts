/**
 * CR 107.4, 202.1: mana costs and symbols; CR 202.3: mana value; CR 601.2g-h: paying a cost by
 * activating mana abilities (tapping lands); CR 305.6: a land with a basic land type has that
 * type's mana ability.
 */
import { describe, expect, it } from 'vitest'
import { worldDigest } from '../../src/state/digest.js'
import { RedzoneError } from '../../src/core/errors.js'
import type { Game } from '../../src/api/game.js'
import { formatManaCost, manaValue, parseManaCost } from '../../src/rules/mana/cost.js'
import { findPayment } from '../../src/rules/mana/payment.js'
import type { ObjectSpec } from '../../src/state/position.js'
import { LIBRARIES, cardInHand, creature, drive, expectOk, expectRejected, lands, newGame, obj } from '../helpers.js'
import { worldOf } from '../../src/api/game.js'
import { act } from '../../src/decisions/act.js'
import { gameState, legalActions, onEvent } from '../../src/api/views.js'

const tapped = (game: Game): string[] =>
  Object.entries(gameState(game).objects)
    .filter(([, o]) => o.tapped)
    .map(([id]) => id)
    .sort()

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

  it('107.4 costs of the format use generic amounts and W, U, B, R, G only: {C}, hybrid, Phyrexian and {X} are misuse', () => {
    for (const text of ['{C}', '{2}{C}', '{G/W}', '{2/W}', '{G/P}', '{X}{R}', '', '{1000000000000}']) {
      let error: unknown
      try {
        parseManaCost(text)
      } catch (e) {
        error = e
      }
      expect(error, text).toBeInstanceOf(RedzoneError)
      expect((error as RedzoneError).code).toBe('invalid-mana-cost')
    }
  })

  it('601.2h generic mana is paid by any land, colored only by its color', () => {
    const game = newGame([...lands('A', 'Mountain', 1), ...lands('A', 'Forest', 1), cardInHand('bears', 'A', 'Grizzly Bears')])
    expectOk(drive(game).castAndResolve('A', 'bears'))
  })

  it('601.2h a matching, not colored-first greed: a two-color land is kept for the color only it can make', () => {
    // Savannah-like land (Forest Plains) listed first; {W}{G} in that order: greedy would spend
    // the dual on {W} and find no green source; a matching pays W with Plains, G with the dual.
    const game = newGame([
      { id: 'dual', controller: 'A', types: ['land'], subtypes: ['Forest', 'Plains'] },
      ...lands('A', 'Plains', 1),
    ])
    const w = worldOf(game)
    expect(findPayment(w, game.eid('A')!, parseManaCost('{W}{G}'))?.sort()).toEqual([game.eid('dual')!, game.eid('plains1')!].sort())
    expect(findPayment(w, game.eid('A')!, parseManaCost('{G}{G}'))).toBeNull()
    expect(findPayment(w, game.eid('A')!, parseManaCost('{3}'))).toBeNull()
    expect(findPayment(w, game.eid('A')!, parseManaCost('{0}'))).toEqual([])
  })

  it("601.2h only the caster's own untapped lands pay", () => {
    const game = newGame([...lands('B', 'Forest', 2), { id: 'tapped', card: 'Forest', controller: 'A', tapped: true }, cardInHand('bears', 'A', 'Grizzly Bears')])
    expectRejected(drive(game).castAndResolve('A', 'bears'), 'cannot-pay')
    expect(obj(game, 'forest1').tapped).toBe(false)
  })

  it('202.3 a {0} spell needs no land', () => {
    const game = newGame([cardInHand('thopter', 'A', 'Ornithopter')])
    expectOk(drive(game).castAndResolve('A', 'thopter'))
    expect(obj(game, 'thopter').zone).toBe('battlefield')
  })

  it('601.2h the default payment taps the first lands in the order the position lists them', () => {
    const game = newGame([...lands('A', 'Forest', 1), ...lands('A', 'Plains', 1), { id: 'forest2', card: 'Forest', controller: 'A' }, cardInHand('bears', 'A', 'Grizzly Bears')])
    expectOk(drive(game).castAndResolve('A', 'bears'))
    expect(tapped(game)).toEqual(['forest1', 'plains1'])
  })

  it('601.2h the default payment skips a land whose mana the rest of the cost needs elsewhere', () => {
    // {1}{G}: plains1 pays the generic mana (forest1 is left for {G}); forest2 stays untapped.
    const game = newGame([...lands('A', 'Plains', 1), ...lands('A', 'Forest', 2), cardInHand('bears', 'A', 'Grizzly Bears')])
    expectOk(drive(game).castAndResolve('A', 'bears'))
    expect(tapped(game)).toEqual(['forest1', 'plains1'])
    // {G}{G}: plains1 can't pay a symbol, so both forests are tapped.
    const two = newGame([...lands('A', 'Plains', 1), ...lands('A', 'Forest', 2), { ...cardInHand('gg', 'A', 'Grizzly Bears'), manaCost: '{G}{G}' }])
    expectOk(drive(two).castAndResolve('A', 'gg'))
    expect(tapped(two)).toEqual(['forest1', 'forest2'])
  })

  it('601.2h the default payment is the first set in file order, even with a land of two colors', () => {
    // {W}{G}: the sets that pay are {dual, plains1}, {dual, forest1}, {plains1, forest1}; the first is {dual, plains1}.
    const game = newGame([{ id: 'dual', controller: 'A', types: ['land'], subtypes: ['Forest', 'Plains'] }, ...lands('A', 'Plains', 1), ...lands('A', 'Forest', 1)])
    const eid = (id: string) => game.eid(id)!
    expect(findPayment(worldOf(game), eid('A'), parseManaCost('{W}{G}'))).toEqual([eid('dual'), eid('plains1')])
    expect(findPayment(worldOf(game), eid('A'), parseManaCost('{G}{G}'))).toEqual([eid('dual'), eid('forest1')])
    expect(findPayment(worldOf(game), eid('A'), parseManaCost('{1}'))).toEqual([eid('dual')])
  })
})

describe('CR 601.2g-h pay: the lands a player names', () => {
  const position = (): ObjectSpec[] => [
    ...lands('A', 'Forest', 2),
    ...lands('A', 'Plains', 2),
    { id: 'used', card: 'Forest', controller: 'A', tapped: true },
    { id: 'theirs', card: 'Forest', controller: 'B' },
    creature('bear', 'A', 2, 2),
    cardInHand('bears', 'A', 'Grizzly Bears'),
  ]

  it('601.2h lands that pay the cost exactly are the ones tapped', () => {
    const game = newGame(position())
    expectOk(drive(game).castAndResolve('A', 'bears', { pay: ['plains2', 'forest2'] }))
    expect(tapped(game)).toEqual(['forest2', 'plains2', 'used'])
    expect(obj(game, 'bears').zone).toBe('battlefield')
  })

  it('601.2h lands that do not pay the cost exactly are rejected (illegal-payment) and nothing changes', () => {
    const game = newGame(position())
    const before = worldDigest(worldOf(game))
    const cases: [string[], RegExp][] = [
      [['forest1', 'plains1', 'plains2'], /don't pay \{1\}\{G\} exactly/],
      [['forest1'], /don't pay \{1\}\{G\} exactly/],
      [['plains1', 'plains2'], /don't pay \{1\}\{G\} exactly/],
      [['forest1', 'forest1'], /forest1 is named twice/],
      [['forest1', 'used'], /used is tapped/],
      [['forest1', 'theirs'], /A doesn't control theirs/],
      [['forest1', 'bear'], /bear is not a land on the battlefield/],
      [[], /no lands don't pay/],
    ]
    for (const [pay, message] of cases) {
      const result = drive(game).castAndResolve('A', 'bears', { pay })
      expectRejected(result, 'illegal-payment', '601.2h')
      if (!result.ok) expect(result.error.message).toMatch(message)
      expect(worldDigest(worldOf(game))).toBe(before)
    }
  })

  it('601.2h a cost no lands can pay is cannot-pay, whatever is named', () => {
    const game = newGame([...lands('A', 'Plains', 2), cardInHand('bears', 'A', 'Grizzly Bears')])
    expectRejected(drive(game).castAndResolve('A', 'bears', { pay: ['plains1', 'plains2'] }), 'cannot-pay')
  })

  it('702.170d a plotted card is cast without paying: naming lands is illegal-payment, naming none is fine', () => {
    const game = newGame([...lands('A', 'Forest', 4), { ...cardInHand('paladin', 'A', 'Spinewoods Paladin'), zone: 'exile', plotted: true, plottedTurn: 1 }, ...LIBRARIES])
    expectRejected(drive(game).castAndResolve('A', 'paladin', { alternative: 'plot', pay: ['forest1'] }), 'illegal-payment', '702.170d')
    expectOk(drive(game).castAndResolve('A', 'paladin', { alternative: 'plot', pay: [] }))
    expect(tapped(game)).toEqual([])
  })

  it('602.2b an equip ability paid with named lands; lands that do not pay it exactly are illegal-payment', () => {
    const sword: ObjectSpec = { id: 'sword', controller: 'A', types: ['artifact'], subtypes: ['Equipment'], keywords: [{ equip: '{2}' }], equipped: { power: 2 } }
    const game = newGame([...position(), sword])
    const before = worldDigest(worldOf(game))
    expectRejected(drive(game).activateAndResolve('A', 'sword', 'equip', ['bear'], { pay: ['forest1'] }), 'illegal-payment', '602.2b')
    expect(worldDigest(worldOf(game))).toBe(before)
    expectOk(drive(game).activateAndResolve('A', 'sword', 'equip', ['bear'], { pay: ['plains2', 'forest2'] }))
    expect(tapped(game)).toEqual(['forest2', 'plains2', 'used'])
    expect(obj(game, 'sword').attachedTo).toBe('bear')
  })

  it('601.2g a payment that is not a list of ids is misuse naming action.pay, the game unchanged; an absent one is the default payment', () => {
    const game = newGame(position())
    const before = worldDigest(worldOf(game))
    for (const pay of [null, 'forest1', 7]) {
      expect(() => game.cast('A', 'bears', { pay: pay as never })).toThrow(/action\.pay: expected a list of ids/)
      expect(worldDigest(worldOf(game))).toBe(before)
      expect(game.version).toBe(0)
    }
    expectOk(game.cast('A', 'bears', { pay: undefined }))
    // The default payment: the first lands in the position's order that pay {1}{G}.
    expect(tapped(game)).toEqual(['forest1', 'forest2', 'used'])
    // At the entity level (unchecked, typed), a null payment is an absent one.
    const other = newGame(position())
    const world = worldOf(other)
    expectOk(act(world, { type: 'cast', player: other.eid('A')!, card: other.eid('bears')!, pay: null as never }))
    expect(tapped(other)).toEqual(['forest1', 'forest2', 'used'])
  })

  it('601.2a-h a listener that reads the game between the card moving to the stack and the payment changes nothing of the payment', () => {
    const objects: ObjectSpec[] = [
      { id: 'dual', types: ['land'], subtypes: ['Forest', 'Plains'], controller: 'A' },
      { id: 'forest1', card: 'Forest', controller: 'A' },
      cardInHand('bears', 'A', 'Grizzly Bears'),
      cardInHand('lions', 'A', 'Savannah Lions'),
      ...LIBRARIES,
    ]
    const paid = (listen: boolean): string[] => {
      const game = newGame(objects)
      let reads = 0
      // Each read asks whether the lions can still be paid for (the default payment of their cost).
      if (listen) onEvent(game, () => void (reads += legalActions(game).cast.length + 1))
      expectOk(game.cast('A', 'bears'))
      if (listen) expect(reads).toBeGreaterThan(0)
      return tapped(game)
    }
    expect(paid(false)).toEqual(['dual', 'forest1'])
    expect(paid(true)).toEqual(paid(false))
  })

  it('601.2a-h a listener of one game that casts a spell in another game during a cast changes nothing of the first payment', () => {
    // Entities alike in both games: the other game's lands have the same ids as this game's forests.
    const here: ObjectSpec[] = [...lands('A', 'Forest', 3), cardInHand('bears', 'A', 'Grizzly Bears'), ...LIBRARIES]
    const there: ObjectSpec[] = [...lands('A', 'Mountain', 3), cardInHand('ogre', 'A', 'Gray Ogre'), ...LIBRARIES]
    const paid = (castThere: boolean): string[] => {
      const game = newGame(here)
      const other = newGame(there)
      let cast = false
      onEvent(game, () => {
        if (!castThere || cast) return
        cast = true
        expectOk(other.cast('A', 'ogre'))
      })
      expectOk(game.cast('A', 'bears'))
      if (castThere) expect(tapped(other)).toEqual(['mountain1', 'mountain2', 'mountain3'])
      return tapped(game)
    }
    expect(paid(false)).toEqual(['forest1', 'forest2'])
    expect(paid(true)).toEqual(['forest1', 'forest2'])
  })

  it('702.6d with several equip abilities, the cheapest whose cost the named lands pay exactly', () => {
    const sword: ObjectSpec = { id: 'sword', controller: 'A', types: ['artifact'], subtypes: ['Equipment'], keywords: [{ equip: '{1}' }, { equip: '{W}{W}' }], equipped: { power: 2 } }
    const game = newGame([...position(), sword])
    expectOk(drive(game).activateAndResolve('A', 'sword', 'equip', ['bear'], { pay: ['plains1', 'plains2'] }))
    expect(tapped(game)).toEqual(['plains1', 'plains2', 'used'])
  })
})
