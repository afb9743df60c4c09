/** A throwaway HTTP server on localhost for browser tests: fixed files from memory, a random port. */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface ServedFile {
  body: string | Uint8Array
  type: string
}

export interface Served {
  url: string
  close(): Promise<void>
}

/** `headers` go on every answer (e.g. COOP/COEP for a cross-origin isolated page, whose timers are finer). */
export async function serveFiles(files: Readonly<Record<string, ServedFile>>, headers: Readonly<Record<string, string>> = {}): Promise<Served> {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname
    const file = files[path === '/' ? '/index.html' : path]
    if (!file && path === '/favicon.ico') {
      response.writeHead(204).end()
      return
    }
    if (!file) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found')
      return
    }
    response.writeHead(200, { ...headers, 'content-type': file.type, 'cache-control': 'no-store' }).end(file.body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
