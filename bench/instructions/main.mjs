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
 *
 * Needs valgrind (Debian: apt-get install valgrind). Each workload runs twice under cachegrind with
 * two unit counts; the difference over the difference of counts is the figure, so start-up,
 * compilation and warm-up cancel out. `combat:N` counts a restore and a combat; `restore:N` the
 * restore alone; `baseline:N` the plain-object baseline's reset and combat; `random` a random-vs-random game; `rl:N` one masked step of N envs.
 */
import { spawnSync } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
/** Per workload: the unit counts of the two runs (their difference is what is counted). */
const COUNTS = {
  combat: (n) => (n >= 1000 ? [100, 300] : n >= 100 ? [1_000, 3_000] : [10_000, 30_000]),
  restore: (n) => (n >= 1000 ? [100, 300] : [10_000, 30_000]),
  baseline: (n) => (n >= 1000 ? [100, 300] : n >= 100 ? [1_000, 3_000] : [10_000, 30_000]),
  random: () => [20, 60],
  rl: () => [500, 1_500],
}

const { values } = parseArgs({
  options: {
    ref: { type: 'string' },
    only: { type: 'string', default: 'combat:1,combat:10,combat:20,combat:1000,restore:10,random,rl:16' },
    help: { type: 'boolean', default: false },
  },
})
if (values.help) {
  console.log('usage: npm run bench:instructions -- [--ref REF] [--only combat:10,random,rl:16,...]')
  process.exit(0)
}

function fail(message) {
  console.error(`bench:instructions: ${message}`)
  process.exit(2)
}

if (spawnSync('valgrind', ['--version']).status !== 0) fail('valgrind is not installed (Debian: apt-get install valgrind)')

const workloads = values.only.split(',').map((item) => {
  const [kind, size = '1'] = item.split(':')
  if (!(kind in COUNTS)) fail(`--only: no workload "${kind}" (combat:N, restore:N, baseline:N, random, rl:N)`)
  const n = Number(size)
  if (!Number.isInteger(n) || n < 1 || n > 100_000) fail(`--only: "${item}": the size is a whole number from 1 to 100,000`)
  return { kind, n, label: kind === 'random' ? 'random game' : `${kind} ${n}` }
})

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
  const r = spawnSync(join(ROOT, 'node_modules', '.bin', 'esbuild'), [entry, '--bundle', '--platform=node', '--format=esm', '--target=node20', '--packages=external', `--outfile=${out}`, '--log-level=warning'], { cwd: dir, encoding: 'utf8' })
  if (r.status !== 0) fail(`esbuild of ${name}: ${r.stderr.trim()}`)
  return out
}

function instructions(file, kind, n, count) {
  const r = spawnSync('valgrind', ['--tool=cachegrind', '--cache-sim=no', '--cachegrind-out-file=/dev/null', '--smc-check=all', 'node', '--single-threaded', file, kind, String(n), String(count)], { encoding: 'utf8', cwd: ROOT, maxBuffer: 1 << 26 })
  const match = /I\s+refs:\s+([\d,]+)/.exec(r.stderr)
  if (r.status !== 0 || !match) fail(`${kind} ${n} x${count}: ${r.stderr.split('\n').filter((l) => !l.startsWith('==')).join('\n').trim() || `exit ${r.status}`}`)
  return Number(match[1].replaceAll(',', ''))
}

const sides = []
if (values.ref) sides.push(checkout(values.ref))
sides.push({ dir: ROOT, name: git(['status', '--porcelain', '--untracked-files=no']) === '' ? git(['rev-parse', '--short=7', 'HEAD']) : 'working tree' })
const files = sides.map((side) => bundle(side.dir, side.name))

const rows = []
for (const w of workloads) {
  const [k1, k2] = COUNTS[w.kind](w.n)
  const per = files.map((file) => (instructions(file, w.kind, w.n, k2) - instructions(file, w.kind, w.n, k1)) / (k2 - k1))
  rows.push([w.label, ...per.map((v) => Math.round(v).toLocaleString('en-US')), ...(per.length === 2 ? [(per[1] / per[0]).toFixed(3)] : [])])
  console.error(`  ${rows[rows.length - 1].join('  ')}`)
}
const head = ['workload (instructions per unit)', ...sides.map((s) => s.name), ...(sides.length === 2 ? ['new / old'] : [])]
console.log(`| ${head.join(' | ')} |`)
console.log(`| --- | ${head.slice(1).map(() => '---:').join(' | ')} |`)
for (const row of rows) console.log(`| ${row.join(' | ')} |`)
