/**
 * Where a self-play run writes its games (`openGamesOutput`), when writing fails: every error names
 * `--out`, the path and the system error, and the first one is the one reported, never an error of
 * the stream it left destroyed. `/dev/full` fails every write with ENOSPC.
 */
import { existsSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { RedzoneError } from '../../src/core/errors.js'
import { openGamesOutput } from '../../src/node/selfplay/ordered-output.js'
import { runSelfPlay } from '../../src/node/selfplay/run.js'
import { playGame as fakePlayGame } from './fixtures/fake-game.mjs'
import { steadyAgent } from './helpers.js'

const FULL = '/dev/full'
const ENOSPC = `--out ${FULL}: write failed: ENOSPC: no space left on device`

describe.skipIf(!existsSync(FULL))('a games file that can not be written', () => {
  it('a failed write rejects naming --out and the path, and close() right after rejects with the same error, not "Cannot call end after a stream was destroyed"', async () => {
    for (let i = 0; i < 5; i++) {
      const output = openGamesOutput(FULL)
      const written = await output.write('{"a":1}\n').then(() => null, (e: unknown) => e)
      expect(written).toBeInstanceOf(RedzoneError)
      expect(written).toMatchObject({ code: 'run-failed', message: `redzone: ${ENOSPC}` })
      // At once: the stream's 'error' event has not come yet (it did the recording, so end() was called on the destroyed stream).
      const closed = await output.close().then(() => null, (e: unknown) => e)
      expect(closed).toBe(written)
      await expect(output.write('{"b":2}\n')).rejects.toBe(written)
    }
  })

  it('a run writing to a full device fails with the write error naming --out, every time (it was ERR_STREAM_DESTROYED 4 runs of 5)', async () => {
    for (let i = 0; i < 5; i++) {
      const error = await runSelfPlay({
        games: 3, seed: 1, agents: [steadyAgent, steadyAgent], decks: ['green-white', 'black-red'], playGame: fakePlayGame, out: FULL, progress: false,
      }).then(() => null, (e: unknown) => e)
      expect(error).toBeInstanceOf(RedzoneError)
      expect((error as Error).message).toBe(`redzone: ${ENOSPC}`)
    }
  })
})
