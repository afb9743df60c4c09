/** `redzone selfplay` and `redzone report` as a user runs them (the built CLI in a child process). */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { ensureBuilt, fakeRun, redzone, tempDir } from './helpers.js'

beforeAll(ensureBuilt)

describe('redzone selfplay', { timeout: 60_000 }, () => {
  it('writes the same games for --workers 1 and 2 and for --shard 1/2 + 2/2; --json prints only the summary', () => {
    const dir = tempDir()
    const one = redzone(fakeRun(40, '--out', join(dir, '1.jsonl'), '--json'))
    expect(one.code).toBe(0)
    const summary = JSON.parse(one.stdout)
    expect(summary).toMatchObject({ format: 'redzone-selfplay-summary/2', games: 40, run: { seed: 7, from: 0, to: 40 } })
    expect(summary.matchups[0].sides.map((a: { agent: string }) => a.agent)).toEqual(['steady', 'flaky'])
    expect(summary.turns.p95).toBeGreaterThanOrEqual(summary.turns.p50)
    expect(redzone(fakeRun(40, '--workers', '2', '--chunk', '3', '--out', join(dir, '2.jsonl'))).code).toBe(0)
    expect(redzone(fakeRun(40, '--shard', '1/2', '--out', join(dir, 's1.jsonl'))).code).toBe(0)
    expect(redzone(fakeRun(40, '--shard', '2/2', '--workers', '2', '--out', join(dir, 's2.jsonl'))).code).toBe(0)
    const games = readFileSync(join(dir, '1.jsonl'), 'utf8')
    expect(games.trim().split('\n')).toHaveLength(40)
    expect(readFileSync(join(dir, '2.jsonl'), 'utf8')).toBe(games)
    expect(readFileSync(join(dir, 's1.jsonl'), 'utf8') + readFileSync(join(dir, 's2.jsonl'), 'utf8')).toBe(games)
  })

  it('prints a readable summary with errors and a replay command that plays the failed game again', () => {
    const dir = tempDir()
    const run = redzone(fakeRun(30, '--workers', '2', '--out', join(dir, 'g.jsonl')).filter((a) => a !== '--quiet'))
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(/steady \(green-white\) wins [\d.]+% \(\d+\/30, 95% CI/)
    expect(run.stdout).toMatch(/turns: p50 \d+, p95 \d+/)
    expect(run.stdout).toMatch(/worker t\d+: \d+ games/)
    expect(run.stderr).toContain('selfplay: 30/30 games')
    const replay = /replay: redzone (selfplay .*)$/m.exec(run.stdout)
    expect(replay).not.toBeNull()
    const index = Number(/--from (\d+)/.exec(replay![1]!)![1])
    const args = replay![1]!.split(' ').map((a) => (a.startsWith('game-') ? join(dir, a) : a))
    expect(redzone([...args, '--quiet']).code).toBe(0)
    const again = readFileSync(join(dir, `game-${index}.jsonl`), 'utf8')
    expect(again).toBe(`${readFileSync(join(dir, 'g.jsonl'), 'utf8').split('\n')[index]}\n`)
    expect(JSON.parse(again).reason).toBe('error')
  })

  it.each([
    ['--games -1', ['--games', '-1'], '--games -1'],
    ['--workers 0', ['--workers', '0'], '--workers 0'],
    ['--shard 3/2', ['--shard', '3/2'], '--shard 3/2'],
    ['an unknown agent', ['--agents', 'nope,random'], 'unknown agent "nope"'],
    ['an unknown deck', ['--decks', 'green-white,blue'], 'unknown deck "blue"'],
    ['an unreachable Redis', ['--queue', 'redis://127.0.0.1:1'], "can't reach Redis"],
  ])('exits 2 with one line and writes nothing for %s', (_name, flags, message) => {
    const dir = tempDir()
    const out = join(dir, 'games.jsonl')
    const run = redzone([...fakeRun(10, '--out', out), ...flags])
    expect(run.code).toBe(2)
    expect(run.stdout).toBe('')
    expect(run.stderr.trim().split('\n')).toHaveLength(1)
    expect(run.stderr).toContain(message)
    expect(existsSync(out)).toBe(false)
  })
})

describe('redzone report', { timeout: 60_000 }, () => {
  it('summarises a games file and writes an offline HTML page with the charts and their data', () => {
    const dir = tempDir()
    expect(redzone(fakeRun(60, '--out', join(dir, 'g.jsonl'))).code).toBe(0)
    const run = redzone(['report', join(dir, 'g.jsonl'), '--html', join(dir, 'r.html'), '--json'])
    expect(run.code).toBe(0)
    const summary = JSON.parse(run.stdout)
    expect(summary.games).toBe(60)
    const html = readFileSync(join(dir, 'r.html'), 'utf8')
    for (const id of ['win-rate', 'game-length', 'turn-order']) expect(html).toContain(`<canvas id="${id}">`)
    expect(html).toContain('Chart.js v4') // inlined, no network
    expect(html).not.toMatch(/<script[^>]+src=/)
    const data = JSON.parse(/<script id="report-data" type="application\/json">(.*?)<\/script>/s.exec(html)![1]!)
    expect(data.games).toBe(60)
    expect(data.winRate[0]).toMatchObject({ label: 'steady (green-white)', wins: summary.matchups[0].sides[0].wins })
    expect(data.winRate[0].low).toBeLessThanOrEqual(data.winRate[0].rate)
    expect(data.lengths.games.reduce((a: number, b: number) => a + b, 0)).toBe(60 - summary.errors.total)
    expect(data.byTurnOrder).toHaveLength(2)
  })

  it('exits 2 for a file that is not games', () => {
    const dir = tempDir()
    const run = redzone(['report', join(dir, 'missing.jsonl')])
    expect(run.code).toBe(2)
    expect(run.stderr).toContain("can't read the file")
  })
})
