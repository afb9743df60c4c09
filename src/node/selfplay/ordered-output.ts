/** Writes ranges' games in index order as they complete in any order, buffering the early ones. */
import { createWriteStream, type WriteStream } from 'node:fs'
import { getSystemErrorMap } from 'node:util'
import { RedzoneError } from '../../core/errors.js'
import type { RangeResult } from './play-range.js'
import type { SummaryBuilder, WorkerThroughput } from './summary.js'

/** Where the games go: a file, stdout (`-`), or nowhere (no `out`). */
export interface GamesOutput {
  /** Resolves once `text` is written; rejects with the output's failure (`outputFailure`), this write's or an earlier one's. */
  write(text: string): Promise<void>
  /** Ends the file (stdout stays open); rejects with the output's failure if it has one. */
  close(): Promise<void>
}

/**
 * A write error named with its `--out`, as the CLI prints it: `--out /dev/full: write failed:
 * ENOSPC: no space left on device` (a system error as its code and description, whichever way Node
 * worded it: `ENOSPC: no space left on device, write`, `write EPIPE`). A run that can't go on:
 * `run-failed`, exit 1.
 */
export function outputFailure(out: string, error: Error): RedzoneError {
  const { errno, syscall } = error as NodeJS.ErrnoException
  const known = errno === undefined ? undefined : getSystemErrorMap().get(errno)
  const reason = known ? `${known[0]}: ${known[1]}` : error.message
  return new RedzoneError('run-failed', `--out ${out}: ${syscall === 'open' ? 'open' : 'write'} failed: ${reason}`)
}

export function openGamesOutput(out: string | undefined): GamesOutput {
  if (out === undefined) return { write: async () => {}, close: async () => {} }
  const stream: NodeJS.WritableStream & { errored?: Error | null } = out === '-' ? process.stdout : createWriteStream(out)
  // The first error, however it comes. A failed write calls its callback first and destroys the
  // stream; its 'error' event comes on a later tick. Recorded only by that event (as before), a
  // failure could be missed by close(), which then called end() on the destroyed stream: its
  // ERR_STREAM_DESTROYED replaced the write error. A write refused by an already destroyed stream
  // (an open that failed, its event not yet emitted) records the stream's own error, not that one.
  let failure: RedzoneError | undefined
  const failed = (error: Error): RedzoneError => (failure ??= outputFailure(out, stream.errored ?? error))
  stream.on('error', failed)
  return {
    write: (text) =>
      new Promise((resolve, reject) => {
        if (failure) return reject(failure)
        if (text === '') return resolve()
        stream.write(text, (error) => (error ? reject(failed(error)) : resolve()))
      }),
    close: () =>
      new Promise((resolve, reject) => {
        if (failure) return reject(failure)
        if (out === '-') return resolve()
        ;(stream as WriteStream).end((error?: Error | null) => (error ? reject(failed(error)) : resolve()))
      }),
  }
}

/** Collects ranges by position, writes them in order, and feeds the summary in index order. */
export class OrderedSink {
  private readonly pending = new Map<number, RangeResult>()
  private next = 0
  private chain: Promise<void> = Promise.resolve()
  /** Games received (written or buffered). */
  received = 0
  /** Games written, in order from the first range. */
  gamesWritten = 0
  private readonly busy = new Map<string, { games: number; ms: number }>()

  constructor(
    private readonly count: number,
    private readonly output: GamesOutput,
    private readonly summary: SummaryBuilder,
  ) {}

  /** The position of the next range to write: ranges before it are out of memory. */
  get written(): number {
    return this.next
  }

  get complete(): boolean {
    return this.next === this.count
  }

  /** Whether range `position` has arrived (buffered or written). */
  has(position: number): boolean {
    return position < this.next || this.pending.has(position)
  }

  put(position: number, result: RangeResult): Promise<void> {
    if (this.has(position)) return this.chain
    this.pending.set(position, result)
    this.received += result.to - result.from
    const who = this.busy.get(result.worker) ?? { games: 0, ms: 0 }
    who.games += result.to - result.from
    who.ms += result.ms
    this.busy.set(result.worker, who)
    this.chain = this.chain.then(() => this.flush())
    return this.chain
  }

  private async flush(): Promise<void> {
    for (let result = this.pending.get(this.next); result; result = this.pending.get(this.next)) {
      this.pending.delete(this.next)
      this.next++
      for (const outcome of result.outcomes) this.summary.add(outcome)
      await this.output.write(result.text)
      this.gamesWritten += result.to - result.from
    }
  }

  /** Games and busy time per worker (sorted by name). */
  throughput(): WorkerThroughput[] {
    return [...this.busy.entries()]
      .sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }))
      .map(([worker, { games, ms }]) => ({ worker, games, seconds: ms / 1000, gamesPerSecond: ms > 0 ? (1000 * games) / ms : 0 }))
  }

  async drained(): Promise<void> {
    await this.chain
  }
}
