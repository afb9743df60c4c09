/**
 * CR 104.2a: "A player still in the game wins the game if that player's opponents have all left
 * the game."
 * CR 104.3b: "If a player's life total is 0 or less, that player loses the game the next time a
 * player would receive priority. (This is a state-based action. See rule 704.)"
 * CR 104.3c: "If a player is required to draw more cards than are left in their library, they draw
 * the remaining cards and then lose the game the next time a player would receive priority."
 * CR 704.5a: "If a player has 0 or less life, that player loses the game."
 * CR 704.5b: "If a player attempted to draw a card from a library with no cards in it since the
 * last time state-based actions were checked, that player loses the game."
 *
 * Cards: Shock ({R} instant, 2 damage to any target); decks of ten basic lands.
 */
import { describe, expect, it } from 'vitest'
import { worldDigest } from '../../src/state/digest.js'
import { createDeckGame } from '../../src/play/setup.js'
import { cardInHand, expectOk, expectRejected, LIBRARIES, newGame } from '../helpers.js'
import { cardsIn, keepBoth } from '../play/game-helpers.js'
import { worldOf } from '../../src/api/game.js'
import { act, pendingDecision, worldOf as entityWorld } from '../../src/sim.js'
import { gameState, legalActions } from '../../src/api/views.js'
import { drive } from '../../src/api/game-driver.js'

const TEN_FORESTS = Array<string>(10).fill('Forest')
const TEN_MOUNTAINS = Array<string>(10).fill('Mountain')

describe('CR 104 Ending the game', () => {
  it('104.3b 704.5a a player at 0 life loses and the other player wins', () => {
    const game = newGame([{ id: 'm1', card: 'Mountain', controller: 'A' }, cardInHand('shock', 'A', 'Shock'), ...LIBRARIES], {
      players: [{ id: 'A' }, { id: 'B', life: 2 }],
    })
    const lost: string[] = []
    game.on('playerLost', (p, reason) => lost.push(`${game.id(p)}:${reason}`))
    expectOk(game.cast('A', 'shock', { targets: ['B'] }))
    expectOk(game.pass())
    expectOk(game.pass())
    expect(gameState(game).players.B).toEqual({ life: 0, lost: true })
    expect(lost).toEqual(['B:life'])
    expect(game.pendingDecision()).toEqual({ kind: 'gameOver', player: 'A', rule: '104.2a', count: 0 })
  })

  it('104.2a once the game is over every rules command is rejected (game-over) and changes nothing', () => {
    const game = newGame([{ id: 'm1', card: 'Mountain', controller: 'A' }, cardInHand('shock', 'A', 'Shock'), cardInHand('forest', 'A', 'Forest'), ...LIBRARIES], {
      players: [{ id: 'A' }, { id: 'B', life: 2 }],
    })
    expectOk(game.cast('A', 'shock', { targets: ['B'] }))
    expectOk(game.pass())
    expectOk(game.pass())
    const before = worldDigest(worldOf(game))
    expectRejected(game.pass(), 'game-over', '104.2a')
    expectRejected(game.play('A', 'forest'), 'game-over', '104.2a')
    expectRejected(game.act({ type: 'keep', player: 'A' }), 'game-over')
    expect(legalActions(game)).toMatchObject({ kind: 'gameOver', pass: false, play: [], cast: [] })
    expect(worldDigest(worldOf(game))).toBe(before)
  })

  it('104.2a once the game is over an unknown id is refused as game-over too, through act and the driver helpers alike (it was unknown-object)', () => {
    const game = newGame([{ id: 'm1', card: 'Mountain', controller: 'A' }, cardInHand('shock', 'A', 'Shock'), ...LIBRARIES], {
      players: [{ id: 'A' }, { id: 'B', life: 2 }],
    })
    expectRejected(game.play('Z', 'nothing'), 'unknown-object')
    expectOk(game.cast('A', 'shock', { targets: ['B'] }))
    expectOk(game.pass())
    expectOk(game.pass())
    expectRejected(game.play('Z', 'nothing'), 'game-over', '104.2a')
    expectRejected(drive(game).castAndResolve('A', 'nothing'), 'game-over', '104.2a')
  })

  it('104.4a when both players lose at once the game is a draw: the decision and every rejection cite 104.4a (they cited 104.2a, a win)', () => {
    // CR 104.4a: "If all the players remaining in a game lose simultaneously, the game is a draw."
    const game = newGame([cardInHand('forest', 'A', 'Forest'), ...LIBRARIES], { players: [{ id: 'A', life: 0 }, { id: 'B', life: 0 }] })
    expect(gameState(game).players).toEqual({ A: { life: 0, lost: true }, B: { life: 0, lost: true } })
    expect(game.pendingDecision()).toEqual({ kind: 'gameOver', player: null, rule: '104.4a', count: 0 })
    expectRejected(game.pass(), 'game-over', '104.4a')
    expectRejected(game.play('A', 'forest'), 'game-over', '104.4a')
    expectRejected(game.destroy('forest'), 'game-over', '104.4a')
    // The entity level alike: its decision names no player; an action naming one is game-over.
    const world = entityWorld(game)
    expect(pendingDecision(world)).toEqual({ kind: 'gameOver', player: null, rule: '104.4a', count: 0 })
    expectRejected(act(world, { type: 'pass', player: game.eid('A')! }), 'game-over', '104.4a')
  })

  it('104.3c 704.5b a player who draws from an empty library loses (decks of ten cards)', () => {
    const game = createDeckGame([TEN_FORESTS, TEN_MOUNTAINS], { seed: 1 })
    const first = game.pendingDecision().player!
    const second = first === 'A' ? 'B' : 'A'
    keepBoth(game)
    const lost: string[] = []
    game.on('playerLost', (p, reason) => lost.push(`${game.id(p)}:${reason}`))
    let steps = 0
    while (game.pendingDecision().kind !== 'gameOver') {
      if (++steps > 2000) throw new Error('the game did not end')
      const d = game.pendingDecision()
      if (d.kind === 'discard') expectOk(game.discard(d.player!, legalActions(game).cards.slice(0, d.count)))
      else if (d.kind === 'declareAttackers') expectOk(game.declareAttackers({}))
      else expectOk(game.pass())
    }
    // The second player has 3 cards left after the opening hand: they draw them on turns 2, 4
    // and 6 and lose on turn 8; the first player, who skipped the draw of turn 1, would lose on turn 9.
    expect(gameState(game).turn.number).toBe(8)
    expect(gameState(game).turn.active).toBe(second)
    expect(lost).toEqual([`${second}:empty-library`])
    expect(game.pendingDecision()).toMatchObject({ kind: 'gameOver', player: first })
    expect(gameState(game).players[second]).toEqual({ life: 20, lost: true })
    expect(cardsIn(game, second, 'library')).toEqual([])
  })
})
