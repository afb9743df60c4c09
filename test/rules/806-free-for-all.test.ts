/**
 * CR 806.1: "In a Free-for-All game, a group of players compete as individuals against each other."
 * CR 103.1: "At the start of a game, the players determine which one of them will choose who takes
 * the first turn." (here: the game's seed chooses, among all the players.)
 * CR 103.5: "First, the starting player declares whether they will take a mulligan. Then each
 * other player in turn order does the same."
 * CR 103.8c: "In all other multiplayer games, no player skips the draw step of their first turn."
 * CR 101.4 / 800.4: turns go in turn order; "multiplayer games can continue after one or more
 * players have left the game", and the turn passes over a player who has left.
 * CR 802.1a: "the attacking player chooses an opponent or a planeswalker an opponent controls as
 * the defending object for each attacking creature" (attack multiple players).
 * CR 400.2: "Hidden zones are zones in which not all players can be expected to see the cards'
 * faces. Library and hand are hidden zones" — every player's own; a view shows its player's hand
 * and no other.
 *
 * Decks: the built-in green-white and black-red 40-card decks; creatures named with their stats.
 */
import { describe, expect, it } from 'vitest'
import type { Game } from '../../src/api/game.js'
import { worldOf } from '../../src/api/game.js'
import { gameState, legalActions } from '../../src/api/views.js'
import { createDeckGame } from '../../src/play/setup.js'
import { GameView } from '../../src/play/view.js'
import type { ObjectSpec } from '../../src/state/position.js'
import { LIBRARIES, creature, drive, expectOk, life, newGame, thrownRedzoneError } from '../helpers.js'
import { cardsIn } from '../play/game-helpers.js'

const THREE = ['green-white', 'black-red', 'green-white'] as const
const FOUR = ['green-white', 'black-red', 'green-white', 'black-red'] as const

/** Every player keeps (CR 103.5), in the order asked: the starting player first, then turn order. */
function keepAll(game: Game): string[] {
  const asked: string[] = []
  while (game.pendingDecision().kind === 'mulligan') {
    const player = game.pendingDecision().player!
    asked.push(player)
    expectOk(game.keep(player))
  }
  return asked
}

/** A position of four players A to D with a library each; A's turn 2, precombat main. */
function fourPlayers(objects: ObjectSpec[], players: { id: string; life?: number }[] = [{ id: 'A' }, { id: 'B' }, { id: 'C' }, { id: 'D' }]): Game {
  const libraries: ObjectSpec[] = ['C', 'D'].flatMap((owner) => [1, 2, 3].map((n) => ({ id: `lib${owner}${n}`, owner, zone: 'library' as const, types: ['land' as const] })))
  return newGame([...objects, ...LIBRARIES, ...libraries], { players })
}

describe('CR 806 Free-for-all: starting the game', () => {
  it('103.1 the seed chooses the starting player among three and among four: each player starts some game', () => {
    for (const decks of [THREE, FOUR]) {
      const starters = new Set<string>()
      for (let seed = 1; seed <= 40; seed++) {
        const game = createDeckGame(decks, { seed })
        const first = game.pendingDecision().player!
        starters.add(first)
        // The same seed, the same starting player.
        expect(createDeckGame(decks, { seed }).pendingDecision().player).toBe(first)
      }
      expect([...starters].sort()).toEqual(['A', 'B', 'C', 'D'].slice(0, decks.length))
    }
  })

  it('800.4a a player who left the game while their choice was pending can no longer answer it', () => {
    const game = createDeckGame(THREE, { seed: 1 })
    const decision = game.pendingDecision()
    expect(decision.kind).toBe('mulligan')
    const player = decision.player!
    expectOk(game.dealDamage({ to: player, amount: 25 }))
    expect(gameState(game).players[player]).toMatchObject({ lost: true })
    const result = game.keep(player)
    expect(result).toMatchObject({ ok: false, error: { code: 'left-the-game', rule: '800.4a' } })
  })

  it('103.5 the mulligan decisions go from the starting player round the table in turn order', () => {
    const order = ['A', 'B', 'C', 'D']
    for (const seed of [1, 2, 3, 4, 5]) {
      const game = createDeckGame(FOUR, { seed })
      const first = game.pendingDecision().player!
      const at = order.indexOf(first)
      expect(keepAll(game)).toEqual([...order.slice(at), ...order.slice(0, at)])
      expect(gameState(game).turn).toMatchObject({ number: 1, active: first })
    }
  })

  it('103.4 each of four players draws seven; 103.8c the starting player draws on the first turn', () => {
    const game = createDeckGame(FOUR, { seed: 3 })
    for (const p of ['A', 'B', 'C', 'D']) expect(cardsIn(game, p, 'hand')).toHaveLength(7)
    const first = game.pendingDecision().player!
    keepAll(game)
    expectOk(drive(game).walkTo('precombatMain'))
    expect(cardsIn(game, first, 'hand')).toHaveLength(8)
  })
})

describe('CR 800.4 Turn order in a free-for-all', () => {
  it('101.4 turns go round the table in turn order: A, B, C, D, then A again', () => {
    const game = fourPlayers([])
    const actives: string[] = []
    for (let i = 0; i < 4; i++) {
      expectOk(drive(game).walkTo('precombatMain', { nextTurn: true }))
      actives.push(gameState(game).turn.active)
    }
    expect(actives).toEqual(['B', 'C', 'D', 'A'])
  })

  it('800.4a the turn passes over a player who has left: B out, A is followed by C, then D, then A', () => {
    const game = fourPlayers([], [{ id: 'A' }, { id: 'B', life: 0 }, { id: 'C' }, { id: 'D' }])
    expect(gameState(game).players.B).toEqual({ life: 0, lost: true })
    const actives: string[] = []
    for (let i = 0; i < 3; i++) {
      expectOk(drive(game).walkTo('precombatMain', { nextTurn: true }))
      actives.push(gameState(game).turn.active)
    }
    expect(actives).toEqual(['C', 'D', 'A'])
  })
})

describe('CR 802 Attack multiple players', () => {
  it('802.1a the active player attacks three opponents at once, each creature one of them, and each is dealt its damage', () => {
    // A's 2/2 bear attacks B, 3/3 ogre attacks C, 4/4 giant attacks D; no one blocks.
    const game = fourPlayers([creature('bear', 'A', 2, 2), creature('ogre', 'A', 3, 3), creature('giant', 'A', 4, 4)])
    expect(legalActions(game).player).toBe('A')
    expectOk(drive(game).walkToAttack({ bear: 'B', ogre: 'C', giant: 'D' }))
    expectOk(drive(game).walkToDamage())
    expect([life(game, 'B'), life(game, 'C'), life(game, 'D'), life(game, 'A')]).toEqual([18, 17, 16, 20])
  })

  it('802.1a an opponent who left the game is no longer one to attack', () => {
    const game = fourPlayers([creature('bear', 'A', 2, 2)], [{ id: 'A' }, { id: 'B' }, { id: 'C', life: 0 }, { id: 'D' }])
    expect(gameState(game).legal.canAttack).toEqual({ bear: ['B', 'D'] })
  })
})

describe('CR 400.2 The view of a free-for-all player', () => {
  it("400.2 each player's view of a three-player game shows their own hand and hides the other two", () => {
    const game = createDeckGame(THREE, { seed: 7 })
    const world = worldOf(game)
    const [a, b, c] = world.playerOrder as [number, number, number]
    for (const me of [a, b, c]) {
      const view = new GameView(world, me)
      expect(view.hand()).toHaveLength(7)
      expect(view.opponents).toEqual([a, b, c].filter((p) => p !== me))
      for (const other of view.opponents) {
        expect(view.hand(other)).toEqual([])
        expect(view.handSize(other)).toBe(7)
        const hidden = world.zoneLists[other]!.hand[0]!
        expect(view.canSee(hidden)).toBe(false)
        expect(thrownRedzoneError(() => view.name(hidden)).code).toBe('hidden-object')
      }
    }
  })
})
