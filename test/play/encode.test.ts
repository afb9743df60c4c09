/**
 * A record's actions are strings of one encoding (src/play/encode.ts): a string is an action only if
 * that action encodes back to it. Before, `l09`, `l9 `, `p5`, `kx` or `c76>` each decoded as some
 * action, so a tampered record replayed as if nothing had changed; `encodeAction(null)` and
 * `decodeAction(5)` were TypeErrors. A replay that meets a bad or refused action names its index.
 */
import { describe, expect, it } from 'vitest'
import { heuristicAgent } from '../../src/play/agents/heuristic.js'
import { randomAgent } from '../../src/play/agents/random.js'
import { decodeAction, encodeAction } from '../../src/play/encode.js'
import { playGame, replay } from '../../src/play/play-game.js'
import { thrownRedzoneError } from '../helpers.js'

describe('the action encoding is strict', () => {
  it('decodes every action of real games back to its own string', () => {
    for (const seed of [1, 2, 3]) {
      const record = playGame({ seed, agents: [heuristicAgent, randomAgent], decks: ['green-white', 'black-red'] })
      for (const text of record.actions) expect(encodeAction(decodeAction(text, 1))).toBe(text)
    }
  })

  it('refuses a string that is not exactly an encoding, and values that are not strings or actions', () => {
    for (const text of ['l09', 'l9 ', 'l9.0', 'l+9', 'l0x9', 'p5', 'kx', 'c76>', 'l', 'a5>', 'zzz']) {
      const error = thrownRedzoneError(() => decodeAction(text, 1))
      expect(error.code, text).toBe('invalid-argument')
      expect(error.message, text).toBe(`redzone: not an encoded action: "${text}"`)
    }
    expect(thrownRedzoneError(() => decodeAction(5 as never, 1)).message).toBe('redzone: decodeAction: expected an encoded action (a string), got 5')
    expect(thrownRedzoneError(() => encodeAction(null as never)).code).toBe('invalid-argument')
    expect(thrownRedzoneError(() => encodeAction({ type: 'banana' } as never)).message).toContain('encodeAction: action.type')
  })

  it('a replay names the index of a recorded action that is not an encoding (invalid-argument) or that the game refuses (illegal-agent-action)', () => {
    const record = playGame({ seed: 4, agents: [heuristicAgent, randomAgent], decks: ['green-white', 'black-red'] })
    const at = record.actions.findIndex((a) => a.startsWith('l'))
    expect(at).toBeGreaterThan(0)
    const padded = { ...record, actions: record.actions.map((a, i) => (i === at ? `${a} ` : a)) }
    // Refused before the game is played: the record's shape check reads every action string.
    expect(thrownRedzoneError(() => replay(padded)).message).toBe(`redzone: not a game record: actions[${at}]: not an encoded action: "${record.actions[at]} "`)
    // A well-formed action the game refuses there (a keep where a land was played).
    const refused = { ...record, actions: record.actions.map((a, i) => (i === at ? 'm' : a)) }
    const error = thrownRedzoneError(() => replay(refused))
    expect(error.code).toBe('illegal-agent-action')
    expect(error.message).toMatch(new RegExp(`^redzone: actions\\[${at}\\] "m": `))
  })
})
