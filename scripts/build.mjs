#!/usr/bin/env node
/**
 * The build: one esbuild pass with code splitting, so the entries (`redzone`, `redzone/sim`, `redzone/rl`, `redzone/internal`, `redzone/scenario`,
 * `redzone/node`, `redzone/worker` and the CLI) share one copy of the core (one Game class, one set of components),
 * then declarations with tsc into dist/types.
 *
 *   dist/index.js, dist/sim.js, dist/rl.js, dist/internal.js, dist/scenario.js, dist/node.js, dist/worker.js, dist/cli.js, dist/selfplay-worker.js,
 *   dist/chunks/*.js, dist/types/**.d.ts
 *
 * `--no-types` skips the declarations (a faster build for the CLI tests).
 */
import { execFileSync } from 'node:child_process'
import { chmodSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { build } from 'esbuild'

const root = join(import.meta.dirname, '..')
const dist = join(root, 'dist')
const withTypes = !process.argv.includes('--no-types')

for (const old of ['index.js', 'sim.js', 'rl.js', 'internal.js', 'scenario.js', 'node.js', 'worker.js', 'cli.js', 'selfplay-worker.js', 'chunks', 'types']) rmSync(join(dist, old), { recursive: true, force: true })

await build({
  absWorkingDir: root,
  entryPoints: {
    index: 'src/index.ts',
    sim: 'src/sim.ts',
    rl: 'src/rl.ts',
    internal: 'src/internal.ts',
    scenario: 'src/scenario/index.ts',
    node: 'src/node/index.ts',
    worker: 'src/worker/index.ts',
    cli: 'src/cli/main.ts',
    // The self-play worker threads' entry (piscina loads it beside cli.js).
    'selfplay-worker': 'src/node/selfplay/worker.ts',
  },
  outdir: 'dist',
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'neutral',
  target: 'es2022',
  packages: 'external',
  logLevel: 'warning',
})

// The CLI runs as a command: a shebang on its entry file only (a banner would go on every chunk).
const cli = join(dist, 'cli.js')
writeFileSync(cli, `#!/usr/bin/env node\n${readFileSync(cli, 'utf8')}`)
chmodSync(cli, 0o755)

if (withTypes) {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc')
  execFileSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json')], { stdio: 'inherit' })
}
