/** Blocking writes and waits on file descriptors (pipes and files), for the tools that stream bytes without the event loop. */
import { writeSync } from 'node:fs'

const PAUSE = new Int32Array(new SharedArrayBuffer(4))

/** Sleeps for a millisecond: the wait of a non-blocking pipe that isn't ready (EAGAIN). */
export function pause(): void {
  Atomics.wait(PAUSE, 0, 0, 1)
}

/**
 * `writeSync` until every byte is written (a pipe or a file may take fewer at a time): at
 * `position`, or where the descriptor is; a pipe that isn't ready (EAGAIN) is waited for.
 */
export function writeAll(fd: number, data: Uint8Array, position: number | null = null): void {
  let done = 0
  while (done < data.length) {
    try {
      done += writeSync(fd, data, done, data.length - done, position === null ? null : position + done)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error
      pause()
    }
  }
}
