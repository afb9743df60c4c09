/**
 * The engine's version as a run binds it: the package version and the rules edition. A queue run
 * is played by one version only (a worker of another would write other games).
 */
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { RULES_EDITION } from '../../core/rules-edition.js'

let cached: string | undefined

/** The version of the nearest package.json named `redzone` above this module (from source or from dist/). */
function packageVersion(): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    const file = join(dir, 'package.json')
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: unknown; version?: unknown }
      if (pkg.name === 'redzone' && typeof pkg.version === 'string') return pkg.version
    }
    if (dirname(dir) === dir) return 'unknown'
  }
}

/** `redzone 0.1.0 (<rules edition>)`. */
export function engineVersion(): string {
  cached ??= `redzone ${packageVersion()} (${RULES_EDITION})`
  return cached
}
