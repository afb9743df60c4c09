/**
 * `redzone replay FILE` as a user runs it (the built CLI in a child process): every record of a
 * games file replayed and checked; "N replayed, N differ"; exit 0 when all replay as recorded, 1
 * when one differs (each named by its line), 2 for bad input (no file, a line that is not a
 * record, a record of another version).
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { GameRecord } from '../../src/play/record.js'
import { engineVersion } from '../../src/play/version.js'

const root = join(import.meta.dirname, '..', '..')
const cli = join(root, 'dist', 'cli.js')

function redzone(...args: string[]) {
  const out = spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', cwd: root })
  return { code: out.status, stdout: out.stdout, stderr: out.stderr }
}

let dir: string
let games: string
let lines: string[]

beforeAll(() => {
  if (!existsSync(cli)) spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' })
  dir = mkdtempSync(join(tmpdir(), 'redzone-replay-'))
  games = join(dir, 'games.jsonl')
  const run = redzone('selfplay', '--games', '12', '--seed', '2', '--agents', 'heuristic,random', '--out', games, '--quiet')
  expect(run.code).toBe(0)
  lines = readFileSync(games, 'utf8').trim().split('\n')
})

function file(name: string, content: readonly string[]): string {
  const path = join(dir, name)
  writeFileSync(path, `${content.join('\n')}\n`)
  return path
}

describe('redzone replay', { timeout: 60_000 }, () => {
  it('replays every record of a selfplay file: "12 replayed, 0 differ", exit 0, progress on stderr', () => {
    const run = redzone('replay', games)
    expect(run.stdout).toBe('12 replayed, 0 differ\n')
    expect(run.code).toBe(0)
    expect(run.stderr).toMatch(/^replay: 12\/12 games \(100\.0%\)/m)
  })

  it('exits 1 on a file with one tampered record, naming its line and what differs', () => {
    const record = JSON.parse(lines[4]!) as GameRecord
    const tampered = file('tampered.jsonl', lines.map((line, i) => (i === 4 ? JSON.stringify({ ...record, turns: record.turns + 2 }) : line)))
    const run = redzone('replay', tampered, '--quiet')
    expect(run.code).toBe(1)
    const outcome = `seat ${record.winner} winning (${record.reason})`
    expect(run.stdout).toBe(
      `${tampered}:5: differs: the replay differs from the record: it ends with ${outcome} after ${record.turns} turns, seat ${record.first} first; ` +
        `the record says ${outcome} after ${record.turns + 2} turns, seat ${record.first} first\n12 replayed, 1 differ\n`,
    )
    expect(run.stderr).toBe('')
  })

  it('exits 1 when a recorded action was changed: the game rejects it or goes another way', () => {
    const record = JSON.parse(lines[0]!) as GameRecord
    const actions = [...record.actions]
    actions[1] = actions[1] === 'k' ? 'm' : 'k'
    const run = redzone('replay', file('action.jsonl', [JSON.stringify({ ...record, actions })]), '--quiet')
    expect(run.code).toBe(1)
    expect(run.stdout).toMatch(/:1: differs: .+\n1 replayed, 1 differ\n$/)
  })

  it('exits 2 for a record of another version, named and not replayed', () => {
    const other = JSON.stringify({ ...(JSON.parse(lines[1]!) as GameRecord), version: '0.0.1+pool.0123456789ab' })
    const path = file('versions.jsonl', [lines[0]!, other])
    const run = redzone('replay', path, '--quiet')
    expect(run.code).toBe(2)
    expect(run.stdout).toBe(
      `${path}:2: another version: the record was written by redzone 0.0.1+pool.0123456789ab; this is redzone ${engineVersion()}: replay it with the version that wrote it\n` +
        '1 replayed, 0 differ, 1 of another version (not replayed)\n',
    )
  })

  it('exits 2 for lines that are not records (a partial last line, another format), replaying the others', () => {
    const path = file('partial.jsonl', [lines[0]!, '{"format":"redzone-scenario/1"}', lines[1]!.slice(0, 40)])
    const run = redzone('replay', path, '--quiet')
    expect(run.code).toBe(2)
    expect(run.stdout).toBe(
      `${path}:2: not a record: not a game record: format "redzone-scenario/1": expected "redzone-game/1"\n` +
        `${path}:3: not a record: not JSON (a partial line?)\n1 replayed, 0 differ, 2 not records\n`,
    )
  })

  it('exits 2 for a file that can\'t be read or holds no games', () => {
    const missing = redzone('replay', join(dir, 'missing.jsonl'))
    expect(missing.code).toBe(2)
    expect(missing.stderr).toMatch(/^redzone replay: .*missing\.jsonl: can't read the file \(ENOENT\)\n$/)
    const empty = redzone('replay', file('empty.jsonl', ['']), '--quiet')
    expect(empty.code).toBe(2)
    expect(empty.stderr).toContain('no games')
  })

  it('exits 2 naming a directory given as the games file (it was read as a file: EISDIR)', () => {
    const run = redzone('replay', dir)
    expect(run).toEqual({ code: 2, stdout: '', stderr: `redzone replay: ${dir}: a directory, not a games file (JSONL records, as selfplay --out writes)\n` })
  })

  it('lists the problem lines in the file\'s order whatever their kind (a record that differs came before the bad lines above it)', () => {
    const record = JSON.parse(lines[2]!) as GameRecord
    const path = file('mixed.jsonl', ['not json', lines[0]!, JSON.stringify({ ...record, turns: record.turns + 1 }), '{"format":"x"}'])
    const run = redzone('replay', path, '--quiet')
    expect(run.code).toBe(2)
    const listed = run.stdout.trim().split('\n').slice(0, -1).map((line) => Number(line.slice(path.length + 1).split(':')[0]))
    expect(listed).toEqual([1, 3, 4])
  })
})
