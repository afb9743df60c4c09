/**
 * Fuzzing at volume: `npm run fuzz -- --count 100000 --seed 7`. Counts by outcome, faults by kind
 * with the first cases of each and a one-command reproduction; `--case N --seed S` prints one
 * case's input, what happened and its faults. Exit 1 when any case has a fault.
 */
import { writeFileSync } from 'node:fs'
import { Command, InvalidArgumentError } from 'commander'
import { runCase, type CaseReport } from './cases.js'
import { formatSummary, summarize, type Summary } from './summary.js'

function whole(value: string): number {
  const n = Number(value.replace(/_/g, ''))
  if (!Number.isSafeInteger(n) || n < 0) throw new InvalidArgumentError('expected a whole number')
  return n
}

function main(argv: string[]): void {
  const program = new Command()
  program
    .name('fuzz')
    .description('fuzz redzone: generated and mutated scenario files, random Game API call sequences')
    .option('--count <n>', 'number of cases', whole, 1000)
    .option('--seed <n>', 'seed (the same seed gives the same cases)', whole, 1)
    .option('--start <n>', 'first case index', whole, 0)
    .option('--case <n>', 'run one case and print its input, what happened and its faults', whole)
    .option('--write <file>', 'with --case: also write the case input to this file')
    .option('--cli-every <n>', 'run the cases whose index % n < 10 through node dist/cli.js too (0: never)', whole, 500)
    .option('--examples <n>', 'example cases listed per fault kind', whole, 3)
    .option('--json', 'print the summary as JSON')
    .exitOverride((error) => process.exit(error.exitCode === 0 ? 0 : 2))
    .action((o: { count: number; seed: number; start: number; case?: number; write?: string; cliEvery: number; examples: number; json?: boolean }) => {
      const root = process.cwd()
      if (o.case !== undefined) {
        const r = runCase(o.seed, o.case, { root, cliEvery: 1, capture: true })
        process.stdout.write(`case ${o.case} (seed ${o.seed}): ${r.family}, outcome ${r.outcome}\n--- input ---\n${r.input}\n--- trace ---\n${(r.trace ?? []).join('\n')}\n--- faults ---\n`)
        for (const f of r.faults) process.stdout.write(`${f.kind}\n    ${f.detail}\n`)
        if (r.faults.length === 0) process.stdout.write('none\n')
        if (o.write) writeFileSync(o.write, r.input ?? '')
        process.exitCode = r.faults.length > 0 ? 1 : 0
        return
      }
      const t0 = performance.now()
      let lastProgress = t0
      let faulty = 0
      const reports: CaseReport[] = []
      for (let i = o.start; i < o.start + o.count; i++) {
        const r = runCase(o.seed, i, { root, cliEvery: o.cliEvery })
        if (r.faults.length > 0) faulty++
        // Keep only what the summary needs.
        reports.push({ index: r.index, family: r.family, outcome: r.outcome, faults: r.faults, tallies: r.tallies })
        const now = performance.now()
        if (now - lastProgress > 5000) {
          lastProgress = now
          const done = i - o.start + 1
          const rate = done / ((now - t0) / 1000)
          process.stderr.write(`fuzz: ${done}/${o.count} cases, ${faulty} with faults, ${rate.toFixed(0)} cases/s, ~${((o.count - done) / rate).toFixed(0)} s left\n`)
        }
      }
      const seconds = (performance.now() - t0) / 1000
      const summary: Summary = { ...summarize(o.seed, o.start, reports, o.examples), seconds }
      process.stdout.write(o.json ? `${JSON.stringify(summary, null, 2)}\n` : formatSummary(summary))
      process.exitCode = summary.casesWithFaults > 0 ? 1 : 0
    })
  program.parse(argv, { from: 'node' })
}

main(process.argv)
