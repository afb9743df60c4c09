/** runSelfPlay as a library: the same games, in the same bytes, however the run is split. */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { PlayOptions } from '../../src/play/play-game.js'
import { runSelfPlay, type SelfPlayOptions } from '../../src/node/selfplay/run.js'
import { RedzoneError } from '../../src/core/errors.js'
import { gameSeed, MAX_GAMES } from '../../src/node/selfplay/seeds.js'
import { formatSummary } from '../../src/node/selfplay/summary.js'
import { engineVersion } from '../../src/play/version.js'
import { resolveDeck } from '../../src/play/decks.js'
import { recordShapeError } from '../../src/play/record.js'
import { playGame as fakePlayGame } from './fixtures/fake-game.mjs'
import { ensureBuilt, flakyAgent, steadyAgent, fakeGame, tempDir } from './helpers.js'

beforeAll(ensureBuilt)

const base = (out: string, extra: Partial<SelfPlayOptions> = {}): SelfPlayOptions => ({
  games: 50, seed: 7, agents: [steadyAgent, 'random'], decks: ['green-white', 'black-red'], gameModule: fakeGame, out, progress: false, ...extra,
})

/** Test agents in both seats (the built-in ones are not implemented in every branch). */
const steady = (out: string, extra: Partial<SelfPlayOptions> = {}): SelfPlayOptions => base(out, { agents: [steadyAgent, flakyAgent], ...extra })

describe('runSelfPlay', { timeout: 60_000 }, () => {
  it('writes byte-identical JSONL for 1 and 2 workers and any chunking', async () => {
    const dir = tempDir()
    const one = await runSelfPlay(steady(join(dir, '1.jsonl')))
    const two = await runSelfPlay(steady(join(dir, '2.jsonl'), { workers: 2, chunk: 3 }))
    await runSelfPlay(steady(join(dir, '3.jsonl'), { workers: 2, chunk: 17 }))
    const text = readFileSync(join(dir, '1.jsonl'), 'utf8')
    expect(text.split('\n')).toHaveLength(51)
    expect(readFileSync(join(dir, '2.jsonl'), 'utf8')).toBe(text)
    expect(readFileSync(join(dir, '3.jsonl'), 'utf8')).toBe(text)
    expect({ ...two, timing: undefined }).toEqual({ ...one, timing: undefined })
    expect(two.timing!.workers.length).toBeGreaterThanOrEqual(1)
    expect(two.timing!.workers.reduce((n, w) => n + w.games, 0)).toBe(50)
  })

  it('plays game i with gameSeed(seed, i), swapping seats on odd games unless told not to', async () => {
    const dir = tempDir()
    await runSelfPlay(base(join(dir, 'g.jsonl'), { agents: ['test/selfplay/fixtures/steady-agent.mjs', flakyAgent], games: 4 }))
    const records = readFileSync(join(dir, 'g.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l))
    expect(records.map((r) => r.seed)).toEqual([0, 1, 2, 3].map((i) => gameSeed(7, i)))
    expect(records.map((r) => r.decks[0])).toEqual(['green-white', 'black-red', 'green-white', 'black-red'])
    await runSelfPlay(base(join(dir, 'n.jsonl'), { agents: [steadyAgent, flakyAgent], games: 4, swap: false }))
    const kept = readFileSync(join(dir, 'n.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l))
    expect(kept.map((r) => r.decks[0])).toEqual(['green-white', 'green-white', 'green-white', 'green-white'])
  })

  it('shards 1/2 and 2/2 concatenated equal the whole run; --from I --games 1 replays game I', async () => {
    const dir = tempDir()
    await runSelfPlay(steady(join(dir, 'all.jsonl'), { games: 31 }))
    await runSelfPlay(steady(join(dir, 's1.jsonl'), { games: 31, shard: { k: 1, n: 2 } }))
    await runSelfPlay(steady(join(dir, 's2.jsonl'), { games: 31, shard: { k: 2, n: 2 }, workers: 2, chunk: 4 }))
    const all = readFileSync(join(dir, 'all.jsonl'), 'utf8')
    expect(readFileSync(join(dir, 's1.jsonl'), 'utf8') + readFileSync(join(dir, 's2.jsonl'), 'utf8')).toBe(all)
    await runSelfPlay(steady(join(dir, 'one.jsonl'), { games: 1, from: 13 }))
    expect(readFileSync(join(dir, 'one.jsonl'), 'utf8')).toBe(`${all.split('\n')[13]}\n`)
  })

  it('records a game that throws (game or agent) as an error with its seed, and goes on', async () => {
    const dir = tempDir()
    const throwing = (options: PlayOptions) => {
      if (options.seed % 3 === 0) throw new Error(`injected failure on ${options.seed}`)
      return fakePlayGame(options)
    }
    const summary = await runSelfPlay(base(join(dir, 'e.jsonl'), { agents: [steadyAgent, steadyAgent], gameModule: undefined, playGame: throwing, games: 40 }))
    const records = readFileSync(join(dir, 'e.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l))
    expect(records).toHaveLength(40)
    const failed = records.filter((r) => r.reason === 'error')
    const injected = records.filter((r) => r.seed % 3 === 0)
    expect(injected.length).toBeGreaterThan(0)
    for (const r of injected) expect(r).toMatchObject({ reason: 'error', winner: null, error: `injected failure on ${r.seed}` })
    // The record of a game that threw has the head every record has (it named no version, so replay and export called it "another version"; it had no deck lists).
    for (const r of injected) {
      expect(r.version).toBe(engineVersion())
      expect(r.deckLists).toEqual(r.decks.map((name: string) => resolveDeck(name).cards))
      expect(recordShapeError(r)).toBeNull()
    }
    for (const r of failed) expect(r.seed % 3 === 0 || r.error.startsWith('fake game: seed')).toBe(true)
    expect(summary.errors.total).toBe(failed.length)
    expect(summary.errors.games[0]!.replay).toMatch(/^redzone selfplay --seed 7 --from \d+ --games 1 /)
    expect(summary.draws.reasons.error).toBe(failed.length)

    // The flaky agent (a default export) throws on some games, in worker threads too.
    const flaky = await runSelfPlay(base(join(dir, 'f.jsonl'), { agents: [steadyAgent, flakyAgent], workers: 2, chunk: 5, games: 40 }))
    expect(flaky.games).toBe(40)
    expect(flaky.errors.games.some((g) => g.error.startsWith('flaky agent gives up'))).toBe(true)
    const lines = readFileSync(join(dir, 'f.jsonl'), 'utf8').trim().split('\n')
    for (const game of flaky.errors.games) expect(JSON.parse(lines[game.index]!)).toMatchObject({ seed: game.seed, reason: 'error', error: game.error })
  })

  it('the summary of a run stopped early gives the indices played, not the run\'s (it said 0..4294967294 for 6035 games)', async () => {
    const dir = tempDir()
    const controller = new AbortController()
    let played = 0
    const stopping = (options: PlayOptions) => {
      if (++played === 5) controller.abort()
      return fakePlayGame(options)
    }
    const games = MAX_GAMES - 1
    const summary = await runSelfPlay(base(join(dir, 'huge.jsonl'), { agents: [steadyAgent, steadyAgent], gameModule: undefined, playGame: stopping, games, signal: controller.signal }))
    expect(summary.games).toBe(5)
    expect(summary.interrupted).toMatchObject({ written: 5, next: 5 })
    expect(formatSummary(summary).split('\n')[0]).toBe(`games: 5 (indices 0..4 of the run's 0..${games - 1}, stopped, seed 7, seats swapped every other game)`)
    const none = { ...summary, games: 0, interrupted: { ...summary.interrupted!, written: 0, next: 0 } }
    expect(formatSummary(none).split('\n')[0]).toBe(`games: 0 (none of the run's 0..${games - 1}, stopped, seed 7, seats swapped every other game)`)
  })

  it('rejects bad options before writing anything', async () => {
    const dir = tempDir()
    const out = join(dir, 'bad.jsonl')
    const cases: Partial<SelfPlayOptions>[] = [
      { games: -1 }, { games: 0 }, { workers: 0 }, { shard: { k: 3, n: 2 } }, { agents: ['nope', 'random'] },
      { decks: ['green-white', 'blue'] }, { queue: 'http://127.0.0.1:1' }, { playGame: fakePlayGame, workers: 2 },
    ]
    for (const extra of cases) {
      const error = await runSelfPlay(base(out, extra)).then(() => null, (e: unknown) => e)
      expect(error).toBeInstanceOf(RedzoneError)
      expect(error).toMatchObject({ code: 'usage' })
      expect(existsSync(out)).toBe(false)
    }
  })
})
