/**
 * `redzone serve --stdio`: the learning environment's protocol (`src/node/rl-server.ts`) on
 * standard input and output, for a client in another process (python/redzone). Blocking reads and
 * writes on the two pipes, one request at a time: no event loop between a request and its answer.
 * Diagnostics go to standard error; the process ends at CLOSE or when standard input closes.
 */
import { readSync } from 'node:fs'
import { PROTOCOL, RlServer } from '../node/rl-server.js'
import { pause, writeAll } from '../node/fd-io.js'

/** The largest request: a STEP of 16,384 actions (the most games an env holds) is 64 KiB; HELLO's options are a few hundred bytes. */
const MAX_FRAME = 1 << 24

/** Reads exactly `bytes.length` bytes from fd 0; false at the end of input (before any byte, or `partial` at any point). */
function readExactly(bytes: Buffer, partial = false): boolean {
  let done = 0
  while (done < bytes.length) {
    let k: number
    try {
      k = readSync(0, bytes, done, bytes.length - done, null)
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      if (code === 'EAGAIN') {
        pause()
        continue
      }
      if (code === 'EOF') k = 0
      else throw error
    }
    if (k === 0) {
      if (done === 0 || partial) return false
      throw new Error(`serve: the input ended inside a frame (${done} of ${bytes.length} bytes)`)
    }
    done += k
  }
  return true
}

/** Serves requests until CLOSE or the end of input; the exit code. */
export function serveStdio(): number {
  const server = new RlServer()
  const length = Buffer.alloc(4)
  let payload = Buffer.alloc(1 << 16)
  try {
    for (;;) {
      if (!readExactly(length)) return 0
      const size = length.readUInt32LE(0)
      if (size < 1 || size > MAX_FRAME) {
        process.stderr.write(`redzone serve: a frame of ${size} bytes: not this protocol (${PROTOCOL}); stopping\n`)
        return 2
      }
      if (payload.length < size) payload = Buffer.alloc(Math.max(size, payload.length * 2))
      const body = payload.subarray(0, size)
      if (!readExactly(body, true)) {
        process.stderr.write(`redzone serve: the input ended inside a frame of ${size} bytes; stopping\n`)
        return 2
      }
      const op = body[0]!
      try {
        for (const part of server.handle(op, body.subarray(1))) writeAll(1, part)
      } catch (error) {
        // The client closed its end (it stopped reading): nothing left to serve.
        if ((error as NodeJS.ErrnoException).code === 'EPIPE') return 0
        throw error
      }
      if (server.closed) return 0
    }
  } finally {
    server.close()
  }
}
