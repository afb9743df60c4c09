/**
 * `redzone export FILE --out DIR|FILE.npz`: the training arrays of a games file (`exportGames`),
 * progress on stderr, one summary line on stdout. Exit codes: 0 exported, 1 a record does not
 * replay as recorded (or holds a decision the encoding can't express), 2 invalid input (no file,
 * a line not JSON or not a record, another version, bad flags); nothing is written unless 0.
 */
import { RedzoneError } from '../core/errors.js'
import { exportGames, formatBytes, type ExportGamesOptions, type ExportProgress } from '../node/export.js'
import { lineProgress, type Progress, type TextSink } from '../node/selfplay/progress.js'

export const EXIT_DIFFER = 1
export const EXIT_INVALID = 2
/** The shell's convention for a process ended by a signal: 128 + its number. */
const EXIT_SIGNAL: Record<string, number> = { SIGINT: 130, SIGTERM: 143 }

export interface ExportFlags {
  out: string
  seat?: string
  limitGames?: number
  skipInexpressible?: boolean
  quiet?: boolean
}

/** Progress lines (`lineProgress`) every 2 s and at the end: `export: 120/500 games (24.0%), 15210 rows, 52.1 games/s, ETA 8s`. */
function progressLines(err: TextSink): { update(p: ExportProgress): void; end(): void } {
  let rows = 0
  let lines: Progress | null = null
  return {
    update(p) {
      rows = p.rows
      lines ??= lineProgress(p.total, err, 2000, 'export', () => `${rows} rows`)
      lines.update(p.records)
    },
    end: () => lines?.stop(),
  }
}

export async function exportCommand(file: string, flags: ExportFlags, out: TextSink = process.stdout, err: TextSink = process.stderr): Promise<number> {
  const seat = flags.seat === undefined || flags.seat === 'both' ? 'both' : flags.seat === '0' ? 0 : flags.seat === '1' ? 1 : null
  if (seat === null) {
    err.write(`redzone export: --seat: 0, 1 or both, not ${JSON.stringify(flags.seat)}\n`)
    return EXIT_INVALID
  }
  if (flags.out === '') {
    err.write('redzone export: --out: a directory, or a file ending in .npz\n')
    return EXIT_INVALID
  }
  const controller = new AbortController()
  let received: string | undefined
  const onSignal = (signal: NodeJS.Signals): void => {
    if (received) process.exit(EXIT_SIGNAL[signal] ?? EXIT_DIFFER)
    received = signal
    err.write(`redzone export: ${signal}: stopping, nothing written (again to stop at once)\n`)
    controller.abort()
  }
  process.on('SIGINT', onSignal)
  process.on('SIGTERM', onSignal)
  const progress = flags.quiet ? null : progressLines(err)
  const options: ExportGamesOptions = {
    out: flags.out,
    seat,
    skipInexpressible: flags.skipInexpressible ?? false,
    signal: controller.signal,
    ...(flags.limitGames === undefined ? {} : { limitGames: flags.limitGames }),
    ...(progress ? { onProgress: (p: ExportProgress) => progress.update(p) } : {}),
  }
  try {
    const result = await exportGames(file, options)
    progress?.end()
    if (!result.ok) {
      const where = result.line === null ? file : `${file}:${result.line}`
      err.write(`redzone export: ${where}: ${result.message}${result.problem === 'stopped' ? '' : '; nothing written'}\n`)
      return result.problem === 'invalid' ? EXIT_INVALID : result.problem === 'stopped' ? (EXIT_SIGNAL[received ?? 'SIGINT'] ?? EXIT_DIFFER) : EXIT_DIFFER
    }
    const { summary } = result
    const { meta } = summary
    const seats = meta.seat === 'both' ? 'both seats' : `seat ${meta.seat}`
    const what = summary.form === 'npz' ? 'one .npz' : `${Object.keys(meta.arrays).length} .npy files and meta.json`
    const rate = summary.seconds > 0 ? Math.round(meta.rows / summary.seconds) : 0
    out.write(
      `exported ${meta.records} games: ${meta.rows} rows of ${seats} to ${summary.out} (${what}, ${formatBytes(summary.bytes)}) in ${summary.seconds.toFixed(1)} s, ${rate} rows/s; ` +
        `${meta.skipped.inexpressible} decision${meta.skipped.inexpressible === 1 ? '' : 's'} skipped (inexpressible)\n`,
    )
    return 0
  } catch (error) {
    progress?.end()
    if (error instanceof RedzoneError && error.code === 'usage') {
      err.write(`redzone export: ${error.message.replace(/^redzone: /, '')}\n`)
      return EXIT_INVALID
    }
    err.write(`redzone export: ${error instanceof Error ? (process.env.REDZONE_DEBUG ? error.stack : error.message) : String(error)}\n`)
    return EXIT_DIFFER
  } finally {
    process.off('SIGINT', onSignal)
    process.off('SIGTERM', onSignal)
  }
}
