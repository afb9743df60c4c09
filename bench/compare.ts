/**
 * The arithmetic of `npm run bench -- --compare REF` (the runner is bench/compare-run.ts): bench
 * reports flattened into named figures, rows keyed by what they measure (`fullCombat[n=10000].engineMs`,
 * not an array index), per-round ratios new / old with their median and spread, which direction
 * is better for each figure, and the table. Pure: no processes, no files.
 */

/** Which way a figure improves: rates up, times and sizes down; `?` where the name does not say. */
export type Better = 'higher' | 'lower' | '?'

/** Named figures of one bench report (`--json`): every finite number in it, by path. */
export type Figures = Map<string, number>

/**
 * The key of an element of an array in a report: its size (`n=10000`), its agents
 * (`agents=heuristic,random`) or its name, so that the same row pairs up across reports whatever
 * the rows around it; the index only for arrays of anything else.
 */
export function rowKey(element: unknown, index: number): string {
  if (element !== null && typeof element === 'object' && !Array.isArray(element)) {
    const row = element as Record<string, unknown>
    for (const field of ['n', 'name', 'agents', 'size', 'id']) {
      const value = row[field]
      if (typeof value === 'number' || typeof value === 'string') return `${field}=${value}`
      if (Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'string' || typeof v === 'number')) return `${field}=${value.join(',')}`
    }
  }
  return String(index)
}

/**
 * Every finite number of a report by its path: `games.randomGamesPerSec`,
 * `fullCombat[n=10000].engineMs`, `selfplay.gamesPerSecond.workers2`. Strings, booleans and
 * nulls (a section not run) are left out. Two rows with the same key get `#2`, `#3`.
 */
export function flattenReport(report: unknown): Figures {
  const out: Figures = new Map()
  const walk = (value: unknown, path: string): void => {
    if (typeof value === 'number') {
      if (Number.isFinite(value) && path !== '') out.set(path, value)
      return
    }
    if (value === null || typeof value !== 'object') return
    if (Array.isArray(value)) {
      const seen = new Map<string, number>()
      value.forEach((element, i) => {
        const key = rowKey(element, i)
        const count = (seen.get(key) ?? 0) + 1
        seen.set(key, count)
        walk(element, `${path}[${count === 1 ? key : `${key}#${count}`}]`)
      })
      return
    }
    for (const [key, v] of Object.entries(value)) walk(v, path === '' ? key : `${path}.${key}`)
  }
  walk(report, '')
  return out
}

/** Figures whose direction the name does not give, or gives wrongly. */
const DIRECTION: Record<string, Better> = {
  // engine / limit kernel: a time ratio.
  limitRatio: 'lower',
  // baseline / engine, Python over in-process, 2 workers over 1.
  speedup: 'higher',
  pythonRatio: 'higher',
  scaling: 'higher',
  // The soak: the time a fixed amount of work took, the heap's growth.
  seconds: 'lower',
  heapGrowthPct: 'lower',
  maxGrowthPct: 'lower',
  rejected: 'lower',
  errors: 'lower',
  // Not speed: strength, the shape of games, shares of the time.
  winRate: '?',
  lo: '?',
  hi: '?',
  wins: '?',
  draws: '?',
  avgTurns: '?',
  heuristicAvgTurns: '?',
  decisionsPerStep: '?',
  autoStepsPerStep: '?',
  observationShare: '?',
  policyShare: '?',
}

const LOWER = /(?:^|[a-z0-9])(?:Ms|Us|Ns)(?:[A-Z]|$)|^(?:ms|us|ns)(?:[A-Z]|$)|bytes|Bytes|(?:Mb|MB|Kb|KB)$/
const HIGHER = /(?:^|[a-z])(?:Per|per)(?:Cpu)?Sec(?:ond)?(?![a-z])|speed[Uu]p/

function byName(segment: string): Better {
  if (Object.hasOwn(DIRECTION, segment)) return DIRECTION[segment]!
  if (LOWER.test(segment)) return 'lower'
  if (HIGHER.test(segment)) return 'higher'
  return '?'
}

/**
 * Which direction is better for a figure, from its name: the last segment first (`engineMs`:
 * lower; `randomGamesPerSec`: higher; `limitRatio`: lower, from the list), then the ones above
 * it (`selfplay.gamesPerSecond.workers1`: higher); `?` when none says.
 */
export function betterOf(name: string): Better {
  const segments = name.replace(/\[[^\]]*\]/g, '').split('.').filter((s) => s !== '')
  for (let i = segments.length - 1; i >= 0; i--) {
    const seg = segments[i]!
    const b = byName(seg)
    if (b !== '?' || Object.hasOwn(DIRECTION, seg)) return b
  }
  return '?'
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

export interface RatioStats {
  median: number
  min: number
  max: number
  /** Rounds with the figure on both sides (and a ratio: the old value not 0). */
  rounds: number
}

/**
 * new / old per round (the two runs of a round are paired: they ran one after the other), then
 * the median and the range of those ratios. 0 / 0 is 1; a round without the figure on either
 * side, or with 0 old and not 0 new, gives no ratio. Null when no round gives one.
 */
export function roundRatios(old: readonly (number | null)[], now: readonly (number | null)[]): RatioStats | null {
  const ratios: number[] = []
  for (let k = 0; k < Math.min(old.length, now.length); k++) {
    const o = old[k]
    const n = now[k]
    if (o === null || o === undefined || n === null || n === undefined) continue
    if (o === 0) {
      if (n === 0) ratios.push(1)
      continue
    }
    ratios.push(n / o)
  }
  if (ratios.length === 0) return null
  return { median: median(ratios), min: Math.min(...ratios), max: Math.max(...ratios), rounds: ratios.length }
}

/**
 * The bench's controls: the plain-object baseline and the limit kernel (bench/baseline/,
 * bench/limit.ts) run the same code on both sides unless those files changed, so their ratios
 * show how much the machine moved between the two runs of a round.
 */
export function isControl(name: string): boolean {
  const leaf = name.slice(name.lastIndexOf('.') + 1)
  return /^(?:baseline[A-Z]\w*|limitMs)$/.test(leaf)
}

/** The range of the controls' per-round ratios (null when the reports have none that varies). */
export function controlSpread(figures: readonly ComparedFigure[]): { min: number; max: number; figures: number } | null {
  const controls = figures.filter((f) => f.control && !f.constant && f.ratio !== null)
  if (controls.length === 0) return null
  return { min: Math.min(...controls.map((f) => f.ratio!.min)), max: Math.max(...controls.map((f) => f.ratio!.max)), figures: controls.length }
}

export interface ComparedFigure {
  name: string
  better: Better
  /** A control (isControl): same code on both sides, its ratio is the noise. */
  control: boolean
  /** The ref's value in each round (null: not in that round's report). */
  old: (number | null)[]
  new: (number | null)[]
  ratio: RatioStats | null
  /** The same value in every run on both sides: a parameter or a count (the seed, samples, rejected 0), left out of the table. */
  constant: boolean
  /**
   * Not constant, but each side gives one value in every round (from 2 rounds): a deterministic
   * figure that changed (a win rate, a game length), behaviour rather than speed; listed apart.
   */
  fixed: boolean
}

export interface Comparison {
  figures: ComparedFigure[]
  /** Figures in the ref's reports only, and in the current ones only. */
  onlyOld: string[]
  onlyNew: string[]
}

/**
 * Pairs the figures of the ref's reports and of the current ones, round by round (`oldRuns[k]`
 * and `newRuns[k]` ran in the same round). The order is the current report's, then the ref's.
 */
export function compareRuns(oldRuns: readonly Figures[], newRuns: readonly Figures[]): Comparison {
  const names = new Set<string>()
  for (const run of newRuns) for (const name of run.keys()) names.add(name)
  for (const run of oldRuns) for (const name of run.keys()) names.add(name)
  const figures: ComparedFigure[] = []
  const onlyOld: string[] = []
  const onlyNew: string[] = []
  for (const name of names) {
    const old = oldRuns.map((run) => run.get(name) ?? null)
    const now = newRuns.map((run) => run.get(name) ?? null)
    const inOld = old.some((v) => v !== null)
    const inNew = now.some((v) => v !== null)
    if (!inNew) {
      onlyOld.push(name)
      continue
    }
    if (!inOld) {
      onlyNew.push(name)
      continue
    }
    const same = (values: (number | null)[]): boolean => values.every((v) => v !== null && v === values[0])
    const constant = same([...old, ...now])
    const fixed = !constant && old.length >= 2 && now.length >= 2 && same(old) && same(now)
    figures.push({ name, better: betterOf(name), control: isControl(name), old, new: now, ratio: roundRatios(old, now), constant, fixed })
  }
  return { figures, onlyOld, onlyNew }
}

/** The fewest rounds with a ratio for a verdict: all of 2 on one side of 1 happens by chance one time in 2 under pure noise. */
export const VERDICT_ROUNDS = 3

/**
 * The chance that every one of `rounds` ratios falls on the same side of 1 under pure noise (a
 * two-sided sign test with all rounds agreeing): 0.25 for 3 rounds, 0.0625 for 5, 0.016 for 7.
 */
export function agreementChance(rounds: number): number {
  return 2 ** (1 - rounds)
}

/**
 * What a figure's ratio says: `better` or `worse` when every round's ratio is on the same side of
 * 1 (its min-max does not straddle 1), with the chance of that under pure noise (`worse, p 0.25`);
 * `~` (noise) when it straddles 1; `up` or `down` for a figure of unknown direction. Nothing from
 * fewer than VERDICT_ROUNDS rounds.
 */
export function verdict(figure: Pick<ComparedFigure, 'better' | 'ratio'>): string {
  const r = figure.ratio
  if (r === null || r.rounds < VERDICT_ROUNDS) return ''
  if (r.min <= 1 && r.max >= 1) return '~'
  const up = r.min > 1
  const p = `, p ${Number(agreementChance(r.rounds).toPrecision(2))}`
  if (figure.better === '?') return `${up ? 'up' : 'down'}${p}`
  return `${up === (figure.better === 'higher') ? 'better' : 'worse'}${p}`
}

/** A value to about four significant digits, thousands separated. */
export function formatValue(v: number | null): string {
  if (v === null || !Number.isFinite(v)) return '-'
  if (Math.abs(v) >= 1000) return Math.round(v).toLocaleString('en-US')
  if (v === 0) return '0'
  return String(Number(v.toPrecision(4)))
}

function present(values: readonly (number | null)[]): number[] {
  return values.filter((v): v is number => v !== null)
}

/** The figures only one side has, by section (`rl: 18 figures (rl.n, rl.stepsPerSec, ...)`). */
export function bySection(names: readonly string[]): string[] {
  const sections = new Map<string, string[]>()
  for (const name of names) {
    const section = /^[^.[]+/.exec(name)?.[0] ?? name
    const list = sections.get(section) ?? []
    list.push(name)
    sections.set(section, list)
  }
  return [...sections].map(([section, list]) =>
    list.length === 1 ? list[0]! : `${section}: ${list.length} figures (${list.slice(0, 4).join(', ')}${list.length > 4 ? ', ...' : ''})`,
  )
}

export interface TableLabels {
  /** The ref as given and the short commit, e.g. `2005d43`; the current side, e.g. `working tree (38d6a90, dirty)`. */
  old: string
  new: string
  rounds: number
  /** Files of the controls (bench/baseline/, bench/limit.ts) that differ between the two sides. */
  controlsChanged?: readonly string[]
}

/**
 * The comparison as a Markdown table: figure, which way is better, the median of each side over
 * the rounds, the median ratio new / old of the rounds and its min-max, and the verdict; then the
 * figures left out (constant, deterministic, or on one side only).
 */
export function comparisonTable(c: Comparison, labels: TableLabels): string {
  const shown = c.figures.filter((f) => !f.constant && !f.fixed)
  const constant = c.figures.filter((f) => f.constant)
  const fixed = c.figures.filter((f) => f.fixed)
  const ratio = (v: number): string => v.toFixed(3)
  const lines = [
    `| figure | better | ${labels.old} | ${labels.new} | new / old | min-max | |`,
    '| --- | :---: | ---: | ---: | ---: | ---: | :---: |',
    ...shown.map((f) => {
      const r = f.ratio
      const spread = r === null ? '-' : `${ratio(r.min)}-${ratio(r.max)}${r.rounds < labels.rounds ? ` (${r.rounds} of ${labels.rounds} rounds)` : ''}`
      return `| ${f.name}${f.control ? ' (control)' : ''} | ${f.better} | ${formatValue(median(present(f.old)))} | ${formatValue(median(present(f.new)))} | ${r === null ? '-' : ratio(r.median)} | ${spread} | ${verdict(f)} |`
    }),
  ]
  const notes = ['']
  if (constant.length > 0) notes.push(`Not shown: ${constant.length} figures with the same value in every run on both sides (parameters and counts: ${constant.slice(0, 6).map((f) => `${f.name} ${formatValue(f.old[0] ?? null)}`).join(', ')}${constant.length > 6 ? ', ...' : ''}).`)
  if (fixed.length > 0) {
    notes.push(
      `The same in every round on each side but not between them (deterministic: behaviour, not speed): ` +
        `${fixed.map((f) => `${f.name} ${formatValue(f.old[0] ?? null)} -> ${formatValue(f.new[0] ?? null)}`).join(', ')}.`,
    )
  }
  if (c.onlyOld.length > 0) notes.push(`Only in ${labels.old}: ${bySection(c.onlyOld).join('; ')}.`)
  if (c.onlyNew.length > 0) notes.push(`Only in ${labels.new}: ${bySection(c.onlyNew).join('; ')}.`)
  const noise = controlSpread(c.figures)
  if (noise !== null) {
    const changed = labels.controlsChanged ?? []
    notes.push(
      `Controls (the baseline and the limit kernel, ${changed.length === 0 ? 'the same code on both sides' : `but ${changed.join(', ')} ${changed.length === 1 ? 'differs' : 'differ'} between the two sides: check that the diff is not code`}): ` +
        `their ratios ranged ${ratio(noise.min)}-${ratio(noise.max)} over the rounds; a difference within that is the machine, not the code.`,
    )
  }
  notes.push(
    `new / old is the ${labels.new} figure over the ${labels.old} one in the same round (${labels.rounds === 1 ? 'one round: no spread' : `median, and min-max over ${labels.rounds} rounds, the order swapped every round`}). ` +
      'Better "lower" (times, bytes): below 1 is faster; "higher" (rates): above 1 is faster. ' +
      `A min-max that straddles 1 is noise (~); better or worse only when every round agrees, from ${VERDICT_ROUNDS} rounds up, ` +
      `with p the chance of that under pure noise (${Number(agreementChance(labels.rounds).toPrecision(2))} at ${labels.rounds} rounds: among many figures, expect some by chance; 5 rounds or more to claim a small difference).`,
  )
  return `${lines.join('\n')}\n${notes.join('\n')}\n`
}
