/**
 * A games file that begins with a UTF-8 byte-order mark (as Notepad or PowerShell's `Out-File
 * -Encoding utf8` save one): `openGamesFile`, the one opener of replay, report and export, skips
 * the mark (RFC 8259 section 8.1 lets a parser ignore it), so its first record is read like the
 * others. It was "not JSON (a partial line?)" on line 1. A mark inside a file is still no record.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { beforeAll, describe, expect, it } from 'vitest'
import { openGamesFile } from '../../src/node/lines.js'

const root = join(import.meta.dirname, '..', '..')
const cli = join(root, 'dist', 'cli.js')
const BOM = '\uFEFF'

function redzone(...args: string[]) {
  const out = spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', cwd: root })
  return { code: out.status, stdout: out.stdout, stderr: out.stderr }
}

let dir: string
let games: string
let bom: string

beforeAll(() => {
  if (!existsSync(cli)) spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' })
  dir = mkdtempSync(join(tmpdir(), 'redzone-bom-'))
  games = join(dir, 'games.jsonl')
  expect(redzone('selfplay', '--games', '3', '--seed', '2', '--agents', 'heuristic,random', '--out', games, '--quiet').code).toBe(0)
  bom = join(dir, 'bom.jsonl')
  writeFileSync(bom, BOM + readFileSync(games, 'utf8'))
})

describe('a games file starting with a UTF-8 byte-order mark', { timeout: 60_000 }, () => {
  it('is read from after the mark by openGamesFile, as bytes and as text, line 1 its first record', async () => {
    const text = readFileSync(games, 'utf8')
    for (const encoding of [undefined, 'utf8'] as const) {
      const lines: string[] = []
      for await (const line of createInterface({ input: await openGamesFile(bom, encoding), crlfDelay: Infinity })) lines.push(line)
      expect(lines).toEqual(text.trimEnd().split('\n'))
    }
    // A file of only the mark, or shorter than one, is read as it is.
    writeFileSync(join(dir, 'short.jsonl'), '\n')
    const short: string[] = []
    for await (const line of createInterface({ input: await openGamesFile(join(dir, 'short.jsonl')), crlfDelay: Infinity })) short.push(line)
    expect(short).toEqual([''])
  })

  it('replays, reports and exports like the same file without the mark', () => {
    expect(redzone('replay', bom, '--quiet')).toEqual({ code: 0, stdout: '3 replayed, 0 differ\n', stderr: '' })
    const report = redzone('report', bom, '--json')
    expect(report.code).toBe(0)
    expect(report.stderr).toBe('')
    expect(JSON.parse(report.stdout)).toEqual(JSON.parse(redzone('report', games, '--json').stdout))
    const exported = redzone('export', bom, '--out', join(dir, 'bom.npz'), '--quiet')
    expect(exported.stderr).toBe('')
    expect(exported.code).toBe(0)
    expect(exported.stdout).toMatch(/^exported 3 games: /)
  })

  it('still refuses a mark inside the file (two such files joined): it is where a record should begin', () => {
    const joined = join(dir, 'joined.jsonl')
    writeFileSync(joined, readFileSync(bom, 'utf8') + readFileSync(bom, 'utf8'))
    const run = redzone('replay', joined, '--quiet')
    expect(run.code).toBe(2)
    expect(run.stdout).toContain(`${joined}:4: `)
  })
})
