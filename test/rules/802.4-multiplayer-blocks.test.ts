/**
 * CR 509.1a: "The defending player chooses which creatures they control, if any, will block."
 * CR 802.4a (attack multiple players): each defending player declares blocks for their own
 * creatures; a creature can block only an attacker attacking its controller or a planeswalker
 * its controller controls. Here each defending player who could block is asked in turn order.
 */
import { describe, expect, it } from 'vitest'
import type { Game } from '../../src/api/game.js'
import { LIBRARIES, creature, drive, expectOk, expectRejected, newGame, obj } from '../helpers.js'
import { gameState, legalActions } from '../../src/api/views.js'

function passUntilChoice(game: Game): void {
  while (game.pendingDecision().kind === 'priority') expectOk(game.pass())
}

function threePlayers(): Game {
  const game = newGame(
    [
      creature('bear', 'A', 2, 2),
      creature('ogre', 'A', 3, 3),
      creature('wolf', 'B', 2, 2),
      creature('cat', 'C', 4, 4),
      ...LIBRARIES,
      { id: 'libC1', owner: 'C', zone: 'library', types: ['land'] },
    ],
    { players: [{ id: 'A' }, { id: 'B' }, { id: 'C' }] },
  )
  passUntilChoice(game)
  expectOk(game.declareAttackers({ bear: 'B', ogre: 'C' }))
  passUntilChoice(game)
  return game
}

describe('CR 802.4 Blocks of several defending players', () => {
  it('802.4a each defending player declares for their own creatures, in turn order after the active player', () => {
    const game = threePlayers()
    expect(game.pendingDecision()).toMatchObject({ kind: 'declareBlockers', player: 'B', rule: '509.1' })
    expect(legalActions(game).blockers).toEqual([{ blocker: 'wolf', attackers: ['bear'] }])
    expectOk(game.declareBlockers({ wolf: 'bear' }))
    expect(game.pendingDecision()).toMatchObject({ kind: 'declareBlockers', player: 'C' })
    expect(legalActions(game).blockers).toEqual([{ blocker: 'cat', attackers: ['ogre'] }])
    expectOk(game.declareBlockers({ cat: 'ogre' }))
    expect(game.pendingDecision()).toMatchObject({ kind: 'priority', player: 'A' })
    expectOk(drive(game).walkTo('endCombat'))
    expect(obj(game, 'bear').zone).toBe('graveyard')
    expect(obj(game, 'wolf').zone).toBe('graveyard')
    expect(obj(game, 'ogre').zone).toBe('graveyard')
    expect(obj(game, 'cat').damage).toBe(3)
    expect(gameState(game).players.B!.life).toBe(20)
    expect(gameState(game).players.C!.life).toBe(20)
  })

  it('509.1a a defending player can\'t declare blocks for another player\'s creature, and nothing changes', () => {
    const game = threePlayers()
    expectRejected(game.declareBlockers({ cat: 'ogre' }), 'not-your-creature', '509.1a')
    expect(game.pendingDecision()).toMatchObject({ kind: 'declareBlockers', player: 'B' })
  })

  it('802.4a a defending player with no creature that could block is not asked', () => {
    const game = newGame(
      [creature('bear', 'A', 2, 2), creature('ogre', 'A', 3, 3), creature('cat', 'C', 4, 4), ...LIBRARIES, { id: 'libC1', owner: 'C', zone: 'library', types: ['land'] }],
      { players: [{ id: 'A' }, { id: 'B' }, { id: 'C' }] },
    )
    passUntilChoice(game)
    expectOk(game.declareAttackers({ bear: 'B', ogre: 'C' }))
    passUntilChoice(game)
    expect(game.pendingDecision()).toMatchObject({ kind: 'declareBlockers', player: 'C' })
  })
})
