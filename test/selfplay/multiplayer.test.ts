/**
 * Self-play of free-for-all games (`--players 3|4`): the seats turn by one each game, the games
 * are the same whatever the split, and the summary (text and JSON) and `redzone report` give the
 * win rate of each seat and each agent's and deck's figures per seat held, with its mean place.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { runSelfPlay, type SelfPlayOptions } from '../../src/node/selfplay/run.js'
import { formatSummary, placesOf, selfplayCommand, type SelfPlaySummary } from '../../src/node/selfplay/summary.js'
import { summarizeGamesFile } from '../../src/node/selfplay/report.js'
import { parseSeats } from '../../src/node/selfplay/config.js'
import { RedzoneError } from '../../src/core/errors.js'
import type { GameRecord } from '../../src/play/record.js'
import { ensureBuilt, redzone, tempDir } from './helpers.js'

beforeAll(ensureBuilt)

const four = (out: string, extra: Partial<SelfPlayOptions> = {}): SelfPlayOptions => ({
  games: 12, seed: 3, players: 4, agents: ['heuristic', 'random'], decks: ['green-white', 'black-red'], out, progress: false, ...extra,
})

const lines = (file: string): GameRecord[] => readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as GameRecord)

describe('selfplay --players 3|4', { timeout: 120_000 }, () => {
  it('fills the seats with the listed agents in order and turns them by one seat each game', async () => {
    const dir = tempDir()
    await runSelfPlay(four(join(dir, 'g.jsonl'), { games: 4, agents: ['heuristic', 'random', 'random'] }))
    const records = lines(join(dir, 'g.jsonl'))
    const listed = ['heuristic', 'random', 'random', 'heuristic']
    const decks = ['green-white', 'black-red', 'green-white', 'black-red']
    records.forEach((r, i) => {
      expect(r.agents).toEqual(listed.map((_, s) => listed[(s + i) % 4]))
      expect(r.decks).toEqual(decks.map((_, s) => decks[(s + i) % 4]))
      expect(r.reason).not.toBe('error')
    })
  })

  it('writes the same games for 1 and 2 workers, and report summarises the file as the run did', async () => {
    const dir = tempDir()
    const one = await runSelfPlay(four(join(dir, '1.jsonl')))
    const two = await runSelfPlay(four(join(dir, '2.jsonl'), { workers: 2, chunk: 5 }))
    expect(readFileSync(join(dir, '2.jsonl'), 'utf8')).toBe(readFileSync(join(dir, '1.jsonl'), 'utf8'))
    expect({ ...two, timing: undefined }).toEqual({ ...one, timing: undefined })
    const report = await summarizeGamesFile(join(dir, '1.jsonl'))
    expect(report.multiplayer).toEqual(one.multiplayer)
    expect(report.seats).toEqual(one.seats)
  })

  it('summarises each seat, and each agent and deck per seat held with its mean place', async () => {
    const dir = tempDir()
    const summary: SelfPlaySummary = await runSelfPlay(four(join(dir, 's.jsonl')))
    const records = lines(join(dir, 's.jsonl'))
    const m = summary.multiplayer!
    expect(m.games).toBe(12)
    expect(m.players).toEqual({ 4: 12 })
    expect(summary.matchups).toEqual([])
    expect(m.seats).toHaveLength(4)
    expect(summary.seats).toHaveLength(4)
    records.forEach((r) => expect(r.eliminated).toBeDefined())
    const wins = [0, 1, 2, 3].map((s) => records.filter((r) => r.winner === s).length)
    expect(m.seats.map((r) => r.wins)).toEqual(wins)
    expect(m.seats.map((r) => r.games)).toEqual([12, 12, 12, 12])
    expect(m.agents.map((a) => [a.name, a.seats])).toEqual([['heuristic', 24], ['random', 24]])
    const heuristicWins = records.filter((r) => r.winner !== null && r.agents[r.winner] === 'heuristic').length
    expect(m.agents[0]!.wins).toBe(heuristicWins)
    // Mean places over the decided games: each decided game hands out places 1 to 4 once.
    const decided = records.filter((r) => r.winner !== null).length
    const placeSum = m.agents.reduce((sum, a) => sum + (a.meanPlace ?? 0) * (decided * 2), 0)
    expect(placeSum).toBeCloseTo(decided * (1 + 2 + 3 + 4))
    const text = formatSummary(summary)
    expect(text).toContain('free-for-all games: 12 (12 of 4 players)')
    expect(text).toContain('seats turned by one every game')
    expect(text).toMatch(/seat 3 wins [\d.]+% \(\d+\/12/)
    expect(text).toMatch(/heuristic wins [\d.]+% \(\d+\/24, 95% CI [\d.]+-[\d.]+%\) of its seats, mean place \d\.\d\d/)
  })

  it('the command that replays a game of the run names --players', () => {
    expect(selfplayCommand({ seed: 1, agents: ['random', 'random', 'random'], decks: ['green-white', 'black-red', 'green-white'], swap: true }, 5, 1)).toBe(
      'redzone selfplay --seed 1 --from 5 --games 1 --agents random,random,random --decks green-white,black-red,green-white --players 3',
    )
    expect(selfplayCommand({ seed: 1, agents: ['random', 'heuristic'], decks: ['green-white', 'black-red'], swap: true }, 5, 1)).not.toContain('--players')
  })

  it('placesOf: the winner first, the first out last, players out at once sharing their places', () => {
    expect(placesOf(4, 2, [[1], [3], [0]])).toEqual([2, 4, 1, 3])
    expect(placesOf(4, 0, [[2], [1, 3]])).toEqual([1, 2.5, 4, 2.5])
    expect(placesOf(3, 0, undefined)).toBeNull()
    expect(placesOf(3, 0, [[1]])).toBeNull()
  })

  it('parseSeats repeats fewer names in order and refuses more names than players', () => {
    expect(parseSeats('--agents', 'heuristic,random', 4)).toEqual(['heuristic', 'random', 'heuristic', 'random'])
    expect(parseSeats('--agents', 'random', 3)).toEqual(['random', 'random', 'random'])
    expect(() => parseSeats('--agents', 'a,b,c', 2)).toThrow('expected one or two comma-separated names')
    expect(() => parseSeats('--decks', 'a,b,c,d', 3)).toThrow(RedzoneError)
  })

  it('the CLI: --players 3 --json gives the free-for-all figures; --players 5 and too many agents are usage errors (exit 2)', () => {
    const dir = tempDir()
    const ok = redzone(['selfplay', '--players', '3', '--games', '3', '--seed', '2', '--agents', 'heuristic,random,random', '--json', '--quiet', '--out', join(dir, 'c.jsonl')])
    expect(ok.stderr).toBe('')
    expect(ok.code).toBe(0)
    const summary = JSON.parse(ok.stdout) as SelfPlaySummary
    expect(summary.multiplayer!.players).toEqual({ 3: 3 })
    expect(summary.run!.agents).toEqual(['heuristic', 'random', 'random'])
    expect(lines(join(dir, 'c.jsonl')).map((r) => r.agents.length)).toEqual([3, 3, 3])
    const five = redzone(['selfplay', '--players', '5', '--games', '1'])
    expect(five.code).toBe(2)
    expect(five.stderr).toContain('--players 5: expected a whole number from 2 to 4')
    const many = redzone(['selfplay', '--games', '1', '--agents', 'random,random,random'])
    expect(many.code).toBe(2)
    expect(many.stderr).toContain('--agents random,random,random: expected one or two comma-separated names')
  })
})
