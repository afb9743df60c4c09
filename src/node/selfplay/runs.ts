/**
 * Queue runs on Redis: what a run id is bound to, and the runs left behind. A producer binds its
 * run id to the run's configuration (seed, games, agents, decks, seats, step cap, game module,
 * chunk, engine version) before it queues anything; the same id with another configuration is a
 * usage error naming each difference, so stored games of one run are never written as another's.
 * Workers store a range only while the run is bound to the configuration of its job. A run whose
 * producer stopped keeps its stored ranges (a restarted producer with the same id reuses them)
 * until it finishes, expires (7 days) or is purged (`redzone worker --purge RUN`).
 */
import { hostname } from 'node:os'
import type { Queue } from 'bullmq'
import type { Redis } from 'ioredis'
import { RedzoneError } from '../../core/errors.js'
import type { RunConfig } from './config.js'
import type { GameRange } from './seeds.js'

/** How long a run's binding and stored ranges are kept if no producer collects them. */
export const RUN_TTL_SECONDS = 7 * 24 * 3600
/** A producer refreshes its presence this often; a run with none for longer has no producer. */
export const HEARTBEAT_MS = 5000
export const HEARTBEAT_TTL_MS = 3 * HEARTBEAT_MS

const PREFIX = 'redzone:selfplay:'

export function resultsKey(runId: string): string {
  return `${PREFIX}${runId}:results`
}

export function bindingKey(runId: string): string {
  return `${PREFIX}${runId}:run`
}

export function producerKey(runId: string): string {
  return `${PREFIX}${runId}:producer`
}

export function rangeField(range: GameRange): string {
  return `${range.from}-${range.to}`
}

/** The settings that decide a run's games, in a fixed order (so equal settings are equal JSON). */
export interface RunGames {
  seed: number
  agents: string[]
  decks: string[]
  swap: boolean
  maxSteps: number | null
  gameModule: string | null
}

/** What a run id is bound to. */
export interface RunBinding extends RunGames {
  /** The run's games `[from, to)` and the games per queued range. */
  from: number
  to: number
  chunk: number
  /** `engineVersion()` of the producer: workers of another version refuse its ranges. */
  engine: string
  queueName: string
  created: string
}

export function runGames(config: RunConfig): RunGames {
  return {
    seed: config.seed,
    agents: [...config.agents],
    decks: [...config.decks],
    swap: config.swap,
    maxSteps: config.maxSteps ?? null,
    gameModule: config.gameModule ?? null,
  }
}

const gamesJson = (g: RunGames): string => JSON.stringify([g.seed, g.agents, g.decks, g.swap, g.maxSteps, g.gameModule])

/** Whether a job's `config` plays the games of the run `bound`. */
export function sameGames(bound: RunGames, config: RunConfig): boolean {
  return gamesJson(bound) === gamesJson(runGames(config))
}

/** Each setting as the flag that gives it, to name the differences of two bindings. */
const SHOWN: readonly ((b: RunBinding) => string)[] = [
  (b) => `--seed ${b.seed}`,
  (b) => `games ${b.from}..${b.to - 1}`,
  (b) => `--agents ${b.agents.join(',')}`,
  (b) => `--decks ${b.decks.join(',')}`,
  (b) => (b.swap ? 'seats swapped' : '--no-swap'),
  (b) => (b.maxSteps === null ? 'no --max-steps' : `--max-steps ${b.maxSteps}`),
  (b) => (b.gameModule === null ? 'no --game-module' : `--game-module ${b.gameModule}`),
  (b) => `--chunk ${b.chunk}`,
  (b) => `engine ${b.engine}`,
]

/** Each setting where `bound` and `wanted` differ: `--seed 5 (this run: --seed 6)`. */
export function bindingDifferences(bound: RunBinding, wanted: RunBinding): string[] {
  const differences: string[] = []
  for (const show of SHOWN) {
    const [was, now] = [show(bound), show(wanted)]
    if (was !== now) differences.push(`${was} (this run: ${now})`)
  }
  return differences
}

function parseBinding(text: string | null): RunBinding | null {
  if (text === null) return null
  try {
    return JSON.parse(text) as RunBinding
  } catch {
    return null
  }
}

/**
 * Binds `runId` to `binding` (a new run), or checks that it is bound to the same run (a restarted
 * producer). Another run under that id is a usage error naming each difference and the way out.
 * Returns the binding as stored (the first producer's), which `keepRun` keeps.
 */
export async function bindRun(redis: Redis, url: string, runId: string, binding: RunBinding): Promise<string> {
  const text = JSON.stringify(binding)
  if ((await redis.set(bindingKey(runId), text, 'EX', RUN_TTL_SECONDS, 'NX')) === 'OK') return text
  const boundText = await redis.get(bindingKey(runId))
  if (boundText === null) return bindRun(redis, url, runId, binding) // expired or purged meanwhile
  const bound = parseBinding(boundText)
  const differences = bound ? bindingDifferences(bound, binding) : ['an unreadable binding']
  if (differences.length > 0) {
    throw new RedzoneError(
      'usage',
      `--run-id ${runId} belongs to another run on this Redis: ${differences.join('; ')}. ` +
        `Give another --run-id, or delete that run with: redzone worker --queue ${url} --purge ${runId}`,
    )
  }
  await redis.expire(bindingKey(runId), RUN_TTL_SECONDS)
  return boundText
}

/**
 * The producer's mark, refreshed every HEARTBEAT_MS: it is alive (gone HEARTBEAT_TTL_MS after it
 * stops), and its run stays bound as `boundText` (bound again if Redis restarted empty; a run
 * purged and bound to another configuration meanwhile ends this one).
 */
export async function keepRun(redis: Redis, runId: string, boundText: string): Promise<void> {
  await redis.set(producerKey(runId), JSON.stringify({ host: hostname(), pid: process.pid, at: new Date().toISOString() }), 'PX', HEARTBEAT_TTL_MS)
  if ((await redis.set(bindingKey(runId), boundText, 'EX', RUN_TTL_SECONDS, 'NX')) === 'OK') return
  const now = await redis.get(bindingKey(runId))
  if (now !== null && now !== boundText) throw new RedzoneError('run-failed', `run ${runId} was purged and bound to another run meanwhile`)
  await redis.expire(bindingKey(runId), RUN_TTL_SECONDS)
}

/** Removes a finished run's keys. */
export async function forgetRun(redis: Redis, runId: string): Promise<void> {
  await redis.del(resultsKey(runId), bindingKey(runId), producerKey(runId))
}

export interface RunListing {
  runId: string
  binding: RunBinding | null
  storedRanges: number
  /** The producer's host and pid when one is running. */
  producer: string | null
  /** Seconds until the run's keys expire (null: no expiry set). */
  expiresIn: number | null
}

async function scanIds(redis: Redis, suffix: string): Promise<string[]> {
  const ids: string[] = []
  let cursor = '0'
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${PREFIX}*:${suffix}`, 'COUNT', 1000)
    cursor = next
    for (const key of keys) ids.push(key.slice(PREFIX.length, key.length - suffix.length - 1))
  } while (cursor !== '0')
  return ids
}

/** Every run with a binding or stored ranges on this Redis, by id. */
export async function listRuns(redis: Redis): Promise<RunListing[]> {
  const ids = [...new Set([...(await scanIds(redis, 'run')), ...(await scanIds(redis, 'results'))])].sort()
  const runs: RunListing[] = []
  for (const runId of ids) {
    const [bound, stored, producer, ttl] = await Promise.all([
      redis.get(bindingKey(runId)),
      redis.hlen(resultsKey(runId)),
      redis.get(producerKey(runId)),
      redis.ttl(bindingKey(runId)).then(async (t) => (t >= 0 ? t : redis.ttl(resultsKey(runId)))),
    ])
    const who = producer ? (JSON.parse(producer) as { host: string; pid: number }) : null
    runs.push({ runId, binding: parseBinding(bound), storedRanges: stored, producer: who ? `${who.host}/${who.pid}` : null, expiresIn: ttl >= 0 ? ttl : null })
  }
  return runs
}

function days(seconds: number): string {
  const d = Math.floor(seconds / 86400)
  const h = Math.floor((seconds % 86400) / 3600)
  const m = Math.floor((seconds % 3600) / 60)
  return d > 0 ? `${d}d${h}h` : h > 0 ? `${h}h${m}m` : `${m}m`
}

/** One line per run: id, games and ranges stored, configuration, producer, expiry. */
export function formatRunList(runs: readonly RunListing[], url: string): string {
  if (runs.length === 0) return `no self-play runs on ${url}\n`
  return runs
    .map((r) => {
      const b = r.binding
      const ranges = b ? Math.ceil((b.to - b.from) / b.chunk) : null
      const what = b
        ? `games ${b.from}..${b.to - 1}, ${r.storedRanges} of ${ranges} ranges stored; --seed ${b.seed} --agents ${b.agents.join(',')} --decks ${b.decks.join(',')}${b.swap ? '' : ' --no-swap'}${b.maxSteps === null ? '' : ` --max-steps ${b.maxSteps}`}; queue ${b.queueName}; started ${b.created}`
        : `${r.storedRanges} ranges stored, no binding`
      const producer = r.producer ? `producer running (${r.producer})` : 'no producer (abandoned, or stopped: the same command resumes it)'
      return `${r.runId}: ${what}; ${producer}${r.expiresIn === null ? '' : `; expires in ${days(r.expiresIn)}`}\n`
    })
    .join('')
}

export interface PurgeResult {
  storedRanges: number
  removedJobs: number
  /** Jobs being played now: their games are dropped when they finish (the run is no longer bound). */
  activeJobs: number
}

const QUEUED_STATES = ['waiting', 'delayed', 'prioritized', 'failed', 'waiting-children'] as const

/**
 * Deletes run `runId`: its binding, stored ranges and queued jobs. A run whose producer is running
 * is not purged (stop it first); no run of that id is a usage error.
 */
export async function purgeRun(redis: Redis, queue: Queue, url: string, runId: string): Promise<PurgeResult> {
  const producer = await redis.get(producerKey(runId))
  if (producer !== null) {
    const who = JSON.parse(producer) as { host: string; pid: number }
    throw new RedzoneError('usage', `--purge ${runId}: its producer is running (${who.host}/${who.pid}): stop it first`)
  }
  const queued: { remove(): Promise<void> }[] = []
  let active = 0
  const pageSize = 1000
  for (const state of [...QUEUED_STATES, 'active'] as const) {
    for (let start = 0; ; start += pageSize) {
      const jobs = await queue.getJobs([state], start, start + pageSize - 1, true)
      for (const job of jobs) {
        if ((job?.data as { runId?: unknown } | undefined)?.runId !== runId) continue
        if (state === 'active') active++
        else queued.push(job)
      }
      if (jobs.length < pageSize) break
    }
  }
  const storedRanges = await redis.hlen(resultsKey(runId))
  const existed = (await redis.exists(bindingKey(runId), resultsKey(runId))) > 0
  if (!existed && queued.length === 0 && active === 0) throw new RedzoneError('usage', `--purge ${runId}: no run of that id on ${url} (queue ${queue.name}); --list-runs lists them`)
  await forgetRun(redis, runId)
  let removedJobs = 0
  for (const job of queued) {
    try {
      await job.remove()
      removedJobs++
    } catch {
      active++ // taken by a worker meanwhile
    }
  }
  return { storedRanges, removedJobs, activeJobs: active }
}
