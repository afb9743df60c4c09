/**
 * The Python the project runs (the learning example, the Python tests, the bench's Python
 * measurement): `$REDZONE_PYTHON`, else Debian's `/usr/bin/python3` (the one `apt-get install
 * python3-numpy python3-pytest` serves; a `python3` first on the PATH may be another install that
 * doesn't see them), else `python3` on the PATH: the first that imports every module asked for.
 * `$REDZONE_PYTHON`, when set, is the only candidate (an explicit choice is not replaced silently).
 * One place, so the three agree on which Python they mean.
 */
import { spawnSync } from 'node:child_process'

/** The first candidate that imports `modules`, or null with why none does (each candidate's last error, and what to install). */
export function findPython(modules = ['numpy']) {
  const candidates = process.env.REDZONE_PYTHON ? [process.env.REDZONE_PYTHON] : ['/usr/bin/python3', 'python3']
  const tried = []
  for (const path of candidates) {
    const probe = spawnSync(path, ['-c', `import ${modules.join(', ')}`], { encoding: 'utf8' })
    if (probe.status === 0) return { path, reason: `${path} with ${modules.join(' and ')}` }
    tried.push(`${path}: ${probe.error ? 'could not be run' : (probe.stderr.trim().split('\n').pop() ?? 'failed')}`)
  }
  const packages = modules.map((m) => `python3-${m}`).join(' ')
  return { path: null, reason: `no Python with ${modules.join(' and ')} (${tried.join('; ')}): apt-get install ${packages}, or set REDZONE_PYTHON` }
}
