/**
 * CR 704.5j: "If a player controls two or more legendary permanents with the same name, that
 * player chooses one of them, and the rest are put into their owners' graveyards." The engine's
 * default choice keeps the one that came onto the battlefield last.
 */
import { describe, expect, it } from 'vitest'
import { cardInHand, drive, expectOk, lands, newGame, obj } from '../helpers.js'

const THRASTA = "Thrasta, Tempest's Roar"

describe('CR 704.5j the legend rule', () => {
  it('704.5j a second copy entering puts the older one into the graveyard', () => {
    const game = newGame([{ id: 't1', card: THRASTA, controller: 'A' }, ...lands('A', 'Forest', 12), cardInHand('t2', 'A', THRASTA)])
    expectOk(drive(game).castAndResolve('A', 't2'))
    expect(obj(game, 't1').zone).toBe('graveyard')
    expect(obj(game, 't2').zone).toBe('battlefield')
  })

  it('704.5j different controllers may each have one', () => {
    const game = newGame([{ id: 't1', card: THRASTA, controller: 'A' }, { id: 't2', card: THRASTA, controller: 'B' }])
    expectOk(game.grant('t1', {}))
    expect([obj(game, 't1').zone, obj(game, 't2').zone]).toEqual(['battlefield', 'battlefield'])
  })

  it('704.5j nonlegendary permanents with the same name are unaffected', () => {
    const game = newGame([{ id: 'b1', card: 'Grizzly Bears', controller: 'A' }, { id: 'b2', card: 'Grizzly Bears', controller: 'A' }])
    expectOk(game.grant('b1', {}))
    expect([obj(game, 'b1').zone, obj(game, 'b2').zone]).toEqual(['battlefield', 'battlefield'])
  })
})
