/**
 * CR 500.1: the turn's phases and steps in order. CR 502.3: the active player untaps their
 * permanents. CR 504.1: the active player draws a card. CR 103.8a: the starting player of a
 * two-player game skips the draw of their first turn. CR 514.1: the active player discards down
 * to the maximum hand size. CR 514.2: damage is removed and "until end of turn" effects end.
 */
import { describe, expect, it } from 'vitest'
import type { ObjectSpec } from '../../src/state/position.js'
import { creature, drive, expectOk, expectRejected, newGame, obj } from '../helpers.js'
import { gameState } from '../../src/api/views.js'

const libraries: ObjectSpec[] = [
  { id: 'la1', owner: 'A', zone: 'library', types: ['land'] },
  { id: 'la2', owner: 'A', zone: 'library', types: ['land'] },
  { id: 'lb1', owner: 'B', zone: 'library', types: ['land'] },
  { id: 'lb2', owner: 'B', zone: 'library', types: ['land'] },
]

describe('CR 500 Turn structure', () => {
  it('500.1 advance goes step by step to the named step of this turn', () => {
    const game = newGame([])
    const steps: string[] = []
    game.on('stepStarted', (step) => steps.push(step))
    expectOk(drive(game).walkTo('end'))
    expect(steps).toEqual(['beginCombat', 'declareAttackers', 'endCombat', 'postcombatMain', 'end'])
  })

  it('500.1 a step that is not later this turn is rejected', () => {
    const game = newGame([])
    expectRejected(drive(game).walkTo('upkeep'), 'not-a-later-step', '500.1')
    expectRejected(drive(game).walkTo('precombatMain'), 'not-a-later-step')
  })

  it('502.3 504.1 the next turn untaps the new active player and they draw', () => {
    const game = newGame([...libraries, creature('wolf', 'B', 2, 2, [], { tapped: true }), creature('bear', 'A', 2, 2, [], { tapped: true })])
    expectOk(drive(game).walkTo('precombatMain', { nextTurn: true }))
    const state = gameState(game)
    expect(state.turn).toEqual({ number: 3, active: 'B', step: 'precombatMain', landsPlayed: 0 })
    expect(obj(game, 'wolf').tapped).toBe(false)
    expect(obj(game, 'bear').tapped).toBe(true)
    expect(obj(game, 'lb1').zone).toBe('hand')
    expect(obj(game, 'lb2').zone).toBe('library')
    expect(obj(game, 'la1').zone).toBe('library')
  })

  it('103.8a the starting player skips the draw on turn 1', () => {
    const game = newGame([...libraries], { turn: { number: 1, step: 'upkeep' } })
    expectOk(drive(game).walkTo('precombatMain'))
    expect(obj(game, 'la1').zone).toBe('library')
    expect(gameState(game).players.A!.lost).toBe(false)
  })

  it('514.1 the active player discards down to seven in cleanup', () => {
    const hand: ObjectSpec[] = Array.from({ length: 9 }, (_, i) => ({ id: `h${i}`, owner: 'A', zone: 'hand', types: ['land'] }))
    const game = newGame([...hand, ...libraries])
    expectOk(drive(game).walkTo('cleanup'))
    const zones = hand.map((h) => obj(game, h.id).zone)
    expect(zones.filter((z) => z === 'hand')).toHaveLength(7)
    expect(zones.slice(7)).toEqual(['graveyard', 'graveyard'])
  })

  it('514.2 cleanup removes damage and ends until-end-of-turn effects', () => {
    const game = newGame([...libraries, creature('bear', 'A', 2, 3)])
    expectOk(game.grant('bear', { power: 2, keywords: ['flying'] }))
    expectOk(game.dealDamage({ to: 'bear', amount: 1 }))
    expect(obj(game, 'bear')).toMatchObject({ power: 4, damage: 1, keywords: ['flying'] })
    expectOk(drive(game).walkTo('cleanup'))
    expect(obj(game, 'bear')).toMatchObject({ power: 2, damage: 0, keywords: [] })
  })

  it('117.3d passing priority in succession ends the step', () => {
    const game = newGame([])
    expectOk(game.pass())
    expect(gameState(game).turn.step).toBe('precombatMain')
    expectOk(game.pass())
    expect(gameState(game).turn.step).toBe('beginCombat')
  })

  it('500.1 a player who lost is skipped in turn order', () => {
    const game = newGame(
      [
        ...libraries,
        { id: 'lc1', owner: 'C', zone: 'library', types: ['land'] },
      ],
      { players: [{ id: 'A' }, { id: 'B', life: 1 }, { id: 'C' }] },
    )
    expectOk(game.dealDamage({ to: 'B', amount: 1 }))
    expectOk(drive(game).walkTo('upkeep', { nextTurn: true }))
    expect(gameState(game).turn.active).toBe('C')
  })
})

describe('CR 103.8a the starting player', () => {
  it('103.8a whoever takes turn 1 of a two-player game skips its draw', () => {
    const game = newGame([...libraries], { turn: { number: 1, active: 'B', step: 'upkeep' } })
    expectOk(drive(game).walkTo('precombatMain'))
    expect(obj(game, 'lb1').zone).toBe('library')
  })

  it('103.8a in a game of three, the starting player draws on turn 1', () => {
    const game = newGame([...libraries], { players: [{ id: 'A' }, { id: 'B' }, { id: 'C' }], turn: { number: 1, step: 'upkeep' } })
    expectOk(drive(game).walkTo('precombatMain'))
    expect(obj(game, 'la1').zone).toBe('hand')
  })
})
