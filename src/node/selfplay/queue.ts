/**
 * Self-play across machines on BullMQ + Redis: the producer enqueues one job per range of games
 * (job id = run id + range, so a retry never duplicates), any number of `redzone worker`s play
 * them on their own cores, and each range's games are stored in a Redis hash keyed by range; the
 * producer writes them in order. A worker killed mid-range leaves its job stalled: BullMQ's
 * stalled-job check hands it to another worker, and a range stored twice is stored the same.
 */
import { hostname } from 'node:os'
import { Queue, Worker, type Job } from 'bullmq'
import { Redis } from 'ioredis'
import { RedzoneError } from '../../core/errors.js'
import type { RunConfig } from './config.js'
import type { RangeResult } from './play-range.js'
import type { GameRange } from './seeds.js'
import type { OrderedSink } from './ordered-output.js'
import { createRangePool } from './pool.js'
import type { Progress } from './progress.js'

/** Also in cli.ts (which does not load this module until a command runs). */
export const DEFAULT_QUEUE_NAME = 'redzone-selfplay'
/** How long stored ranges are kept if a producer never collects them. */
const RESULT_TTL_SECONDS = 7 * 24 * 3600

export interface RangeJobData extends GameRange {
  runId: string
  config: RunConfig
}

export function resultsKey(runId: string): string {
  return `redzone:selfplay:${runId}:results`
}

export function rangeField(range: GameRange): string {
  return `${range.from}-${range.to}`
}

export function rangeJobId(runId: string, range: GameRange): string {
  return `${runId}-${range.from}-${range.to}`
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
    throw new RedzoneError('usage', `--queue ${url}: can't reach Redis: ${(cause ?? (error as Error)).message || 'connection refused'}`)
  } finally {
    client.disconnect()
  }
}

function connect(url: string): Redis {
  const client = new Redis(url, { maxRetriesPerRequest: null })
  client.on('error', () => {})
  return client
}

export interface ProduceOptions {
  url: string
  queueName: string
  runId: string
  config: RunConfig
  chunks: readonly GameRange[]
  sink: OrderedSink
  progress: Progress
  pollMs?: number
}

/** Enqueues the ranges not yet stored, then collects every range in order into `sink`. */
export async function produceOnQueue(options: ProduceOptions): Promise<void> {
  const { url, queueName, runId, config, chunks, sink, progress } = options
  const redis = connect(url)
  const queueConnection = connect(url)
  const queue = new Queue<RangeJobData>(queueName, { connection: queueConnection })
  const key = resultsKey(runId)
  const jobOf = (range: GameRange) => ({
    name: 'range',
    data: { runId, config, from: range.from, to: range.to },
    opts: { jobId: rangeJobId(runId, range), attempts: 3, backoff: { type: 'fixed', delay: 1000 }, removeOnComplete: true, removeOnFail: 1000 },
  })
  try {
    const stored = new Set(await redis.hkeys(key))
    const missing = chunks.filter((range) => !stored.has(rangeField(range)))
    for (let i = 0; i < missing.length; i += 1000) await queue.addBulk(missing.slice(i, i + 1000).map(jobOf))
    progress.note(`selfplay: run ${runId}: ${missing.length} ranges queued on ${queueName} (${chunks.length - missing.length} already stored); start workers with: redzone worker --queue ${url}`)
    let lastCheck = 0
    while (!sink.complete) {
      const window: number[] = []
      for (let p = sink.written; p < chunks.length && window.length < 256; p++) if (!sink.has(p)) window.push(p)
      const values = window.length > 0 ? await redis.hmget(key, ...window.map((p) => rangeField(chunks[p]!))) : []
      let got = false
      for (let i = 0; i < window.length; i++) {
        const value = values[i]
        if (value) {
          got = true
          await sink.put(window[i]!, JSON.parse(value) as RangeResult)
        }
      }
      progress.update(Math.max(sink.received, 0))
      if (sink.complete) break
      if (!got) {
        const now = Date.now()
        if (now - lastCheck > 1000) {
          lastCheck = now
          const head = chunks[sink.written]!
          if (!sink.has(sink.written)) await checkJob(queue, redis, key, runId, head, () => queue.add('range', jobOf(head).data, jobOf(head).opts))
        }
        await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 100))
      }
    }
    await sink.drained()
    await redis.del(key)
  } finally {
    await queue.close()
    queueConnection.disconnect()
    redis.disconnect()
  }
}

/** The first range not yet stored: a failed job ends the run; a vanished one is queued again. */
async function checkJob(queue: Queue<RangeJobData>, redis: Redis, key: string, runId: string, range: GameRange, requeue: () => Promise<unknown>): Promise<void> {
  const id = rangeJobId(runId, range)
  const state = await queue.getJobState(id)
  if (state === 'failed') {
    const job = await queue.getJob(id)
    throw new RedzoneError('run-failed', `games ${range.from}..${range.to - 1} failed on the queue: ${job?.failedReason ?? 'unknown reason'}`)
  }
  if (state === 'unknown' && !(await redis.hexists(key, rangeField(range)))) await requeue()
}

export interface QueueWorkerOptions {
  url: string
  queueName?: string
  threads: number
  /** BullMQ lock duration and stalled-check interval: a killed worker's range is retried after about twice this. */
  lockMs?: number
  log?: (line: string) => void
}

export interface QueueWorker {
  close(): Promise<void>
}

/** Runs range jobs from the queue on `threads` worker threads until closed. */
export async function startQueueWorker(options: QueueWorkerOptions): Promise<QueueWorker> {
  await checkRedis(options.url)
  const log = options.log ?? (() => {})
  const pool = createRangePool(options.threads)
  const redis = connect(options.url)
  const label = `${hostname()}/${process.pid}`
  const lockMs = options.lockMs ?? 30_000
  const queueName = options.queueName ?? DEFAULT_QUEUE_NAME
  const workerConnection = connect(options.url)
  const worker = new Worker<RangeJobData>(
    queueName,
    async (job: Job<RangeJobData>) => {
      const { runId, config, from, to } = job.data
      const key = resultsKey(runId)
      const field = rangeField(job.data)
      if (await redis.hexists(key, field)) return { games: to - from, stored: true }
      log(`redzone worker: range ${field} of run ${runId} started`)
      const result = await pool.run({ config, from, to, label })
      await redis.multi().hset(key, field, JSON.stringify(result)).expire(key, RESULT_TTL_SECONDS).exec()
      log(`redzone worker: range ${field} of run ${runId} done in ${result.ms.toFixed(0)} ms`)
      return { games: to - from, stored: false }
    },
    { connection: workerConnection, concurrency: options.threads, lockDuration: lockMs, stalledInterval: lockMs, maxStalledCount: 10 },
  )
  worker.on('error', (error) => log(`redzone worker: ${error.message}`))
  worker.on('failed', (job, error) => log(`redzone worker: range ${job ? rangeField(job.data) : '?'} failed: ${error.message}`))
  await worker.waitUntilReady()
  log(`redzone worker: ready on ${queueName} at ${options.url} (${options.threads} threads, ${label})`)
  return {
    async close() {
      await worker.close()
      await pool.destroy()
      workerConnection.disconnect()
      redis.disconnect()
    },
  }
}
