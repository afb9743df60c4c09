import { beforeAll, describe, expect, it, vi } from 'vitest'
import { BEGIN_COUNT, PRIORITY_AT, SCHEDULE, type System } from '../../systems/schedule.js'
import { Step, STEP_COUNT, STEP_NAMES } from '../../src/core/steps.js'
import { stepGivesPriority } from '../../src/turn/runner.js'
import type { GameWorld, TurnState } from '../../src/core/world.js'
import { creature, drive, expectOk, newGame } from '../helpers.js'

/**
 * The systems in the order they run, while `on`: each step's turn-based actions once they are done
 * (not while one waits for a choice), its end-of-step actions as they begin, and every check of
 * state-based actions (the runner and the gate call it directly, so its module is replaced by one
 * that notes each call).
 */
const trace = vi.hoisted(() => ({ on: false, names: [] as string[] }))

vi.mock('../../systems/check-state-based-actions.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../systems/check-state-based-actions.js')>()
  return {
    ...original,
    checkStateBasedActions: (world: GameWorld): boolean => {
      if (trace.on) trace.names.push('checkStateBasedActions')
      return original.checkStateBasedActions(world)
    },
  }
})

beforeAll(() => {
  for (const entry of SCHEDULE) {
    const begin = entry.begin as System[]
    const end = entry.end as System[]
    begin.forEach((system, i) => {
      begin[i] = (world) => {
        const waits = system(world)
        if (trace.on && waits !== true) trace.names.push(system.name)
        return waits
      }
    })
    end.forEach((system, i) => {
      end[i] = (world) => {
        if (trace.on) trace.names.push(system.name)
        return system(world)
      }
    })
  }
})

/** The systems `run` runs, in order. */
function traced(run: () => void): string[] {
  trace.names = []
  trace.on = true
  try {
    run()
  } finally {
    trace.on = false
  }
  return trace.names
}

describe('systems/schedule', () => {
  it('lists every step of the turn once, in the order of CR 500.1', () => {
    expect(SCHEDULE.map((s) => STEP_NAMES[s.step])).toEqual([
      'untap', 'upkeep', 'draw', 'precombatMain', 'beginCombat', 'declareAttackers', 'declareBlockers',
      'firstStrikeDamage', 'regularDamage', 'endCombat', 'postcombatMain', 'end', 'cleanup',
    ])
  })

  it('counts the steps of a turn as it names them (STEP_COUNT, the state range of a step, is a constant of its own)', () => {
    expect(STEP_COUNT).toBe(STEP_NAMES.length)
    expect(SCHEDULE.length).toBe(STEP_COUNT)
  })

  it('gives priority in every step but untap and cleanup (CR 502.4, 514.3)', () => {
    expect(SCHEDULE.filter((s) => !s.priority).map((s) => STEP_NAMES[s.step])).toEqual(['untap', 'cleanup'])
  })

  it('gives priority once a step\'s turn-based actions are done: by the tables the runner reads, as the schedule lists them (CR 117.3a, 514.3a)', () => {
    for (const s of SCHEDULE) {
      expect(BEGIN_COUNT[s.step], STEP_NAMES[s.step]).toBe(s.begin.length)
      expect(PRIORITY_AT[s.step], STEP_NAMES[s.step]).toBe(s.priority ? s.begin.length : 255)
    }
    const turn = { step: Step.FirstStrikeDamage, resumeAt: 2, cleanupPriority: false } as TurnState
    expect(stepGivesPriority({ turn })).toBe(false)
    turn.resumeAt = 3
    expect(stepGivesPriority({ turn })).toBe(true)
    // Cleanup gives none of itself (514.3), only after state-based actions happened in it (514.3a), and its actions done.
    turn.step = Step.Cleanup
    turn.resumeAt = 2
    expect(stepGivesPriority({ turn })).toBe(false)
    turn.cleanupPriority = true
    turn.resumeAt = 1
    expect(stepGivesPriority({ turn })).toBe(false)
    turn.resumeAt = 2
    expect(stepGivesPriority({ turn })).toBe(true)
    turn.step = Step.Untap
    turn.resumeAt = 1
    turn.cleanupPriority = false
    expect(stepGivesPriority({ turn })).toBe(false)
  })

  it('runs the systems of a combat with first strike in rules order', () => {
    const game = newGame([creature('knight', 'A', 2, 2, ['first strike']), creature('bear', 'B', 2, 2)])
    const names = traced(() => {
      expectOk(drive(game).walkToAttack({ knight: 'B' }))
      expectOk(drive(game).walkToBlock({ bear: 'knight' }))
      expectOk(drive(game).walkTo('postcombatMain'))
    })
    expect(names).toEqual([
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
    const turn = traced(() => expectOk(drive(game).walkTo('upkeep', { nextTurn: true })))
    expect(turn.filter((s) => s !== 'checkStateBasedActions')).toEqual(['declareAttackers', 'endCombat', 'discardToHandSize', 'cleanupStep', 'untapStep'])
    const draw = traced(() => expectOk(drive(game).walkTo('precombatMain')))
    expect(draw.filter((s) => s !== 'checkStateBasedActions')).toEqual(['drawStep'])
  })
})
