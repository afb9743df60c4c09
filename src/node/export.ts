/**
 * `redzone export`: a games file (redzone-game/1 JSON lines) turned into the arrays a learner
 * trains on, replay-verified (`RecordRows`: every record replayed through `act` with `replay`'s
 * checks). The rows stream into `.npy` files (bounded memory, any size), in a temporary folder
 * beside the output that becomes the output only when every record has been exported: bad input
 * leaves nothing behind. An `.npz` is the same files packed into a zip (stored, streamed; `npz.ts`,
 * with fflate).
 */
import { randomBytes } from 'node:crypto'
import { mkdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { basename, dirname, join, resolve } from 'node:path'
import { createInterface } from 'node:readline'
import { checkPath } from './path-argument.js'
import { RedzoneError } from '../core/errors.js'
import { recordShapeError, type GameRecord } from '../play/record.js'
import { engineVersion, versionError } from '../play/version.js'
import { ACTION_SIZE, OBS_SIZE, OBS_VERSION } from '../rl/layout.js'
import { RecordRows } from '../rl/record-rows.js'
import { countNonBlankLines, openGamesFile } from './lines.js'
import { NpyWriter, type NpyType } from './npy.js'
import { Options } from './options.js'

/** The format name `meta.json` carries. */
export const EXPORT_FORMAT = 'redzone-export/1'

/** The most bytes an `.npz` may hold: a zip without ZIP64 addresses 4 GiB. */
export const NPZ_LIMIT = 0xffff_ffff

export interface ExportGamesOptions {
  /** A directory (created, or its arrays replaced) for the `.npy` files and `meta.json`, or a file ending in `.npz`. */
  out: string
  /** The seats whose decisions are rows: 0, 1 or `both` (the default). */
  seat?: 0 | 1 | 'both'
  /** Exports the first N records of the file only. */
  limitGames?: number
  /** Leaves out the decisions the masked encoding can't express, counted (default: such a decision fails the export). */
  skipInexpressible?: boolean
  /** After each record (and once before the first): records done, their total, rows so far. */
  onProgress?: (progress: ExportProgress) => void
  /** Stops the export between two records; nothing is written. */
  signal?: AbortSignal
}

export interface ExportProgress {
  records: number
  /** The records to export (the file's lines that are not blank, or `limitGames`). */
  total: number
  rows: number
}

/** What `meta.json` says (also inside an `.npz`, as `meta.json`). */
export interface ExportMeta {
  format: typeof EXPORT_FORMAT
  /** The engine and card pool that replayed the records (`engineVersion()`, the records' own). */
  version: string
  obsVersion: number
  obsSize: number
  actionSize: number
  /** The games file, by name. */
  source: string
  /** Records exported. */
  records: number
  rows: number
  seat: 0 | 1 | 'both'
  /** Recorded decisions of the exported seats. */
  decisions: number
  /** Decisions left out: those the masked encoding can't express (`--skip-inexpressible`). */
  skipped: { inexpressible: number }
  /** Each array's dtype (numpy's name) and shape. */
  arrays: Record<ArrayName, { dtype: NpyType; shape: number[] }>
}

export interface ExportGamesSummary {
  out: string
  form: 'npy' | 'npz'
  /** Bytes written: the arrays and meta.json, or the `.npz`. */
  bytes: number
  seconds: number
  meta: ExportMeta
}

/**
 * The export, or why it failed (nothing was written): `invalid` for bad input (a line that is not
 * JSON or not a record, a record of another version, a file with no records), `differs` for a
 * record that does not replay as recorded or holds a decision the encoding can't express,
 * `stopped` when `signal` stopped it. `line` is the file's line (1-based).
 */
export type ExportGamesResult =
  | { ok: true; summary: ExportGamesSummary }
  | { ok: false; problem: 'invalid' | 'differs' | 'stopped'; line: number | null; message: string }

type ArrayName = 'obs' | 'mask' | 'action' | 'seat' | 'outcome' | 'game' | 'decision'

/** The arrays, in the order they are written and packed: name, dtype, the shape of one row. */
const ARRAYS: readonly [ArrayName, NpyType, readonly number[]][] = [
  ['obs', 'float32', [OBS_SIZE]],
  ['mask', 'uint8', [ACTION_SIZE]],
  ['action', 'int16', []],
  ['seat', 'uint8', []],
  ['outcome', 'int8', []],
  ['game', 'int32', []],
  ['decision', 'int32', []],
]

/** A zip entry's bytes beyond its data (fflate's: local header, data descriptor; central directory entry), and the end record. */
const ZIP_ENTRY_BYTES = 30 + 16 + 46
const ZIP_END_BYTES = 22
/** Room kept for meta.json in an `.npz`. */
const META_ROOM = 1 << 16

/** Every option of `ExportGamesOptions`, in the order messages list them. */
const EXPORT_OPTIONS: Record<keyof ExportGamesOptions, true> = { out: true, seat: true, limitGames: true, skipInexpressible: true, onProgress: true, signal: true }

/**
 * Exports every record of `file` (up to `limitGames`) to `options.out`. Throws `RedzoneError`
 * `usage` for bad options (an unknown one, one of the wrong type), a `file` that is not a path or
 * can't be read, an output that can't be written, or an `.npz` that would pass 4 GiB (export to a
 * directory instead).
 */
export async function exportGames(file: string, options: ExportGamesOptions): Promise<ExportGamesResult> {
  return exportGamesWith(file, options, NPZ_LIMIT)
}

/** `exportGames` with another `.npz` limit (tests). */
export async function exportGamesWith(file: string, options: ExportGamesOptions, npzLimit: number): Promise<ExportGamesResult> {
  const started = performance.now()
  const checked = Options.of('exportGames', options, Object.keys(EXPORT_OPTIONS))
  checkPath(file, 'exportGames: file', 'usage')
  if (!checked.has('out')) throw new RedzoneError('usage', 'exportGames: options.out: required: a directory, or a file ending in .npz')
  checked.text('out', 'a directory, or a file ending in .npz')
  checked.check('seat', (v) => v === 0 || v === 1 || v === 'both', '0, 1 or "both"')
  checked.whole('limitGames', 1, Number.MAX_SAFE_INTEGER)
  checked.boolean('skipInexpressible')
  checked.function('onProgress')
  checked.signal('signal')
  const seat = options.seat ?? 'both'
  const limit = options.limitGames ?? Infinity
  const out = resolve(options.out)
  const form = out.toLowerCase().endsWith('.npz') ? 'npz' : 'npy'
  const existing = kindOf(out)
  if (form === 'npz' && existing === 'directory') throw new RedzoneError('usage', `--out ${options.out}: a directory, not an .npz file`)
  if (form === 'npy' && existing === 'file') throw new RedzoneError('usage', `--out ${options.out}: a file; the arrays go into a directory (or name a file ending in .npz)`)
  // A new name ending as a file of another kind would silently become a directory of that name.
  const ending = /\.(zip|npy|json|jsonl)$/i.exec(out)?.[0]
  if (form === 'npy' && existing === null && ending !== undefined) {
    throw new RedzoneError('usage', `--out ${options.out}: the arrays go into a directory or one file ending in .npz, not a ${ending} file (name a directory, or ${options.out.slice(0, -ending.length)}.npz)`)
  }
  if (kindOf(dirname(out)) !== 'directory') throw new RedzoneError('usage', `--out ${options.out}: the folder ${dirname(out)} does not exist`)

  // The .npz packer (with fflate, bundled into its chunk) loads only for an .npz.
  const npz = form === 'npz' ? await import('./npz.js') : null
  const input = await openGamesFile(file)
  const total = options.onProgress ? Math.min(await countNonBlankLines(file), limit) : 0

  let temp: string
  try {
    // mkdir, not mkdtemp: the folder becomes the output, with the usual permissions.
    temp = join(dirname(out), `.${basename(out)}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`)
    mkdirSync(temp)
  } catch (error) {
    input.destroy()
    throw new RedzoneError('usage', `--out ${options.out}: can't write there (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`)
  }
  const writers = ARRAYS.map(([name, type, shape]) => new NpyWriter(join(temp, `${name}.npy`), type, shape))
  const [obsW, maskW, actionW, seatW, outcomeW, gameW, decisionW] = writers as [NpyWriter, NpyWriter, NpyWriter, NpyWriter, NpyWriter, NpyWriter, NpyWriter]
  let finished = false
  try {
    const rowsOf = new RecordRows()
    const current = engineVersion()
    const rowOptions = { seats: seat, skipInexpressible: options.skipInexpressible ?? false }
    let records = 0
    let decisions = 0
    let skipped = 0
    let line = 0
    let winner: 0 | 1 | null = null
    let lineIndex = 0
    let obsOf: Float32Array | null = null
    let obsBytes: Uint8Array = new Uint8Array(0)
    const sink = (obs: Float32Array, mask: Uint8Array, action: number, who: 0 | 1, decision: number): void => {
      if (obs !== obsOf) {
        obsOf = obs
        obsBytes = new Uint8Array(obs.buffer, obs.byteOffset, obs.byteLength)
      }
      obsW.row(obsBytes)
      maskW.row(mask)
      actionW.value(action)
      seatW.value(who)
      outcomeW.value(winner === null ? 0 : winner === who ? 1 : -1)
      gameW.value(lineIndex)
      decisionW.value(decision)
    }
    options.onProgress?.({ records: 0, total, rows: 0 })
    for await (const text of createInterface({ input, crlfDelay: Infinity })) {
      line++
      if (options.signal?.aborted) return { ok: false, problem: 'stopped', line: null, message: `stopped after ${records} records; nothing written` }
      if (text.trim() === '') continue
      let value: unknown
      try {
        value = JSON.parse(text)
      } catch {
        return { ok: false, problem: 'invalid', line, message: 'not JSON (a partial line?)' }
      }
      const shape = recordShapeError(value)
      if (shape !== null) return { ok: false, problem: 'invalid', line, message: `not a game record: ${shape}` }
      const record = value as GameRecord
      const version = versionError(record.version, current)
      if (version !== null) return { ok: false, problem: 'invalid', line, message: `another version: ${version}` }
      if (record.agents.length !== 2) return { ok: false, problem: 'invalid', line, message: `a game of ${record.agents.length} players: export takes two-player games` }
      winner = record.winner === null ? null : record.winner === 0 ? 0 : 1
      lineIndex = line - 1
      try {
        const result = rowsOf.rowsOf(record, sink, rowOptions)
        decisions += result.decisions
        skipped += result.skipped
      } catch (error) {
        if (!(error instanceof RedzoneError)) throw error
        return { ok: false, problem: 'differs', line, message: error.message.replace(/^redzone: /, '') }
      }
      records++
      // At most two buffers of each array being written while the next record's rows are made.
      for (const w of writers) await w.settle(2)
      options.onProgress?.({ records, total, rows: obsW.rows })
      if (form === 'npz') {
        const bytes = npzBytes(writers)
        if (bytes > npzLimit) {
          throw new RedzoneError(
            'usage',
            `--out ${options.out}: the arrays pass ${formatBytes(npzLimit)} after ${records} records (${obsW.rows} rows), more than an .npz holds (a zip without ZIP64); export to a directory instead (--out DIR), or fewer games (--limit-games)`,
          )
        }
      }
      if (records >= limit) break
    }
    if (records === 0) return { ok: false, problem: 'invalid', line: null, message: 'no games' }

    const rows = obsW.rows
    const arrays = Object.fromEntries(ARRAYS.map(([name, type, shape]) => [name, { dtype: type, shape: [rows, ...shape] }])) as ExportMeta['arrays']
    const meta: ExportMeta = {
      format: EXPORT_FORMAT,
      version: current,
      obsVersion: OBS_VERSION,
      obsSize: OBS_SIZE,
      actionSize: ACTION_SIZE,
      source: basename(file),
      records,
      rows,
      seat,
      decisions,
      skipped: { inexpressible: skipped },
      arrays,
    }
    for (const w of writers) await w.close()
    finished = true
    const metaText = `${JSON.stringify(meta, null, 2)}\n`
    writeFileSync(join(temp, 'meta.json'), metaText)
    const names = [...ARRAYS.map(([name]) => `${name}.npy`), 'meta.json']
    let bytes: number
    if (form === 'npz') {
      const packed = join(temp, basename(out))
      bytes = npz!.packNpz(names.map((name) => ({ name, path: join(temp, name) })), packed)
      renameSync(packed, out)
    } else {
      bytes = writers.reduce((n, w) => n + w.bytes, 0) + Buffer.byteLength(metaText)
      if (existing === null) renameSync(temp, out)
      // Into an existing directory: each array replaced, meta.json last.
      else for (const name of names) renameSync(join(temp, name), join(out, name))
    }
    return { ok: true, summary: { out, form, bytes, seconds: (performance.now() - started) / 1000, meta } }
  } finally {
    input.destroy()
    if (!finished) for (const w of writers) await w.abandon()
    rmSync(temp, { recursive: true, force: true })
  }
}

function kindOf(path: string): 'file' | 'directory' | null {
  try {
    return statSync(path).isDirectory() ? 'directory' : 'file'
  } catch {
    return null
  }
}


/** The size of the `.npz` the arrays so far would make (meta.json counted at its most). */
function npzBytes(writers: readonly NpyWriter[]): number {
  let bytes = ZIP_END_BYTES + ZIP_ENTRY_BYTES + 'meta.json'.length * 2 + META_ROOM
  for (const w of writers) bytes += w.bytes + ZIP_ENTRY_BYTES + (basename(w.path).length * 2)
  return bytes
}

/** `1.2 GB`, `340.5 MB`: sizes in the summary (decimal units). */
export function formatBytes(bytes: number): string {
  if (bytes >= 1e9) return `${(bytes / 1e9).toFixed(2)} GB`
  if (bytes >= 1e6) return `${(bytes / 1e6).toFixed(1)} MB`
  if (bytes >= 1e3) return `${(bytes / 1e3).toFixed(1)} kB`
  return `${bytes} B`
}
