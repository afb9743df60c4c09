/**
 * `redzone replay` and `redzone export` on records that are not records of this version (the built
 * CLI in a child process): a misspelt field or an action string that is no action's encoding is bad
 * input (exit 2, "not a record", named by its line and path), not a game that differs (exit 1, kept
 * for an action the game refuses); a record of another version is "another version" whatever
 * fields or action strings it has.
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
const KNOWN = 'format, version, seed, agents, decks, deckLists, maxSteps, first, winner, turns, reason, eliminated, actions, error'

function redzone(...args: string[]) {
  const out = spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', cwd: root })
  return { code: out.status, stdout: out.stdout, stderr: out.stderr }
}

let dir: string
let lines: string[]

beforeAll(() => {
  if (!existsSync(cli)) spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' })
  dir = mkdtempSync(join(tmpdir(), 'redzone-strict-'))
  const games = join(dir, 'games.jsonl')
  expect(redzone('selfplay', '--games', '3', '--seed', '5', '--agents', 'heuristic,random', '--out', games, '--quiet').code).toBe(0)
  lines = readFileSync(games, 'utf8').trim().split('\n')
})

function file(name: string, content: readonly string[]): string {
  const path = join(dir, name)
  writeFileSync(path, `${content.join('\n')}\n`)
  return path
}

/** Line `k`'s record with `change` made to it, as a line. */
function changed(k: number, change: (record: GameRecord) => Record<string, unknown>): string {
  return JSON.stringify(change(JSON.parse(lines[k]!) as GameRecord))
}

const withAction = (text: string) => (r: GameRecord) => ({ ...r, actions: r.actions.map((a, i) => (i === 9 ? text : a)) })

describe('redzone replay and export refuse what is not a record of this version', { timeout: 60_000 }, () => {
  it('replay counts a record whose action is not an encoding as not a record (exit 2), and one whose action the game refuses as differing (exit 1)', () => {
    const path = file('encoding.jsonl', [lines[0]!, changed(1, withAction('l09')), changed(2, withAction('zz'))])
    const run = redzone('replay', path, '--quiet')
    expect(run.stdout).toBe(
      `${path}:2: not a record: not a game record: actions[9]: not an encoded action: "l09"\n` +
        `${path}:3: not a record: not a game record: actions[9]: not an encoded action: "zz"\n1 replayed, 0 differ, 2 not records\n`,
    )
    expect(run.code).toBe(2)
    const refused = file('refused.jsonl', [lines[0]!, changed(1, withAction('a999>1'))])
    const differs = redzone('replay', refused, '--quiet')
    expect(differs.stdout).toMatch(new RegExp(`^${refused}:2: differs: actions\\[9\\] "a999>1": illegal action .*\\n2 replayed, 1 differ\\n$`))
    expect(differs.code).toBe(1)
  })

  it('replay counts a record with an unknown field as not a record, naming it (exit 2)', () => {
    const path = file('field.jsonl', [changed(0, (r) => ({ ...r, winnr: r.winner })), lines[1]!])
    const run = redzone('replay', path, '--quiet')
    expect(run.stdout).toBe(`${path}:1: not a record: not a game record: winnr: unknown field (known: ${KNOWN})\n1 replayed, 0 differ, 1 not records\n`)
    expect(run.code).toBe(2)
  })

  it('replay still counts a record of another version as another version, with an unknown field or an action this version can\'t read', () => {
    const other = changed(0, (r) => ({ ...withAction('zz')(r), version: '0.0.1+pool.0123456789ab', newField: 1 }))
    const path = file('other.jsonl', [other])
    const run = redzone('replay', path, '--quiet')
    expect(run.stdout).toBe(
      `${path}:1: another version: the record was written by redzone 0.0.1+pool.0123456789ab; this is redzone ${engineVersion()}: replay it with the version that wrote it\n` +
        '0 replayed, 0 differ, 1 of another version (not replayed)\n',
    )
    expect(run.code).toBe(2)
  })

  it('export refuses a record whose action is not an encoding, or with an unknown field, as not a record (exit 2), and writes nothing', () => {
    const out = join(dir, 'out')
    const encoding = file('export-encoding.jsonl', [lines[0]!, changed(1, withAction('l09'))])
    expect(redzone('export', encoding, '--out', out, '--quiet')).toEqual({
      code: 2, stdout: '', stderr: `redzone export: ${encoding}:2: not a game record: actions[9]: not an encoded action: "l09"; nothing written\n`,
    })
    const field = file('export-field.jsonl', [changed(0, (r) => ({ ...r, winnr: 0 }))])
    expect(redzone('export', field, '--out', out, '--quiet')).toEqual({
      code: 2, stdout: '', stderr: `redzone export: ${field}:1: not a game record: winnr: unknown field (known: ${KNOWN}); nothing written\n`,
    })
    expect(existsSync(out)).toBe(false)
  })
})
