import { Command, InvalidArgumentError, Option } from 'commander'
import { RedzoneError } from '../core/errors.js'
import { runScenario } from '../scenario/run.js'
import { checkScenarioFile, loadScenarioFile, scenarioFiles } from '../node/scenario-files.js'
import { runDemo } from './demo.js'
import { formatResult } from './format-result.js'
import { formatCardPool } from './cards.js'
import { registerSelfPlayCommands } from './selfplay.js'

/** Exit codes: 0 success, 1 a scenario failed its checks (or a replayed record differs), 2 invalid input (bad file, bad arguments). */
const EXIT_FAILED = 1
const EXIT_INVALID = 2

function positiveInt(value: string): number {
  const n = Number(value.replace(/_/g, ''))
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('expected a whole number of 1 or more')
  return n
}

/** The largest demo board, creatures a side: the benchmark's largest (about 1 GB of memory); ten times that runs out of it. */
const MAX_DEMO_SIZE = 1_000_000

function demoSize(value: string): number {
  const n = positiveInt(value)
  if (n > MAX_DEMO_SIZE) throw new InvalidArgumentError(`expected at most ${MAX_DEMO_SIZE.toLocaleString('en-US')} creatures a side`)
  return n
}

function wholeNumber(value: string): number {
  const n = Number(value)
  if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError('expected a whole number')
  return n
}

export function main(argv: readonly string[]): void {
  const program = new Command()
  program
    .name('redzone')
    .description('Magic: The Gathering combat rules engine: play and check redzone-scenario/1 files')
    .exitOverride((error) => {
      process.exit(error.exitCode === 0 ? 0 : EXIT_INVALID)
    })

  program
    .command('run')
    .description('play a scenario and print the final state and events')
    .argument('<file>', 'scenario file (redzone-scenario/1)')
    .option('--json', 'print one redzone-result/1 JSON document on stdout')
    .action((file: string, options: { json?: boolean }) => {
      const loaded = loadScenarioFile(file)
      if (!loaded.ok) {
        process.stderr.write(`${loaded.message}\n`)
        process.exitCode = EXIT_INVALID
        return
      }
      let run
      try {
        run = runScenario(loaded.scenario)
      } catch (error) {
        process.stderr.write(`${file}: ${(error as Error).stack ?? String(error)}\n`)
        process.exitCode = EXIT_FAILED
        return
      }
      process.stdout.write(options.json ? `${JSON.stringify(run.result, null, 2)}\n` : formatResult(run))
    })

  program
    .command('check')
    .description('play each scenario and verify its expect / expectError; one line each, then "N passed, N failed"')
    .argument('<paths...>', 'scenario files or directories of *.json files')
    .action((paths: string[]) => {
      let passed = 0
      let failed = 0
      let invalid = 0
      const files: string[] = []
      for (const path of paths) {
        let found: string[]
        try {
          found = scenarioFiles([path])
        } catch (error) {
          // A folder that loops back into itself (a link) or can't be listed: named, and the other paths still checked.
          if (!(error instanceof RedzoneError)) throw error
          process.stderr.write(`redzone check: ${error.message.replace(/^redzone: scenarioFiles: /, '')}\n`)
          invalid++
          failed++
          continue
        }
        // A directory with no scenario in it checks nothing: a wrong path in CI must not pass.
        if (found.length === 0) {
          process.stderr.write(`redzone check: ${path}: no scenario files (*.json) in it\n`)
          invalid++
          failed++
        }
        files.push(...found)
      }
      for (const file of files) {
        const outcome = checkScenarioFile(file)
        if (outcome.status === 'passed') {
          passed++
          process.stdout.write(`PASS ${file}  ${outcome.name}\n`)
          continue
        }
        failed++
        if (outcome.status === 'invalid') invalid++
        process.stdout.write(`${outcome.status === 'invalid' ? 'INVALID' : 'FAIL'} ${file}  ${outcome.name}\n`)
        for (const line of outcome.details) process.stdout.write(`    ${line}\n`)
      }
      process.stdout.write(`${passed} passed, ${failed} failed\n`)
      process.exitCode = invalid > 0 ? EXIT_INVALID : failed > 0 ? EXIT_FAILED : 0
    })

  program
    .command('cards')
    .description('list the built-in card pool and the self-play decks')
    .action(() => {
      process.stdout.write(formatCardPool())
    })

  program
    .command('demo', { isDefault: false })
    .description('play one generated large-board combat and print a step-by-step summary')
    .option('--size <n>', `creatures on each side (1 to ${MAX_DEMO_SIZE.toLocaleString('en-US')})`, demoSize, 10_000)
    .option('--seed <n>', 'seed of the board generator', wholeNumber, 1)
    .action((options: { size: number; seed: number }) => {
      process.stdout.write(runDemo(options))
    })

  program
    .command('replay')
    .description('replay every record of a games file (JSONL, as selfplay --out writes) and check each is the recorded game; "N replayed, N differ"')
    .argument('<file>', 'games file (redzone-game/1 lines)')
    .option('--quiet', 'no progress on stderr')
    .action(async (file: string, options: { quiet?: boolean }) => {
      const { replayCommand } = await import('./replay.js')
      process.exitCode = await replayCommand(file, options)
    })

  program
    .command('export')
    .description('turn a games file (JSONL records) into training arrays (obs, mask, action, seat, outcome, game, decision) as .npy files or one .npz, every record replay-verified')
    .argument('<file>', 'games file (redzone-game/1 lines)')
    .requiredOption('--out <path>', 'a directory for the .npy files and meta.json, or a file ending in .npz')
    .addOption(new Option('--seat <seat>', 'the seats whose decisions are rows').choices(['0', '1', 'both']).default('both'))
    .option('--limit-games <n>', 'export the first N records only', positiveInt)
    .option('--skip-inexpressible', 'leave out (and count) the decisions the masked encoding can\'t express, instead of failing')
    .option('--quiet', 'no progress on stderr')
    .action(async (file: string, options: { out: string; seat: string; limitGames?: number; skipInexpressible?: boolean; quiet?: boolean }) => {
      const { exportCommand } = await import('./export.js')
      process.exitCode = await exportCommand(file, options)
    })

  program
    .command('serve')
    .description('serve the learning environment (redzone/rl) to another process, e.g. the Python client in python/: binary frames of the redzone-rl/3 protocol')
    .requiredOption('--stdio', 'on standard input and output (the only transport for now)')
    .action(async () => {
      const { serveStdio } = await import('./serve.js')
      process.exitCode = serveStdio()
    })

  registerSelfPlayCommands(program)

  program.parse(argv as string[], { from: 'node' })
}

main(process.argv)
