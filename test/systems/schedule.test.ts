import { describe, expect, it } from 'vitest'
import { SCHEDULE } from '../../systems/schedule.js'
import { STEP_NAMES } from '../../src/core/steps.js'
import { creature, drive, expectOk, newGame } from '../helpers.js'
import { worldOf } from '../../src/api/game.js'

describe('systems/schedule', () => {
  it('lists every step of the turn once, in the order of CR 500.1', () => {
    expect(SCHEDULE.map((s) => STEP_NAMES[s.step])).toEqual([
      'untap', 'upkeep', 'draw', 'precombatMain', 'beginCombat', 'declareAttackers', 'declareBlockers',
      'firstStrikeDamage', 'regularDamage', 'endCombat', 'postcombatMain', 'end', 'cleanup',
    ])
  })

  it('gives priority in every step but untap and cleanup (CR 502.4, 514.3)', () => {
    expect(SCHEDULE.filter((s) => !s.priority).map((s) => STEP_NAMES[s.step])).toEqual(['untap', 'cleanup'])
  })

  it('runs the systems of a combat with first strike in rules order', () => {
    const game = newGame([creature('knight', 'A', 2, 2, ['first strike']), creature('bear', 'B', 2, 2)])
    const trace: string[] = []
    worldOf(game).trace = trace
    expectOk(drive(game).walkToAttack({ knight: 'B' }))
    expectOk(drive(game).walkToBlock({ bear: 'knight' }))
    expectOk(drive(game).walkTo('postcombatMain'))
    expect(trace).toEqual([
      'checkStateBasedActions', // beginning of combat: a player gets priority
      'declareAttackers',
      'checkStateBasedActions',
      'declareBlockers',
      'checkStateBasedActions',
      'recordFirstStrikers',
      'assignCombatDamage',
      'dealCombatDamage',
      'checkStateBasedActions',
      'assignCombatDamage',
      'dealCombatDamage',
      'checkStateBasedActions',
      'checkStateBasedActions', // end of combat begins
      'endCombat', // CR 511.3: as the end of combat step ends
      'checkStateBasedActions', // postcombat main
    ])
  })

  it('skips blockers and damage without attackers (CR 508.8) and runs the turn-based actions of a new turn', () => {
    const game = newGame([
      { id: 'la', owner: 'A', zone: 'library', types: ['land'] },
      { id: 'lb', owner: 'B', zone: 'library', types: ['land'] },
    ])
    const trace: string[] = []
    worldOf(game).trace = trace
    expectOk(drive(game).walkTo('upkeep', { nextTurn: true }))
    expect(trace.filter((s) => s !== 'checkStateBasedActions')).toEqual(['declareAttackers', 'endCombat', 'discardToHandSize', 'cleanupStep', 'untapStep'])
    trace.length = 0
    expectOk(drive(game).walkTo('precombatMain'))
    expect(trace.filter((s) => s !== 'checkStateBasedActions')).toEqual(['drawStep'])
  })
})
