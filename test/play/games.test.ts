/**
 * Whole games (CR 103 to 104): seeded random-vs-random games end with a winner or a recorded
 * draw, never a crash; a game is a function of its seed and agents; a record replays to the same
 * event stream; the heuristic agent beats the random one; the step cap and a failing agent end a
 * game as recorded draws.
 *
 * REDZONE_GAMES sets how many random games the batch plays (default 1,500, about 15 s on the
 * project's machine; the nightly run sets 10000).
 */
import { describe, expect, it } from 'vitest'
import type { Decision, PlayerAction } from '../../src/decisions/action.js'
import { EVENT_NAMES, type GameEventName } from '../../src/core/events.js'
import type { Game } from '../../src/api/game.js'
import type { AgentFactory } from '../../src/play/agent.js'
import { heuristicAgent } from '../../src/play/agents/heuristic.js'
import { randomAgent, randomAction } from '../../src/play/agents/random.js'
import { searchAgentFactory } from '../../src/play/agents/search.js'
import { GameTable, playGame, replay } from '../../src/play/play-game.js'
import type { GameRecord } from '../../src/play/record.js'
import { Rng } from '../../src/core/rng.js'

const GAMES = Number(process.env.REDZONE_GAMES ?? 1500)
const DECK_PAIRS = [
  ['green-white', 'black-red'],
  ['black-red', 'green-white'],
  ['green-white', 'green-white'],
  ['black-red', 'black-red'],
] as const

/** Every event of a game, in order, with its arguments (entity ids are stable for the same decks). */
function recordEvents(into: unknown[]): (game: Game) => void {
  return (game) => {
    for (const name of EVENT_NAMES) {
      game.on(name as GameEventName, ((...args: unknown[]) => into.push([name, ...args])) as never)
    }
  }
}

function expectFinished(record: GameRecord): void {
  expect(record.reason, `seed ${record.seed}: ${record.error ?? ''}`).not.toBe('error')
  if (record.reason === 'life' || record.reason === 'empty-library') expect(record.winner === 0 || record.winner === 1).toBe(true)
  else {
    expect(record.reason).toBe('step-cap')
    expect(record.winner).toBeNull()
  }
}

describe('whole games', () => {
  it(`${GAMES} seeded random-vs-random games end with a winner or a recorded draw, never an error`, () => {
    const table = new GameTable()
    const reasons: Record<string, number> = {}
    const errors: string[] = []
    const firsts = [0, 0]
    for (let seed = 1; seed <= GAMES; seed++) {
      const record = table.play({ seed, agents: [randomAgent, randomAgent], decks: DECK_PAIRS[seed % DECK_PAIRS.length]! })
      reasons[record.reason] = (reasons[record.reason] ?? 0) + 1
      firsts[record.first]!++
      if (record.reason === 'error') errors.push(`seed ${seed}: ${record.error}`)
      else expectFinished(record)
      expect(record.turns).toBeGreaterThan(0)
    }
    console.log(`${GAMES} random games: ${JSON.stringify(reasons)}`)
    expect(errors).toEqual([])
    expect(reasons.life).toBeGreaterThan(GAMES / 2)
    // CR 103.1: the seed picks the starting player; both seats start some games.
    expect(firsts[0]).toBeGreaterThan(GAMES / 4)
    expect(firsts[1]).toBeGreaterThan(GAMES / 4)
  }, 300_000)

  it('the same seed and agents give the same record, from a GameTable or from playGame', () => {
    const table = new GameTable()
    for (const seed of [7, 8, 9]) {
      const options = { seed, agents: [randomAgent, heuristicAgent] as const, decks: ['green-white', 'black-red'] as const }
      const a = table.play(options)
      table.play({ ...options, seed: seed + 100 })
      const b = table.play(options)
      const c = playGame(options)
      expect(b).toEqual(a)
      expect(c).toEqual(a)
      expect(a.actions.length).toBeGreaterThan(0)
    }
    const d = playGame({ seed: 7, agents: [randomAgent, randomAgent], decks: ['green-white', 'black-red'] })
    const e = playGame({ seed: 7, agents: [randomAgent, randomAgent], decks: ['green-white', 'black-red'] })
    const f = playGame({ seed: 8, agents: [randomAgent, randomAgent], decks: ['green-white', 'black-red'] })
    expect(e).toEqual(d)
    expect(f.actions).not.toEqual(d.actions)
  })

  it('replay(record) reproduces the same event stream, byte for byte', () => {
    for (const [seed, agents] of [
      [11, [randomAgent, randomAgent]],
      [12, [heuristicAgent, randomAgent]],
      [13, [randomAgent, heuristicAgent]],
      // The search agent plays out copies of the game: none of that reaches the game's events.
      [14, [searchAgentFactory({ playouts: 6, horizon: 1 }), randomAgent]],
    ] as const) {
      const played: unknown[] = []
      const record = playGame({ seed, agents, decks: ['green-white', 'black-red'], onGame: recordEvents(played) })
      expectFinished(record)
      const replayed: unknown[] = []
      const game = replay(record, { onGame: recordEvents(replayed) })
      expect(played.length).toBeGreaterThan(100)
      expect(JSON.stringify(replayed)).toBe(JSON.stringify(played))
      expect(game.pendingDecision().kind).toBe('gameOver')
      // Recording events doesn't change the game: the record is the one played without listeners.
      expect(playGame({ seed, agents, decks: ['green-white', 'black-red'] })).toEqual(record)
    }
  })

  it('the heuristic agent beats the random agent in most games (seats swapped)', () => {
    const table = new GameTable()
    let wins = 0
    const N = 100
    for (let i = 0; i < N; i++) {
      const heuristicSeat = i % 2
      const agents: [AgentFactory, AgentFactory] = heuristicSeat === 0 ? [heuristicAgent, randomAgent] : [randomAgent, heuristicAgent]
      const record = table.play({ seed: 5000 + i, agents, decks: DECK_PAIRS[(i >> 1) % DECK_PAIRS.length]! })
      expectFinished(record)
      if (record.winner === heuristicSeat) wins++
    }
    console.log(`heuristic vs random: ${wins}/${N} wins (${Math.round((100 * wins) / N)}%)`)
    expect(wins).toBeGreaterThanOrEqual(80)
  }, 60_000)

  it('104.3c 704.5b with decks of ten lands the game ends when a player draws from an empty library (reason empty-library)', () => {
    for (const seed of [1, 2, 3, 4]) {
      // Ten-card decks break the deck rules (at least 40 cards, CR 100.2b): deckRules false lets a rules test use them.
      const record = playGame({ seed, agents: [randomAgent, randomAgent], decks: [Array<string>(10).fill('Forest'), Array<string>(10).fill('Mountain')], deckRules: false })
      expect(record.reason).toBe('empty-library')
      expect(record.decks).toEqual([expect.stringMatching(/^custom-[0-9a-f]{8}$/), expect.stringMatching(/^custom-[0-9a-f]{8}$/)])
      expect(record.deckLists).toEqual([[['Forest', 10]], [['Mountain', 10]]])
      expect(replay(record).pendingDecision().kind).toBe('gameOver')
      // The second player runs out first: the first player skipped the draw of turn 1 (103.8a).
      expect(record.winner).toBe(record.first)
      expect(record.turns).toBe(8)
    }
  })

  it('a step cap small enough ends the game as a draw with reason step-cap', () => {
    const record = playGame({ seed: 3, agents: [randomAgent, randomAgent], decks: ['green-white', 'black-red'], maxSteps: 20 })
    expect(record.reason).toBe('step-cap')
    expect(record.winner).toBeNull()
    expect(record.error).toBeUndefined()
    const table = new GameTable()
    expect(table.play({ seed: 3, agents: [randomAgent, randomAgent], decks: ['green-white', 'black-red'], maxSteps: 20 })).toEqual(record)
  })

  it('an agent that throws on its 50th decision ends the game with reason error, naming the agent, its seat and its message', () => {
    const failing: AgentFactory = {
      name: 'fails-at-50',
      create(seed) {
        const rng = new Rng(seed)
        let decisions = 0
        return {
          choose(view, decision: Decision, legal): PlayerAction {
            if (++decisions === 50) throw new Error('agent gave up at decision 50')
            return randomAction(rng, view, decision, legal)
          },
        }
      },
    }
    const record = playGame({ seed: 21, agents: [failing, randomAgent], decks: ['green-white', 'black-red'] })
    expect(record.reason).toBe('error')
    expect(record.winner).toBeNull()
    expect(record.error).toMatch(/^redzone: agent "fails-at-50" \(seat 0\) threw at a \w+ decision: agent gave up at decision 50$/)
    expect(record.agents).toEqual(['fails-at-50', 'random'])
    // The actions before the failure are recorded.
    expect(record.actions.length).toBeGreaterThanOrEqual(49)
    const table = new GameTable()
    expect(table.play({ seed: 21, agents: [failing, randomAgent], decks: ['green-white', 'black-red'] })).toEqual(record)
  })
})
