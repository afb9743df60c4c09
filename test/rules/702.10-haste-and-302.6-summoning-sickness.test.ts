/**
 * CR 302.6: "A creature's activated ability with the tap symbol or the untap symbol in its
 * activation cost can't be activated unless the creature has been under its controller's control
 * continuously since their most recent turn began. A creature can't attack unless it has been
 * under its controller's control continuously since their most recent turn began."
 * CR 702.10b: "If a creature has haste, it can attack even if it hasn't been controlled by its
 * controller continuously since their most recent turn began."
 */
import { describe, expect, it } from 'vitest'
import { creature, drive, expectOk, expectRejected, life, newGame } from '../helpers.js'
import { gameState } from '../../src/api/views.js'

describe('CR 702.10 Haste and CR 302.6 summoning sickness', () => {
  it('302.6 a summoning-sick creature cannot attack', () => {
    const game = newGame([creature('bear', 'A', 2, 2, [], { summoningSick: true })])
    expectRejected(drive(game).walkToAttack({ bear: 'B' }), 'summoning-sick', '302.6')
  })

  it('702.10b a summoning-sick creature with haste attacks', () => {
    const game = newGame([creature('goblin', 'A', 1, 1, ['haste'], { summoningSick: true })])
    expectOk(drive(game).walkToAttack({ goblin: 'B' }))
    expectOk(drive(game).walkTo('endCombat'))
    expect(life(game, 'B')).toBe(19)
  })

  it('702.10b haste granted until end of turn lets a sick creature attack', () => {
    const game = newGame([creature('bear', 'A', 2, 2, [], { summoningSick: true })])
    expectOk(game.grant('bear', { keywords: ['haste'] }))
    expectOk(drive(game).walkToAttack({ bear: 'B' }))
  })

  it('302.6 a summoning-sick creature can block', () => {
    const game = newGame([creature('bear', 'A', 2, 2), creature('wolf', 'B', 2, 2, [], { summoningSick: true })])
    expectOk(drive(game).walkToAttack({ bear: 'B' }))
    expectOk(drive(game).walkToBlock({ wolf: 'bear' }))
  })

  it("302.6 sickness ends when its controller's next turn begins", () => {
    const game = newGame(
      [
        creature('bear', 'A', 2, 2, [], { summoningSick: true }),
        { id: 'la', owner: 'A', zone: 'library', types: ['land'] },
        { id: 'lb', owner: 'B', zone: 'library', types: ['land'] },
      ],
      {},
    )
    expectOk(drive(game).walkTo('end'))
    expectOk(drive(game).walkTo('precombatMain', { nextTurn: true }))
    expect(gameState(game).turn.active).toBe('B')
    expectOk(drive(game).walkTo('precombatMain', { nextTurn: true }))
    expect(gameState(game).turn.active).toBe('A')
    expectOk(drive(game).walkToAttack({ bear: 'B' }))
  })
})
