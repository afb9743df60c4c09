/**
 * Self-play across machines on BullMQ + Redis: the producer binds its run id to the run's
 * configuration (runs.ts), enqueues one job per range of games (job id = run id + range, so a
 * retry never duplicates), any number of `redzone worker`s play them on their own cores, and each
 * range's games are stored in a Redis hash keyed by range; the producer writes them in order. A
 * worker killed mid-range leaves its job stalled: BullMQ's stalled-job check hands it to another
 * worker, and a range stored twice is stored the same. Redis going away mid-run is waited out,
 * one line per retry.
 */
import { hostname } from 'node:os'
import { Queue, Worker, type Job } from 'bullmq'
import type { Redis } from 'ioredis'
import { RedzoneError } from '../../core/errors.js'
import type { RunConfig } from './config.js'
import type { RangeResult } from './play-range.js'
import type { GameRange, RangeChunks } from './seeds.js'
import type { OrderedSink } from './ordered-output.js'
import { createRangePool } from './pool.js'
import type { Progress } from './progress.js'
import { checkRedis, connectRedis, isConnectionError } from './redis.js'
import {
  bindingKey, bindRun, forgetRun, keepRun, HEARTBEAT_MS, HEARTBEAT_TTL_MS, producerKey, rangeField, resultsKey, RUN_TTL_SECONDS, sameGames, type RunBinding,
} from './runs.js'
import { engineVersion } from './version.js'

/** Also in cli.ts (which does not load this module until a command runs). */
import { DEFAULT_QUEUE_NAME } from './queue-name.js'

export { DEFAULT_QUEUE_NAME }

export interface RangeJobData extends GameRange {
  runId: string
  config: RunConfig
}

export function rangeJobId(runId: string, range: GameRange): string {
  return `${runId}-${range.from}-${range.to}`
}

const ABORTED = Symbol('aborted')

/** `promise`'s value, or ABORTED as soon as `signal` aborts (the promise is left to settle alone). */
function unlessAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T | typeof ABORTED> {
  if (!signal) return promise
  if (signal.aborted) {
    promise.catch(() => {})
    return Promise.resolve(ABORTED)
  }
  return new Promise((resolve, reject) => {
    const onAbort = () => resolve(ABORTED)
    signal.addEventListener('abort', onAbort, { once: true })
    promise.then(
      (value) => (signal.removeEventListener('abort', onAbort), resolve(value)),
      (error: unknown) => (signal.removeEventListener('abort', onAbort), signal.aborted ? resolve(ABORTED) : reject(error)),
    )
  })
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms)
    function done() {
      clearTimeout(timer)
      signal?.removeEventListener('abort', done)
      resolve()
    }
    signal?.addEventListener('abort', done, { once: true })
  })
}

/** Waits for `promise` at most `ms` (closing a connection to a Redis that is down must not hang the exit). */
async function atMost(promise: Promise<unknown>, ms: number): Promise<void> {
  promise.catch(() => {})
  await Promise.race([promise, sleep(ms)])
}

/**
 * Before anything is written: checks that Redis answers at `url` and binds `runId` to `binding`
 * (usage errors: unreachable, another run under that id, a producer already collecting it).
 */
export async function bindQueueRun(url: string, runId: string, binding: RunBinding): Promise<string> {
  await checkRedis(url)
  const redis = connectRedis(url)
  try {
    const producer = await redis.get(producerKey(runId))
    if (producer !== null) {
      const who = JSON.parse(producer) as { host: string; pid: number }
      throw new RedzoneError('usage', `--run-id ${runId}: a producer is collecting that run now (${who.host}/${who.pid}); if it was killed, its mark expires within ${HEARTBEAT_TTL_MS / 1000} s`)
    }
    return await bindRun(redis, url, runId, binding)
  } finally {
    redis.disconnect()
  }
}

export interface ProduceOptions {
  url: string
  queueName: string
  runId: string
  /** The run's binding as stored (`bindQueueRun`). */
  bound: string
  config: RunConfig
  chunks: RangeChunks
  sink: OrderedSink
  progress: Progress
  pollMs?: number
  /** Stops collecting: ranges already written stay, the run stays stored for a restarted producer. */
  signal?: AbortSignal
  /** Lines about the connection (one per retry while Redis is unreachable). */
  log?: (line: string) => void
}

/**
 * Enqueues the ranges of a bound run (`bindRun`) not yet stored, then collects every range in
 * order into `sink`; forgets the run once it is complete. Returns early, the run kept, when
 * `signal` aborts.
 */
export async function produceOnQueue(options: ProduceOptions): Promise<void> {
  const { url, queueName, runId, bound, config, chunks, sink, progress, signal } = options
  const log = options.log ?? (() => {})
  const redis = connectRedis(url, log)
  const queueConnection = connectRedis(url)
  const queue = new Queue<RangeJobData>(queueName, { connection: queueConnection })
  queue.on('error', (error: Error) => {
    if (!isConnectionError(error)) log(`queue ${queueName}: ${error.message}`)
  })
  const key = resultsKey(runId)
  const jobOf = (range: GameRange) => ({
    name: 'range',
    data: { runId, config, from: range.from, to: range.to },
    opts: { jobId: rangeJobId(runId, range), attempts: 3, backoff: { type: 'fixed', delay: 1000 }, removeOnComplete: true, removeOnFail: 1000 },
  })
  const wait = <T>(promise: Promise<T>) => unlessAborted(promise, signal)
  try {
    if ((await wait(keepRun(redis, runId, bound))) === ABORTED) return
    let beat = Date.now()
    const storedKeys = await wait(redis.hkeys(key))
    if (storedKeys === ABORTED) return
    const stored = new Set(storedKeys)
    // Enqueued a thousand at a time as they are found: no list of every range (a huge run has millions).
    let missing = 0
    let batch: GameRange[] = []
    for (let p = 0; p <= chunks.length; p++) {
      if (p < chunks.length) {
        const range = chunks.at(p)
        if (!stored.has(rangeField(range))) batch.push(range)
      }
      if (batch.length === 1000 || (p === chunks.length && batch.length > 0)) {
        missing += batch.length
        if ((await wait(queue.addBulk(batch.map(jobOf)))) === ABORTED) return
        batch = []
      }
    }
    progress.note(`selfplay: run ${runId}: ${missing} ranges queued on ${queueName} (${chunks.length - missing} already stored); start workers with: redzone worker --queue ${url}`)
    let lastCheck = 0
    while (!sink.complete && !signal?.aborted) {
      if (Date.now() - beat >= HEARTBEAT_MS) {
        beat = Date.now()
        if ((await wait(keepRun(redis, runId, bound))) === ABORTED) break
      }
      const window: number[] = []
      for (let p = sink.written; p < chunks.length && window.length < 256; p++) if (!sink.has(p)) window.push(p)
      const values = window.length > 0 ? await wait(redis.hmget(key, ...window.map((p) => rangeField(chunks.at(p))))) : []
      if (values === ABORTED) break
      let got = false
      for (let i = 0; i < window.length; i++) {
        const value = values[i]
        if (value) {
          got = true
          await sink.put(window[i]!, JSON.parse(value) as RangeResult)
        }
      }
      progress.update(sink.received)
      if (sink.complete) break
      if (!got) {
        const now = Date.now()
        if (now - lastCheck > 1000) {
          lastCheck = now
          const head = chunks.at(sink.written)
          if (!sink.has(sink.written)) {
            const checked = await wait(checkJob(queue, redis, key, runId, head, () => queue.add('range', jobOf(head).data, jobOf(head).opts)))
            if (checked === ABORTED) break
          }
        }
        await sleep(options.pollMs ?? 100, signal)
      }
    }
    await sink.drained()
    if (sink.complete) await atMost(forgetRun(redis, runId), 5000)
    else await atMost(redis.del(producerKey(runId)), 1000)
  } finally {
    await atMost(queue.close(), 1000)
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

/** Stores a range's games only while the run is still bound as when the job started (not purged, not rebound). */
const STORE_IF_BOUND = `
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('HSET', KEYS[2], ARGV[2], ARGV[3])
  redis.call('EXPIRE', KEYS[2], ARGV[4])
  return 1
end
return 0`

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

/**
 * Runs range jobs from the queue on `threads` worker threads until closed. A job is played only
 * for a run bound to its configuration (a job left from a purged or finished run is skipped) and
 * by a worker of the run's engine version (another version fails the job, which names both).
 */
export async function startQueueWorker(options: QueueWorkerOptions): Promise<QueueWorker> {
  await checkRedis(options.url)
  const log = options.log ?? (() => {})
  const pool = createRangePool(options.threads)
  const redis = connectRedis(options.url, (line) => log(`redzone worker: ${line}`))
  const label = `${hostname()}/${process.pid}`
  const engine = engineVersion()
  const lockMs = options.lockMs ?? 30_000
  const queueName = options.queueName ?? DEFAULT_QUEUE_NAME
  const workerConnection = connectRedis(options.url)
  const worker = new Worker<RangeJobData>(
    queueName,
    async (job: Job<RangeJobData>) => {
      const { runId, config, from, to } = job.data
      const field = rangeField(job.data)
      const boundText = await redis.get(bindingKey(runId))
      const bound = boundText === null ? null : (JSON.parse(boundText) as RunBinding)
      if (!bound) {
        log(`redzone worker: range ${field} of run ${runId} skipped: the run is over (finished or purged)`)
        return { games: 0, skipped: true }
      }
      if (!sameGames(bound, config) || from < bound.from || to > bound.to) {
        log(`redzone worker: range ${field} of run ${runId} skipped: a job left from an earlier run of that id`)
        return { games: 0, skipped: true }
      }
      if (bound.engine !== engine) {
        throw new RedzoneError('run-failed', `worker ${label} runs ${engine}, run ${runId} was started with ${bound.engine}: its games would differ`)
      }
      const key = resultsKey(runId)
      if (await redis.hexists(key, field)) return { games: to - from, stored: true }
      log(`redzone worker: range ${field} of run ${runId} started`)
      const result = await pool.run({ config, from, to, label })
      const stored = await redis.eval(STORE_IF_BOUND, 2, bindingKey(runId), key, boundText!, field, JSON.stringify(result), RUN_TTL_SECONDS)
      if (stored !== 1) {
        log(`redzone worker: range ${field} of run ${runId} played but dropped: the run was purged, rebound or lost by Redis meanwhile (a producer binds it again)`)
        return { games: 0, skipped: true }
      }
      log(`redzone worker: range ${field} of run ${runId} done in ${result.ms.toFixed(0)} ms`)
      return { games: to - from, stored: false }
    },
    { connection: workerConnection, concurrency: options.threads, lockDuration: lockMs, stalledInterval: lockMs, maxStalledCount: 10 },
  )
  worker.on('error', (error) => {
    if (!isConnectionError(error)) log(`redzone worker: ${error.message}`)
  })
  worker.on('failed', (job, error) => log(`redzone worker: range ${job ? rangeField(job.data) : '?'} failed: ${error.message}`))
  await worker.waitUntilReady()
  log(`redzone worker: ready on ${queueName} at ${options.url} (${options.threads} threads, ${label})`)
  return {
    async close() {
      // With Redis down, the ranges in hand can't be stored: don't wait for them (nor for Redis).
      if (redis.status === 'ready') await worker.close()
      else await atMost(worker.close(true), 2000)
      await pool.destroy()
      workerConnection.disconnect()
      redis.disconnect()
    },
  }
}
