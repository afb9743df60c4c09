/** Builds the browser demo (demo/web -> dist/demo) with esbuild, and serves a directory on localhost. */
import { existsSync, mkdirSync, readFileSync, copyFileSync, createReadStream, statSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { dirname, extname, join, normalize, resolve, sep } from 'node:path'
import { build } from 'esbuild'

/** The project root (the directory of redzone's package.json), from this file or its bundle in dist/. */
export function projectRoot(from = import.meta.dirname): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json')
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'redzone') return dir
    if (dirname(dir) === dir) throw new Error(`demo: no redzone package.json above ${from}`)
  }
}

/** Bundles demo/web/main.ts and its worker (demo/web/worker.ts) for the browser and copies the page and its style into `outdir` (default dist/demo). */
export async function buildDemo(outdir = join(projectRoot(), 'dist', 'demo')): Promise<string> {
  const root = projectRoot()
  mkdirSync(outdir, { recursive: true })
  await build({
    absWorkingDir: root,
    // The page and its Web Worker (the game, the agent and the benchmark run there).
    entryPoints: { main: 'demo/web/main.ts', worker: 'demo/web/worker.ts' },
    outdir,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    sourcemap: true,
    logLevel: 'warning',
  })
  for (const file of ['index.html', 'style.css']) copyFileSync(join(root, 'demo', 'web', file), join(outdir, file))
  return outdir
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json',
}

/** Serves the files of `dir` on 127.0.0.1 (port 0: any free port). */
export async function serveDirectory(dir: string, port = 0): Promise<{ server: Server; url: string }> {
  const base = resolve(dir)
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname)
    const file = normalize(join(base, path === '/' ? 'index.html' : path))
    if (!file.startsWith(base + sep) || !existsSync(file) || !statSync(file).isFile()) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found')
      return
    }
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' })
    createReadStream(file).pipe(response)
  })
  await new Promise<void>((done, fail) => {
    server.once('error', fail)
    server.listen(port, '127.0.0.1', done)
  })
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` }
}
