#!/usr/bin/env node
/**
 * The build: one esbuild pass with code splitting, so the entries (`redzone`, `redzone/sim`, `redzone/rl`, `redzone/internal`, `redzone/scenario`,
 * `redzone/node`, `redzone/worker` and the CLI) share one copy of the core (one Game class, one set of components),
 * then declarations with tsc into dist/types.
 *
 *   dist/index.js, dist/sim.js, dist/rl.js, dist/internal.js, dist/scenario.js, dist/node.js, dist/worker.js, dist/cli.js, dist/selfplay-worker.js,
 *   dist/chunks/*.js, dist/types/**.d.ts
 *
 * `--no-types` skips the declarations (a faster build for the CLI tests). `--if-stale` (`npm start`,
 * `npm pack` and `npm install` through `prepare`) builds only when dist/ is not the build of the
 * sources as they are: a hash of every input (src, systems, components, bench/engine-combat.ts,
 * package.json, the tsconfigs, this script) is kept in dist/.build-stamp after a full build.
 */
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { chmodSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { build } from 'esbuild'

const root = join(import.meta.dirname, '..')
const dist = join(root, 'dist')
const withTypes = !process.argv.includes('--no-types')
const stampFile = join(dist, '.build-stamp')

/** A hash of everything the build reads: the sources, the manifests and this script. */
function inputsHash() {
  const files = []
  const walk = (dir) => {
    for (const name of readdirSync(join(root, dir)).sort()) {
      const path = `${dir}/${name}`
      if (statSync(join(root, path)).isDirectory()) walk(path)
      else if (/\.(ts|mts|json)$/.test(name)) files.push(path)
    }
  }
  for (const dir of ['src', 'systems', 'components']) walk(dir)
  files.push('package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json', 'scripts/build.mjs')
  const hash = createHash('sha256')
  for (const file of files) hash.update(`${file}\0`).update(existsSync(join(root, file)) ? readFileSync(join(root, file)) : '').update('\0')
  return hash.digest('hex')
}

const hash = inputsHash()
if (process.argv.includes('--if-stale') && existsSync(stampFile) && readFileSync(stampFile, 'utf8').trim() === hash) {
  console.log('build: dist/ is current (the sources have not changed since it was built)')
  process.exit(0)
}
rmSync(stampFile, { force: true })

for (const old of ['index.js', 'sim.js', 'rl.js', 'internal.js', 'scenario.js', 'node.js', 'worker.js', 'cli.js', 'selfplay-worker.js', 'chunks', 'vendor', 'types']) rmSync(join(dist, old), { recursive: true, force: true })

/**
 * The CLI's own packages (commander, cli-progress: CommonJS, Node only) are bundled into
 * dist/vendor/ with their licenses, so that a consumer who only uses the engine installs none of
 * them. The entries import them as `#redzone/commander` and `#redzone/cli-progress`, the package's
 * subpath imports (package.json "imports"), which Node resolves from any file of the package.
 */
const VENDORED = {
  commander: { entry: 'node_modules/commander/esm.mjs', license: 'node_modules/commander/LICENSE' },
  'cli-progress': { entry: 'node_modules/cli-progress/cli-progress.js', license: 'node_modules/cli-progress/LICENSE.md' },
}
await build({
  absWorkingDir: root,
  entryPoints: Object.fromEntries(Object.entries(VENDORED).map(([name, { entry }]) => [name, entry])),
  outdir: 'dist/vendor',
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'es2022',
  // CommonJS that requires Node's modules, in an ES module: `require` made for it.
  banner: { js: "import { createRequire as __redzoneRequire } from 'node:module'\nconst require = __redzoneRequire(import.meta.url)" },
  logLevel: 'warning',
})
for (const [name, { license }] of Object.entries(VENDORED)) writeFileSync(join(dist, 'vendor', `${name}.LICENSE`), readFileSync(join(root, license)))

const vendored = {
  name: 'vendored',
  setup(b) {
    b.onResolve({ filter: /^(commander|cli-progress)$/ }, (args) => ({ path: `#redzone/${args.path}`, external: true }))
  },
}

await build({
  absWorkingDir: root,
  plugins: [vendored],
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
  // Syntax only (names and whitespace kept, so stack traces still name their functions): among other things, each
  // module-level number (`C_ATTACKING`, `KW_FLYING`, `NO_ENTITY`) is written as the number where it
  // is used, where V8 would load it from the module at every use and check its type: 0.94x the
  // instructions of a 10-a-side combat (README, "Where the time goes now").
  minifySyntax: true,
  // The packages a consumer installs (dependencies), commander and cli-progress (vendored above) and the optional peers (loaded only by the Node
  // features that need them) stay imports; zod, used by the scenario loader only, is bundled into the
  // chunks of redzone/scenario, redzone/node and the CLI, so a consumer installs no zod; fflate (8 kB)
  // is bundled into the chunk that packs redzone export's .npz, loaded only for an .npz.
  external: ['node:*', 'bitecs', 'eventemitter3', 'bullmq', 'ioredis', 'piscina', 'chart.js'],
  logLevel: 'warning',
})

// The CLI runs as a command: a shebang on its entry file only (a banner would go on every chunk).
const cli = join(dist, 'cli.js')
writeFileSync(cli, `#!/usr/bin/env node\n${readFileSync(cli, 'utf8')}`)
chmodSync(cli, 0o755)

if (withTypes) {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc')
  execFileSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json')], { stdio: 'inherit' })
  writeFileSync(stampFile, `${hash}\n`)
}
