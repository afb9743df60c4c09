/** Bundles a small program against the core (src/index.ts) the way a web app's bundler would. */
import { join } from 'node:path'
import { build, type Metafile } from 'esbuild'

const root = join(import.meta.dirname, '..', '..')

export interface BrowserBundle {
  code: string
  /** Every module that went into the bundle, relative to the project (`node_modules/...`, `src/...`). */
  inputs: string[]
  metafile: Metafile
}

/** `program` imports the core as `redzone` (resolved to src/index.ts, as the package's `.` export), `redzone/sim` and the worker wrapper as `redzone/worker`. */
export async function bundleForBrowser(program: string, options: { minify?: boolean; format?: 'esm' | 'iife' } = {}): Promise<BrowserBundle> {
  const result = await build({
    stdin: { contents: program, resolveDir: root, sourcefile: 'app.ts', loader: 'ts' },
    alias: { 'redzone/worker': './src/worker/index.ts', 'redzone/sim': './src/sim.ts', redzone: './src/index.ts' },
    absWorkingDir: root,
    bundle: true,
    minify: options.minify ?? true,
    format: options.format ?? 'esm',
    platform: 'browser',
    target: 'es2022',
    metafile: true,
    write: false,
    logLevel: 'silent',
  })
  return { code: result.outputFiles[0]!.text, inputs: Object.keys(result.metafile.inputs), metafile: result.metafile }
}
