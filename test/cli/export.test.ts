/**
 * `redzone export FILE --out DIR|FILE.npz` as a user runs it (the built CLI in a child process):
 * the arrays read back here with a small .npy and zip reader (and with numpy where it is
 * installed), checked against the rows `RecordRows` gives and the records themselves; exit 1
 * for a record that does not replay (named by its line), 2 for bad input, and nothing written
 * unless the export succeeds.
 */
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { heuristicAgent } from '../../src/play/agents/heuristic.js'
import { randomAgent } from '../../src/play/agents/random.js'
import { playGame } from '../../src/play/play-game.js'
import type { GameRecord } from '../../src/play/record.js'
import { engineVersion } from '../../src/play/version.js'
import { exportGamesWith } from '../../src/node/export.js'
import { ACTION_SIZE, OBS_SIZE, OBS_VERSION } from '../../src/rl/layout.js'
import { RecordRows } from '../../src/rl/record-rows.js'
import { recordsWithAFreeDivision } from '../rl/rl-helpers.js'

const root = join(import.meta.dirname, '..', '..')
const cli = join(root, 'dist', 'cli.js')
const ARRAYS = ['obs', 'mask', 'action', 'seat', 'outcome', 'game', 'decision'] as const
type ArrayName = (typeof ARRAYS)[number]

function redzone(...args: string[]) {
  const out = spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', cwd: root })
  return { code: out.status, stdout: out.stdout, stderr: out.stderr }
}

interface Npy {
  descr: string
  shape: number[]
  data: Buffer
}

/** numpy's .npy format, version 1.0: magic, version, header length, a Python dict, the data. */
function parseNpy(file: Buffer): Npy {
  expect(file.subarray(0, 6).toString('latin1')).toBe('\x93NUMPY')
  expect([file[6], file[7]]).toEqual([1, 0])
  const length = file.readUInt16LE(8)
  const header = file.toString('latin1', 10, 10 + length)
  expect((10 + length) % 64).toBe(0)
  expect(header.endsWith('\n')).toBe(true)
  expect(header).toContain("'fortran_order': False")
  const descr = /'descr': '([^']+)'/.exec(header)![1]!
  const shape = /'shape': \(([^)]*)\)/.exec(header)![1]!.split(',').filter((s) => s.trim() !== '').map(Number)
  return { descr, shape, data: file.subarray(10 + length) }
}

function readNpy(path: string): Npy {
  return parseNpy(readFileSync(path))
}

const CRC_TABLE = Int32Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c
})

function crc32(data: Uint8Array): number {
  let c = -1
  for (let i = 0; i < data.length; i++) c = CRC_TABLE[(c ^ data[i]!) & 0xff]! ^ (c >>> 8)
  return ~c >>> 0
}

/** The entries of a zip with stored entries: read from its central directory, each checked (method, sizes, CRC). */
function readZip(path: string): Map<string, Buffer> {
  const zip = readFileSync(path)
  const end = zip.length - 22
  expect(zip.readUInt32LE(end)).toBe(0x06054b50)
  const count = zip.readUInt16LE(end + 10)
  let at = zip.readUInt32LE(end + 16)
  const entries = new Map<string, Buffer>()
  for (let i = 0; i < count; i++) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50)
    const method = zip.readUInt16LE(at + 10)
    const crc = zip.readUInt32LE(at + 16)
    const stored = zip.readUInt32LE(at + 20)
    const size = zip.readUInt32LE(at + 24)
    const nameLength = zip.readUInt16LE(at + 28)
    const skip = zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32)
    const local = zip.readUInt32LE(at + 42)
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength)
    expect([name, method, stored]).toEqual([name, 0, size])
    expect(zip.readUInt32LE(local)).toBe(0x04034b50)
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28)
    const data = zip.subarray(start, start + size)
    expect(crc32(data), name).toBe(crc)
    entries.set(name, data)
    at += 46 + nameLength + skip
  }
  return entries
}

function sha256(data: Uint8Array): string {
  return createHash('sha256').update(data).digest('hex')
}

let dir: string
let games: string
let records: GameRecord[]
/** What RecordRows gives for `records`, both seats: the hash of the observation bytes, the rows' seats and decisions. */
let expected: { rows: number; obsSha: string; maskSha: string; seat: number[]; action: number[]; decision: number[]; game: number[] }

function write(name: string, lines: readonly string[]): string {
  const path = join(dir, name)
  writeFileSync(path, `${lines.join('\n')}\n`)
  return path
}

/** No output and no temporary folder left in `parent`. */
function expectNothingWritten(parent: string, out: string): void {
  expect(existsSync(out)).toBe(false)
  expect(readdirSync(parent).filter((f) => f.includes('.tmp-'))).toEqual([])
}

beforeAll(() => {
  if (!existsSync(cli)) spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' })
  dir = mkdtempSync(join(tmpdir(), 'redzone-export-'))
  records = []
  for (let i = 0; records.length < 24; i++) {
    records.push(playGame({ seed: 100 + i, agents: i % 3 === 0 ? [randomAgent, heuristicAgent] : [heuristicAgent, randomAgent], decks: i % 2 === 0 ? ['green-white', 'black-red'] : ['black-red', 'green-white'] }))
  }
  // A blank line in the middle: skipped, but counted in line numbers (game.npy holds the line index).
  const lines = records.map((r) => JSON.stringify(r))
  games = write('games.jsonl', [...lines.slice(0, 10), '', ...lines.slice(10)])
  const obs = createHash('sha256')
  const mask = createHash('sha256')
  expected = { rows: 0, obsSha: '', maskSha: '', seat: [], action: [], decision: [], game: [] }
  const rows = new RecordRows()
  records.forEach((record, i) => {
    rows.rowsOf(record, (o, m, action, seat, decision) => {
      obs.update(new Uint8Array(o.buffer, o.byteOffset, o.byteLength))
      mask.update(m)
      expected.seat.push(seat)
      expected.action.push(action)
      expected.decision.push(decision)
      expected.game.push(i < 10 ? i : i + 1)
      expected.rows++
    })
  })
  expected.obsSha = obs.digest('hex')
  expected.maskSha = mask.digest('hex')
}, 120_000)

// The exports take a few hundred MB: none is left behind.
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('redzone export', { timeout: 120_000 }, () => {
  it('writes obs, mask, action, seat, outcome, game and decision .npy files and meta.json to a directory: the rows RecordRows gives, one summary line, progress on stderr', () => {
    const out = join(dir, 'arrays')
    const run = redzone('export', games, '--out', out)
    expect(run.stderr).toMatch(/^export: 24\/24 games \(100\.0%\), \d+ rows, /m)
    expect(run.stdout).toMatch(new RegExp(`^exported 24 games: ${expected.rows} rows of both seats to ${out} \\(7 \\.npy files and meta\\.json, [\\d.]+ MB\\) in [\\d.]+ s, \\d+ rows/s; 0 decisions skipped \\(inexpressible\\)\\n$`))
    expect(run.code).toBe(0)
    expect(readdirSync(out).sort()).toEqual([...ARRAYS.map((a) => `${a}.npy`), 'meta.json'].sort())
    const npy = Object.fromEntries(ARRAYS.map((name) => [name, readNpy(join(out, `${name}.npy`))])) as Record<ArrayName, Npy>
    const M = expected.rows
    expect(M).toBeGreaterThan(1000)
    expect(Object.fromEntries(ARRAYS.map((name) => [name, [npy[name].descr, npy[name].shape]]))).toEqual({
      obs: ['<f4', [M, OBS_SIZE]],
      mask: ['|u1', [M, ACTION_SIZE]],
      action: ['<i2', [M]],
      seat: ['|u1', [M]],
      outcome: ['|i1', [M]],
      game: ['<i4', [M]],
      decision: ['<i4', [M]],
    })
    for (const name of ARRAYS) expect(npy[name].data.length, name).toBe(npy[name].shape.reduce((n, d) => n * d, 1) * Number(npy[name].descr.slice(2)))
    expect(sha256(npy.obs.data)).toBe(expected.obsSha)
    expect(sha256(npy.mask.data)).toBe(expected.maskSha)
    const ints = (a: Npy, read: (b: Buffer, at: number) => number, size: number): number[] => Array.from({ length: M }, (_, i) => read(a.data, i * size))
    const action = ints(npy.action, (b, at) => b.readInt16LE(at), 2)
    const seat = ints(npy.seat, (b, at) => b.readUInt8(at), 1)
    const outcome = ints(npy.outcome, (b, at) => b.readInt8(at), 1)
    const game = ints(npy.game, (b, at) => b.readInt32LE(at), 4)
    const decision = ints(npy.decision, (b, at) => b.readInt32LE(at), 4)
    expect({ action, seat, decision, game }).toEqual({ action: expected.action, seat: expected.seat, decision: expected.decision, game: expected.game })
    // Every action is allowed by its row's mask; each mask allows more than one.
    for (let i = 0; i < M; i++) {
      const row = npy.mask.data.subarray(i * ACTION_SIZE, (i + 1) * ACTION_SIZE)
      expect(row[action[i]!], `row ${i}`).toBe(1)
      expect(row.reduce((n, b) => n + b, 0)).toBeGreaterThan(1)
    }
    // The outcome is the deciding seat's result in the game of the row's line.
    const fileLines = readFileSync(games, 'utf8').split('\n')
    for (let i = 0; i < M; i++) {
      const record = JSON.parse(fileLines[game[i]!]!) as GameRecord
      expect(outcome[i], `row ${i}`).toBe(record.winner === null ? 0 : record.winner === seat[i] ? 1 : -1)
    }
    expect(new Set(outcome)).toEqual(new Set([1, -1]))
    const meta = JSON.parse(readFileSync(join(out, 'meta.json'), 'utf8')) as Record<string, unknown>
    expect(meta).toMatchObject({
      format: 'redzone-export/1', version: engineVersion(), obsVersion: OBS_VERSION, obsSize: OBS_SIZE, actionSize: ACTION_SIZE,
      source: 'games.jsonl', records: 24, rows: M, seat: 'both', decisions: records.reduce((n, r) => n + r.actions.length, 0), skipped: { inexpressible: 0 },
    })
    expect((meta.arrays as Record<string, unknown>).obs).toEqual({ dtype: 'float32', shape: [M, OBS_SIZE] })
    expectNothingWritten(dir, join(dir, 'not-there'))
  })

  it('packs the same arrays into an .npz: a stored zip whose entries are the .npy files byte for byte, and meta.json', () => {
    const out = join(dir, 'arrays.npz')
    const run = redzone('export', games, '--out', out, '--quiet')
    expect(run.code).toBe(0)
    expect(run.stderr).toBe('')
    expect(run.stdout).toMatch(new RegExp(`^exported 24 games: ${expected.rows} rows of both seats to ${out} \\(one \\.npz, `))
    const zip = readZip(out)
    expect([...zip.keys()]).toEqual([...ARRAYS.map((a) => `${a}.npy`), 'meta.json'])
    const plain = join(dir, 'plain')
    expect(redzone('export', games, '--out', plain, '--quiet').code).toBe(0)
    for (const name of [...ARRAYS.map((a) => `${a}.npy`), 'meta.json']) expect(Buffer.compare(zip.get(name)!, readFileSync(join(plain, name))), name).toBe(0)
    // The same records give the same file, byte for byte.
    const again = join(dir, 'again.npz')
    expect(redzone('export', games, '--out', again, '--quiet').code).toBe(0)
    expect(sha256(readFileSync(again))).toBe(sha256(readFileSync(out)))
  })

  it('--seat 0 and --seat 1 split the rows of both seats; --limit-games N exports the first N records', () => {
    const seat0 = join(dir, 'seat0')
    const seat1 = join(dir, 'seat1')
    expect(redzone('export', games, '--out', seat0, '--seat', '0', '--quiet').code).toBe(0)
    expect(redzone('export', games, '--out', seat1, '--seat', '1', '--quiet').code).toBe(0)
    const s0 = readNpy(join(seat0, 'seat.npy'))
    const s1 = readNpy(join(seat1, 'seat.npy'))
    expect(s0.shape[0]! + s1.shape[0]!).toBe(expected.rows)
    expect([...s0.data].every((s) => s === 0) && [...s1.data].every((s) => s === 1)).toBe(true)
    expect(JSON.parse(readFileSync(join(seat1, 'meta.json'), 'utf8'))).toMatchObject({ seat: 1, rows: s1.shape[0] })
    const first = join(dir, 'first5')
    const run = redzone('export', games, '--out', first, '--limit-games', '5', '--quiet')
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(/^exported 5 games: /)
    const game = readNpy(join(first, 'game.npy'))
    expect(game.shape[0]).toBe(expected.game.filter((g) => g < 5).length)
  })

  it('replaces the arrays of an existing directory and leaves its other files', () => {
    const out = join(dir, 'existing')
    mkdirSync(out)
    writeFileSync(join(out, 'notes.txt'), 'mine')
    writeFileSync(join(out, 'obs.npy'), 'old')
    expect(redzone('export', games, '--out', out, '--limit-games', '2', '--quiet').code).toBe(0)
    expect(readFileSync(join(out, 'notes.txt'), 'utf8')).toBe('mine')
    expect(readNpy(join(out, 'obs.npy')).shape[1]).toBe(OBS_SIZE)
    expectNothingWritten(dir, join(dir, 'not-there'))
  })

  it('exits 1 naming the line of a record whose winner was changed, and writes nothing', () => {
    const lines = records.map((r) => JSON.stringify(r))
    const record = records[3]!
    const tampered = write('winner.jsonl', lines.map((l, i) => (i === 3 ? JSON.stringify({ ...record, winner: record.winner === 0 ? 1 : 0 }) : l)))
    const out = join(dir, 'winner-out')
    const run = redzone('export', tampered, '--out', out, '--quiet')
    expect(run.code).toBe(1)
    expect(run.stdout).toBe('')
    expect(run.stderr).toMatch(new RegExp(`^redzone export: ${tampered}:4: the replay differs from the record: it ends with seat ${record.winner} winning .*; the record says seat ${record.winner === 0 ? 1 : 0} winning .*; nothing written\\n$`))
    expectNothingWritten(dir, out)
  })

  it('exits 1 naming the line of a record with a changed action (an .npz as much as a directory), and writes nothing', () => {
    const lines = records.map((r) => JSON.stringify(r))
    const record = records[6]!
    const attack = record.actions.findIndex((a) => a.startsWith('a') && a.length > 1)
    const tampered = write('action.jsonl', lines.map((l, i) => (i === 6 ? JSON.stringify({ ...record, actions: record.actions.map((a, k) => (k === attack ? 'a999>1' : a)) }) : l)))
    for (const out of [join(dir, 'action-out'), join(dir, 'action-out.npz')]) {
      const run = redzone('export', tampered, '--out', out, '--quiet')
      expect(run.code).toBe(1)
      expect(run.stderr).toMatch(new RegExp(`^redzone export: ${tampered}:7: actions\\[\\d+\\] "a999>1": illegal action "a999>1" at declareAttackers: .*; nothing written\\n$`))
      expectNothingWritten(dir, out)
    }
  })

  it('exits 2 naming the line of a line that is not JSON or not a record, or a record of another version, and writes nothing', () => {
    const lines = records.slice(0, 3).map((r) => JSON.stringify(r))
    const out = join(dir, 'bad-out')
    const partial = write('partial.jsonl', [...lines, lines[0]!.slice(0, 50)])
    expect(redzone('export', partial, '--out', out, '--quiet')).toEqual({ code: 2, stdout: '', stderr: `redzone export: ${partial}:4: not JSON (a partial line?); nothing written\n` })
    expectNothingWritten(dir, out)
    const scenario = write('scenario.jsonl', [lines[0]!, '{"format":"redzone-scenario/1"}'])
    expect(redzone('export', scenario, '--out', out, '--quiet')).toEqual({
      code: 2, stdout: '', stderr: `redzone export: ${scenario}:2: not a game record: format "redzone-scenario/1": expected "redzone-game/1"; nothing written\n`,
    })
    const other = write('version.jsonl', [lines[0]!, lines[1]!, JSON.stringify({ ...records[2]!, version: '0.0.1+pool.0123456789ab' })])
    const run = redzone('export', other, '--out', `${out}.npz`, '--quiet')
    expect(run.code).toBe(2)
    expect(run.stderr).toBe(`redzone export: ${other}:3: another version: the record was written by redzone 0.0.1+pool.0123456789ab; this is redzone ${engineVersion()}: replay it with the version that wrote it; nothing written\n`)
    expectNothingWritten(dir, out)
    expectNothingWritten(dir, `${out}.npz`)
  })

  it('exits 2 for a file that can\'t be read or holds no games, and for bad flags', () => {
    const out = join(dir, 'flags-out')
    const missing = redzone('export', join(dir, 'missing.jsonl'), '--out', out)
    expect(missing.code).toBe(2)
    expect(missing.stderr).toMatch(/^redzone export: .*missing\.jsonl: can't read the file \(ENOENT\)\n$/)
    const empty = redzone('export', write('empty.jsonl', ['']), '--out', out, '--quiet')
    expect(empty).toEqual({ code: 2, stdout: '', stderr: `redzone export: ${join(dir, 'empty.jsonl')}: no games; nothing written\n` })
    expect(redzone('export', games, '--out', out, '--seat', '2').code).toBe(2)
    expect(redzone('export', games, '--out', out, '--limit-games', '0').code).toBe(2)
    expect(redzone('export', games).code).toBe(2)
    const intoFile = redzone('export', games, '--out', games)
    expect(intoFile.code).toBe(2)
    expect(intoFile.stderr).toContain('a file; the arrays go into a directory (or name a file ending in .npz)')
    const noFolder = redzone('export', games, '--out', join(dir, 'no', 'such', 'x.npz'))
    expect(noFolder.code).toBe(2)
    expect(noFolder.stderr).toContain('does not exist')
    expectNothingWritten(dir, out)
  })

  it('exits 2 naming a directory given as the games file (it was EISDIR, exit 1, no path), and an --out ending as another kind of file (x.zip became a directory of that name)', () => {
    const out = join(dir, 'kinds-out')
    const folder = redzone('export', dir, '--out', out, '--quiet')
    expect(folder).toEqual({ code: 2, stdout: '', stderr: `redzone export: ${dir}: a directory, not a games file (JSONL records, as selfplay --out writes)\n` })
    for (const name of ['x.zip', 'x.npy', 'x.json']) {
      const run = redzone('export', games, '--out', join(dir, name), '--quiet')
      expect(run.code).toBe(2)
      expect(run.stderr).toContain(`the arrays go into a directory or one file ending in .npz, not a ${name.slice(1)} file (name a directory, or ${join(dir, 'x.npz')})`)
      expect(existsSync(join(dir, name))).toBe(false)
    }
    expectNothingWritten(dir, out)
  })

  it('a decision the encoding can\'t express fails the export naming its line and action; --skip-inexpressible leaves it out and counts it', () => {
    // Free damage divisions (CR 510.1c): legal, and not among the divisions the encoding offers.
    const withDivision = recordsWithAFreeDivision(2)
    const path = write('divisions.jsonl', [JSON.stringify(records[0]!), ...withDivision.map(({ record }) => JSON.stringify(record))])
    const out = join(dir, 'divisions-out')
    const failed = redzone('export', path, '--out', out, '--quiet')
    expect(failed.code).toBe(1)
    const first = withDivision[0]!
    expect(failed.stderr).toBe(
      `redzone export: ${path}:2: recorded action ${first.at} "${first.record.actions[first.at]}" can't be expressed as masked choices ` +
        "(an object beyond the observation's slots, a damage division the encoding doesn't offer); --skip-inexpressible leaves such decisions out; nothing written\n",
    )
    expectNothingWritten(dir, out)
    const skipped = withDivision.reduce((n, { record }) => n + new RecordRows().rowsOf(record, () => {}, { skipInexpressible: true }).skipped, 0)
    expect(skipped).toBeGreaterThanOrEqual(2)
    const run = redzone('export', path, '--out', out, '--quiet', '--skip-inexpressible')
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(new RegExp(`^exported 3 games: \\d+ rows .*; ${skipped} decisions? skipped \\(inexpressible\\)\\n$`))
    expect(JSON.parse(readFileSync(join(out, 'meta.json'), 'utf8'))).toMatchObject({ records: 3, skipped: { inexpressible: skipped } })
  })

  it('refuses an .npz that would pass the zip limit, pointing to the directory form, and writes nothing', async () => {
    const out = join(dir, 'big.npz')
    await expect(exportGamesWith(games, { out }, 5_000_000)).rejects.toThrow(
      /^redzone: --out .*big\.npz: the arrays pass 5\.0 MB after \d+ records \(\d+ rows\), more than an \.npz holds \(a zip without ZIP64\); export to a directory instead \(--out DIR\)/,
    )
    expectNothingWritten(dir, out)
    const small = await exportGamesWith(games, { out, limitGames: 1 }, 5_000_000)
    expect(small.ok).toBe(true)
  })

  const python = '/usr/bin/python3'
  const numpy = spawnSync(python, ['-c', 'import numpy'], { encoding: 'utf8' }).status === 0
  it.skipIf(!numpy)('numpy loads the directory and the .npz (NOT run without python3-numpy: apt-get install python3-numpy): the same shapes, dtypes and bytes', () => {
    const plain = join(dir, 'numpy-dir')
    const packed = join(dir, 'numpy.npz')
    expect(redzone('export', games, '--out', plain, '--quiet').code).toBe(0)
    expect(redzone('export', games, '--out', packed, '--quiet').code).toBe(0)
    const script = `
import hashlib, json, sys
import numpy as np
plain, packed = sys.argv[1], sys.argv[2]
names = ${JSON.stringify(ARRAYS)}
def describe(a): return [str(a.dtype), list(a.shape), hashlib.sha256(a.tobytes()).hexdigest()]
d = {n: describe(np.load(f"{plain}/{n}.npy", allow_pickle=False)) for n in names}
with np.load(packed, allow_pickle=False) as z:
    p = {n: describe(z[n]) for n in names}
    meta = json.loads(z["meta.json"])
    mask, action = z["mask"], z["action"]
    allowed = bool(mask[np.arange(len(action)), action].all())
print(json.dumps({"dir": d, "npz": p, "rows": meta["rows"], "allowed": allowed}))
`
    const out = spawnSync(python, ['-c', script, plain, packed], { encoding: 'utf8' })
    expect(out.stderr).toBe('')
    const seen = JSON.parse(out.stdout) as { dir: Record<string, [string, number[], string]>; npz: Record<string, [string, number[], string]>; rows: number; allowed: boolean }
    const M = expected.rows
    expect(seen.dir.obs).toEqual(['float32', [M, OBS_SIZE], expected.obsSha])
    expect(seen.dir.mask).toEqual(['uint8', [M, ACTION_SIZE], expected.maskSha])
    expect(Object.fromEntries(ARRAYS.map((n) => [n, seen.dir[n]![0]]))).toEqual({ obs: 'float32', mask: 'uint8', action: 'int16', seat: 'uint8', outcome: 'int8', game: 'int32', decision: 'int32' })
    for (const n of ARRAYS) expect(seen.dir[n]![1][0], n).toBe(M)
    expect(seen.npz).toEqual(seen.dir)
    expect(seen.rows).toBe(M)
    expect(seen.allowed).toBe(true)
  })
})
