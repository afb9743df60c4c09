/**
 * The Python the project's Python tests run with: `$REDZONE_PYTHON`, else Debian's `/usr/bin/python3`
 * (the one `apt-get install python3-numpy python3-pytest` serves; a `python3` first on the PATH
 * may be another install that doesn't see them), else `python3` on the PATH. Null with the reason
 * when none has numpy and pytest.
 */
import { spawnSync } from 'node:child_process'

export interface FoundPython {
  path: string | null
  reason: string
}

export function findPython(): FoundPython {
  const candidates = [process.env['REDZONE_PYTHON'], '/usr/bin/python3', 'python3'].filter((p): p is string => !!p)
  const tried: string[] = []
  for (const path of candidates) {
    const probe = spawnSync(path, ['-c', 'import numpy, pytest; print(numpy.__version__, pytest.__version__)'], { encoding: 'utf8' })
    if (probe.status === 0) return { path, reason: `${path}: numpy ${probe.stdout.trim().split(' ').join(', pytest ')}` }
    tried.push(`${path}: ${probe.error ? 'not found' : (probe.stderr.trim().split('\n').pop() ?? 'failed')}`)
  }
  return { path: null, reason: `no Python with numpy and pytest (${tried.join('; ')}); apt-get install -y python3-numpy python3-pytest (.ci/run does)` }
}
