/**
 * Whole free-for-all games of three and four players (CR 806.1: "In a Free-for-All game, a group
 * of players compete as individuals against each other"; CR 802: each attacking creature attacks
 * one opponent of the attacking player's choice; CR 104.2a: the last player in the game wins).
 * Seeded random games end with a winner or a recorded draw and every record replays; records of
 * two players keep their shape (no `eliminated`); bad options name the option; the heuristic
 * chooses whom to attack; the search agent plays three- and four-player games.
 *
 * REDZONE_MP_GAMES sets how many random four-player games the batch plays (default 1,000; the
 * bench's `--only multiplayer` plays 10,000).
 */
import { describe, expect, it } from 'vitest'
import { RedzoneError } from '../../src/core/errors.js'
import { heuristicAgent, heuristicAction } from '../../src/play/agents/heuristic.js'
import { randomAgent } from '../../src/play/agents/random.js'
import { searchAgentFactory } from '../../src/play/agents/search.js'
import { endReason, GameTable, playGame, replay } from '../../src/play/play-game.js'
import { recordShapeError, type GameRecord } from '../../src/play/record.js'
import { GameView } from '../../src/play/view.js'
import { legalActions as legalOf } from '../../src/decisions/legal.js'
import { pendingDecision } from '../../src/decisions/pending.js'
import { worldOf } from '../../src/api/game.js'
import { Rng } from '../../src/core/rng.js'
import { LIBRARIES, creature, expectOk, newGame } from '../helpers.js'
import type { ObjectSpec } from '../../src/state/position.js'

const GAMES = Number(process.env.REDZONE_MP_GAMES ?? 1000)
const FOUR = ['green-white', 'black-red', 'black-red', 'green-white'] as const

function thrown(fn: () => unknown): RedzoneError {
  try {
    fn()
  } catch (error) {
    if (error instanceof RedzoneError) return error
    throw error
  }
  throw new Error('expected a RedzoneError')
}

/** A record's players: a winner who is no one eliminated, or a recorded draw; everyone else out in order. */
function expectEnded(record: GameRecord): void {
  const players = record.agents.length
  expect(record.reason, `seed ${record.seed}: ${record.error ?? ''}`).not.toBe('error')
  if (record.reason === 'step-cap') expect(record.winner).toBeNull()
  else {
    expect(record.winner).not.toBeNull()
    expect(record.eliminated!.flat().sort()).toEqual([...Array(players).keys()].filter((s) => s !== record.winner))
  }
  expect(recordShapeError(record)).toBeNull()
}

describe('CR 806 Free-for-all whole games', () => {
  it(`806.1 104.2a ${GAMES} seeded random four-player games end with a winner or a recorded draw, and every record replays`, () => {
    const table = new GameTable()
    const firsts = [0, 0, 0, 0]
    const wins = [0, 0, 0, 0]
    const reasons: Record<string, number> = {}
    for (let seed = 1; seed <= GAMES; seed++) {
      const record = table.play({ seed, agents: [randomAgent, randomAgent, randomAgent, randomAgent], decks: FOUR })
      expectEnded(record)
      reasons[record.reason] = (reasons[record.reason] ?? 0) + 1
      firsts[record.first]!++
      if (record.winner !== null) wins[record.winner]!++
      // The replay checks the first player, the winner, the turns, the reason and the order out.
      expect(() => table.replay(record)).not.toThrow()
    }
    // CR 103.1: every seat starts some games, and wins some.
    for (const n of firsts) expect(n).toBeGreaterThan(GAMES / 8)
    for (const n of wins) expect(n).toBeGreaterThan(0)
    expect((reasons.life ?? 0) + (reasons['empty-library'] ?? 0) + (reasons['step-cap'] ?? 0)).toBe(GAMES)
  }, 240_000)

  it('806.1 a three-player game of GameTable is the game of playGame, and replay rebuilds it', () => {
    const options = { seed: 5, agents: [heuristicAgent, randomAgent, heuristicAgent], decks: ['green-white', 'black-red', 'black-red'] }
    const record = playGame(options)
    expect(new GameTable().play(options)).toEqual(record)
    expectEnded(record)
    expect(record.agents).toEqual(['heuristic', 'random', 'heuristic'])
    expect(record.decks).toEqual(['green-white', 'black-red', 'black-red'])
    expect(record.deckLists).toHaveLength(3)
    const game = replay(record)
    expect(game.pendingDecision().kind).toBe('gameOver')
  })

  it('800.4a a replay whose order out differs from the record is refused', () => {
    const record = playGame({ seed: 2, agents: [randomAgent, randomAgent, randomAgent], decks: ['green-white', 'black-red', 'black-red'] })
    expectEnded(record)
    const out = record.eliminated!
    const swapped = { ...record, eliminated: [out[1]!, out[0]!, ...out.slice(2)] }
    expect(thrown(() => replay(swapped)).message).toMatch(/the replay differs from the record.*seats out in the order/)
  })

  it('two-player records have no eliminated field: their shape is unchanged', () => {
    const record = playGame({ seed: 3, agents: [heuristicAgent, randomAgent], decks: ['green-white', 'black-red'] })
    expect(Object.keys(record)).toEqual(['format', 'version', 'seed', 'agents', 'decks', 'deckLists', 'first', 'winner', 'turns', 'reason', 'actions'])
  })

  it('playGame options: agents and decks of 2 to 4, as many of each, else invalid-argument naming the option', () => {
    const one = thrown(() => playGame({ seed: 1, agents: [randomAgent], decks: ['green-white'] }))
    expect(one.code).toBe('invalid-argument')
    expect(one.message).toContain('playGame: options.agents: 1 entries: a game has 2 to 4 players')
    const five = thrown(() => playGame({ seed: 1, agents: Array(5).fill(randomAgent), decks: Array(5).fill('green-white') }))
    expect(five.code).toBe('invalid-argument')
    expect(five.message).toContain('playGame: options.agents: 5 entries')
    const mismatch = thrown(() => playGame({ seed: 1, agents: [randomAgent, randomAgent, randomAgent], decks: ['green-white', 'black-red'] }))
    expect(mismatch.code).toBe('invalid-argument')
    expect(mismatch.message).toContain('playGame: options.decks: 2 entries for 3 players')
  })

  it('recordShapeError accepts 2 to 4 players and checks that the lists agree', () => {
    const record = playGame({ seed: 4, agents: [randomAgent, randomAgent, randomAgent, randomAgent], decks: FOUR })
    expect(recordShapeError(record)).toBeNull()
    expect(recordShapeError({ ...record, decks: record.decks.slice(0, 3) })).toBe('decks: expected 4 names, one per agent')
    expect(recordShapeError({ ...record, deckLists: record.deckLists!.slice(0, 2) })).toMatch(/^deckLists: expected 4 lists/)
    expect(recordShapeError({ ...record, agents: ['a'], decks: ['x'] })).toBe('agents: expected 2 to 4 names')
    expect(recordShapeError({ ...record, agents: Array(5).fill('a') })).toBe('agents: expected 2 to 4 names')
    expect(recordShapeError({ ...record, first: 4 })).toBe('first: expected a seat from 0 to 3')
    expect(recordShapeError({ ...record, winner: 7 })).toBe('winner: expected a seat from 0 to 3 or null')
    expect(recordShapeError({ ...record, eliminated: [[9]] })).toMatch(/^eliminated:/)
    const two = playGame({ seed: 4, agents: [randomAgent, randomAgent], decks: ['green-white', 'black-red'] })
    expect(recordShapeError({ ...two, eliminated: [[1 - (two.winner ?? 0)]] })).toMatch(/^eliminated:.*three or four players only/)
  })

  it('806.1 the search agent plays three- and four-player games to their end', () => {
    const search = searchAgentFactory({ playouts: 4, horizon: 1 })
    for (const agents of [[search, heuristicAgent, randomAgent], [search, randomAgent, randomAgent, heuristicAgent]]) {
      const record = playGame({ seed: 9, agents, decks: FOUR.slice(0, agents.length) })
      expectEnded(record)
      expect(() => replay(record)).not.toThrow()
    }
  }, 120_000)

  it('806.1 the heuristic wins more than its share of the seats against random players', () => {
    const table = new GameTable()
    let wins = 0
    const games = 120
    for (let seed = 1; seed <= games; seed++) {
      // The heuristic sits in each seat in turn.
      const seat = seed % 4
      const agents = [randomAgent, randomAgent, randomAgent, randomAgent]
      agents[seat] = heuristicAgent
      const record = table.play({ seed, agents, decks: FOUR })
      if (record.winner === seat) wins++
    }
    expect(wins / games).toBeGreaterThan(0.5)
  })
})

/** A, B, C and D at 20 life; A's turn, precombat main; these creatures. */
function fourPlayers(objects: ObjectSpec[]): ReturnType<typeof newGame> {
  const libraries: ObjectSpec[] = ['C', 'D'].map((owner) => ({ id: `lib${owner}`, owner, zone: 'library', types: ['land'] }))
  return newGame([...objects, ...LIBRARIES, ...libraries], { players: [{ id: 'A' }, { id: 'B' }, { id: 'C', life: 9 }, { id: 'D' }] })
}

/** The heuristic's declaration of attackers for A, as `id > player id`. */
function heuristicAttack(game: ReturnType<typeof newGame>): Record<string, string> {
  while (game.pendingDecision().kind === 'priority') expectOk(game.pass())
  const world = worldOf(game)
  const decision = pendingDecision(world)
  expect(decision.kind).toBe('declareAttackers')
  const action = heuristicAction(new Rng(1), new GameView(world, decision.player!), decision, legalOf(world))
  if (action.type !== 'declareAttackers') throw new Error(`expected attackers, got ${action.type}`)
  return Object.fromEntries(action.attackers.map((a) => [game.id(a.attacker)!, game.id(a.target)!]))
}

describe('CR 802.1a The heuristic chooses whom to attack', () => {
  it('802.1a a creature attacks the opponent against whom it is safe, not the one with a blocker that kills it', () => {
    // A's 2/2 bear; B has a 4/4 wall, C a 1/1, D a 3/3: only C can't kill the bear for free.
    const game = fourPlayers([creature('bear', 'A', 2, 2), creature('wall', 'B', 4, 4), creature('elf', 'C', 1, 1), creature('ogre', 'D', 3, 3)])
    expect(heuristicAttack(game)).toEqual({ bear: 'C' })
  })

  it('802.1a among safe opponents it attacks the one with fewest blockers able to block it, then the lowest life', () => {
    // A's 2/2 flyer: B has a 1/1 reach (safe, but a blocker), C (9 life) and D have nothing that blocks a flyer.
    const game = fourPlayers([creature('bird', 'A', 2, 2, ['flying']), creature('spider', 'B', 1, 1, ['reach']), creature('elf', 'C', 1, 1), creature('bear', 'D', 2, 2)])
    expect(heuristicAttack(game)).toEqual({ bird: 'C' })
  })

  it('802.1a with power enough for an opponent with no untapped creature, everything attacks that opponent', () => {
    // C at 9 life with no creature; A's 5/5 and 4/4 together kill C; B and D have 6/6s.
    const game = fourPlayers([creature('giant', 'A', 5, 5), creature('ogre', 'A', 4, 4), creature('wurmB', 'B', 6, 6), creature('wurmD', 'D', 6, 6)])
    expect(heuristicAttack(game)).toEqual({ giant: 'C', ogre: 'C' })
  })

  it('802.1a a creature safe against no opponent stays home', () => {
    const game = fourPlayers([creature('bear', 'A', 2, 2), creature('wallB', 'B', 4, 4), creature('wallC', 'C', 4, 4), creature('wallD', 'D', 4, 4)])
    expect(heuristicAttack(game)).toEqual({})
  })
})

describe('endReason in a free-for-all (704.5a, 704.5b)', () => {
  it('is why the players who left last did: a death by damage after another player decked out earlier is "life"', () => {
    const game = newGame([], { players: [{ id: 'A' }, { id: 'B' }, { id: 'C' }] })
    const w = worldOf(game)
    const [a, b, c] = w.playerOrder as [number, number, number]
    // B drew from an empty library earlier (lost at 20 life); C then died to damage; A is left.
    w.players.lost[b] = 1
    w.players.lost[c] = 1
    w.players.life[c] = 0
    expect(w.players.life[a]).toBeGreaterThan(0)
    expect(endReason(w, [2])).toBe('life')
    expect(endReason(w, [1])).toBe('empty-library')
    // Without the last group (two players: the one who left), any player who left with life counts.
    expect(endReason(w)).toBe('empty-library')
  })
})
