/**
 * CR 704.5a: "If a player has 0 or less life, that player loses the game."
 * CR 704.5b: "If a player attempted to draw a card from a library with no cards in it since the
 * last time state-based actions were checked, that player loses the game."
 * CR 704.5f: "If a creature has toughness 0 or less, it's put into its owner's graveyard.
 * Regeneration can't replace this event."
 * CR 704.5g: "If a creature has toughness greater than 0, it has damage marked on it, and the
 * total damage marked on it is greater than or equal to its toughness, that creature has been
 * dealt lethal damage and is destroyed."
 * CR 704.5h: "If a creature has toughness greater than 0, and it's been dealt damage by a source
 * with deathtouch since the last time state-based actions were checked, that creature is destroyed."
 * CR 704.5i: "If a planeswalker has loyalty 0, it's put into its owner's graveyard."
 */
import { describe, expect, it } from 'vitest'
import { creature, drive, expectOk, expectRejected, life, newGame, obj, planeswalker } from '../helpers.js'
import { gameState } from '../../src/api/views.js'

describe('CR 704 State-based actions', () => {
  it('704.5a a player at 0 life loses, and the game is over', () => {
    const game = newGame([creature('bear', 'A', 2, 2)])
    expectOk(game.dealDamage({ to: 'B', amount: 20 }))
    expect(gameState(game).players.B).toEqual({ life: 0, lost: true })
    expectRejected(drive(game).walkToAttack({ bear: 'B' }), 'game-over', '104.2a')
  })

  it('704.5b a player who draws from an empty library loses', () => {
    const game = newGame([], { turn: { step: 'upkeep' } })
    expectOk(drive(game).walkTo('precombatMain'))
    expect(gameState(game).players.A!.lost).toBe(true)
  })

  it('704.5f a creature with toughness 0 goes to the graveyard', () => {
    const game = newGame([creature('bear', 'A', 2, 2)])
    expectOk(game.grant('bear', { toughness: -2 }))
    expect(obj(game, 'bear').zone).toBe('graveyard')
  })

  it('704.5g lethal damage destroys, from several sources added up', () => {
    const game = newGame([creature('bear', 'A', 2, 3)])
    expectOk(game.dealDamage({ to: 'bear', amount: 2 }))
    expect(obj(game, 'bear').zone).toBe('battlefield')
    expectOk(game.dealDamage({ to: 'bear', amount: 1 }))
    expect(obj(game, 'bear').zone).toBe('graveyard')
  })

  it('704.5g lowering toughness below the damage marked destroys the creature', () => {
    const game = newGame([creature('bear', 'A', 2, 3, [], { damage: 2 })])
    expectOk(game.grant('bear', { toughness: -1 }))
    expect(obj(game, 'bear').zone).toBe('graveyard')
  })

  it('704.5i a planeswalker with 0 loyalty goes to the graveyard', () => {
    const game = newGame([planeswalker('pw', 'B', 3)])
    expectOk(game.dealDamage({ to: 'pw', amount: 3 }))
    expect(obj(game, 'pw').zone).toBe('graveyard')
  })

  it('120.3c damage beyond a planeswalker\'s loyalty removes the counters it has: its loyalty is 0, never below (704.5i)', () => {
    for (const combat of [false, true]) {
      const game = newGame([planeswalker('pw', 'B', 2), creature('giant', 'A', 5, 5)])
      const changes: [number, number][] = []
      game.on('loyaltyChanged', (_pw, delta, loyalty) => void changes.push([delta, loyalty]))
      if (combat) {
        expectOk(drive(game).walkToAttack({ giant: 'pw' }))
        expectOk(drive(game).walkToBlock({}))
        expectOk(drive(game).walkToDamage())
      } else expectOk(game.dealDamage({ to: 'pw', amount: 5 }))
      expect(changes).toEqual([[-2, 0]])
      expect(obj(game, 'pw').zone).toBe('graveyard')
    }
  })

  it('704.3 state-based actions are performed simultaneously: two players reaching 0 in one step both lose', () => {
    const game = newGame([creature('bear', 'A', 2, 2), creature('wolf', 'A', 2, 2)], {
      players: [{ id: 'A' }, { id: 'B', life: 2 }, { id: 'C', life: 2 }],
    })
    expectOk(drive(game).walkToAttack({ bear: 'B', wolf: 'C' }))
    expectOk(drive(game).walkToBlock({}))
    expectOk(drive(game).walkToDamage())
    expect(gameState(game).players.B!.lost).toBe(true)
    expect(gameState(game).players.C!.lost).toBe(true)
    expectRejected(drive(game).walkTo('endCombat'), 'game-over')
  })

  it('704.5g damage removal in cleanup saves a damaged creature', () => {
    const game = newGame([
      creature('bear', 'A', 2, 3),
      { id: 'la', owner: 'A', zone: 'library', types: ['land'] },
      { id: 'lb', owner: 'B', zone: 'library', types: ['land'] },
    ])
    expectOk(game.dealDamage({ to: 'bear', amount: 2 }))
    expectOk(drive(game).walkTo('upkeep', { nextTurn: true }))
    expect(obj(game, 'bear').damage).toBe(0)
    expect(life(game, 'A')).toBe(20)
  })
})
