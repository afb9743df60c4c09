/** A game record names the agent whose bug ended it: what it returned, its seat and the decision. */
import { describe, expect, it } from 'vitest'
import type { AgentFactory } from '../../src/play/agent.js'
import { playGame } from '../../src/play/play-game.js'
import { randomAgent } from '../../src/play/agents/random.js'

/** Returns `value` at its first decision (a mulligan: keep or mulligan). */
const returning = (value: unknown): AgentFactory => ({ name: 'mine', create: () => ({ choose: () => value as never }) })

describe('an agent that returns something other than an action', () => {
  it.each([
    ['undefined', undefined, 'undefined'],
    ['null', null, 'null'],
    ['a string', 'keep', 'the string "keep"'],
    ['an object without a type', { kind: 'keep' }, 'an object without a string "type" {"kind":"keep"}'],
    ['an array', [], 'an array []'],
  ])('is named with what it returned: %s', (_what, value, described) => {
    const record = playGame({ seed: 1, agents: [randomAgent, returning(value)], decks: ['green-white', 'black-red'] })
    expect(record).toMatchObject({ reason: 'error', winner: null })
    expect(record.error).toBe(`redzone: agent "mine" (seat 1) returned ${described} at a mulligan decision`)
  })

  it('an illegal action names the agent that chose it', () => {
    const record = playGame({ seed: 1, agents: [returning({ type: 'pass', player: 0 }), randomAgent], decks: ['green-white', 'black-red'] })
    expect(record.error).toMatch(/^redzone: illegal action "p" at mulligan: .*; by agent "mine" \(seat 0\)$/)
  })
})
