/**
 * The `selfplay`, `worker` and `report` commands of the `redzone` CLI. Their modules (piscina,
 * BullMQ, Chart.js) load when one of them runs, so other commands start as fast as before.
 */
import { statSync, writeFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { basename, dirname, resolve } from 'node:path'
import { Option, type Command } from 'commander'
import { loadWithPeers } from '../node/selfplay/optional.js'
import { RedzoneError } from '../core/errors.js'
import { parseSeats, parseShard, parseWhole, parseWorkers } from '../node/selfplay/config.js'
import { MAX_PLAYERS, MIN_PLAYERS } from '../play/record.js'
import { formatSummary } from '../node/selfplay/summary.js'
import type { SelfPlayOptions } from '../node/selfplay/run.js'

/** The queue's default name (the queue module, with BullMQ, loads only when a command runs). */
const DEFAULT_QUEUE_NAME = 'redzone-selfplay'

const EXIT_FAILED = 1
const EXIT_INVALID = 2
/** The shell's convention for a process ended by a signal: 128 + its number. */
const EXIT_SIGNAL: Record<string, number> = { SIGINT: 130, SIGTERM: 143 }

/**
 * Until `stop()`: the first SIGINT or SIGTERM aborts `controller` (the command winds down and says
 * what it kept), a second one exits at once.
 */
function onSignals(command: string, controller: AbortController): { received(): NodeJS.Signals | undefined; stop(): void } {
  let received: NodeJS.Signals | undefined
  const handler = (signal: NodeJS.Signals): void => {
    if (received) process.exit(EXIT_SIGNAL[signal] ?? EXIT_FAILED)
    received = signal
    process.stderr.write(`redzone ${command}: ${signal}: stopping (${signal === 'SIGINT' ? 'Ctrl-C' : 'the signal'} again to stop at once)\n`)
    controller.abort()
  }
  process.on('SIGINT', handler)
  process.on('SIGTERM', handler)
  return {
    received: () => received,
    stop() {
      process.off('SIGINT', handler)
      process.off('SIGTERM', handler)
    },
  }
}

/**
 * One line on stderr: a usage error exits 2 (nothing written), anything else 1 (a write error: `--out
 * FILE: write failed: ...`, `run-failed`). A `RedzoneError`'s message comes after `redzone ${command}: `.
 */
function fail(command: string, error: unknown): void {
  if (error instanceof RedzoneError) {
    process.stderr.write(`redzone ${command}: ${error.message.replace(/^redzone: /, '')}\n`)
    process.exitCode = error.code === 'usage' ? EXIT_INVALID : EXIT_FAILED
  } else {
    process.stderr.write(`redzone ${command}: ${error instanceof Error ? (process.env.REDZONE_DEBUG ? error.stack : error.message) : String(error)}\n`)
    process.exitCode = EXIT_FAILED
  }
}

/** `--html FILE`: its folder must exist (as export's `--out`); else a usage error naming it. */
function htmlFolderError(file: string): void {
  const folder = dirname(resolve(file))
  let isFolder = false
  try {
    isFolder = statSync(folder).isDirectory()
  } catch {
    // Missing: refused below.
  }
  if (!isFolder) throw new RedzoneError('usage', `--html ${file}: the folder ${folder} does not exist`)
}

/** Writes the page; a file that can't be written (a directory, no permission) is a usage error naming it and why. */
function writeHtml(file: string, html: string): void {
  try {
    writeFileSync(file, html)
  } catch (error) {
    throw new RedzoneError('usage', `--html ${file}: can't write there (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`)
  }
}

interface SelfPlayFlags {
  games: string
  seed: string
  from: string
  shard?: string
  players: string
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
  allowErrors?: boolean
}

export function selfPlayOptionsFromFlags(flags: SelfPlayFlags): SelfPlayOptions {
  const players = parseWhole('--players', flags.players, MIN_PLAYERS, MAX_PLAYERS)
  const options: SelfPlayOptions = {
    games: parseWhole('--games', flags.games, 1),
    seed: parseWhole('--seed', flags.seed, 0),
    from: parseWhole('--from', flags.from, 0),
    agents: parseSeats('--agents', flags.agents, players),
    decks: parseSeats('--decks', flags.decks, players),
    swap: flags.swap,
    workers: parseWorkers(flags.workers, availableParallelism()),
    queueName: flags.queueName,
  }
  if (players !== 2) options.players = players
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
    .description('play many whole games between agents (two, or free-for-all among three or four) on every core (or across machines through Redis); JSONL games and a summary')
    .requiredOption('--games <n>', 'games in the run (before --shard)')
    .option('--seed <n>', "the run's seed: game i plays with a seed mixed from (seed, i)", '1')
    .option('--from <i>', 'first game index (--from I --games 1 replays game I)', '0')
    .option('--shard <K/N>', 'play only the K-th of N contiguous parts of the run (concatenate the parts in order)')
    .option('--players <n>', 'players in each game: 2, or 3 or 4 for a free-for-all', '2')
    .option('--agents <a,b>', 'one agent per player (fewer are repeated in order): built-in names (random, heuristic, search) or paths of ES modules exporting an AgentFactory', 'heuristic,random')
    .option('--decks <a,b>', 'the decks of the agents (agent k plays deck k; fewer are repeated in order): built-in names or deck list files (4 Lightning Bolt a line)', 'green-white,black-red')
    .option('--no-swap', 'keep seats (default: swap seats every other game; with 3 or 4 players, turn them by one seat every game)')
    .option('--max-steps <n>', 'decisions after which a game is a step-cap draw')
    .option('--workers <n>', 'worker threads, or auto (available parallelism)', '1')
    .option('--chunk <n>', 'games per range handed to a worker or queued as one job')
    .option('--out <file>', 'write the games (one redzone-game/1 JSON line each, in game order); - for stdout')
    .option('--json', 'print only the summary, as JSON, on stdout')
    .option('--quiet', 'no progress on stderr')
    .option('--queue <url>', 'hand the ranges to `redzone worker`s through BullMQ on this Redis (redis://host:port)')
    .option('--queue-name <name>', 'BullMQ queue name', DEFAULT_QUEUE_NAME)
    .option('--run-id <id>', 'queue run id (default random), bound to this run\'s settings: the same command with the same id resumes the run and reuses its stored ranges; another run under that id is an error (redzone worker --list-runs, --purge)')
    .option('--allow-errors', 'exit 0 even if games ended in an error (by default: exit 1 when any did, after writing them all and the summary)')
    .addOption(new Option('--game-module <path>', 'an ES module exporting playGame used instead of the engine (tests)').hideHelp())
    .addHelpText('after', [
      '',
      'Exit codes: 0 done; 1 a game ended in an error (unless --allow-errors) or the run failed; 2 a bad flag',
      '(nothing written); 130/143 stopped by SIGINT/SIGTERM: the games played so far are written (whole',
      'lines) and the command that plays the rest is printed.',
    ].join('\n'))
    .action(async (flags: SelfPlayFlags) => {
      const controller = new AbortController()
      const signals = onSignals('selfplay', controller)
      try {
        const options = selfPlayOptionsFromFlags(flags)
        if (flags.quiet) options.progress = false
        options.signal = controller.signal
        const { runSelfPlay } = await import('../node/selfplay/run.js')
        const summary = await runSelfPlay(options)
        if (flags.json) process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`)
        else (flags.out === '-' ? process.stderr : process.stdout).write(formatSummary(summary))
        const signal = signals.received()
        if (summary.interrupted) {
          const where = flags.out === undefined ? '' : flags.out === '-' ? ' to stdout' : ` to ${flags.out}`
          const run = summary.run!
          process.stderr.write(`redzone selfplay: ${signal ?? 'stopped'}: ${summary.interrupted.written} games written${where}${summary.interrupted.written > 0 ? ` (indices ${run.from}..${summary.interrupted.next - 1})` : ''}\n`)
          process.stderr.write(`redzone selfplay: resume with: ${summary.interrupted.resume}\n`)
          process.exitCode = EXIT_SIGNAL[signal ?? ''] ?? EXIT_FAILED
        } else if (summary.errors.total > 0 && !flags.allowErrors) {
          const first = summary.errors.games[0]
          process.stderr.write(
            `redzone selfplay: ${summary.errors.total} of ${summary.games} games ended in an error${first ? ` (the first: game ${first.index}: ${first.error})` : ''}; exit 1 (--allow-errors to exit 0)\n`,
          )
          process.exitCode = EXIT_FAILED
        }
      } catch (error) {
        fail('selfplay', error)
      } finally {
        signals.stop()
      }
    })

  program
    .command('worker')
    .description('play self-play ranges from a BullMQ queue on this machine\'s cores, until stopped (SIGINT/SIGTERM); or list or purge the runs on that Redis')
    .requiredOption('--queue <url>', 'the Redis of the queue (redis://host:port)')
    .option('--workers <n>', 'worker threads, or auto', 'auto')
    .option('--queue-name <name>', 'BullMQ queue name', DEFAULT_QUEUE_NAME)
    .option('--lock-ms <n>', 'job lock duration; a killed worker\'s range is retried after about twice this', '30000')
    .option('--list-runs', 'list the runs on this Redis (id, games, ranges stored, settings, producer running or not, expiry) and exit')
    .option('--purge <run>', 'delete a run whose producer is gone: its settings, stored ranges and queued jobs; then exit')
    .action(async (flags: { queue: string; workers: string; queueName: string; lockMs: string; listRuns?: boolean; purge?: string }) => {
      try {
        if (flags.listRuns || flags.purge !== undefined) {
          if (flags.listRuns && flags.purge !== undefined) throw new RedzoneError('usage', '--list-runs and --purge: give one')
          const { manageRuns } = await loadWithPeers(() => import('../node/selfplay/manage-runs.js'))
          process.stdout.write(await manageRuns(flags.queue, flags.queueName, flags.purge))
          return
        }
        const cores = availableParallelism()
        const asked = parseWorkers(flags.workers, cores)
        // A queue worker plays one range per thread at a time: threads beyond a few per core only
        // cost memory (hundreds of threads can exhaust the process), so it starts at most 4 per core.
        const threads = Math.min(asked, 4 * cores)
        const lockMs = parseWhole('--lock-ms', flags.lockMs, 100, 3_600_000)
        if (asked > threads) {
          process.stderr.write(`redzone worker: --workers ${asked}: at most ${threads} threads (4 per core) on this machine of ${cores} cores; starting ${threads}\n`)
        } else if (threads > cores) {
          process.stderr.write(`redzone worker: --workers ${threads}: more threads than the ${cores} cores: they share them (--workers auto starts one per core)\n`)
        }
        const { startQueueWorker } = await loadWithPeers(() => import('../node/selfplay/queue.js'))
        const worker = await startQueueWorker({
          url: flags.queue,
          queueName: flags.queueName,
          threads,
          lockMs,
          log: (line) => process.stderr.write(`${line}\n`),
        })
        let stopping = false
        const stop = (signal: NodeJS.Signals) => {
          if (stopping) process.exit(EXIT_SIGNAL[signal] ?? EXIT_FAILED)
          stopping = true
          process.stderr.write(`redzone worker: ${signal}: finishing the ranges in hand (again to stop at once)\n`)
          worker.close().then(() => process.exit(0), () => process.exit(EXIT_FAILED))
        }
        process.on('SIGINT', stop)
        process.on('SIGTERM', stop)
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
    .addHelpText('after', '\nA line that is not a game (a last line cut off by a stopped writer, anything else) is skipped and named\non stderr with its number; the other games are summarised. Exit 1 when a line other than a cut-off last\nline was skipped, 2 for a file with no games.')
    .action(async (file: string, flags: { html?: string; json?: boolean }) => {
      try {
        const { onlyCutOffEnd, renderReportHtml, reportData, summarizeGamesFile } = await loadWithPeers(() => import('../node/selfplay/report.js'))
        // The page's folder is checked before the file is read: a typo in it is a usage error, found at once.
        if (flags.html !== undefined) htmlFolderError(flags.html)
        const summary = await summarizeGamesFile(file)
        if (flags.html !== undefined) writeHtml(flags.html, renderReportHtml(reportData(summary, `redzone self-play: ${basename(file)}`)))
        process.stdout.write(flags.json ? `${JSON.stringify(summary, null, 2)}\n` : formatSummary(summary))
        const skipped = summary.skipped ?? []
        for (const s of skipped.slice(0, 10)) process.stderr.write(`redzone report: ${file}:${s.line}: skipped: ${s.reason}\n`)
        if (skipped.length > 10) process.stderr.write(`redzone report: ... ${skipped.length - 10} more skipped lines (--json lists them)\n`)
        if (!onlyCutOffEnd(summary)) process.exitCode = EXIT_FAILED
      } catch (error) {
        fail('report', error)
      }
    })
}
