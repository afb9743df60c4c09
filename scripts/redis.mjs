#!/usr/bin/env node
// Starts Debian's redis-server on 127.0.0.1 on a free port with a temporary directory (for tests).
// As a script: prints the redis:// URL and runs until SIGINT/SIGTERM, then stops it and removes the
// directory. As a module: `startRedis()` resolves to { url, port, pid, stop() }, or null when no
// redis-server is installed (`findRedisServer()` says where it looked).
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

export function findRedisServer() {
  const which = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' })
  const found = which.status === 0 ? which.stdout.trim() : ''
  if (found) return found
  for (const path of ['/usr/bin/redis-server', '/usr/local/bin/redis-server', '/usr/sbin/redis-server']) if (existsSync(path)) return path
  return null
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

export async function startRedis({ timeoutMs = 10_000 } = {}) {
  const binary = findRedisServer()
  if (!binary) return null
  const dir = mkdtempSync(join(tmpdir(), 'redzone-redis-'))
  const port = await freePort()
  const child = spawn(binary, ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no', '--daemonize', 'no', '--protected-mode', 'yes'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let log = ''
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`redis-server did not start in ${timeoutMs} ms: ${log}`)), timeoutMs)
    const onData = (chunk) => {
      log += chunk
      if (/Ready to accept connections/.test(log)) {
        clearTimeout(timer)
        resolve()
      }
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`redis-server exited (${code}): ${log}`))
    })
  })
  child.stdout.resume()
  child.stderr.resume()
  let stopped = false
  const stop = () =>
    new Promise((resolve) => {
      if (stopped) return resolve()
      stopped = true
      const done = () => {
        rmSync(dir, { recursive: true, force: true })
        resolve()
      }
      if (child.exitCode !== null) return done()
      child.once('exit', done)
      child.kill('SIGTERM')
    })
  return { url: `redis://127.0.0.1:${port}`, port, pid: child.pid, stop }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const redis = await startRedis()
  if (!redis) {
    process.stderr.write('redis-server not found: apt-get install -y redis-server\n')
    process.exit(1)
  }
  process.stdout.write(`${redis.url}\n`)
  const stop = () => redis.stop().then(() => process.exit(0))
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}
