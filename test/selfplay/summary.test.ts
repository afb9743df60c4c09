/**
 * The one count behind `selfplay`'s summary and `redzone report`: every game by its own record's
 * agents and decks (mirrors, joined runs), turn figures without finished games, games files with a
 * cut-off last line, and the last progress line printed once.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { GameOutcome } from '../../src/node/selfplay/play-range.js'
import { lineProgress } from '../../src/node/selfplay/progress.js'
import { reportData, summarizeGamesFile } from '../../src/node/selfplay/report.js'
import { formatSummary, SummaryBuilder } from '../../src/node/selfplay/summary.js'
import { RedzoneError } from '../../src/core/errors.js'
import { engineVersion } from '../../src/play/version.js'
import { tempDir } from './helpers.js'

/** A game of `agents` with `decks` (by seat) won by `winner`. */
function game(index: number, agents: [string, string], decks: [string, string], winner: 0 | 1 | null, first: 0 | 1 = 0): GameOutcome {
  return { index, seed: index, agents, decks, first, winner, turns: 10 + index, reason: winner === null ? 'step-cap' : 'life' }
}

function record(agents: [string, string], decks: [string, string], winner: 0 | 1 | null, seed = 1): string {
  return JSON.stringify({ format: 'redzone-game/1', seed, agents, decks, first: 0, winner, turns: 9, reason: winner === null ? 'step-cap' : 'life', actions: [] })
}

describe('the summary counts each game by its own agents and decks', () => {
  it('counts a mirror of agent names (random vs random) by deck, whatever the seat', () => {
    const b = new SummaryBuilder()
    // green-white wins three games out of four, from either seat.
    b.add(game(0, ['random', 'random'], ['green-white', 'black-red'], 0))
    b.add(game(1, ['random', 'random'], ['black-red', 'green-white'], 1))
    b.add(game(2, ['random', 'random'], ['green-white', 'black-red'], 0))
    b.add(game(3, ['random', 'random'], ['black-red', 'green-white'], 0))
    const s = b.summary()
    expect(s.matchups).toHaveLength(1)
    expect(s.matchups[0]!.mirror).toBe(false)
    expect(s.matchups[0]!.sides.map((side) => [side.deck, side.wins])).toEqual([['green-white', 3], ['black-red', 1]])
    expect(s.matchups[0]!.seats.map((r) => r.wins)).toEqual([3, 1])
    expect(s.decks.map((d) => [d.name, d.wins, d.games])).toEqual([['green-white', 3, 4], ['black-red', 1, 4]])
    expect(s.agents).toEqual([expect.objectContaining({ name: 'random', games: 0, mirrorGames: 4 })])
  })

  it('counts a full mirror (same agent, same deck) by seat, and says so', () => {
    const b = new SummaryBuilder()
    b.add(game(0, ['heuristic', 'heuristic'], ['green-white', 'green-white'], 0))
    b.add(game(1, ['heuristic', 'heuristic'], ['green-white', 'green-white'], 1))
    b.add(game(2, ['heuristic', 'heuristic'], ['green-white', 'green-white'], 1))
    const s = b.summary()
    expect(s.matchups[0]!.mirror).toBe(true)
    expect(s.matchups[0]!.sides.map((side) => side.wins)).toEqual([1, 2])
    expect(s.matchups[0]!.sides.map((side) => side.wins)).toEqual(s.seats.map((r) => r.wins))
    expect(formatSummary(s)).toContain('heuristic (green-white) against itself: counted by seat')
  })

  it('tells the runs of a joined file apart: one matchup each, listed as they first appear, and totals per agent and per deck', () => {
    const b = new SummaryBuilder()
    b.add(game(0, ['random', 'random'], ['green-white', 'black-red'], 0))
    b.add(game(1, ['heuristic', 'random'], ['green-white', 'black-red'], 0))
    b.add(game(2, ['random', 'heuristic'], ['black-red', 'green-white'], 1))
    b.add(game(3, ['random', 'heuristic'], ['black-red', 'green-white'], 0))
    const s = b.summary()
    expect(s.matchups.map((m) => [m.games, ...m.sides.map((side) => `${side.agent} ${side.deck} ${side.wins}`)])).toEqual([
      [1, 'random green-white 1', 'random black-red 0'],
      [3, 'heuristic green-white 2', 'random black-red 1'],
    ])
    expect(s.agents.map((a) => [a.name, a.wins, a.games, a.mirrorGames])).toEqual([['random', 1, 3, 1], ['heuristic', 2, 3, 0]])
    expect(s.decks.map((d) => [d.name, d.wins, d.games])).toEqual([['green-white', 3, 4], ['black-red', 1, 4]])
    const text = formatSummary(s)
    expect(text).toContain('matchup 2 of 2: heuristic (green-white) vs random (black-red), 3 games')
    expect(text).toMatch(/^ {2}heuristic wins 66\.7% \(2\/3/m)
    expect(text).toMatch(/^ {2}random wins 33\.3% \(1\/3, .*; 1 games against itself$/m)
  })

  it('lists a run\'s matchup in the order its agents were given, whoever sat first in its first game', () => {
    const b = new SummaryBuilder({ listed: { agents: ['heuristic', 'random'], decks: ['green-white', 'black-red'] } })
    b.add(game(13, ['random', 'heuristic'], ['black-red', 'green-white'], 1))
    expect(b.summary().matchups[0]!.sides.map((side) => side.agent)).toEqual(['heuristic', 'random'])
  })

  it('says "no finished games" when every game ended in an error: the turn figures are null, not 0', () => {
    const b = new SummaryBuilder()
    b.add({ ...game(0, ['a', 'b'], ['green-white', 'black-red'], null), reason: 'error', error: 'boom' })
    const s = b.summary()
    expect(s.turns).toEqual({ finished: 0, mean: null, p50: null, p95: null, max: null, histogram: [] })
    expect(formatSummary(s)).toContain('turns: no finished games')
    expect(formatSummary(s)).not.toMatch(/p50 0/)
  })
})

describe('redzone report reads a games file', () => {
  it('summarises the complete lines of a file whose last line was cut off, and names that line', async () => {
    const file = join(tempDir(), 'g.jsonl')
    const lines = [record(['a', 'b'], ['green-white', 'black-red'], 0), record(['b', 'a'], ['black-red', 'green-white'], 0)]
    writeFileSync(file, `${lines.join('\n')}\n${lines[0]!.slice(0, 40)}`)
    const s = await summarizeGamesFile(file)
    expect(s.games).toBe(2)
    expect(s.matchups[0]!.sides.map((side) => side.wins)).toEqual([1, 1])
    expect(s.skipped).toEqual([{ line: 3, reason: expect.stringMatching(/^cut off: the last line/) }])
  })

  it('skips a line that is not a game anywhere, with its number, and goes on', async () => {
    const file = join(tempDir(), 'g.jsonl')
    writeFileSync(file, `${record(['a', 'b'], ['green-white', 'black-red'], 0)}\nnot json\n{"format":"other"}\n${record(['a', 'b'], ['green-white', 'black-red'], 1)}\n`)
    const s = await summarizeGamesFile(file)
    expect(s.games).toBe(2)
    expect(s.skipped).toEqual([{ line: 2, reason: 'not JSON' }, { line: 3, reason: 'format "other": expected "redzone-game/1"' }])
  })

  it('skips a record of this version that replay would refuse: a field that is not a record\'s, an action that is no encoding (one shape check for replay, export and report)', async () => {
    const file = join(tempDir(), 'g.jsonl')
    const current = (extra: Record<string, unknown>) => JSON.stringify({ ...JSON.parse(record(['a', 'b'], ['green-white', 'black-red'], 0)), version: engineVersion(), ...extra })
    writeFileSync(file, `${current({})}\n${current({ winnr: 1 })}\n${current({ actions: ['p', 'l09'] })}\n`)
    const s = await summarizeGamesFile(file)
    expect(s.games).toBe(1)
    expect(s.skipped).toEqual([
      { line: 2, reason: expect.stringMatching(/^winnr: unknown field/) },
      { line: 3, reason: expect.stringMatching(/^actions\[1\]: .*"l09"/) },
    ])
  })

  it('is a usage error for a file with no games, naming the first bad line', async () => {
    const file = join(tempDir(), 'g.jsonl')
    writeFileSync(file, 'hello\n')
    const error = await summarizeGamesFile(file).then(() => null, (e: unknown) => e)
    expect(error).toBeInstanceOf(RedzoneError)
    expect(error).toMatchObject({ code: 'usage', message: expect.stringContaining('no games (line 1: not JSON)') })
  })

  it('gives the HTML page the summary\'s own figures, per matchup side, agent and deck', async () => {
    const file = join(tempDir(), 'g.jsonl')
    writeFileSync(file, [
      record(['random', 'random'], ['green-white', 'black-red'], 0),
      record(['heuristic', 'random'], ['green-white', 'black-red'], 0),
      record(['random', 'heuristic'], ['black-red', 'green-white'], 0),
    ].join('\n') + '\n')
    const s = await summarizeGamesFile(file)
    const data = reportData(s, 'two runs')
    expect(data.winRate.map((r) => [r.label, r.wins, r.games])).toEqual([
      ['random (green-white) vs random (black-red): random (green-white)', 1, 1],
      ['random (green-white) vs random (black-red): random (black-red)', 0, 1],
      ['heuristic (green-white) vs random (black-red): heuristic (green-white)', 1, 2],
      ['heuristic (green-white) vs random (black-red): random (black-red)', 1, 2],
    ])
    expect(data.byAgent.map((r) => [r.label, r.wins, r.games, r.mirrorGames])).toEqual(s.agents.map((a) => [a.name, a.wins, a.games, a.mirrorGames]))
    expect(data.byDeck.map((r) => [r.label, r.wins, r.games])).toEqual(s.decks.map((d) => [d.name, d.wins, d.games]))
  })
})

describe('progress lines', () => {
  it('print the last line once, however the last update and the stop fall', () => {
    const written: string[] = []
    const progress = lineProgress(10, { write: (chunk: string) => written.push(chunk) }, 0)
    progress.update(5)
    progress.update(10)
    progress.stop()
    expect(written.filter((line) => line.startsWith('selfplay: 10/10 games'))).toHaveLength(1)
    const quiet: string[] = []
    const slow = lineProgress(10, { write: (chunk: string) => quiet.push(chunk) }, 60_000)
    slow.update(10)
    slow.stop()
    expect(quiet).toEqual([expect.stringMatching(/^selfplay: 10\/10 games/)])
  })
})
