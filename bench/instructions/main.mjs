#!/usr/bin/env node
/**
 * Instructions per unit of work, counted by valgrind's cachegrind: a figure that a busy shared
 * machine does not move (the same code gives the same count to within a fraction of a percent),
 * where wall-clock ratios swing by 2x. It counts what the CPU executes, not cache misses: on big
 * boards, where memory dominates, time the bench (`npm run bench -- --compare`) as well.
 *
 *   npm run bench:instructions                          this tree
 *   npm run bench:instructions -- --ref HEAD~3          that commit (a worktree) and this tree, side by side
 *   npm run bench:instructions -- --only combat:10,combat:20,random,rl:16
 *   npm run bench:instructions -- --ref HEAD --only combat:1 --repeat 3    each side counted 3 times, taking turns: medians and spreads
 *   npm run bench:instructions -- --cache --only combat:10,baseline:10   with cache and branch simulation
 *   npm run bench:instructions -- --by-function rl:256 [--sort l2|d1|i1|instructions] [--rows 30]
 *   npm run bench:instructions -- --by-function rl:256 --touch arena      with --touch unused:121: how much of a block a step reads
 *   npm run bench:instructions -- --by-function combat:10 --annotate answer,passPriority   their machine code, counted by instruction
 *
 * Needs valgrind (Debian: apt-get install valgrind). Each workload runs twice under cachegrind with
 * two unit counts; the difference over the difference of counts is the figure, so start-up,
 * compilation and warm-up cancel out. `combat:N` counts a restore and a combat; `restore:N` the
 * restore alone; `baseline:N` the plain-object baseline's reset and combat; `reset:N` its reset alone; `random` a random-vs-random game; `rl:N` one masked step of N envs; `bare:N` the same without observations (the writer a no-op); `serve:N` the same through `redzone serve`'s request handler (delta transport).
 *
 * `--cache` also simulates the caches and the branch predictor (cachegrind's 32 KB 8-way I1 and D1,
 * and a 1 MB 16-way last level: this machine kind's L2; slower: each run takes several times as
 * long) and reports per unit, beside the instructions, the instruction-cache misses (I1), the
 * data-cache misses (D1, reads and writes), the misses of the simulated L2 and the mispredicted
 * branches: on small boards the first and the last, not the instructions, are where the engine's
 * time goes (docs/benchmark-history.md, "After the seat and answer work"); for N learning envs in lockstep, the L2
 * misses (README, "Where the time goes now"). Simulated figures, not the machine's
 * counters: compare them between commits, as the instructions.
 *
 * `--by-function KIND:N` (one workload, this tree) splits its instructions, I1, D1 and L2 misses by
 * JavaScript function instead (by-function.mjs: callgrind with node's perf map).
 *
 * `--annotate NAMES` (with `--by-function KIND:N`) prints instead V8's optimized code of those
 * functions with each instruction's count a unit (annotate.mjs): which of a function's
 * instructions are the rule's work and which V8's checks around it.
 *
 * `--touch BLOCKS` (`arena`, `obs`, `rows`, `builder`, `unused:LINES`; with `rl:N` and `bare:N`,
 * with `--cache` or `--by-function`) makes each env read one byte in 64 of those blocks of its
 * memory just before it steps (workload.ts): the L2 misses then rise by the blocks' lines the step
 * does not read itself, plus what the reads push out of the cache, which a run touching `unused:`
 * as many lines (a block nothing else reads) measures; so the two runs tell how much of a block a
 * step touches (docs/benchmark-history.md, "Which of an env's memory a step reads", 2026-12-07).
 */
import { spawnSync } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { annotate } from './annotate.mjs'
import { byFunction, L2_SIMULATION } from './by-function.mjs'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
/** Per workload: the unit counts of the two runs (their difference is what is counted). */
const COUNTS = {
  combat: (n) => (n >= 1000 ? [100, 300] : n >= 100 ? [1_000, 3_000] : [10_000, 30_000]),
  restore: (n) => (n >= 1000 ? [100, 300] : [10_000, 30_000]),
  reset: (n) => (n >= 1000 ? [100, 300] : n >= 100 ? [1_000, 3_000] : [10_000, 30_000]),
  baseline: (n) => (n >= 1000 ? [100, 300] : n >= 100 ? [1_000, 3_000] : [10_000, 30_000]),
  // Not past compilation: games 21 to 60 still see 44 optimized compilations (`node --trace-opt`),
  // about 44% of the count under callgrind; 200 to 400 still saw 36 (README, "Counting instructions").
  random: () => [20, 60],
  // Past V8's compilation, by masked steps (N of them a unit) at every N: counted from about 300,000
  // masked steps to 400,000. From 25,600 to 76,800 (the counts before 2026-12-06 17:30 UTC) V8
  // still compiled about 60 functions at N = 256 (`node --trace-opt`), about 30% of the count
  // (62,600 instructions a masked step against 41,200 from 300,000 to 400,000); past 300,000 it
  // compiles about one function every 50,000 masked steps. Two runs of the same code still differ
  // by up to 5% (docs/benchmark-history.md, "Counting the learning env past V8's compiling").
  rl: (n) => [Math.ceil(300_000 / n), Math.ceil(400_000 / n)],
  bare: (n) => [Math.ceil(300_000 / n), Math.ceil(400_000 / n)],
  serve: (n) => [Math.ceil(300_000 / n), Math.ceil(400_000 / n)],
}
/**
 * `--by-function`'s counts of `rl:N` and `serve:N`: 25,600 to 76,800 masked steps (callgrind is
 * several times slower than cachegrind, and 400,000 masked steps would take about an hour). V8's
 * compiling in that span comes out as its own rows (`node: v8::internal::compiler::...`), so the
 * JavaScript functions' rows hold; the total does not.
 */
const BY_FUNCTION_COUNTS = { rl: (n) => [Math.ceil(25_600 / n), Math.ceil(76_800 / n)] }
BY_FUNCTION_COUNTS.serve = BY_FUNCTION_COUNTS.bare = BY_FUNCTION_COUNTS.rl

const { values } = parseArgs({
  options: {
    ref: { type: 'string' },
    only: { type: 'string', default: 'combat:1,combat:10,combat:20,combat:1000,restore:10,random,rl:16' },
    cache: { type: 'boolean', default: false },
    'by-function': { type: 'string' },
    sort: { type: 'string', default: 'l2' },
    rows: { type: 'string', default: '30' },
    touch: { type: 'string' },
    annotate: { type: 'string' },
    min: { type: 'string', default: '0.5' },
    repeat: { type: 'string', default: '1' },
    help: { type: 'boolean', default: false },
  },
})
if (values.help) {
  console.log('usage: npm run bench:instructions -- [--ref REF] [--only combat:10,random,rl:16,...] [--cache] [--repeat K]')
  console.log('       npm run bench:instructions -- --by-function rl:256 [--sort l2|d1|i1|instructions] [--rows 30]')
  console.log('       npm run bench:instructions -- --by-function combat:10 --annotate answer,passPriority [--min 0.5] [--cache]: their machine code, each instruction run at least --min times a unit with its count (and its L2 misses)')
  console.log('       either with --touch arena,obs,rows,builder,unused:LINES (rl:N and bare:N only): each env reads those blocks of its memory before it steps')
  process.exit(0)
}

function fail(message) {
  console.error(`bench:instructions: ${message}`)
  process.exit(2)
}

if (spawnSync('valgrind', ['--version']).status !== 0) fail('valgrind is not installed (Debian: apt-get install valgrind)')

const byFunctionSpec = values['by-function']
if (byFunctionSpec !== undefined) {
  if (values.ref !== undefined) fail('--by-function takes one workload of this tree: not with --ref')
  if (values.cache && values.annotate === undefined) fail('--by-function simulates the caches already: --cache goes with --annotate only')
  if (!['l2', 'd1', 'i1', 'instructions'].includes(values.sort)) fail(`--sort: l2, d1, i1 or instructions, not "${values.sort}"`)
  if (!/^[1-9]\d{0,2}$/.test(values.rows)) fail(`--rows: a whole number from 1 to 999, not "${values.rows}"`)
}
if (values.annotate !== undefined) {
  if (byFunctionSpec === undefined) fail('--annotate: with --by-function KIND:N (the workload whose code it counts)')
  if (values.touch !== undefined) fail('--annotate: not with --touch')
  if (!/^[\w$]+(,[\w$]+)*$/.test(values.annotate)) fail(`--annotate: JavaScript function names separated by commas, not "${values.annotate}"`)
}
if (!/^\d+(\.\d+)?$/.test(values.min)) fail(`--min: a number of runs a unit (0.5, 10), not "${values.min}"`)
if (!/^[1-9]$/.test(values.repeat)) fail(`--repeat: how many times to count each workload, 1 to 9, not "${values.repeat}"`)
if (values.repeat !== '1' && byFunctionSpec !== undefined) fail('--repeat: the main table only, not with --by-function')
const repeat = Number(values.repeat)

// `--touch`: the blocks of an env's memory each env reads before it steps (workload.ts, which
// knows the blocks and checks the names: `touchSizes` asks it before any count).
if (values.touch !== undefined) {
  if (values.ref !== undefined) fail('--touch: this tree only, not with --ref (compare with a run of this tree without it)')
  if (!values.cache && byFunctionSpec === undefined) fail('--touch: with --cache or --by-function (it shows in the L2 misses, which instructions alone do not count)')
  // Inherited by every run of the workload (spawnSync passes this process's environment).
  process.env.REDZONE_BENCH_TOUCH = values.touch
}

const workloads = (byFunctionSpec ?? values.only).split(',').map((item) => {
  const [kind, size = '1'] = item.split(':')
  if (!(kind in COUNTS)) fail(`--only: no workload "${kind}" (combat:N, restore:N, baseline:N, reset:N, random, rl:N, bare:N, serve:N)`)
  const n = Number(size)
  if (!Number.isInteger(n) || n < 1 || n > 100_000) fail(`--only: "${item}": the size is a whole number from 1 to 100,000`)
  if (values.touch !== undefined && kind !== 'rl' && kind !== 'bare') fail(`--touch: the rl:N and bare:N workloads only, not "${item}"`)
  return { kind, n, label: kind === 'random' ? 'random game' : `${kind} ${n}` }
})

/**
 * With `--touch`: the workload run for no units, outside valgrind, before any count: it refuses a
 * block it does not have (its message is this run's) and says how many lines each block named has.
 * Returns the note to print under the figures (null without `--touch`).
 */
function touchSizes(file, kind) {
  if (values.touch === undefined) return null
  const r = spawnSync('node', [file, kind, '1', '0'], { encoding: 'utf8', cwd: ROOT })
  const refused = /^Error: REDZONE_BENCH_TOUCH: (.*)$/m.exec(r.stderr)
  if (refused !== null) fail(`--touch: ${refused[1]}`)
  const sizes = /^touch: (.*)$/m.exec(r.stderr)
  if (r.status !== 0 || sizes === null) fail(`--touch: the workload did not say its blocks' sizes: ${r.stderr.trim() || `exit ${r.status}`}`)
  return `\n--touch ${values.touch}: before each env's step, it read one byte in 64 of ${sizes[1]}. The L2 misses of this run less those of a run without --touch, per masked step, are the lines of those blocks the step itself does not read (cold at N = 256), plus what the reads pushed out of the cache; a run with --touch unused:LINES (as many lines, read by nothing else) gives that second part: its misses less these are the lines the step reads.`
}

function git(args, cwd = ROOT) {
  const r = spawnSync('git', args, { cwd, encoding: 'utf8' })
  if (r.status !== 0) fail(`git ${args.join(' ')}: ${r.stderr.trim()}`)
  return r.stdout.trim()
}

/** A checkout of `ref` under the temporary directory (kept per commit), sharing this tree's node_modules. */
function checkout(ref) {
  const commit = git(['rev-parse', '--verify', `${ref}^{commit}`])
  const dir = join(tmpdir(), `redzone-instructions-${commit.slice(0, 12)}`)
  if (!existsSync(dir)) git(['worktree', 'add', '--detach', dir, commit])
  if (!existsSync(join(dir, 'node_modules'))) symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'))
  return { dir, name: commit.slice(0, 7) }
}

/** Bundles this tree's workload against `dir`'s sources (the workload file is this tree's, so both sides run the same driver). */
function bundle(dir, name) {
  // Inside the tree, so that its node_modules resolve the packages left out of the bundle.
  mkdirSync(join(dir, 'dist'), { recursive: true })
  const out = join(dir, 'dist', 'instructions-workload.mjs')
  mkdirSync(join(dir, 'bench', 'instructions'), { recursive: true })
  const entry = join(dir, 'bench', 'instructions', 'workload.ts')
  if (dir !== ROOT) {
    // The ref may lack this driver (or its helper): both sides run this tree's.
    copyFileSync(join(ROOT, 'bench', 'instructions', 'workload.ts'), entry)
    copyFileSync(join(ROOT, 'bench', 'masked-random.ts'), join(dir, 'bench', 'masked-random.ts'))
  }
  // Syntax minified, as the package's build (scripts/build.mjs) and the bench's bundle are: what ships is what is counted.
  const r = spawnSync(join(ROOT, 'node_modules', '.bin', 'esbuild'), [entry, '--bundle', '--platform=node', '--format=esm', '--target=node20', '--packages=external', '--minify-syntax', `--outfile=${out}`, '--log-level=warning'], { cwd: dir, encoding: 'utf8' })
  if (r.status !== 0) fail(`esbuild of ${name}: ${r.stderr.trim()}`)
  return out
}

/** What a run counts: the instructions, and with `--cache` the simulated misses and mispredicts. */
const FIGURES = values.cache
  ? [['instructions', /I\s+refs:\s+([\d,]+)/], ['I1 misses', /I1\s+misses:\s+([\d,]+)/], ['D1 misses', /D1\s+misses:\s+([\d,]+)/], ['L2 misses', /LL misses:\s+([\d,]+)/], ['mispredicts', /Mispredicts:\s+([\d,]+)/]]
  : [['instructions', /I\s+refs:\s+([\d,]+)/]]

/** The figures of one run of `count` units (in FIGURES' order). */
function counts(file, kind, n, count) {
  const sim = values.cache ? ['--cache-sim=yes', '--branch-sim=yes', L2_SIMULATION] : ['--cache-sim=no']
  const r = spawnSync('valgrind', ['--tool=cachegrind', ...sim, '--cachegrind-out-file=/dev/null', '--smc-check=all', 'node', '--single-threaded', file, kind, String(n), String(count)], { encoding: 'utf8', cwd: ROOT, maxBuffer: 1 << 26 })
  const matches = FIGURES.map(([, pattern]) => pattern.exec(r.stderr))
  if (r.status !== 0 || matches.some((m) => m === null)) fail(`${kind} ${n} x${count}: ${r.stderr.split('\n').filter((l) => !l.startsWith('==')).join('\n').trim() || `exit ${r.status}`}`)
  return matches.map((m) => Number(m[1].replaceAll(',', '')))
}

if (byFunctionSpec !== undefined) {
  if (workloads.length !== 1) fail('--by-function: one workload (rl:256, combat:10, ...)')
  const [w] = workloads
  if (spawnSync('valgrind', ['--tool=callgrind', '--version']).status !== 0) fail('valgrind has no callgrind here')
  const file = bundle(ROOT, 'this tree')
  if (values.annotate !== undefined) {
    const [, count] = (BY_FUNCTION_COUNTS[w.kind] ?? COUNTS[w.kind])(w.n)
    annotate({ file, kind: w.kind, n: w.n, count, names: values.annotate.split(','), min: Number(values.min), cache: values.cache, fail })
    process.exit(0)
  }
  const touchNote = touchSizes(file, w.kind)
  byFunction({ file, kind: w.kind, n: w.n, counts: (BY_FUNCTION_COUNTS[w.kind] ?? COUNTS[w.kind])(w.n), rows: Number(values.rows), sort: values.sort, fail })
  if (touchNote !== null) console.log(touchNote)
  process.exit(0)
}

const sides = []
if (values.ref) sides.push(checkout(values.ref))
sides.push({ dir: ROOT, name: git(['status', '--porcelain', '--untracked-files=no']) === '' ? git(['rev-parse', '--short=7', 'HEAD']) : 'working tree' })
const files = sides.map((side) => bundle(side.dir, side.name))
const touchNote = touchSizes(files[files.length - 1], workloads[0].kind)

const rows = []
const median = (values) => {
  const v = [...values].sort((a, b) => a - b)
  return v.length % 2 ? v[v.length >> 1] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2
}
for (const w of workloads) {
  const [k1, k2] = COUNTS[w.kind](w.n)
  // Per repeat, per side, per figure: the difference of the two runs over the difference of their
  // counts. With --repeat, the sides take turns (a process's count of the same code moves by a few
  // percent: V8 compiles a large function in one run's span and not in the other's).
  const runs = []
  for (let r = 0; r < repeat; r++) {
    runs.push(files.map((file) => {
      const a = counts(file, w.kind, w.n, k1)
      const b = counts(file, w.kind, w.n, k2)
      return b.map((v, i) => (v - a[i]) / (k2 - k1))
    }))
  }
  FIGURES.forEach(([figure], i) => {
    const label = FIGURES.length === 1 ? w.label : `${w.label}, ${figure}`
    const figures = files.map((_, side) => median(runs.map((run) => run[side][i])))
    const fmt = (v) => Math.round(v).toLocaleString('en-US')
    const spread = (side) => (repeat > 1 ? ` (${fmt(Math.min(...runs.map((run) => run[side][i])))}-${fmt(Math.max(...runs.map((run) => run[side][i])))})` : '')
    const ratios = runs.map((run) => run[1]?.[i] / run[0][i])
    const ratio = files.length === 2 ? [`${(figures[1] / figures[0]).toFixed(3)}${repeat > 1 ? ` (${Math.min(...ratios).toFixed(3)}-${Math.max(...ratios).toFixed(3)})` : ''}`] : []
    rows.push([label, ...figures.map((v, side) => `${fmt(v)}${spread(side)}`), ...ratio])
    console.error(`  ${rows[rows.length - 1].join('  ')}`)
  })
}
const head = [values.cache ? 'workload (per unit)' : 'workload (instructions per unit)', ...sides.map((s) => s.name + (repeat > 1 ? `, median of ${repeat} (min-max)` : '')), ...(sides.length === 2 ? [repeat > 1 ? 'new / old, of the medians (each repeat\'s min-max)' : 'new / old'] : [])]
console.log(`| ${head.join(' | ')} |`)
console.log(`| --- | ${head.slice(1).map(() => '---:').join(' | ')} |`)
for (const row of rows) console.log(`| ${row.join(' | ')} |`)
if (touchNote !== null) console.log(touchNote)
