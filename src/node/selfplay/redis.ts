/**
 * Connections to the queue's Redis: checked once before a command starts (a usage error if
 * nothing answers), then retried for as long as it takes (a Redis restarted mid-run loses
 * nothing), with one line per retry naming the URL, never a raw error object.
 */
import { Redis } from 'ioredis'
import { RedzoneError } from '../../core/errors.js'

/** The URL as printed in logs: any password replaced by `***`. */
export function shownUrl(url: string): string {
  try {
    const parsed = new URL(url)
    if (parsed.password === '') return url
    parsed.password = '***'
    return parsed.toString()
  } catch {
    return url
  }
}

/** Checks a queue URL and that a Redis server answers there (a usage error otherwise). */
export async function checkRedis(url: string, timeoutMs = 3000): Promise<void> {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw new RedzoneError('usage', `--queue ${url}: expected a redis:// URL, e.g. redis://127.0.0.1:6379`)
  }
  if (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:') {
    throw new RedzoneError('usage', `--queue ${url}: expected a redis:// or rediss:// URL`)
  }
  const client = new Redis(url, { lazyConnect: true, connectTimeout: timeoutMs, disconnectTimeout: 50, maxRetriesPerRequest: 0, retryStrategy: () => null, enableOfflineQueue: false })
  let cause: Error | undefined
  client.on('error', (error: Error) => (cause ??= error))
  try {
    await client.connect()
    await client.ping()
  } catch (error) {
    throw new RedzoneError('usage', `--queue ${shownUrl(url)}: can't reach Redis: ${(cause ?? (error as Error)).message || 'connection refused'}`)
  } finally {
    client.disconnect()
  }
}

/** Whether an error is the connection's (Redis down or unreachable), which the retries report, rather than a command's. */
export function isConnectionError(error: unknown): boolean {
  const e = error as NodeJS.ErrnoException | null
  if (!e || typeof e !== 'object') return false
  if (typeof e.code === 'string' && /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|ECONNABORTED)$/.test(e.code)) return true
  return /Connection is closed|Stream isn't writeable|connect ETIMEDOUT|Socket closed unexpectedly/i.test(e.message ?? '')
}

/** The delay before retry `times` (1, 2, ...): 0.25 s doubling to 5 s. */
export function retryDelay(times: number): number {
  return Math.min(250 * 2 ** Math.min(times - 1, 5), 5000)
}

/**
 * A client that retries its connection forever (commands wait for it). With `log`, each retry is
 * one line (`Redis at redis://host:6379 unreachable (ECONNREFUSED); retry 3 in 1.0 s`) and the
 * reconnection another: give `log` to one client of a process, so a retry is reported once.
 */
export function connectRedis(url: string, log?: (line: string) => void): Redis {
  let cause = ''
  let retrying = false
  const client = new Redis(url, {
    maxRetriesPerRequest: null,
    retryStrategy: (times: number) => {
      const delay = retryDelay(times)
      retrying = true
      log?.(`Redis at ${shownUrl(url)} unreachable (${cause || 'connection closed'}); retry ${times} in ${(delay / 1000).toFixed(1)} s`)
      return delay
    },
  })
  client.on('error', (error: NodeJS.ErrnoException) => {
    cause = error.code ?? error.message
  })
  client.on('close', () => {
    cause ||= 'connection closed'
  })
  client.on('ready', () => {
    if (retrying) log?.(`Redis at ${shownUrl(url)} reachable again`)
    retrying = false
    cause = ''
  })
  return client
}
