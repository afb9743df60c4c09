/**
 * `npm run bench:browser [-- --json] [--sizes 20,1000,10000] [--seed 1]`: the combat benchmark in
 * headless Chromium (main thread and Worker), next to Node. Needs a Chromium (CHROMIUM_PATH, or
 * Debian's chromium). `npm run bench -- --only browser` includes the same report.
 */
import { Command } from 'commander'
import { browserBench, browserTable } from './browser/bench.js'

const options = new Command()
  .name('bench:browser')
  .option('--json', 'print the JSON report on stdout')
  .option('--sizes <list>', 'creatures a side, comma-separated', '20,1000,10000')
  .option('--seed <n>', 'board seed', '1')
  .parse(process.argv)
  .opts<{ json?: boolean; sizes: string; seed: string }>()

const report = await browserBench({
  sizes: options.sizes.split(',').map((s) => Number(s.replace(/_/g, ''))),
  seed: Number(options.seed),
  log: (line) => void process.stderr.write(`${line}\n`),
})
process.stdout.write(options.json ? `${JSON.stringify({ date: new Date().toISOString(), browser: report }, null, 2)}\n` : `${browserTable(report)}\n`)
