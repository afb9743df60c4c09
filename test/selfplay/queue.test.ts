/**
 * `redzone selfplay --queue` with `redzone worker`s on a local redis-server (scripts/redis.mjs):
 * the same bytes as a local run, and nothing lost or duplicated when a worker is killed mid-range.
 * Skipped, with a printed line saying so, where redis-server is not installed.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { findRedisServer, startRedis, type StartedRedis } from '../../scripts/redis.mjs'
import { benchSelfPlay } from '../../src/node/selfplay/bench.js'
import { cli, ensureBuilt, fakeGame, fakeRun, flakyAgent, redzone, redzoneAsync, root, steadyAgent, tempDir } from './helpers.js'

const redisServer = findRedisServer()
if (!redisServer) {
  process.stdout.write('selfplay queue tests NOT run: redis-server not found (apt-get install -y redis-server; .ci/run installs it)\n')
}

interface QueueWorkerProcess {
  child: ChildProcessWithoutNullStreams
  log: string
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpExecArray>
}

const workers: QueueWorkerProcess[] = []

function startWorker(url: string, queueName: string, env: NodeJS.ProcessEnv = {}): QueueWorkerProcess {
  const child = spawn(process.execPath, [cli, 'worker', '--queue', url, '--queue-name', queueName, '--workers', '1', '--lock-ms', '500'], {
    cwd: root,
    env: { ...process.env, ...env },
  })
  const worker: QueueWorkerProcess = {
    child,
    log: '',
    waitFor: (pattern, timeoutMs = 15_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const match = pattern.exec(worker.log)
          if (match) {
            clearTimeout(timer)
            child.stderr.off('data', check)
            resolve(match)
          }
        }
        const timer = setTimeout(() => reject(new Error(`worker log never matched ${pattern}:\n${worker.log}`)), timeoutMs)
        child.stderr.on('data', check)
        check()
      }),
  }
  child.stderr.on('data', (d) => (worker.log += d))
  workers.push(worker)
  return worker
}

describe.skipIf(!redisServer)('redzone selfplay --queue (BullMQ on a local redis-server)', () => {
  let redis: StartedRedis

  beforeAll(async () => {
    ensureBuilt()
    redis = (await startRedis())!
  })

  afterEach(() => {
    for (const w of workers.splice(0)) if (w.child.exitCode === null) w.child.kill('SIGTERM')
  })

  afterAll(async () => {
    await redis?.stop()
  })

  it('writes the same games as a local --workers 1 run, through two queue workers', async () => {
    const dir = tempDir()
    expect(redzone(fakeRun(45, '--out', join(dir, 'local.jsonl'))).code).toBe(0)
    const queueName = 'same-bytes'
    const a = startWorker(redis.url, queueName)
    const b = startWorker(redis.url, queueName)
    await Promise.all([a.waitFor(/ready/), b.waitFor(/ready/)])
    const run = await redzoneAsync([...fakeRun(45, '--chunk', '4', '--out', join(dir, 'queue.jsonl'), '--json'), '--queue', redis.url, '--queue-name', queueName])
    expect(run.stderr).not.toContain('failed')
    expect(run.code).toBe(0)
    expect(readFileSync(join(dir, 'queue.jsonl'), 'utf8')).toBe(readFileSync(join(dir, 'local.jsonl'), 'utf8'))
    const summary = JSON.parse(run.stdout)
    expect(summary.games).toBe(45)
    expect(summary.timing.workers.reduce((n: number, w: { games: number }) => n + w.games, 0)).toBe(45)
  }, 60_000)

  it('loses and duplicates nothing when a worker is killed mid-range', async () => {
    const dir = tempDir()
    expect(redzone(fakeRun(40, '--out', join(dir, 'local.jsonl'))).code).toBe(0)
    const queueName = 'kill-one'
    const slow = { FAKE_GAME_MS: '40' } // 4 games a range: about 160 ms each
    const victim = startWorker(redis.url, queueName, slow)
    const survivor = startWorker(redis.url, queueName, slow)
    await Promise.all([victim.waitFor(/ready/), survivor.waitFor(/ready/)])
    const producer = redzoneAsync([...fakeRun(40, '--chunk', '4', '--out', join(dir, 'queue.jsonl')), '--queue', redis.url, '--queue-name', queueName])
    const started = await victim.waitFor(/range (\d+-\d+) of run \w+ started/)
    victim.child.kill('SIGKILL')
    const run = await producer
    expect(run.code).toBe(0)
    const range = started[1]!
    expect(victim.log).not.toMatch(new RegExp(`range ${range} of run \\w+ done`))
    expect(survivor.log).toMatch(new RegExp(`range ${range} of run \\w+ done`))
    expect(readFileSync(join(dir, 'queue.jsonl'), 'utf8')).toBe(readFileSync(join(dir, 'local.jsonl'), 'utf8'))
  }, 60_000)

  it('ends the run with exit 1 and the reason when a range fails on every try', async () => {
    const dir = tempDir()
    const queueName = 'broken-worker'
    const broken = startWorker(redis.url, queueName, { FAKE_GAME_BROKEN: '1' })
    await broken.waitFor(/ready/)
    const run = await redzoneAsync([...fakeRun(6, '--chunk', '6', '--out', join(dir, 'q.jsonl')), '--queue', redis.url, '--queue-name', queueName])
    expect(run.code).toBe(1)
    expect(run.stderr).toMatch(/games 0\.\.5 failed on the queue: .*broken on this machine/)
  }, 60_000)

  it('benchSelfPlay measures games/s on 1 and 2 threads and the queue overhead per game', async () => {
    const result = await benchSelfPlay({ games: 120, gameModule: fakeGame, agents: [steadyAgent, flakyAgent], queue: redis.url })
    expect(result.games).toBe(120)
    expect(result.gamesPerSecond.workers1).toBeGreaterThan(0)
    expect(result.gamesPerSecond.workers2).toBeGreaterThan(0)
    expect(result.gamesPerSecond.queue2).toBeGreaterThan(0)
    expect(Number.isFinite(result.queueOverheadMsPerGame)).toBe(true)
  }, 60_000)
})
