#!/usr/bin/env node
/**
 * `npm run learn [-- args]`: runs the learning example (python/examples/learn.py) with Debian's
 * Python and numpy (`/usr/bin/python3`, or the interpreter in `$REDZONE_PYTHON`), passing the
 * arguments through. Exit code 2, with what to install, when that Python or its numpy is missing.
 * (`npm run learn` builds first: the example starts `dist/cli.js serve --stdio`.)
 */
import os from 'node:os'
import { spawn, spawnSync } from 'node:child_process'
import { join } from 'node:path'

const python = process.env.REDZONE_PYTHON || '/usr/bin/python3'
const script = join(import.meta.dirname, '..', 'python', 'examples', 'learn.py')

const probe = spawnSync(python, ['-c', 'import numpy'], { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' })
if (probe.error || probe.status !== 0) {
  const why = probe.error ? `${python} could not be run (${probe.error.code ?? probe.error.message})` : `${python} has no numpy (${probe.stderr.trim().split('\n').pop()})`
  process.stderr.write(
    `learn: ${why}.\n` +
      'learn: the example needs Python 3 with numpy: on Debian or Ubuntu, `sudo apt-get install python3 python3-numpy`\n' +
      '       (or set REDZONE_PYTHON to a Python 3 interpreter that has numpy).\n',
  )
  process.exit(2)
}

const child = spawn(python, [script, ...process.argv.slice(2)], { stdio: 'inherit' })
// Ctrl-C reaches the child from the terminal: wait for it to stop; a SIGTERM to this process is passed on.
process.on('SIGINT', () => {})
process.on('SIGTERM', () => child.kill('SIGTERM'))
// The shell's convention for a process ended by a signal: 128 + its number (SIGINT 130, SIGTERM 143).
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 + (os.constants.signals[signal] ?? 0) : 1)))
