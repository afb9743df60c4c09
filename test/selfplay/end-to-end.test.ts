/** Self-play with the engine's real playGame and built-in agents: same bytes for any split; records replay. */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { replay } from '../../src/play/play-game.js'
import type { GameRecord } from '../../src/play/record.js'
import { runSelfPlay } from '../../src/node/selfplay/run.js'
import { gameSeed } from '../../src/node/selfplay/seeds.js'
import { ensureBuilt, redzone, tempDir } from './helpers.js'

beforeAll(ensureBuilt)

describe('self-play of real games (heuristic against random)', { timeout: 120_000 }, () => {
  it('writes the same games on 1 and 2 workers and as two shards, and each record replays to its result', async () => {
    const dir = tempDir()
    const flags = ['selfplay', '--games', '8', '--seed', '7', '--agents', 'heuristic,random', '--decks', 'green-white,black-red', '--quiet']
    const one = redzone([...flags, '--out', join(dir, '1.jsonl'), '--json'])
    expect(one.stderr).toBe('')
    expect(one.code).toBe(0)
    expect(redzone([...flags, '--workers', '2', '--chunk', '3', '--out', join(dir, '2.jsonl')]).code).toBe(0)
    await runSelfPlay({ games: 8, seed: 7, shard: { k: 1, n: 2 }, agents: ['heuristic', 'random'], decks: ['green-white', 'black-red'], out: join(dir, 's1.jsonl'), progress: false })
    await runSelfPlay({ games: 8, seed: 7, shard: { k: 2, n: 2 }, agents: ['heuristic', 'random'], decks: ['green-white', 'black-red'], out: join(dir, 's2.jsonl'), progress: false })
    const games = readFileSync(join(dir, '1.jsonl'), 'utf8')
    expect(readFileSync(join(dir, '2.jsonl'), 'utf8')).toBe(games)
    expect(readFileSync(join(dir, 's1.jsonl'), 'utf8') + readFileSync(join(dir, 's2.jsonl'), 'utf8')).toBe(games)

    const records = games.trim().split('\n').map((line) => JSON.parse(line) as GameRecord)
    expect(records.map((r) => r.seed)).toEqual(records.map((_, i) => gameSeed(7, i)))
    expect(records.map((r) => r.agents[0])).toEqual(['heuristic', 'random', 'heuristic', 'random', 'heuristic', 'random', 'heuristic', 'random'])
    const summary = JSON.parse(one.stdout)
    expect(summary.games).toBe(8)
    expect(summary.errors.total).toBe(records.filter((r) => r.reason === 'error').length)
    // replay throws if a recorded action is illegal or the record ends before the game does.
    for (const record of records.filter((r) => r.reason !== 'error')) expect(() => replay(record)).not.toThrow()
  })
})
