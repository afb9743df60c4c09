/**
 * `redzone selfplay --queue` with `redzone worker`s on a local redis-server (scripts/redis.mjs):
 * the same bytes as a local run, and nothing lost or duplicated when a worker is killed mid-range.
 * Skipped, with a printed line saying so, where redis-server is not installed.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { findRedisServer, startRedis, type StartedRedis } from '../../scripts/redis.mjs'
import { benchSelfPlay } from '../../src/node/selfplay/bench.js'
import { cli, commandArgs, ensureBuilt, fakeGame, fakeRun, flakyAgent, redzone, redzoneAsync, redzoneChild, root, steadyAgent, tempDir } from './helpers.js'

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

  it('refuses a --run-id reused with another seed, naming the difference and writing nothing; the stopped run resumes with the printed command', async () => {
    const dir = tempDir()
    const queueName = 'reuse'
    const queued = (seed: string, out: string, runId = 'myrun') => [...fakeRun(20, '--chunk', '4', '--out', join(dir, out)), '--seed', seed, '--queue', redis.url, '--queue-name', queueName, '--run-id', runId]
    expect(redzone([...fakeRun(20, '--out', join(dir, 'local5.jsonl')), '--seed', '5']).code).toBe(0)
    // Seed 5 under "myrun", no worker yet: stopped while it waits.
    const first = redzoneChild(queued('5', 'five.jsonl').filter((a) => a !== '--quiet'))
    await first.waitFor(/selfplay: run myrun: 5 ranges queued/)
    const busy = redzone(queued('5', 'again.jsonl'))
    expect(busy.code).toBe(2)
    expect(busy.stderr).toMatch(/^redzone selfplay: --run-id myrun: a producer is collecting that run now \(.+\/\d+\)/)
    first.child.kill('SIGINT')
    const stopped = await first.done
    expect(stopped.code).toBe(130)
    const resume = /^redzone selfplay: resume with: (redzone selfplay .*)$/m.exec(stopped.stderr)![1]!
    expect(resume).toContain('--run-id myrun')

    const six = redzone(queued('6', 'six.jsonl'))
    expect(six.code).toBe(2)
    expect(six.stdout).toBe('')
    expect(six.stderr.trim().split('\n')).toEqual([
      `redzone selfplay: --run-id myrun belongs to another run on this Redis: --seed 5 (this run: --seed 6). Give another --run-id, or delete that run with: redzone worker --queue ${redis.url} --purge myrun`,
    ])
    expect(existsSync(join(dir, 'six.jsonl'))).toBe(false)
    const others = redzone([...queued('6', 'other.jsonl'), '--agents', `${flakyAgent},${steadyAgent}`, '--no-swap'])
    expect(others.code).toBe(2)
    expect(others.stderr).toContain(
      `: --seed 5 (this run: --seed 6); --agents ${steadyAgent},${flakyAgent} (this run: --agents ${flakyAgent},${steadyAgent}); seats swapped (this run: --no-swap). `,
    )

    const listed = redzone(['worker', '--queue', redis.url, '--list-runs'])
    expect(listed.code).toBe(0)
    expect(listed.stdout).toMatch(/^myrun: games 0\.\.19, 0 of 5 ranges stored; --seed 5 .*; no producer \(abandoned, or stopped: the same command resumes it\); expires in 6d23h$/m)

    startWorker(redis.url, queueName)
    const resumed = await redzoneAsync([...commandArgs(resume), '--quiet', '--allow-errors'])
    expect(resumed.code).toBe(0)
    expect(readFileSync(join(dir, 'five.jsonl'), 'utf8')).toBe(readFileSync(join(dir, 'local5.jsonl'), 'utf8'))
    expect(redzone(['worker', '--queue', redis.url, '--list-runs']).stdout).not.toMatch(/^myrun:/m) // a finished run is forgotten
  }, 60_000)

  it('lists an abandoned run and purges its settings, stored ranges and queued jobs (--list-runs, --purge)', async () => {
    const dir = tempDir()
    const queueName = 'purge'
    const producer = redzoneChild([...fakeRun(12, '--chunk', '4', '--out', join(dir, 'g.jsonl')).filter((a) => a !== '--quiet'), '--queue', redis.url, '--queue-name', queueName, '--run-id', 'gone'])
    await producer.waitFor(/ranges queued/)
    producer.child.kill('SIGTERM')
    expect((await producer.done).code).toBe(143)
    expect(redzone(['worker', '--queue', redis.url, '--list-runs']).stdout).toMatch(/^gone: games 0\.\.11, 0 of 3 ranges stored; .*no producer/m)
    const purged = redzone(['worker', '--queue', redis.url, '--queue-name', queueName, '--purge', 'gone'])
    expect(purged.code).toBe(0)
    expect(purged.stdout).toBe('purged run gone: 0 stored ranges and 3 queued jobs deleted\n')
    expect(redzone(['worker', '--queue', redis.url, '--list-runs']).stdout).not.toMatch(/^gone:/m)
    const again = redzone(['worker', '--queue', redis.url, '--queue-name', queueName, '--purge', 'gone'])
    expect(again.code).toBe(2)
    expect(again.stderr).toContain('--purge gone: no run of that id')
    // The id is free again, for other settings.
    const next = redzoneChild([...fakeRun(12, '--out', join(dir, 'h.jsonl')).filter((a) => a !== '--quiet'), '--seed', '9', '--queue', redis.url, '--queue-name', queueName, '--run-id', 'gone'])
    await next.waitFor(/selfplay: run gone: \d+ ranges queued/)
    next.child.kill('SIGINT')
    expect((await next.done).code).toBe(130)
    expect(redzone(['worker', '--queue', redis.url, '--queue-name', queueName, '--purge', 'gone']).code).toBe(0)
  }, 60_000)

  it('prints one line per retry, with the URL, while Redis is down (producer and worker), and both stop on a signal', async () => {
    const own = (await startRedis())!
    try {
      const dir = tempDir()
      const worker = startWorker(own.url, 'down')
      await worker.waitFor(/ready/)
      const producer = redzoneChild([...fakeRun(400, '--out', join(dir, 'g.jsonl')).filter((a) => a !== '--quiet'), '--queue', own.url, '--queue-name', 'down'], { FAKE_GAME_MS: '20' })
      await producer.waitFor(/ranges queued/)
      await own.stop()
      const retry = (n: number) => new RegExp(`Redis at ${own.url.replace(/[.:/]/g, '\\$&')} unreachable \\((ECONNREFUSED|ECONNRESET|connection closed)\\); retry ${n} in [\\d.]+ s`)
      await producer.waitFor(retry(3))
      await worker.waitFor(retry(3))
      producer.child.kill('SIGINT')
      worker.child.kill('SIGTERM')
      const run = await producer.done
      expect(run.code).toBe(130)
      const exited = await new Promise<number | null>((resolve) => (worker.child.exitCode !== null ? resolve(worker.child.exitCode) : worker.child.once('exit', resolve)))
      expect(exited).toBe(0)
      for (const log of [run.stderr, worker.log]) {
        expect(log).not.toMatch(/errno|Error:|^\s+at /m)
        const lines = log.split('\n').filter((line) => /unreachable|ECONN/.test(line))
        expect(lines.length).toBeGreaterThanOrEqual(3)
        for (const [i, line] of lines.entries()) expect(line).toMatch(retry(i + 1))
      }
      expect(run.stderr).toMatch(/^redzone selfplay: SIGINT: \d+ games written/m)
    } finally {
      await own.stop()
    }
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
