/**
 * `redzone replay FILE`: replays every record of a games file (JSON lines, as `selfplay --out`
 * writes them) and checks each is the recorded game (`replay`, on a `GameTable`: the same actions accepted, the same
 * first player, winner, turns and reason). One line per record that differs, then
 * "N replayed, N differ"; records of another engine version and lines that are not records are
 * counted apart (bad input).
 */
import { createInterface } from 'node:readline'
import { GameTable } from '../play/play-game.js'
import { recordShapeError, type GameRecord } from '../play/record.js'
import { engineVersion, versionError } from '../play/version.js'
import { countLines, openGamesFile } from '../node/lines.js'
import { lineProgress, silentProgress, type Progress, type TextSink } from '../node/selfplay/progress.js'

/** Exit codes: 0 every record replayed as recorded, 1 a record differs, 2 bad input (no file, a line not a record, another version). */
export const EXIT_DIFFER = 1
export const EXIT_INVALID = 2

/** Lines listed of each kind of bad input (all are counted). */
const LISTED = 20

export interface ReplayFileResult {
  /** Records of this version replayed (the same game or not). */
  replayed: number
  /** The records whose replay differs: line number and what differs. */
  differ: { line: number; message: string }[]
  /** Lines that are not game records (`recordShapeError`: not JSON, a partial last line, a field of the wrong shape or unknown, an action string that is no action's encoding). */
  invalid: { line: number; message: string }[]
  /** Records of another engine version or card pool: not replayed. */
  otherVersion: { line: number; message: string }[]
}

/** Replays every record of `file` (throws a `usage` RedzoneError when the file can't be read). */
export async function replayGamesFile(file: string, progress: (total: number) => Progress = () => silentProgress): Promise<ReplayFileResult> {
  const stream = await openGamesFile(file)
  const bar = progress(await countLines(file))
  const result: ReplayFileResult = { replayed: 0, differ: [], invalid: [], otherVersion: [] }
  const current = engineVersion()
  const table = new GameTable()
  let line = 0
  try {
    for await (const text of createInterface({ input: stream, crlfDelay: Infinity })) {
      line++
      bar.update(line)
      if (text.trim() === '') continue
      let value: unknown
      try {
        value = JSON.parse(text)
      } catch {
        result.invalid.push({ line, message: 'not JSON (a partial line?)' })
        continue
      }
      const shape = recordShapeError(value)
      if (shape !== null) {
        result.invalid.push({ line, message: `not a game record: ${shape}` })
        continue
      }
      const record = value as GameRecord
      const version = versionError(record.version, current)
      if (version !== null) {
        result.otherVersion.push({ line, message: version })
        continue
      }
      result.replayed++
      try {
        table.replay(record)
      } catch (error) {
        result.differ.push({ line, message: (error as Error).message.replace(/^redzone: /, '') })
      }
    }
  } finally {
    bar.stop()
  }
  return result
}

/** The report: the records that differ, bad lines (the first few), and "N replayed, N differ". */
export function formatReplayResult(file: string, result: ReplayFileResult): string {
  // In the file's order, whatever each line's problem (every record that differs, the first few bad lines of each kind).
  const listed: { line: number; text: string }[] = result.differ.map((d) => ({ line: d.line, text: `${file}:${d.line}: differs: ${d.message}` }))
  const more: string[] = []
  for (const [what, list] of [['not a record', result.invalid], ['another version', result.otherVersion]] as const) {
    for (const d of list.slice(0, LISTED)) listed.push({ line: d.line, text: `${file}:${d.line}: ${what}: ${d.message}` })
    if (list.length > LISTED) more.push(`  ... ${list.length - LISTED} more lines: ${what}`)
  }
  const lines = [...listed.sort((a, b) => a.line - b.line).map((l) => l.text), ...more]
  let total = `${result.replayed} replayed, ${result.differ.length} differ`
  if (result.otherVersion.length > 0) total += `, ${result.otherVersion.length} of another version (not replayed)`
  if (result.invalid.length > 0) total += `, ${result.invalid.length} not records`
  lines.push(total)
  return `${lines.join('\n')}\n`
}

export function replayExitCode(result: ReplayFileResult): number {
  if (result.invalid.length > 0 || result.otherVersion.length > 0 || result.replayed === 0) return EXIT_INVALID
  return result.differ.length > 0 ? EXIT_DIFFER : 0
}

/** `redzone replay FILE [--quiet]`: progress lines on stderr (every 2 s and at the end). */
export async function replayCommand(file: string, options: { quiet?: boolean }, out: TextSink = process.stdout, err: TextSink = process.stderr): Promise<number> {
  let result: ReplayFileResult
  try {
    result = await replayGamesFile(file, (total) => (options.quiet ? silentProgress : lineProgress(total, err, 2000, 'replay')))
  } catch (error) {
    err.write(`redzone replay: ${(error as Error).message.replace(/^redzone: /, '')}\n`)
    return EXIT_INVALID
  }
  out.write(formatReplayResult(file, result))
  if (result.replayed === 0 && result.invalid.length === 0 && result.otherVersion.length === 0) err.write(`redzone replay: ${file}: no games\n`)
  return replayExitCode(result)
}
