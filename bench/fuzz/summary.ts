/** Counts by outcome and faults by kind over many cases, and their text form. */
import type { CaseReport } from './cases.js'

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

