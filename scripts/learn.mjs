#!/usr/bin/env node
/**
 * `npm run learn [-- args]`: runs the learning example (python/examples/learn.py) with Debian's
 * Python and numpy (`scripts/python.mjs`: `$REDZONE_PYTHON`, `/usr/bin/python3`, `python3`), passing the
 * arguments through. Exit code 2, with what to install, when that Python or its numpy is missing.
 * (`npm run learn` builds first: the example starts `dist/cli.js serve --stdio`.)
 */
import os from 'node:os'
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { findPython } from './python.mjs'

const script = join(import.meta.dirname, '..', 'python', 'examples', 'learn.py')

const found = findPython(['numpy'])
if (!found.path) {
  process.stderr.write(`learn: ${found.reason}.\nlearn: the example needs Python 3 with numpy: on Debian or Ubuntu, \`sudo apt-get install python3 python3-numpy\`.\n`)
  process.exit(2)
}
const python = found.path

const child = spawn(python, [script, ...process.argv.slice(2)], { stdio: 'inherit' })
// Ctrl-C reaches the child from the terminal: wait for it to stop; a SIGTERM to this process is passed on.
process.on('SIGINT', () => {})
process.on('SIGTERM', () => child.kill('SIGTERM'))
// The shell's convention for a process ended by a signal: 128 + its number (SIGINT 130, SIGTERM 143).
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 + (os.constants.signals[signal] ?? 0) : 1)))
