/**
 * The options of `runSelfPlay`, `exportGames` and `benchSelfPlay` checked by name, type and range
 * before anything runs or is written: a misspelt option is refused (not its default taken
 * silently), a value of the wrong type is a `usage` error naming it (not a TypeError), an absurd
 * number of workers is refused.
 */
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { RedzoneError } from '../../src/core/errors.js'
import { exportGames, type ExportGamesOptions } from '../../src/node/export.js'
import { benchSelfPlay, type SelfPlayBenchOptions } from '../../src/node/selfplay/bench.js'
import { runSelfPlay, type SelfPlayOptions } from '../../src/node/selfplay/run.js'
import { heuristicAgent } from '../../src/play/agents/heuristic.js'
import { randomAgent } from '../../src/play/agents/random.js'
import { playGame } from '../../src/play/play-game.js'
import { ensureBuilt, fakeGame, flakyAgent, steadyAgent, tempDir } from './helpers.js'

beforeAll(ensureBuilt, 300_000)

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(() => null, (error: unknown) => error)
}

/** A usage `RedzoneError` whose message matches. */
function usage(message: string | RegExp): unknown {
  return expect.objectContaining({ name: 'RedzoneError', code: 'usage', message: typeof message === 'string' ? `redzone: ${message}` : expect.stringMatching(message) })
}

describe('runSelfPlay options', { timeout: 30_000 }, () => {
  const dir = tempDir()
  const out = join(dir, 'games.jsonl')
  const base = (extra: Record<string, unknown> = {}): SelfPlayOptions =>
    ({ games: 2, seed: 7, agents: [steadyAgent, flakyAgent], decks: ['green-white', 'black-red'], gameModule: fakeGame, out, progress: false, ...extra }) as SelfPlayOptions

  it('refuses options that are not an object', async () => {
    for (const value of [null, 5, 'games', [], new Map()]) {
      const error = await rejection(runSelfPlay(value as unknown as SelfPlayOptions))
      expect(error).toBeInstanceOf(RedzoneError)
      expect(error).toEqual(usage(/^redzone: runSelfPlay: options: expected an object of options \(games, seed, .*\), got /))
    }
    expect(await rejection(runSelfPlay(undefined as unknown as SelfPlayOptions))).toEqual(usage(/^redzone: runSelfPlay: options: expected an object of options .*got undefined$/))
  })

  it('refuses an unknown option, naming it', async () => {
    expect(await rejection(runSelfPlay(base({ foo: 1 })))).toEqual(usage(/^redzone: runSelfPlay: options\.foo: unknown option; expected one of games, seed, /))
    expect(await rejection(runSelfPlay(base({ worker: 2 })))).toEqual(usage(/^redzone: runSelfPlay: options\.worker: unknown option/))
    expect(existsSync(out)).toBe(false)
  })

  it('names games when it is missing', async () => {
    const { games: _games, ...rest } = base()
    expect(await rejection(runSelfPlay(rest as SelfPlayOptions))).toEqual(usage(/^redzone: runSelfPlay: options\.games: required: the number of games of the run \(a whole number from 1 to \d+\)$/))
  })

  it('refuses a value of the wrong type, naming the option', async () => {
    const cases: [string, unknown, RegExp][] = [
      ['games', '2', /options\.games: expected a whole number from 1 to \d+, got "2"/],
      ['games', null, /options\.games: expected a whole number from 1 to \d+, got null/],
      ['seed', '1', /options\.seed: expected a whole number/],
      ['from', null, /options\.from: expected a whole number/],
      ['players', '3', /options\.players: expected a whole number/],
      ['maxSteps', null, /options\.maxSteps: expected a whole number/],
      ['chunk', '4', /options\.chunk: expected a whole number/],
      ['workers', null, /options\.workers: expected "auto" or a whole number from 1 to 1024, got null/],
      ['workers', 2 ** 53, /options\.workers: expected "auto" or a whole number from 1 to 1024, got 9007199254740992/],
      ['workers', 1025, /options\.workers: expected "auto" or a whole number from 1 to 1024, got 1025/],
      ['workers', '2', /options\.workers: expected "auto" or a whole number from 1 to 1024, got "2"/],
      ['workers', NaN, /options\.workers: .*got NaN/],
      ['agents', 'x', /options\.agents: expected a list of agent names or module paths \(strings\), got "x"/],
      ['agents', null, /options\.agents: expected a list/],
      ['agents', [steadyAgent, 5], /options\.agents\[1\]: expected an agent name or module path \(a non-empty string\), got 5/],
      ['decks', 'green-white', /options\.decks: expected a list of deck names or deck file paths \(strings\), got "green-white"/],
      ['decks', ['green-white', ''], /options\.decks\[1\]: expected a deck name or deck file path \(a non-empty string\), got ""/],
      ['out', null, /options\.out: expected a file path or "-" \(a non-empty string\), got null/],
      ['out', 5, /options\.out: expected a file path/],
      ['out', '', /options\.out: expected a file path/],
      ['shard', null, /options\.shard: expected \{ k, n \}/],
      ['shard', 5, /options\.shard: expected \{ k, n \}/],
      ['shard', { k: 1, n: 2, m: 3 }, /options\.shard\.m: unknown field; expected k and n/],
      ['swap', 'no', /options\.swap: expected true or false, got "no"/],
      ['queue', 5, /options\.queue: expected a redis:\/\/ URL \(a string\), got 5/],
      ['queueName', null, /options\.queueName: expected a queue name \(a non-empty string\), got null/],
      ['runId', 5, /options\.runId: expected a run id \(1 to 64 letters, digits, - and _\), got 5/],
      ['runId', 'a b', /options\.runId: expected a run id/],
      ['queueName', 'a:b', /options\.queueName: expected a queue name without ":", got "a:b"/],
      ['gameModule', 5, /options\.gameModule: expected a module path \(a non-empty string\), got 5/],
      ['playGame', 'fn', /options\.playGame: expected a function, got "fn"/],
      ['progress', true, /options\.progress: expected false or a progress \(\{ update, note, stop \}\), got true/],
      ['progress', {}, /options\.progress: expected false or a progress/],
      ['signal', {}, /options\.signal: expected an AbortSignal, got an object/],
      ['log', 'stderr', /options\.log: expected a function, got "stderr"/],
    ]
    for (const [name, value, message] of cases) {
      const error = await rejection(runSelfPlay(base({ [name]: value })))
      expect(error, `${name}: ${String(value)}`).toBeInstanceOf(RedzoneError)
      expect(error, `${name}: ${String(value)}`).toEqual(usage(new RegExp(`^redzone: runSelfPlay: ${message.source}`)))
      expect(existsSync(out), name).toBe(false)
    }
  })

  it('an option given as undefined is absent, and good options still run', async () => {
    const summary = await runSelfPlay(base({ seed: undefined, chunk: undefined, workers: undefined, log: undefined }))
    expect(summary.games).toBe(2)
    expect(summary.run?.seed).toBe(0)
  })
})

describe('exportGames options', { timeout: 30_000 }, () => {
  let games = ''
  let dir = ''
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'redzone-export-options-'))
    games = join(dir, 'games.jsonl')
    writeFileSync(games, `${JSON.stringify(playGame({ seed: 1, agents: [heuristicAgent, randomAgent], decks: ['green-white', 'black-red'] }))}\n`)
  })
  const nothingWritten = (out: string): void => {
    expect(existsSync(out)).toBe(false)
    expect(readdirSync(dir).filter((f) => f.includes('.tmp-'))).toEqual([])
  }

  it('refuses a misspelt option, naming it', async () => {
    const out = join(dir, 'a')
    expect(await rejection(exportGames(games, { out, sead: 0 } as unknown as ExportGamesOptions))).toEqual(
      usage(/^redzone: exportGames: options\.sead: unknown option; expected one of out, seat, limitGames, skipInexpressible, onProgress, signal$/),
    )
    nothingWritten(out)
  })

  it('refuses options that are not an object, and a file that is not a path', async () => {
    const out = join(dir, 'b')
    for (const value of [undefined, null, 5, 'out', []]) {
      const error = await rejection(exportGames(games, value as unknown as ExportGamesOptions))
      expect(error).toBeInstanceOf(RedzoneError)
      expect(error).toEqual(usage(/^redzone: exportGames: options: expected an object of options \(out, seat, limitGames, skipInexpressible, onProgress, signal\), got /))
    }
    for (const value of [null, undefined, 0, -0, '', ['a']]) {
      const error = await rejection(exportGames(value as unknown as string, { out }))
      expect(error).toBeInstanceOf(RedzoneError)
      expect(error).toEqual(usage(/^redzone: exportGames: file: expected a path \(a non-empty string\), got /))
    }
    nothingWritten(out)
  })

  it('refuses a value of the wrong type, naming the option', async () => {
    const out = join(dir, 'c')
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ out: null }, /^redzone: exportGames: options\.out: expected a directory, or a file ending in \.npz \(a non-empty string\), got null$/],
      [{ out, skipInexpressible: 'yes' }, /^redzone: exportGames: options\.skipInexpressible: expected true or false, got "yes"$/],
      [{ out, onProgress: 5 }, /^redzone: exportGames: options\.onProgress: expected a function, got 5$/],
      [{ out, signal: {} }, /^redzone: exportGames: options\.signal: expected an AbortSignal, got an object$/],
      [{ out, limitGames: '3' }, /^redzone: exportGames: options\.limitGames: expected a whole number of 1 or more, got "3"$/],
      [{ out, seat: '0' }, /^redzone: exportGames: options\.seat: expected 0, 1 or "both", got "0"$/],
    ]
    for (const [options, message] of cases) {
      expect(await rejection(exportGames(games, options as unknown as ExportGamesOptions)), message.source).toEqual(usage(message))
    }
    nothingWritten(out)
  })

  it('still exports with good options (undefined ones absent)', async () => {
    const out = join(dir, 'd')
    const result = await exportGames(games, { out, seat: undefined, limitGames: undefined, onProgress: undefined } as ExportGamesOptions)
    expect(result.ok).toBe(true)
  })
})

describe('benchSelfPlay options', () => {
  it('refuses options that are not an object, an unknown option, a wrong type: before playing a game', { timeout: 10_000 }, async () => {
    for (const value of [NaN, 'x', new Map(), null, 5, []]) {
      const error = await rejection(benchSelfPlay(value as SelfPlayBenchOptions))
      expect(error).toBeInstanceOf(RedzoneError)
      expect(error).toEqual(usage(/^redzone: benchSelfPlay: options: expected an object of options \(games, agents, decks, gameModule, queue\), got /))
    }
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ game: 10 }, /^redzone: benchSelfPlay: options\.game: unknown option; expected one of games, agents, decks, gameModule, queue$/],
      [{ games: 'x' }, /^redzone: benchSelfPlay: options\.games: expected a whole number from 1 to \d+, got "x"$/],
      [{ games: 0 }, /^redzone: benchSelfPlay: options\.games: expected a whole number from 1 to \d+, got 0$/],
      [{ games: NaN }, /^redzone: benchSelfPlay: options\.games: expected a whole number from 1 to \d+, got NaN$/],
      [{ agents: 'random' }, /^redzone: benchSelfPlay: options\.agents: expected two agent names or module paths \(strings\), got "random"$/],
      [{ agents: ['random'] }, /^redzone: benchSelfPlay: options\.agents: expected two agent names or module paths \(strings\), got an array$/],
      [{ decks: ['green-white', 5] }, /^redzone: benchSelfPlay: options\.decks: expected two deck names or deck file paths \(strings\), got an array$/],
      [{ gameModule: 5 }, /^redzone: benchSelfPlay: options\.gameModule: expected a module path \(a non-empty string\), got 5$/],
      [{ queue: null }, /^redzone: benchSelfPlay: options\.queue: expected a redis:\/\/ URL \(a string\), got null$/],
    ]
    for (const [options, message] of cases) {
      expect(await rejection(benchSelfPlay(options as SelfPlayBenchOptions)), message.source).toEqual(usage(message))
    }
  })
})
