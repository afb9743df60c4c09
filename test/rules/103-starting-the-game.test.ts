/**
 * CR 103.1: "At the start of a game, the players determine which one of them will choose who takes
 * the first turn." (here: the game's seed chooses.)
 * CR 103.4: "Each player draws a number of cards equal to their starting hand size, which is
 * normally seven."
 * CR 103.5: "A player who is dissatisfied with their initial hand may take a mulligan. First, the
 * starting player declares whether they will take a mulligan. Then each other player in turn order
 * does the same. Once each player has made a declaration, all players who decided to take
 * mulligans do so at the same time. To take a mulligan, a player shuffles the cards in their hand
 * back into their library, then draws a new hand of cards equal to their starting hand size. Once
 * a player chooses not to take a mulligan, the remaining cards become that player's opening hand,
 * and that player may not take any further mulligans. This process is then repeated until no
 * player takes a mulligan. ... Once a player keeps an opening hand after taking N mulligans, they
 * put N cards from their hand on the bottom of their library in any order." (London mulligan)
 * CR 103.8a: "In a two-player game, the player who plays first skips the draw step of their first
 * turn."
 *
 * Decks: the built-in green-white and black-red 40-card decks.
 */
import { describe, expect, it } from 'vitest'
import { worldDigest } from '../../src/state/digest.js'
import { stateToJson, worldFromJson } from '../../src/state/serialize.js'
import { pendingDecision } from '../../src/decisions/pending.js'
import { act } from '../../src/decisions/act.js'
import { createDeckGame } from '../../src/play/setup.js'
import { expectOk, expectRejected, thrownRedzoneError } from '../helpers.js'
import { cardsIn, keepBoth } from '../play/game-helpers.js'
import { worldOf } from '../../src/api/game.js'
import { gameState, legalActions } from '../../src/api/views.js'

const DECKS = ['green-white', 'black-red'] as const

function other(player: string): string {
  return player === 'A' ? 'B' : 'A'
}

describe('CR 103 Starting the game', () => {
  it('103.4 103.5 each player draws seven and the starting player decides first whether to mulligan', () => {
    const game = createDeckGame(DECKS, { seed: 1 })
    const first = gameState(game).turn.active
    expect(game.pendingDecision()).toEqual({ kind: 'mulligan', player: first, rule: '103.5', count: 0 })
    expect(cardsIn(game, 'A', 'hand')).toHaveLength(7)
    expect(cardsIn(game, 'B', 'hand')).toHaveLength(7)
    expect(cardsIn(game, 'A', 'library')).toHaveLength(33)
    expect(legalActions(game)).toMatchObject({ kind: 'mulligan', player: first, mulligan: true })
  })

  it('103.1 the seed chooses who starts: different seeds give each player the first turn', () => {
    const starters = new Set<string>()
    for (let seed = 1; seed <= 20; seed++) {
      const game = createDeckGame(DECKS, { seed })
      const d = game.pendingDecision()
      expect(d.kind).toBe('mulligan')
      starters.add(d.player!)
      // The same seed gives the same starting player.
      expect(createDeckGame(DECKS, { seed }).pendingDecision().player).toBe(d.player)
    }
    expect([...starters].sort()).toEqual(['A', 'B'])
  })

  it('103.5 decisions go in turn order from the starting player, whoever starts', () => {
    for (const seed of [1, 2]) {
      const game = createDeckGame(DECKS, { seed })
      const first = game.pendingDecision().player!
      expectOk(game.keep(first))
      expect(game.pendingDecision()).toMatchObject({ kind: 'mulligan', player: other(first) })
      // The starting player has decided: they can't decide again.
      expectRejected(game.keep(first), 'not-your-decision', '103.5')
      expectOk(game.keep(other(first)))
      expect(gameState(game).turn).toMatchObject({ number: 1, active: first })
    }
  })

  it('103.5 a mulligan shuffles the hand back into the library and draws a new hand of seven', () => {
    const game = createDeckGame(DECKS, { seed: 1 })
    const first = game.pendingDecision().player!
    const oldHand = cardsIn(game, first, 'hand')
    const moves: string[] = []
    let drawn = 0
    game.on('zoneChanged', (o, from, to) => moves.push(`${game.id(o)}:${from}>${to}`))
    game.on('cardDrawn', (p) => void (game.id(p) === first && drawn++))
    const taken: number[] = []
    game.on('mulliganTaken', (p, n) => void (game.id(p) === first && taken.push(n)))
    expectOk(game.mulligan(first))
    // The mulligans happen once every player has declared.
    expect(moves).toEqual([])
    expectOk(game.keep(other(first)))
    expect(moves.slice(0, 7).sort()).toEqual(oldHand.map((id) => `${id}:hand>library`).sort())
    expect(drawn).toBe(7)
    expect(taken).toEqual([1])
    expect(cardsIn(game, first, 'hand')).toHaveLength(7)
    expect(cardsIn(game, first, 'library')).toHaveLength(33)
    expect(cardsIn(game, first, 'hand')).not.toEqual(oldHand)
    // The player who mulliganed decides again; the one who kept doesn't.
    expect(game.pendingDecision()).toMatchObject({ kind: 'mulligan', player: first })
  })

  it('103.5 a document whose hand list disagrees with its cards is refused, and a mulligan over such a list still ends', () => {
    const game = createDeckGame(['green-white', 'black-red'], { seed: 3 })
    const refusal = (change: (zones: number[][][]) => void): string => {
      const doc = stateToJson(worldOf(game))
      change(doc.state.zones as number[][][])
      return thrownRedzoneError(() => worldFromJson(doc)).message
    }
    // A library card listed in the hand as well; moved there; a hand card in no list.
    expect(refusal((z) => z[0]![1]!.unshift(z[0]![0]![0]!))).toMatch(/\$\.state\.zones\[0\]\[1\]\[0\]: A-\S+ is listed twice$/)
    expect(refusal((z) => z[0]![1]!.unshift(z[0]![0]!.shift()!))).toMatch(/\$\.state\.zones\[0\]\[1\]\[0\]: A-\S+ is not a card A owns in the hand$/)
    expect(refusal((z) => z[1]![1]!.pop())).toMatch(/\$\.state\.zones: B-\S+ is in the hand but in no list of it$/)
    // The same list in a live world (no document check between): each card of it is moved once at most.
    const world = worldOf(game)
    const first = pendingDecision(world)
    expect(first.kind).toBe('mulligan')
    const lists = world.zoneLists[first.player!]!
    lists.hand.unshift(lists.library[0]!)
    expectOk(act(world, { type: 'mulligan', player: first.player! }))
    expect(pendingDecision(world).kind).toBe('mulligan')
  })

  it('103.5 after keeping with N mulligans the player puts exactly N cards on the bottom', () => {
    const game = createDeckGame(DECKS, { seed: 3 })
    const first = game.pendingDecision().player!
    const second = other(first)
    expectOk(game.keep(first))
    expectOk(game.mulligan(second))
    expectOk(game.mulligan(second))
    expectOk(game.keep(second))
    expect(game.pendingDecision()).toEqual({ kind: 'bottom', player: second, rule: '103.5', count: 2 })
    const hand = cardsIn(game, second, 'hand')
    expect(legalActions(game)).toMatchObject({ kind: 'bottom', count: 2 })
    expect([...legalActions(game).cards].sort()).toEqual([...hand].sort())

    const before = worldDigest(worldOf(game))
    expectRejected(game.bottom(second, [hand[0]!]), 'illegal-choice', '103.5')
    expectRejected(game.bottom(second, hand.slice(0, 3)), 'illegal-choice', '103.5')
    expectRejected(game.bottom(second, [hand[0]!, hand[0]!]), 'illegal-choice', '103.5')
    expectRejected(game.bottom(second, [hand[0]!, cardsIn(game, second, 'library')[0]!]), 'illegal-choice', '103.5')
    expectRejected(game.bottom(first, hand.slice(0, 2)), 'not-your-decision', '103.5')
    expect(worldDigest(worldOf(game))).toBe(before)

    expectOk(game.bottom(second, hand.slice(0, 2)))
    expect(cardsIn(game, second, 'hand')).toEqual(hand.slice(2))
    expect(cardsIn(game, second, 'library')).toHaveLength(35)
    expect(gameState(game).turn).toMatchObject({ number: 1, active: first })
  })

  it('103.5 the cards put on the bottom are the last cards of the library, in the order given', () => {
    const game = createDeckGame(DECKS, { seed: 1 })
    const first = game.pendingDecision().player!
    expectOk(game.mulligan(first))
    expectOk(game.keep(other(first)))
    expectOk(game.keep(first))
    const hand = cardsIn(game, first, 'hand')
    expectOk(game.bottom(first, [hand[3]!]))
    const eid = game.eid(hand[3]!)!
    const library = worldOf(game).zoneLists[game.eid(first)!]!.library
    expect(library[library.length - 1]).toBe(eid)
  })

  it('103.5 after seven mulligans only keeping is legal, and then the whole hand goes to the bottom', () => {
    const game = createDeckGame(DECKS, { seed: 4 })
    const first = game.pendingDecision().player!
    expectOk(game.keep(first))
    const second = other(first)
    for (let i = 0; i < 7; i++) expectOk(game.mulligan(second))
    expect(game.pendingDecision()).toMatchObject({ kind: 'mulligan', player: second })
    expect(legalActions(game).mulligan).toBe(false)
    const before = worldDigest(worldOf(game))
    expectRejected(game.mulligan(second), 'illegal-choice', '103.5')
    expect(worldDigest(worldOf(game))).toBe(before)
    expectOk(game.keep(second))
    expect(game.pendingDecision()).toMatchObject({ kind: 'bottom', player: second, count: 7 })
    expectOk(game.bottom(second, cardsIn(game, second, 'hand')))
    expect(cardsIn(game, second, 'hand')).toEqual([])
    expect(cardsIn(game, second, 'library')).toHaveLength(40)
  })

  it('103.5 a rules command other than the mulligan decision is rejected before the game begins', () => {
    const game = createDeckGame(DECKS, { seed: 1 })
    const first = game.pendingDecision().player!
    const before = worldDigest(worldOf(game))
    expectRejected(game.act({ type: 'pass', player: first }), 'not-awaited', '103.5')
    expectRejected(game.bottom(first, []), 'not-awaited', '103.5')
    expectRejected(game.mulligan(other(first)), 'not-your-decision', '103.5')
    expect(worldDigest(worldOf(game))).toBe(before)
  })

  it('103.8a the starting player skips the draw of their first turn; the other player draws on theirs', () => {
    for (const seed of [1, 2]) {
      const game = createDeckGame(DECKS, { seed })
      const first = game.pendingDecision().player!
      keepBoth(game)
      const drawn: string[] = []
      game.on('cardDrawn', (p) => drawn.push(game.id(p)))
      expect(gameState(game).turn).toMatchObject({ number: 1, active: first })
      // Everyone passes until turn 2's main phase begins (no attack is possible on turn 1).
      for (let i = 0; i < 100 && !(gameState(game).turn.number === 2 && gameState(game).turn.step === 'precombatMain'); i++) {
        const d = game.pendingDecision()
        if (d.kind === 'discard') expectOk(game.discard(d.player!, legalActions(game).cards.slice(0, d.count)))
        else expectOk(game.pass())
      }
      expect(gameState(game).turn).toMatchObject({ number: 2, active: other(first), step: 'precombatMain' })
      expect(drawn).toEqual([other(first)])
      expect(cardsIn(game, first, 'hand')).toHaveLength(7)
      expect(cardsIn(game, other(first), 'hand')).toHaveLength(8)
    }
  })
})
