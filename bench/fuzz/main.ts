/**
 * Fuzzing at volume: `npm run fuzz -- --count 100000 --seed 7`. Counts by outcome, faults by kind
 * with the first cases of each and a one-command reproduction; `--case N --seed S` prints one
 * case's input, what happened and its faults. Exit 1 when any case has a fault.
 */
import { writeFileSync } from 'node:fs'
import { Command, InvalidArgumentError } from 'commander'
import { runCase, type CaseReport } from './cases.js'

function whole(value: string): number {
  const n = Number(value.replace(/_/g, ''))
  if (!Number.isSafeInteger(n) || n < 0) throw new InvalidArgumentError('expected a whole number')
  return n
}

export interface Summary {
  seed: number
  start: number
  count: number
  seconds: number
  outcomes: Record<string, number>
  families: Record<string, number>
  tallies: Record<string, number>
  codes: Record<string, number>
  casesWithFaults: number
  faults: { kind: string; cases: number; examples: { case: number; detail: string }[] }[]
}

export function summarize(seed: number, start: number, reports: Iterable<CaseReport>, examples = 3): Omit<Summary, 'seconds' | 'count'> & { count: number } {
  const outcomes: Record<string, number> = {}
  const families: Record<string, number> = {}
  const tallies: Record<string, number> = {}
  const codes: Record<string, number> = {}
  const faults = new Map<string, { kind: string; cases: number; examples: { case: number; detail: string }[] }>()
  let count = 0
  let casesWithFaults = 0
  for (const r of reports) {
    count++
    outcomes[r.outcome] = (outcomes[r.outcome] ?? 0) + 1
    families[r.family] = (families[r.family] ?? 0) + 1
    for (const [k, v] of Object.entries(r.tallies)) {
      if (k.startsWith('code:')) codes[k.slice(5)] = (codes[k.slice(5)] ?? 0) + v
      else tallies[k] = (tallies[k] ?? 0) + v
    }
    if (r.faults.length > 0) casesWithFaults++
    const seen = new Set<string>()
    for (const f of r.faults) {
      if (seen.has(f.kind)) continue
      seen.add(f.kind)
      let entry = faults.get(f.kind)
      if (!entry) faults.set(f.kind, (entry = { kind: f.kind, cases: 0, examples: [] }))
      entry.cases++
      if (entry.examples.length < examples) entry.examples.push({ case: r.index, detail: f.detail })
    }
  }
  return {
    seed,
    start,
    count,
    outcomes,
    families,
    tallies,
    codes,
    casesWithFaults,
    faults: [...faults.values()].sort((a, b) => b.cases - a.cases || a.kind.localeCompare(b.kind)),
  }
}

function sorted(record: Record<string, number>): [string, number][] {
  return Object.entries(record).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
}

export function formatSummary(s: Summary): string {
  const lines: string[] = []
  lines.push(`redzone fuzz: seed ${s.seed}, cases ${s.start}..${s.start + s.count - 1} (${s.count}), ${s.seconds.toFixed(1)} s`)
  lines.push('cases by family:')
  for (const [k, v] of sorted(s.families)) lines.push(`  ${k.padEnd(28)} ${v}`)
  lines.push('cases by outcome:')
  for (const [k, v] of sorted(s.outcomes)) lines.push(`  ${k.padEnd(28)} ${v}`)
  lines.push('inside the cases (actions and calls):')
  for (const [k, v] of sorted(s.tallies)) lines.push(`  ${k.padEnd(28)} ${v}`)
  lines.push(`rejection codes: ${sorted(s.codes).map(([k, v]) => `${k} ${v}`).join(', ')}`)
  lines.push(`faults: ${s.casesWithFaults} case(s) with a fault, ${s.faults.length} kind(s)`)
  for (const f of s.faults) {
    lines.push(`  [${f.cases}] ${f.kind}`)
    for (const e of f.examples) lines.push(`      npm run fuzz -- --case ${e.case} --seed ${s.seed}    # ${e.detail.replace(/\s+/g, ' ').slice(0, 220)}`)
  }
  return `${lines.join('\n')}\n`
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
