/** `redzone selfplay` and `redzone report` as a user runs them (the built CLI in a child process). */
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { commandArgs, ensureBuilt, fakeRun, redzone, redzoneChild, tempDir, undefinedAgent } from './helpers.js'

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
    expect(redzone([...args, '--quiet']).code).toBe(1) // the game ends in its error again
    const again = readFileSync(join(dir, `game-${index}.jsonl`), 'utf8')
    expect(again).toBe(`${readFileSync(join(dir, 'g.jsonl'), 'utf8').split('\n')[index]}\n`)
    expect(JSON.parse(again).reason).toBe('error')
  })

  it('exits 1 when any game ended in an error, naming the count and the first; 0 with --allow-errors', () => {
    const dir = tempDir()
    const strict = redzone(fakeRun(30, '--out', join(dir, 'g.jsonl')).filter((a) => a !== '--allow-errors'))
    expect(strict.code).toBe(1)
    const errors = JSON.parse(redzone(['report', join(dir, 'g.jsonl'), '--json']).stdout).errors.total
    expect(errors).toBeGreaterThan(0)
    expect(strict.stderr).toMatch(new RegExp(`^redzone selfplay: ${errors} of 30 games ended in an error \\(the first: game \\d+: .+\\); exit 1 \\(--allow-errors to exit 0\\)$`, 'm'))
    expect(strict.stdout).toContain(`errors: ${errors}`) // the summary and the games are written all the same
    expect(readFileSync(join(dir, 'g.jsonl'), 'utf8').trim().split('\n')).toHaveLength(30)
    expect(redzone(fakeRun(30, '--out', join(dir, 'h.jsonl'))).code).toBe(0)
    expect(redzone(['selfplay', '--help']).stdout).toContain('--allow-errors')
  })

  it('names an agent that returns undefined, its seat and the decision, and exits 1', () => {
    const dir = tempDir()
    const run = redzone(['selfplay', '--games', '4', '--seed', '1', '--agents', `${undefinedAgent},random`, '--quiet', '--out', join(dir, 'g.jsonl')])
    expect(run.code).toBe(1)
    const records = readFileSync(join(dir, 'g.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line))
    const failed = records.filter((r) => r.reason === 'error')
    expect(failed.length).toBeGreaterThan(0)
    for (const r of failed) {
      const seat = r.agents.indexOf('mine')
      expect(r.error).toBe(`redzone: agent "mine" (seat ${seat}) returned undefined at a declareAttackers decision`)
    }
    expect(run.stderr).toContain('returned undefined at a declareAttackers decision')
  })

  it('runs --workers 256 for 4 games on 4 threads (one per range), with one warning line above the core count, and the same bytes', () => {
    const dir = tempDir()
    const flags = ['selfplay', '--games', '4', '--seed', '7', '--agents', 'heuristic,random', '--quiet']
    const many = redzone([...flags, '--workers', '256', '--out', join(dir, 'many.jsonl'), '--json'])
    expect(many.code).toBe(0)
    const summary = JSON.parse(many.stdout)
    expect(summary.games).toBe(4)
    expect(summary.timing.workers.length).toBeLessThanOrEqual(4)
    const warnings = many.stderr.trim() === '' ? [] : many.stderr.trim().split('\n')
    if (availableParallelism() < 4) expect(warnings).toEqual([`selfplay: --workers 256: 4 threads (one per range of games), more than the ${availableParallelism()} cores: they share them`])
    else expect(warnings).toEqual([])
    expect(redzone([...flags, '--workers', '1000', '--out', join(dir, 'more.jsonl')]).code).toBe(0)
    expect(redzone([...flags, '--out', join(dir, 'one.jsonl')]).code).toBe(0)
    const one = readFileSync(join(dir, 'one.jsonl'), 'utf8')
    expect(readFileSync(join(dir, 'many.jsonl'), 'utf8')).toBe(one)
    expect(readFileSync(join(dir, 'more.jsonl'), 'utf8')).toBe(one)
  })

  it.each([['in this thread', '1'], ['on worker threads', '2']])(
    'on SIGINT %s writes whole lines, says how many, and prints the --from command that plays the rest',
    async (_where, workers) => {
      const dir = tempDir()
      const out = join(dir, 'g.jsonl')
      expect(redzone(fakeRun(600, '--out', join(dir, 'all.jsonl'))).code).toBe(0)
      // 600 games of 20 ms: 6 s or more; the first progress line comes after 2 s.
      const run = redzoneChild(fakeRun(600, '--workers', workers, '--chunk', '4', '--out', out).filter((a) => a !== '--quiet'), { FAKE_GAME_MS: '20' })
      await run.waitFor(/selfplay: [1-9]\d*\/600 games/)
      run.child.kill('SIGINT')
      const { code, stdout, stderr } = await run.done
      expect(code).toBe(130)
      const [, written, last] = /^redzone selfplay: SIGINT: (\d+) games written to \S+ \(indices 0\.\.(\d+)\)$/m.exec(stderr)!
      const n = Number(written)
      expect(Number(last)).toBe(n - 1)
      // The summary gives the indices played, as stderr does (it said the run's: 0..599).
      expect(stdout).toMatch(new RegExp(`^games: ${n} \\(indices 0\\.\\.${n - 1} of the run's 0\\.\\.599, stopped, seed 7,`))
      expect(n).toBeLessThan(600)
      const text = readFileSync(out, 'utf8')
      expect(text.endsWith('\n')).toBe(true)
      const lines = text.trim().split('\n')
      expect(lines).toHaveLength(n)
      for (const line of lines) expect(() => JSON.parse(line)).not.toThrow()
      const resume = /^redzone selfplay: resume with: (redzone selfplay .*)$/m.exec(stderr)![1]!
      expect(resume).toContain(`--from ${n} --games ${600 - n} `)
      const rest = redzone([...commandArgs(resume), '--quiet', '--allow-errors'])
      expect(rest.code).toBe(0)
      expect(text + readFileSync(join(dir, `g.from-${n}.jsonl`), 'utf8')).toBe(readFileSync(join(dir, 'all.jsonl'), 'utf8'))
    },
  )

  it.skipIf(!existsSync('/dev/full'))('names --out, the path and the system error in one line when the games can\'t be written (/dev/full), exit 1, every time and on worker threads', () => {
    // It was "Cannot call end after a stream was destroyed" 4 runs of 5, else the error without the path.
    for (const workers of ['1', '1', '1', '2', '2']) {
      const run = redzone(fakeRun(6, '--workers', workers, '--chunk', '2', '--out', '/dev/full'))
      expect({ code: run.code, stdout: run.stdout }).toEqual({ code: 1, stdout: '' })
      // (On a one-core machine, two threads bring a warning line first.)
      expect(run.stderr.split('\n').filter((line) => !line.startsWith('selfplay: --workers'))).toEqual(['redzone selfplay: --out /dev/full: write failed: ENOSPC: no space left on device', ''])
    }
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

  it('counts a mirror match (random vs random) by deck as the records say, the same in selfplay, report and the HTML page', () => {
    const dir = tempDir()
    const games = join(dir, 'g.jsonl')
    const run = redzone(['selfplay', '--games', '40', '--seed', '7', '--agents', 'random,random', '--quiet', '--out', games, '--json'])
    expect(run.code).toBe(0)
    const records = readFileSync(games, 'utf8').trim().split('\n').map((line) => JSON.parse(line))
    const wins: Record<string, number> = {}
    for (const r of records) if (r.winner !== null) wins[r.decks[r.winner]] = (wins[r.decks[r.winner]] ?? 0) + 1
    const selfplay = JSON.parse(run.stdout)
    const report = redzone(['report', games, '--json', '--html', join(dir, 'r.html')])
    expect(report.code).toBe(0)
    const summary = JSON.parse(report.stdout)
    for (const s of [selfplay, summary]) {
      expect(s.matchups).toHaveLength(1)
      expect(s.matchups[0].sides.map((side: { agent: string; deck: string; wins: number }) => [side.agent, side.deck, side.wins])).toEqual([
        ['random', 'green-white', wins['green-white'] ?? 0],
        ['random', 'black-red', wins['black-red'] ?? 0],
      ])
    }
    expect(wins['green-white']).not.toBe(records.filter((r) => r.winner === 0).length) // by deck, not by seat
    const { run: _run, timing: _timing, errors: selfErrors, ...selfFigures } = selfplay
    const { errors: reportErrors, ...reportFigures } = summary
    expect(reportFigures).toEqual(selfFigures)
    expect(reportErrors.total).toBe(selfErrors.total)
    const html = readFileSync(join(dir, 'r.html'), 'utf8')
    const data = JSON.parse(/<script id="report-data" type="application\/json">(.*?)<\/script>/s.exec(html)![1]!)
    expect(data.winRate.map((r: { label: string; wins: number }) => [r.label, r.wins])).toEqual([
      ['random (green-white)', wins['green-white'] ?? 0],
      ['random (black-red)', wins['black-red'] ?? 0],
    ])
    expect(html).toContain(`<td>random (green-white)</td><td>${wins['green-white'] ?? 0}/40</td>`)
  })

  it('summarises a file joining two runs per matchup, by agent and by deck', () => {
    const dir = tempDir()
    const games = join(dir, 'g.jsonl')
    expect(redzone(['selfplay', '--games', '6', '--seed', '1', '--agents', 'random,random', '--quiet', '--out', join(dir, 'a.jsonl')]).code).toBe(0)
    expect(redzone(['selfplay', '--games', '6', '--seed', '2', '--agents', 'heuristic,random', '--quiet', '--out', join(dir, 'b.jsonl')]).code).toBe(0)
    writeFileSync(games, readFileSync(join(dir, 'a.jsonl'), 'utf8') + readFileSync(join(dir, 'b.jsonl'), 'utf8'))
    const run = redzone(['report', games])
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('matchup 1 of 2: random (green-white) vs random (black-red), 6 games')
    expect(run.stdout).toContain('matchup 2 of 2: heuristic (green-white) vs random (black-red), 6 games')
    expect(run.stdout).toMatch(/^by agent \(games against another agent\):\n {2}random wins .*; 6 games against itself\n {2}heuristic wins /m)
  })

  it('summarises the complete lines of a file cut off mid-line and names the cut-off line on stderr (exit 0); any other bad line exits 1', () => {
    const dir = tempDir()
    const games = join(dir, 'g.jsonl')
    expect(redzone(fakeRun(10, '--out', games)).code).toBe(0)
    const whole = readFileSync(games, 'utf8')
    appendFileSync(games, whole.slice(0, 30))
    const run = redzone(['report', games, '--json'])
    expect(run.code).toBe(0)
    expect(JSON.parse(run.stdout).games).toBe(10)
    expect(run.stderr).toBe(`redzone report: ${games}:11: skipped: cut off: the last line, not JSON and with no newline (a writer stopped mid-record?)\n`)
    writeFileSync(games, `oops\n${whole}`)
    const bad = redzone(['report', games])
    expect(bad.code).toBe(1)
    expect(bad.stdout).toContain('games: 10')
    expect(bad.stderr).toContain(`${games}:1: skipped: not JSON`)
  })

  it('exits 2 for a file that is not games', () => {
    const dir = tempDir()
    const run = redzone(['report', join(dir, 'missing.jsonl')])
    expect(run.code).toBe(2)
    expect(run.stderr).toContain("can't read the file")
    // A directory: it was read as a file (EISDIR, exit 1).
    expect(redzone(['report', dir])).toEqual({ code: 2, stdout: '', stderr: `redzone report: ${dir}: a directory, not a games file (JSONL records, as selfplay --out writes)\n` })
  })

  it('exits 2 naming an --html page whose folder does not exist or that can\'t be written, before reading the games (it was a raw ENOENT, exit 1)', () => {
    const dir = tempDir()
    const games = join(dir, 'g.jsonl')
    expect(redzone(fakeRun(10, '--out', games)).code).toBe(0)
    const missing = join(dir, 'no', 'such', 'r.html')
    expect(redzone(['report', games, '--html', missing])).toEqual({ code: 2, stdout: '', stderr: `redzone report: --html ${missing}: the folder ${join(dir, 'no', 'such')} does not exist\n` })
    expect(redzone(['report', games, '--html', dir])).toEqual({ code: 2, stdout: '', stderr: `redzone report: --html ${dir}: can't write there (EISDIR)\n` })
  })
})
