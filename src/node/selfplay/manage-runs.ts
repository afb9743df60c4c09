/** `redzone worker --list-runs` and `--purge RUN`: the runs on a queue's Redis, and deleting one. */
import { Queue } from 'bullmq'
import { checkRedis, connectRedis } from './redis.js'
import { formatRunList, listRuns, purgeRun } from './runs.js'

/** The run list (no `purge`), or what purging run `purge` removed; usage errors for an unreachable Redis or no such run. */
export async function manageRuns(url: string, queueName: string, purge?: string): Promise<string> {
  await checkRedis(url)
  const redis = connectRedis(url)
  try {
    if (purge === undefined) return formatRunList(await listRuns(redis), url)
    const connection = connectRedis(url)
    const queue = new Queue(queueName, { connection })
    queue.on('error', () => {}) // a failed command rejects its own call
    try {
      const { storedRanges, removedJobs, activeJobs } = await purgeRun(redis, queue, url, purge)
      const active = activeJobs > 0 ? `; ${activeJobs} ranges being played now will be dropped when they end` : ''
      return `purged run ${purge}: ${storedRanges} stored ranges and ${removedJobs} queued jobs deleted${active}\n`
    } finally {
      await queue.close()
      connection.disconnect()
    }
  } finally {
    redis.disconnect()
  }
}
