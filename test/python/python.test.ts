/**
 * The Python package's own tests (python/tests, pytest) against this build's server: the
 * Gymnasium vector API, the PettingZoo AEC API, the protocol, and Node/Python parity. Skipped, with
 * a printed line saying so, where no Python with numpy and pytest is found.
 */
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { findPython } from './find-python.js'

const root = join(import.meta.dirname, '..', '..')
const python = findPython()
if (!python.path) process.stdout.write(`python tests NOT run: ${python.reason}\n`)

describe('the Python package (python/tests with pytest)', () => {
  it.skipIf(!python.path)('passes its tests: the vector env, the AEC env, the protocol and Node/Python parity', () => {
    const run = spawnSync(python.path!, ['-m', 'pytest', '-q', '-p', 'no:cacheprovider', 'python/tests'], { cwd: root, encoding: 'utf8', timeout: 600_000 })
    const output = `${run.stdout}\n${run.stderr}`
    expect(run.status, output).toBe(0)
    const summary = /(\d+) passed/.exec(output)
    expect(summary, output).not.toBeNull()
    expect(Number(summary![1])).toBeGreaterThanOrEqual(35)
    expect(output).not.toMatch(/\d+ (failed|skipped|error)/)
  }, 600_000)
})
