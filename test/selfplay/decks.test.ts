/**
 * Deck files in self-play: `selfplay --decks a.txt,b.txt` plays the lists (read once by the
 * producer, carried in the run's configuration to every thread and queue worker), records name
 * the decks by file and carry their lists, and `redzone replay` replays the file. A deck file with
 * bad lines exits 2 with every line, writing nothing.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findRedisServer, startRedis, type StartedRedis } from '../../scripts/redis.mjs'
import { heuristicAgent } from '../../src/play/agents/heuristic.js'
import { randomAgent } from '../../src/play/agents/random.js'
import { parseDeckList, resolveDeck } from '../../src/play/decks.js'
import { playGame } from '../../src/play/play-game.js'
import type { GameRecord } from '../../src/play/record.js'
import { playRange } from '../../src/node/selfplay/play-range.js'
import { cli, ensureBuilt, redzone, redzoneAsync, root, tempDir } from './helpers.js'
import { spawn } from 'node:child_process'

const MONO_RED = '// Mono red\n4 Lightning Bolt\n4 Shock\n4 Raging Goblin\n4 Boggart Brute\n4 Gray Ogre\n3 Hill Giant\n17 Mountain\n\nSideboard\n2 Murder\n'
const GREEN = '4 Grizzly Bears\n4 Ambush Viper\n4 Giant Spider\n2 Colossal Dreadmaw\n4 Giant Growth\n2 Short Sword\n2 Gladecover Scout\n18 Forest\n'

function deckFiles(): { dir: string; red: string; green: string } {
  const dir = tempDir()
  const red = join(dir, 'mono-red.txt')
  const green = join(dir, 'stompy.txt')
  writeFileSync(red, MONO_RED)
  writeFileSync(green, GREEN)
  return { dir, red, green }
}

function records(file: string): GameRecord[] {
  return readFileSync(file, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as GameRecord)
}

beforeAll(ensureBuilt)

describe('selfplay --decks with deck files', { timeout: 120_000 }, () => {
  it('plays the files: records name each deck by its file and carry its list, the same games on 1 and 2 threads, and redzone replay replays them all', () => {
    const { dir, red, green } = deckFiles()
    const flags = ['selfplay', '--games', '24', '--seed', '3', '--agents', 'heuristic,random', '--decks', `${red},${green}`, '--quiet']
    const one = redzone([...flags, '--out', join(dir, '1.jsonl')])
    expect(one.stderr).toBe('')
    expect(one.code).toBe(0)
    expect(one.stdout).toMatch(/heuristic \(mono-red\) wins/)
    expect(redzone([...flags, '--workers', '2', '--chunk', '5', '--out', join(dir, '2.jsonl')]).code).toBe(0)
    expect(readFileSync(join(dir, '2.jsonl'), 'utf8')).toBe(readFileSync(join(dir, '1.jsonl'), 'utf8'))
    const games = records(join(dir, '1.jsonl'))
    expect(games[0]!.decks).toEqual(['mono-red', 'stompy'])
    expect(games[1]!.decks).toEqual(['stompy', 'mono-red'])
    expect(games[0]!.deckLists).toEqual([parseDeckList(MONO_RED).cards, parseDeckList(GREEN).cards])
    expect(games.every((g) => g.reason !== 'error')).toBe(true)
    const replayed = redzone(['replay', join(dir, '1.jsonl'), '--quiet'])
    expect(replayed.stdout).toBe('24 replayed, 0 differ\n')
    expect(replayed.code).toBe(0)
  })

  it('mixes a deck file and a built-in deck', () => {
    const { dir, red } = deckFiles()
    const run = redzone(['selfplay', '--games', '4', '--agents', 'random', '--decks', `${red},green-white`, '--quiet', '--out', join(dir, 'g.jsonl')])
    expect(run.code).toBe(0)
    expect(records(join(dir, 'g.jsonl'))[0]).toMatchObject({ decks: ['mono-red', 'green-white'], deckLists: [parseDeckList(MONO_RED).cards, resolveDeck('green-white').cards] })
  })

  it('exits 2 for a deck file with three bad lines, printing each with its file and line number, and writes nothing', () => {
    const { dir, green } = deckFiles()
    const bad = join(dir, 'bad.txt')
    writeFileSync(bad, MONO_RED.replace('4 Shock', '4 Shok').replace('4 Gray Ogre', 'x Gray Ogre').replace('3 Hill Giant', '3 Hill Giant\n2 Lightning Bolt'))
    const out = join(dir, 'games.jsonl')
    const run = redzone(['selfplay', '--games', '4', '--decks', `${bad},${green}`, '--quiet', '--out', out])
    expect(run.code).toBe(2)
    expect(run.stdout).toBe('')
    expect(run.stderr.trim().split('\n')).toEqual([
      `redzone selfplay: deck ${bad}: 3 problems`,
      `  ${bad}:2: 6 copies of Lightning Bolt (${bad}:2, ${bad}:8): at most 4 of a card other than basic lands (CR 100.2a)`,
      `  ${bad}:3: unknown card "Shok": nearest in the pool: Shock (see \`redzone cards\`)`,
      `  ${bad}:6: "x Gray Ogre": expected a count and a card name, as in "4 Lightning Bolt"`,
    ])
    expect(existsSync(out)).toBe(false)
  })

  it('exits 2 for a deck that is neither a built-in name nor a file, saying both: no such built-in deck, and no file at its path', () => {
    const run = redzone(['selfplay', '--games', '4', '--decks', 'green-white,no-such-deck.txt', '--quiet'])
    expect(run.code).toBe(2)
    expect(run.stderr).toBe(`redzone selfplay: unknown deck "no-such-deck.txt": no built-in deck of that name (green-white, black-red), and no deck list file at ${join(root, 'no-such-deck.txt')}\n`)
  })

  it('a range plays the lists its configuration carries: the deck files need not exist where it runs', () => {
    const list = parseDeckList(MONO_RED, { name: 'mono-red' })
    const config = { seed: 5, agents: ['heuristic', 'random'] as [string, string], decks: ['/nowhere/mono-red.txt', 'black-red'] as [string, string], deckLists: [list, null] as [typeof list, null], swap: true }
    const range = playRange(config, [heuristicAgent, randomAgent], playGame, { from: 0, to: 2 }, 'test')
    const [first, second] = range.text.trim().split('\n').map((line) => JSON.parse(line) as GameRecord)
    expect(first).toMatchObject({ decks: ['mono-red', 'black-red'], deckLists: [list.cards, resolveDeck('black-red').cards] })
    expect(second).toMatchObject({ decks: ['black-red', 'mono-red'], deckLists: [resolveDeck('black-red').cards, list.cards] })
  })
})

const redisServer = findRedisServer()

describe.skipIf(!redisServer)('selfplay --decks with deck files through the queue', { timeout: 120_000 }, () => {
  let redis: StartedRedis
  beforeAll(async () => {
    redis = (await startRedis())!
  })
  afterAll(async () => {
    await redis?.stop()
  })

  it('a queue worker plays the lists from the job: the same bytes as a local run', async () => {
    const { dir, red, green } = deckFiles()
    const flags = ['selfplay', '--games', '12', '--seed', '4', '--agents', 'heuristic,random', '--decks', `${red},${green}`, '--quiet']
    expect(redzone([...flags, '--out', join(dir, 'local.jsonl')]).code).toBe(0)
    const worker = spawn(process.execPath, [cli, 'worker', '--queue', redis.url, '--queue-name', 'decks', '--workers', '1'], { cwd: root })
    try {
      const run = await redzoneAsync([...flags, '--queue', redis.url, '--queue-name', 'decks', '--chunk', '4', '--out', join(dir, 'queue.jsonl')])
      expect(run.stderr).toBe('')
      expect(run.code).toBe(0)
    } finally {
      worker.kill('SIGTERM')
    }
    expect(readFileSync(join(dir, 'queue.jsonl'), 'utf8')).toBe(readFileSync(join(dir, 'local.jsonl'), 'utf8'))
  })
})
