/** Progress of a run on stderr: a cli-progress bar on a terminal, plain lines otherwise. */
import cliProgress from 'cli-progress'

export interface Progress {
  update(done: number): void
  /** A message above the bar (or a line). */
  note(message: string): void
  stop(): void
}

export const silentProgress: Progress = { update() {}, note() {}, stop() {} }

function duration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '?'
  const s = Math.round(seconds)
  return s >= 3600 ? `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m` : s >= 60 ? `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s` : `${s}s`
}

/** Where progress is written: a stream's `write` (declared here, so the types need no Node typings). */
export interface TextSink {
  write(chunk: string): unknown
}

/**
 * Progress lines every `everyMs`, and at the end unless the last line said it already:
 * `selfplay: 1280/100000 games (1.3%), 512.0 games/s, ETA 3m12s`; `detail` adds to each line
 * after the percentage (`export: ... (24.0%), 15210 rows, ...`).
 */
export function lineProgress(total: number, stream: TextSink = process.stderr, everyMs = 2000, label = 'selfplay', detail?: () => string): Progress {
  const start = performance.now()
  let last = start
  let done = 0
  let printed = -1
  const line = (): void => {
    printed = done
    const seconds = (performance.now() - start) / 1000
    const rate = seconds > 0 ? done / seconds : 0
    const pct = total === 0 ? 100 : (100 * done) / total
    stream.write(`${label}: ${done}/${total} games (${pct.toFixed(1)}%)${detail ? `, ${detail()}` : ''}, ${rate.toFixed(1)} games/s, ETA ${duration(rate > 0 ? (total - done) / rate : Infinity)}\n`)
  }
  return {
    update(value) {
      done = value
      const now = performance.now()
      if (now - last >= everyMs) {
        last = now
        line()
      }
    },
    note: (message) => stream.write(`${message}\n`),
    stop() {
      if (printed !== done) line()
    },
  }
}

/** A bar with games done, games/s and the ETA. */
export function barProgress(total: number, stream: TextSink = process.stderr): Progress {
  const start = performance.now()
  const bar = new cliProgress.SingleBar(
    {
      stream: stream as NodeJS.WritableStream,
      format: 'selfplay |{bar}| {value}/{total} games | {rate} games/s | ETA {eta_formatted}',
      etaBuffer: 50,
      fps: 10,
      hideCursor: true,
    },
    cliProgress.Presets.shades_classic,
  )
  bar.start(total, 0, { rate: '0.0' })
  return {
    update(done) {
      const seconds = (performance.now() - start) / 1000
      bar.update(done, { rate: (seconds > 0 ? done / seconds : 0).toFixed(1) })
    },
    note(message) {
      bar.stop()
      stream.write(`${message}\n`)
      bar.start(total, bar.getProgress() * total)
    },
    stop: () => bar.stop(),
  }
}

/** The bar on a terminal, plain lines when stderr is a pipe or a file, nothing when `quiet`. */
export function defaultProgress(total: number, quiet = false): Progress {
  if (quiet) return silentProgress
  return process.stderr.isTTY ? barProgress(total) : lineProgress(total)
}
