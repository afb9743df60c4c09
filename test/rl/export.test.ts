/**
 * The rows of `redzone export` (`RecordRows`): a record replayed through `act` gives, for each
 * masked choice of each decision of an exported seat, what a learner playing that seat is shown
 * by `VecEnv` (forced decisions and single-option steps are no rows), byte for byte; replay's
 * checks hold (CR 103: the same seed and choices give the same game, else the record is refused);
 * an action the encoding can't express is an error or, asked, a counted skip.
 */
import { describe, expect, it } from 'vitest'
import { worldOf } from '../../src/api/game.js'
import { RedzoneError } from '../../src/core/errors.js'
import { Rng } from '../../src/core/rng.js'
import { act, passIfForced } from '../../src/decisions/act.js'
import { legalActions } from '../../src/decisions/legal.js'
import { pendingDecision } from '../../src/decisions/pending.js'
import { heuristicAgent } from '../../src/play/agents/heuristic.js'
import { randomAgent } from '../../src/play/agents/random.js'
import type { AgentFactory } from '../../src/play/agent.js'
import { decodeAction } from '../../src/play/encode.js'
import { forcedAction, playGame, seatOf } from '../../src/play/play-game.js'
import type { GameRecord } from '../../src/play/record.js'
import { createDeckGame } from '../../src/play/setup.js'
import { DecisionBuilder } from '../../src/rl/decision-builder.js'
import { ACTION_SIZE, OBS_SIZE } from '../../src/rl/layout.js'
import { RecordRows, type RecordRowsOptions } from '../../src/rl/record-rows.js'
import { VecEnv, type VecEnvOptions } from '../../src/rl/vec-env.js'
import { thrownRedzoneError } from '../helpers.js'
import { randomMasked, recordsWithAFreeDivision } from './rl-helpers.js'

interface Row {
  obs: Float32Array
  mask: Uint8Array
  action: number
  seat: number
  decision: number
}

/** Every row of a record, copied. */
function rowsOf(record: GameRecord, options: RecordRowsOptions = {}, table = new RecordRows()): Row[] {
  const rows: Row[] = []
  table.rowsOf(record, (obs, mask, action, seat, decision) => rows.push({ obs: obs.slice(), mask: mask.slice(), action, seat, decision }), options)
  return rows
}

/** What a learner was shown by a `VecEnv` of one game at a time, game by game, with each game's record. */
function vecEnvGames(options: VecEnvOptions, games: number, seed: number): { record: GameRecord; rows: Omit<Row, 'decision'>[] }[] {
  const done: { record: GameRecord; rows: Omit<Row, 'decision'>[] }[] = []
  let current: Omit<Row, 'decision'>[] = []
  const env = new VecEnv({ ...options, n: 1, onRecord: (record) => {
    done.push({ record, rows: current })
    current = []
  } })
  const rng = new Rng(seed)
  const actions = new Int32Array(1)
  while (done.length < games) {
    actions[0] = randomMasked(rng, env.mask)
    current.push({ obs: env.obs.slice(), mask: env.mask.slice(), action: actions[0], seat: env.seat[0]! })
    env.step(actions)
  }
  return done
}

function bytes(a: Float32Array): Buffer {
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength)
}

function expectSameRows(actual: readonly Omit<Row, 'decision'>[], expected: readonly Omit<Row, 'decision'>[], what: string): void {
  expect(actual.length, `${what}: rows`).toBe(expected.length)
  for (let r = 0; r < expected.length; r++) {
    const a = actual[r]!
    const e = expected[r]!
    expect(Buffer.compare(bytes(a.obs), bytes(e.obs)), `${what}, row ${r}: observation bytes`).toBe(0)
    expect(Buffer.compare(Buffer.from(a.mask), Buffer.from(e.mask)), `${what}, row ${r}: mask`).toBe(0)
    expect([a.action, a.seat], `${what}, row ${r}: action and seat`).toEqual([e.action, e.seat])
  }
}

/**
 * The rows recomputed without `RecordRows`: the record's game stepped here (forced passes and
 * forced actions taken, as `playGame` and `VecEnv` take them), a fresh `DecisionBuilder` begun on
 * each recorded decision of the seat, its full `observe` (not the incremental write) before each
 * step whose mask allows more than one action.
 */
function independentRows(record: GameRecord, seat: 0 | 1 | 'both'): Row[] {
  const world = worldOf(createDeckGame(record.decks, { seed: record.seed }))
  const builder = new DecisionBuilder(world)
  const rows: Row[] = []
  let next = 0
  for (;;) {
    if (passIfForced(world)) continue
    const decision = pendingDecision(world)
    if (decision.kind === 'gameOver') break
    const legal = legalActions(world)
    const forced = forcedAction(legal)
    if (forced) {
      expect(act(world, forced).ok).toBe(true)
      continue
    }
    const index = next++
    const action = decodeAction(record.actions[index]!, decision.player!)
    const who = seatOf(world, decision.player!)
    if (seat === 'both' || seat === who) {
      builder.begin(legal)
      const indices = builder.indicesOf(action)
      expect(indices, `action ${index} "${record.actions[index]}"`).not.toBeNull()
      for (const i of indices!) {
        if (builder.count > 1) {
          const obs = new Float32Array(OBS_SIZE)
          builder.observe(obs)
          rows.push({ obs, mask: builder.mask.slice(), action: i, seat: who, decision: index })
        }
        builder.apply(i)
      }
    }
    expect(act(world, action).ok).toBe(true)
  }
  expect(next).toBe(record.actions.length)
  return rows
}

function games(agents: readonly [AgentFactory, AgentFactory], seeds: readonly number[]): GameRecord[] {
  return seeds.map((seed) => playGame({ seed, agents, decks: seed % 2 === 0 ? ['green-white', 'black-red'] : ['black-red', 'green-white'] }))
}

describe('redzone export rows (RecordRows)', () => {
  it('gives exactly what VecEnv shows a learner playing both seats: observation bytes, masks, choices and seats, row for row', () => {
    for (const { record, rows } of vecEnvGames({ seed: 11, opponent: 'self' }, 4, 5)) {
      expect(record.reason).toMatch(/^(life|empty-library)$/)
      expectSameRows(rowsOf(record), rows, `self-play game ${record.seed}`)
    }
  }, 60_000)

  it('gives exactly what VecEnv shows a learner in seat 0 against the heuristic, and no row of the opponent', () => {
    for (const { record, rows } of vecEnvGames({ seed: 3, opponent: 'heuristic', seat: 0 }, 4, 8)) {
      expect(record.agents).toEqual(['rl', 'heuristic'])
      expect(rows.every((r) => r.seat === 0)).toBe(true)
      expectSameRows(rowsOf(record, { seats: 0 }), rows, `game ${record.seed}`)
    }
  }, 60_000)

  it('matches an independent walk that steps DecisionBuilder itself, with full observations, on heuristic and random games', () => {
    const records = [...games([heuristicAgent, randomAgent], [1, 2, 3]), ...games([heuristicAgent, heuristicAgent], [4, 5])]
    const table = new RecordRows()
    for (const record of records) {
      for (const seat of ['both', 0, 1] as const) {
        const expected = independentRows(record, seat)
        const actual = rowsOf(record, { seats: seat }, table)
        expectSameRows(actual, expected, `game ${record.seed}, seat ${seat}`)
        expect(actual.map((r) => r.decision)).toEqual(expected.map((r) => r.decision))
      }
    }
  }, 60_000)

  it('every row takes an action its mask allows, from a mask allowing more than one; the seats split the rows of both', () => {
    const table = new RecordRows()
    let total = 0
    for (const record of games([heuristicAgent, randomAgent], [10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21])) {
      const both = rowsOf(record, {}, table)
      for (const row of both) {
        expect(row.mask[row.action], `game ${record.seed}, decision ${row.decision}`).toBe(1)
        expect(row.mask.reduce((n, b) => n + b, 0)).toBeGreaterThan(1)
        expect(row.decision).toBeLessThan(record.actions.length)
      }
      const seat0 = rowsOf(record, { seats: 0 }, table)
      const seat1 = rowsOf(record, { seats: 1 }, table)
      expect(seat0.length + seat1.length).toBe(both.length)
      expect(seat0.every((r) => r.seat === 0) && seat1.every((r) => r.seat === 1)).toBe(true)
      total += both.length
    }
    expect(total).toBeGreaterThan(500)
  }, 60_000)

  it('reuses its buffers: every row is given the same observation and mask arrays (no allocation per row)', () => {
    const seen = { obs: new Set<Float32Array>(), mask: new Set<Uint8Array>(), rows: 0 }
    const table = new RecordRows()
    for (const record of games([heuristicAgent, randomAgent], [30, 31])) {
      table.rowsOf(record, (obs, mask) => {
        seen.obs.add(obs)
        seen.mask.add(mask)
        seen.rows++
        expect([obs.length, mask.length]).toEqual([OBS_SIZE, ACTION_SIZE])
      })
    }
    expect(seen.rows).toBeGreaterThan(100)
    expect([seen.obs.size, seen.mask.size]).toEqual([1, 1])
  })

  it('says what it replayed: the recorded winner, turns and reason, and the decisions of the exported seats', () => {
    const [record] = games([heuristicAgent, randomAgent], [40])
    const result = new RecordRows().rowsOf(record!, () => {})
    expect(result).toMatchObject({ winner: record!.winner, turns: record!.turns, reason: record!.reason, skipped: 0, decisions: record!.actions.length })
    expect(result.rows).toBeGreaterThan(0)
  })

  it('refuses a record whose winner was changed, saying what differs (replay\'s check)', () => {
    const [record] = games([heuristicAgent, randomAgent], [41])
    const error = thrownRedzoneError(() => rowsOf({ ...record!, winner: record!.winner === 0 ? 1 : 0 }))
    expect(error.code).toBe('invalid-argument')
    expect(error.message).toMatch(/the replay differs from the record: it ends with seat \d winning .*; the record says seat \d winning/)
  })

  it('refuses a record with a changed action: the game rejects it or goes another way', () => {
    const [record] = games([heuristicAgent, randomAgent], [42])
    const actions = [...record!.actions]
    actions[1] = actions[1] === 'k' ? 'm' : 'k'
    expect(() => rowsOf({ ...record!, actions })).toThrow(RedzoneError)
    const attack = record!.actions.findIndex((a) => a.startsWith('a') && a.length > 1)
    expect(attack).toBeGreaterThan(0)
    const error = thrownRedzoneError(() => rowsOf({ ...record!, actions: record!.actions.map((a, i) => (i === attack ? 'a999>1' : a)) }))
    expect(error.code).toBe('illegal-agent-action')
    expect(error.message).toContain('illegal action "a999>1" at declareAttackers')
  })

  it('refuses a record of another version (version-mismatch), as replay does', () => {
    const [record] = games([randomAgent, randomAgent], [43])
    expect(thrownRedzoneError(() => rowsOf({ ...record!, version: '0.0.1+pool.0123456789ab' })).code).toBe('version-mismatch')
  })

  it('an action the encoding can\'t express (a free damage division, CR 510.1c) is an error naming it; skipInexpressible leaves that decision out and counts it', () => {
    const [{ record, at }] = recordsWithAFreeDivision(1) as [{ record: GameRecord; at: number }]
    const error = thrownRedzoneError(() => rowsOf(record))
    expect(error.code).toBe('invalid-argument')
    expect(error.message).toContain(`recorded action ${at} "${record.actions[at]}" can't be expressed as masked choices`)
    const table = new RecordRows()
    const rows: number[] = []
    const result = table.rowsOf(record, (_obs, _mask, _action, _seat, decision) => rows.push(decision), { skipInexpressible: true })
    expect(result.skipped).toBeGreaterThanOrEqual(1)
    expect(rows).not.toContain(at)
    expect(rows.length).toBe(result.rows)
    expect(result.rows).toBeGreaterThan(0)
  })

  it('a search that finds nothing ([]: the library is still shuffled) and a declined search (null) are both expressible (CR 701.23)', () => {
    let both = 0
    for (let seed = 0; seed < 400 && both < 2; seed++) {
      const record = playGame({ seed, agents: [randomAgent, randomAgent], decks: ['green-white', 'black-red'] })
      if (!record.actions.includes('s')) continue
      const result = new RecordRows().rowsOf(record, () => {})
      expect(result.skipped).toBe(0)
      both++
    }
    expect(both).toBe(2)
  })

  it('refuses seats other than 0, 1 and both', () => {
    const [record] = games([randomAgent, randomAgent], [44])
    expect(thrownRedzoneError(() => rowsOf(record!, { seats: 2 as 0 })).code).toBe('invalid-argument')
  })
})
