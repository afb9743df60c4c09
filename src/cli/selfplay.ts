/**
 * The `selfplay`, `worker` and `report` commands of the `redzone` CLI. Their modules (piscina,
 * BullMQ, Chart.js) load when one of them runs, so other commands start as fast as before.
 */
import { writeFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { basename } from 'node:path'
import { Option, type Command } from 'commander'
import { RedzoneError } from '../core/errors.js'
import { parsePair, parseShard, parseWhole, parseWorkers } from '../node/selfplay/config.js'
import { formatSummary } from '../node/selfplay/summary.js'
import type { SelfPlayOptions } from '../node/selfplay/run.js'

/** The queue's default name (the queue module, with BullMQ, loads only when a command runs). */
const DEFAULT_QUEUE_NAME = 'redzone-selfplay'

const EXIT_FAILED = 1
const EXIT_INVALID = 2

/** One line on stderr: a usage error exits 2 (nothing written; its message after `redzone ${command}: `), anything else 1. */
function fail(command: string, error: unknown): void {
  if (error instanceof RedzoneError && error.code === 'usage') {
    process.stderr.write(`redzone ${command}: ${error.message.replace(/^redzone: /, '')}\n`)
    process.exitCode = EXIT_INVALID
  } else {
    process.stderr.write(`redzone ${command}: ${error instanceof Error ? (process.env.REDZONE_DEBUG ? error.stack : error.message) : String(error)}\n`)
    process.exitCode = EXIT_FAILED
  }
}

interface SelfPlayFlags {
  games: string
  seed: string
  from: string
  shard?: string
  agents: string
  decks: string
  swap: boolean
  maxSteps?: string
  workers: string
  chunk?: string
  out?: string
  json?: boolean
  quiet?: boolean
  queue?: string
  queueName: string
  runId?: string
  gameModule?: string
}

export function selfPlayOptionsFromFlags(flags: SelfPlayFlags): SelfPlayOptions {
  const options: SelfPlayOptions = {
    games: parseWhole('--games', flags.games, 1),
    seed: parseWhole('--seed', flags.seed, 0),
    from: parseWhole('--from', flags.from, 0),
    agents: parsePair('--agents', flags.agents),
    decks: parsePair('--decks', flags.decks),
    swap: flags.swap,
    workers: parseWorkers(flags.workers, availableParallelism()),
    queueName: flags.queueName,
  }
  if (flags.shard !== undefined) options.shard = parseShard(flags.shard)
  if (flags.maxSteps !== undefined) options.maxSteps = parseWhole('--max-steps', flags.maxSteps, 1, Number.MAX_SAFE_INTEGER)
  if (flags.chunk !== undefined) options.chunk = parseWhole('--chunk', flags.chunk, 1)
  if (flags.out !== undefined) options.out = flags.out
  if (flags.queue !== undefined) options.queue = flags.queue
  if (flags.runId !== undefined) {
    if (!/^[\w-]{1,64}$/.test(flags.runId)) throw new RedzoneError('usage', `--run-id ${flags.runId}: expected letters, digits, - and _`)
    options.runId = flags.runId
  }
  if (flags.gameModule !== undefined) options.gameModule = flags.gameModule
  if (flags.json && flags.out === '-') throw new RedzoneError('usage', '--json prints the summary on stdout: give --out a file, not -')
  if (flags.queueName.includes(':')) throw new RedzoneError('usage', `--queue-name ${flags.queueName}: may not contain ":"`)
  return options
}

export function registerSelfPlayCommands(program: Command): void {
  program
    .command('selfplay')
    .description('play many whole games between two agents on every core (or across machines through Redis); JSONL games and a summary')
    .requiredOption('--games <n>', 'games in the run (before --shard)')
    .option('--seed <n>', "the run's seed: game i plays with a seed mixed from (seed, i)", '1')
    .option('--from <i>', 'first game index (--from I --games 1 replays game I)', '0')
    .option('--shard <K/N>', 'play only the K-th of N contiguous parts of the run (concatenate the parts in order)')
    .option('--agents <a,b>', 'two agents: built-in names (random, heuristic, search) or paths of ES modules exporting an AgentFactory', 'heuristic,random')
    .option('--decks <a,b>', 'the decks of the two agents (agent k plays deck k): built-in names or deck list files (4 Lightning Bolt a line)', 'green-white,black-red')
    .option('--no-swap', 'keep seats (default: swap seats every other game)')
    .option('--max-steps <n>', 'decisions after which a game is a step-cap draw')
    .option('--workers <n>', 'worker threads, or auto (available parallelism)', '1')
    .option('--chunk <n>', 'games per range handed to a worker or queued as one job')
    .option('--out <file>', 'write the games (one redzone-game/1 JSON line each, in game order); - for stdout')
    .option('--json', 'print only the summary, as JSON, on stdout')
    .option('--quiet', 'no progress on stderr')
    .option('--queue <url>', 'hand the ranges to `redzone worker`s through BullMQ on this Redis (redis://host:port)')
    .option('--queue-name <name>', 'BullMQ queue name', DEFAULT_QUEUE_NAME)
    .option('--run-id <id>', 'queue run id (default random); a restarted producer with the same id reuses stored ranges')
    .addOption(new Option('--game-module <path>', 'an ES module exporting playGame used instead of the engine (tests)').hideHelp())
    .action(async (flags: SelfPlayFlags) => {
      try {
        const options = selfPlayOptionsFromFlags(flags)
        if (flags.quiet) options.progress = false
        const { runSelfPlay } = await import('../node/selfplay/run.js')
        const summary = await runSelfPlay(options)
        if (flags.json) process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`)
        else (flags.out === '-' ? process.stderr : process.stdout).write(formatSummary(summary))
      } catch (error) {
        fail('selfplay', error)
      }
    })

  program
    .command('worker')
    .description('play self-play ranges from a BullMQ queue on this machine\'s cores, until stopped (SIGINT/SIGTERM)')
    .requiredOption('--queue <url>', 'the Redis of the queue (redis://host:port)')
    .option('--workers <n>', 'worker threads, or auto', 'auto')
    .option('--queue-name <name>', 'BullMQ queue name', DEFAULT_QUEUE_NAME)
    .option('--lock-ms <n>', 'job lock duration; a killed worker\'s range is retried after about twice this', '30000')
    .action(async (flags: { queue: string; workers: string; queueName: string; lockMs: string }) => {
      try {
        const { startQueueWorker } = await import('../node/selfplay/queue.js')
        const worker = await startQueueWorker({
          url: flags.queue,
          queueName: flags.queueName,
          threads: parseWorkers(flags.workers, availableParallelism()),
          lockMs: parseWhole('--lock-ms', flags.lockMs, 100, 3_600_000),
          log: (line) => process.stderr.write(`${line}\n`),
        })
        const stop = () => {
          worker.close().then(() => process.exit(0), () => process.exit(EXIT_FAILED))
        }
        process.once('SIGINT', stop)
        process.once('SIGTERM', stop)
      } catch (error) {
        fail('worker', error)
      }
    })

  program
    .command('report')
    .description('summarise a games file (JSONL); --html writes a page with charts that works offline')
    .argument('<file>', 'games file (redzone-game/1 lines)')
    .option('--html <file>', 'write an HTML report: win rate with its interval, game lengths, win rate by who played first')
    .option('--json', 'print the summary as JSON')
    .action(async (file: string, flags: { html?: string; json?: boolean }) => {
      try {
        const { renderReportHtml, reportData, summarizeGamesFile } = await import('../node/selfplay/report.js')
        const summary = await summarizeGamesFile(file)
        if (flags.html !== undefined) writeFileSync(flags.html, renderReportHtml(reportData(summary, `redzone self-play: ${basename(file)}`)))
        process.stdout.write(flags.json ? `${JSON.stringify(summary, null, 2)}\n` : formatSummary(summary))
      } catch (error) {
        fail('report', error)
      }
    })
}
