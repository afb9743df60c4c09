/** What a queue run id is bound to (pure functions; the queue tests use them on a real Redis). */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { bindingDifferences, sameGames, type RunBinding } from '../../src/node/selfplay/runs.js'
import { engineVersion } from '../../src/node/selfplay/version.js'
import { cardPoolHash } from '../../src/play/version.js'
import { root } from './helpers.js'

const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }

const bound: RunBinding = {
  seed: 5, agents: ['heuristic', 'random'], decks: ['green-white', 'black-red'], swap: true, maxSteps: null, gameModule: null,
  from: 0, to: 100, chunk: 7, engine: engineVersion(), queueName: 'q', created: '2025-01-01T00:00:00.000Z',
}

describe('a run id bound to its configuration', () => {
  it('names each setting that differs, as the flag that gives it', () => {
    const other: RunBinding = {
      ...bound, seed: 6, agents: ['random', 'random'], decks: ['black-red', 'green-white'], swap: false, maxSteps: 500, gameModule: '/g.mjs',
      from: 10, to: 50, chunk: 4, engine: 'redzone 9.9.9 (other rules)', created: 'later',
    }
    expect(bindingDifferences(bound, other)).toEqual([
      '--seed 5 (this run: --seed 6)',
      'games 0..99 (this run: games 10..49)',
      '--agents heuristic,random (this run: --agents random,random)',
      '--decks green-white,black-red (this run: --decks black-red,green-white)',
      'seats swapped (this run: --no-swap)',
      'no --max-steps (this run: --max-steps 500)',
      'no --game-module (this run: --game-module /g.mjs)',
      '--chunk 7 (this run: --chunk 4)',
      `engine ${bound.engine} (this run: engine redzone 9.9.9 (other rules))`,
    ])
    expect(bindingDifferences(bound, { ...bound, created: 'later', queueName: 'other' })).toEqual([])
  })

  it('knows a job of the same games (what a worker checks before storing a range)', () => {
    expect(sameGames(bound, { seed: 5, agents: ['heuristic', 'random'], decks: ['green-white', 'black-red'], swap: true })).toBe(true)
    expect(sameGames(bound, { seed: 5, agents: ['heuristic', 'random'], decks: ['green-white', 'black-red'], swap: true, maxSteps: 10 })).toBe(false)
    expect(sameGames(bound, { seed: 6, agents: ['heuristic', 'random'], decks: ['green-white', 'black-red'], swap: true })).toBe(false)
  })

  it('binds the version its records carry: the package version and the hash of the card pool', () => {
    expect(engineVersion()).toBe(`${pkg.version}+pool.${cardPoolHash()}`)
  })
})
