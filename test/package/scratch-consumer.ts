/**
 * A scratch consumer of the packed tarball: `npm pack` into a temp dir, unpacked as
 * node_modules/redzone, with the project's own installed dependencies linked beside it
 * (no network).
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

export const root = join(import.meta.dirname, '..', '..')
const typescript = join(root, 'node_modules', 'typescript', 'bin', 'tsc')

export interface Packed {
  /** The consumer project: package.json, node_modules/redzone, node_modules/<its dependencies>. */
  dir: string
  /** Paths inside the tarball, as `npm pack` lists them. */
  files: string[]
}

/** Builds if needed, packs without running lifecycle scripts (the build is not re-run mid-test), unpacks. */
export function packIntoScratchConsumer(): Packed {
  if (!existsSync(join(root, 'dist', 'types', 'src', 'index.d.ts'))) execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' })
  const dir = mkdtempSync(join(tmpdir(), 'redzone-consumer-'))
  const packOut = execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], { cwd: root, encoding: 'utf8' })
  const [pack] = JSON.parse(packOut) as { filename: string; files: { path: string }[] }[]
  const installed = join(dir, 'node_modules', 'redzone')
  mkdirSync(installed, { recursive: true })
  execFileSync('tar', ['-xzf', join(dir, pack!.filename), '-C', installed, '--strip-components=1'])
  for (const dependency of ['bitecs', 'eventemitter3', 'zod', 'commander']) {
    symlinkSync(join(root, 'node_modules', dependency), join(dir, 'node_modules', dependency), 'dir')
  }
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }, null, 2))
  return { dir, files: pack!.files.map((f) => f.path) }
}

export function writeIn(dir: string, file: string, text: string): void {
  mkdirSync(dirname(join(dir, file)), { recursive: true })
  writeFileSync(join(dir, file), text)
}

/** Runs the project's TypeScript on a consumer tsconfig; `output` is tsc's diagnostics. */
export function typeCheck(dir: string, tsconfig: string): { code: number | null; output: string } {
  const out = spawnSync(process.execPath, [typescript, '-p', join(dir, tsconfig)], { cwd: dir, encoding: 'utf8' })
  return { code: out.status, output: out.stdout + out.stderr }
}
