/**
 * `redzone/worker` runs whole games from two decks with agents in the worker (`createRemoteGame`'s
 * `agents`, `RemoteGame.runAgents`): a game of two agents is the game `playGame` plays (same seed,
 * same choices), a person's seat stops the run at each of their decisions, and misuse is a
 * `RedzoneError`.
 */
import { MessageChannel } from 'node:worker_threads'
import { describe, expect, it } from 'vitest'
import type { ClientEvent } from '../../src/api/event-stream.js'
import { RedzoneError } from '../../src/core/errors.js'
import { heuristicAgent } from '../../src/play/agents/heuristic.js'
import { randomAgent } from '../../src/play/agents/random.js'
import { encodeAction } from '../../src/play/encode.js'
import { playGame } from '../../src/play/play-game.js'
import { createRemoteGame, exposeGame, type MessageEndpoint, type PlayerAction } from '../../src/worker/index.js'

function channel(): MessageEndpoint {
  const { port1, port2 } = new MessageChannel()
  exposeGame(port2 as unknown as MessageEndpoint)
  return port1 as unknown as MessageEndpoint
}

const DECKS = ['green-white', 'black-red'] as const

describe('redzone/worker: agents in the worker', () => {
  it('plays a whole game of two agents: the same choices, winner and turns as playGame with the same seed', async () => {
    const record = playGame({ seed: 21, agents: [heuristicAgent, randomAgent], decks: DECKS })
    const remote = await createRemoteGame(channel(), { decks: DECKS }, { seed: 21, agents: { A: 'heuristic', B: 'random' } })
    const events: ClientEvent[] = []
    remote.onEvent((e) => events.push(e))
    const run = await remote.runAgents()
    expect(run.stopped).toBe('gameOver')
    expect(run.chosen).toHaveLength(record.actions.length)
    expect(run.decision.kind).toBe('gameOver')
    expect(run.decision.player).toBe(record.winner === null ? null : ['A', 'B'][record.winner])
    expect((await remote.state()).turn.number).toBe(record.turns)
    expect(run.forced).toBeGreaterThan(run.chosen.length)
    expect(events.some((e) => e.type === 'playerLost')).toBe(true)
    expect(await remote.version()).toBe(run.chosen.length + run.forced)
    remote.dispose()
  })

  it('stops at each decision of the seat no agent plays; max stops after that many choices; autoPass takes that player\'s forced passes', async () => {
    const remote = await createRemoteGame(channel(), { decks: DECKS }, { seed: 4, agents: { B: 'heuristic' } })
    let decisions = 0
    let agentChoices = 0
    for (let i = 0; i < 3000; i++) {
      const run = await remote.runAgents({ max: 1, autoPass: ['A'] })
      agentChoices += run.chosen.length
      expect(run.chosen.length).toBeLessThanOrEqual(1)
      for (const c of run.chosen) expect(c.player).toBe('B')
      if (run.stopped === 'gameOver') break
      if (run.stopped === 'max') continue
      expect(run.decision.player).toBe('A')
      // A's decision: a real choice (autoPass took the forced ones); A plays the first legal option of each.
      const legal = await remote.legalActions()
      const action: PlayerAction<string> =
        legal.kind === 'mulligan' ? { type: 'keep', player: 'A' }
        : legal.kind === 'priority' && legal.play.length > 0 ? { type: 'play', player: 'A', card: legal.play[0]! }
        : legal.kind === 'priority' ? { type: 'pass', player: 'A' }
        : legal.kind === 'declareAttackers' ? { type: 'declareAttackers', player: 'A', attackers: legal.attackers.map((a) => ({ attacker: a.attacker, target: a.targets[0]! })) }
        : legal.kind === 'declareBlockers' ? { type: 'declareBlockers', player: 'A', blockers: [] }
        : legal.kind === 'assignDamage' ? { type: 'assignDamage', player: 'A', assignments: [] }
        : legal.kind === 'search' ? { type: 'search', player: 'A', cards: null }
        : { type: legal.kind as 'discard' | 'bottom', player: 'A', cards: legal.cards.slice(0, legal.count) }
      if (legal.kind === 'priority') expect(legal.play.length + legal.cast.length + legal.activate.length + legal.plot.length).toBeGreaterThan(0)
      expect(await remote.act(action), encodeAction(action)).toEqual({ ok: true })
      decisions++
    }
    expect((await remote.pendingDecision()).kind).toBe('gameOver')
    expect(decisions).toBeGreaterThan(5)
    expect(agentChoices).toBeGreaterThan(5)
    remote.dispose()
  })

  it('refuses an unknown agent, a player not of the game, and autoPass of a player not of the game', async () => {
    const bad = await createRemoteGame(channel(), { decks: DECKS }, { agents: { B: 'genius' as never } }).catch((e: unknown) => e)
    expect(bad).toBeInstanceOf(RedzoneError)
    expect(bad).toMatchObject({ code: 'invalid-argument', message: expect.stringContaining('heuristic, random, search') })
    const nobody = await createRemoteGame(channel(), { decks: DECKS }, { agents: { C: 'random' } }).catch((e: unknown) => e)
    expect(nobody).toMatchObject({ code: 'unknown-entity' })
    const remote = await createRemoteGame(channel(), { decks: DECKS }, { seed: 1, agents: { B: 'random' } })
    await expect(remote.runAgents({ autoPass: ['Z'] })).rejects.toMatchObject({ code: 'unknown-entity' })
    remote.dispose()
  })
})
