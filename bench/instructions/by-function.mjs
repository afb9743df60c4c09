/**
 * `npm run bench:instructions -- --by-function rl:256`: where one workload's instructions and
 * cache misses go, per JavaScript function. Cachegrind can't name V8's compiled code (it has no
 * symbols), so this runs the workload under callgrind with every instruction's address
 * (`--dump-instr=yes`) and node's `--perf-basic-prof`, whose map (`/tmp/perf-PID.map`) names the
 * code at each address; C++ (the garbage collector, builtins) keeps its own symbol names. As in
 * the main table, it runs twice with two unit counts and reports the difference per unit, so
 * start-up and compilation cancel out (but for code compiled in between: V8 moves and recompiles
 * code, so a few rows can come out slightly negative).
 *
 * The simulated caches: I1 and D1 as the main table's `--cache` (cachegrind's defaults), and the
 * last level as a 1 MB, 16-way cache: the size of this machine kind's L2 (AMD Zen 5), the level
 * that N learning envs stepping in lockstep fall out of as N grows (README, "Where the time goes
 * now").
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { tmpdir } from 'node:os'

/** The last-level cache cachegrind and callgrind simulate for the `L2 misses` figures. */
export const L2_SIMULATION = '--LL=1048576,16,64'

/** Events in callgrind's order with `--cache-sim=yes`. */
export const EVENTS = ['Ir', 'Dr', 'Dw', 'I1mr', 'D1mr', 'D1mw', 'ILmr', 'DLmr', 'DLmw']
const IR = 0
const I1 = [3]
const D1 = [4, 5]
const L2 = [6, 7, 8]

/** The code ranges of a perf map (`start size name`), later entries first where they overlap (code moved or recompiled). */
function readPerfMap(file) {
  const entries = []
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const m = /^([0-9a-f]+) ([0-9a-f]+) (.*)$/.exec(line)
    if (m) entries.push({ start: parseInt(m[1], 16), end: parseInt(m[1], 16) + parseInt(m[2], 16), name: tidy(m[3]), order: entries.length })
  }
  entries.sort((a, b) => a.start - b.start)
  return (address) => {
    let lo = 0
    let hi = entries.length - 1
    let last = -1
    while (lo <= hi) {
      const mid = (lo + hi) >> 1
      if (entries[mid].start <= address) {
        last = mid
        lo = mid + 1
      } else hi = mid - 1
    }
    let found = null
    // Code objects are small: the covering entry, if any, is among the last few that start before.
    for (let k = last; k >= 0 && k > last - 64; k--) {
      const e = entries[k]
      if (address < e.end && (found === null || e.order > found.order)) found = e
    }
    return found === null ? '(unnamed compiled code)' : found.name
  }
}

/** A perf map's name, shorter: `JS:*writeObjects file:///...:4335:22` (optimized) → `writeObjects`; baseline (`^`) and interpreted code say so. */
function tidy(name) {
  const js = /^JS:([*~^]?)(\S*)/.exec(name)
  if (js) return `${js[2] || '(anonymous)'}${js[1] === '*' ? '' : js[1] === '^' ? ' (baseline)' : ' (interpreted)'}`
  return name.replace(/^(Builtin|BytecodeHandler|Stub|RegExp):/, 'v8 $1 ').slice(0, 90)
}

/**
 * The events per function name of one callgrind run (`--dump-instr=yes`, positions and strings not
 * compressed) as a Map of name to counts in `EVENTS` order: self cost, a call's cost being its
 * callee's. Code in no object file (`???`: V8's) is named from the perf map.
 */
export function attribute(outFile, mapFile) {
  const named = readPerfMap(mapFile)
  const sums = new Map()
  for (const { object, fn, fields } of selfCosts(readFileSync(outFile, 'utf8'))) {
    const name = object.includes('???') ? named(parseInt(fields[0], 16)) : `${object.split('/').pop().replace(/\.so.*$/, '')}: ${fn.replace(/\(.*$/, '').slice(0, 80)}`
    let sum = sums.get(name)
    if (sum === undefined) sums.set(name, (sum = new Array(EVENTS.length).fill(0)))
    for (let i = 2; i < fields.length; i++) sum[i - 2] += Number(fields[i]) || 0
  }
  return sums
}

/**
 * The self-cost lines of a callgrind file (`--dump-instr=yes`, positions and strings not
 * compressed), each with the object and function it is in and its fields (address, line, then the
 * events of `events:` in order, trailing zeros left out); a call's cost line is left out (it is
 * its callee's, counted there). What `attribute` and `--annotate` (annotate.mjs) read.
 */
export function* selfCosts(text) {
  let object = ''
  let fn = ''
  let callCost = false
  for (const line of text.split('\n')) {
    if (callCost) {
      // The line after `calls=` is the inclusive cost of that call: counted in the callee already.
      callCost = false
      continue
    }
    if (line.startsWith('ob=')) object = line.slice(3)
    else if (line.startsWith('fn=')) fn = line.slice(3)
    else if (line.startsWith('calls=')) callCost = true
    else if (line.startsWith('0x')) yield { object, fn, fields: line.split(' ') }
  }
}

/** One callgrind run of `count` units: the events per function. */
function run(file, kind, n, count, fail) {
  // Its own directory: node with `--perf-basic-prof` also writes a V8 log into the one it runs in.
  const dir = mkdtempSync(join(tmpdir(), 'redzone-by-function-'))
  const out = join(dir, 'callgrind.out')
  const args = ['--tool=callgrind', '--cache-sim=yes', L2_SIMULATION, '--dump-instr=yes', '--compress-pos=no', '--compress-strings=no', '--smc-check=all', `--callgrind-out-file=${out}`, 'node', '--perf-basic-prof', '--single-threaded', file, kind, String(n), String(count)]
  const r = spawnSync('valgrind', args, { encoding: 'utf8', cwd: dir, maxBuffer: 1 << 26 })
  if (r.status !== 0) {
    rmSync(dir, { recursive: true, force: true })
    fail(`--by-function ${kind}:${n} x${count}: ${r.stderr.split('\n').filter((l) => !l.startsWith('==')).join('\n').trim() || `exit ${r.status}`}`)
  }
  const pid = /^pid: (\d+)$/m.exec(readFileSync(out, 'utf8').slice(0, 2000))?.[1]
  if (pid === undefined) fail(`--by-function: no pid in ${out}`)
  const map = `/tmp/perf-${pid}.map`
  try {
    return attribute(out, map)
  } finally {
    rmSync(dir, { recursive: true, force: true })
    rmSync(map, { force: true })
  }
}

const sumOf = (row, indexes) => indexes.reduce((s, i) => s + row[i], 0)
const fmt = (v, digits = 0) => v.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })

/**
 * Prints the functions with the most of `sort` (`l2`, `d1`, `i1` or `instructions`) per unit of the
 * workload, `rows` of them, as a Markdown table with each one's share of the whole.
 */
export function byFunction({ file, kind, n, counts: [k1, k2], rows = 30, sort = 'l2', fail }) {
  const a = run(file, kind, n, k1, fail)
  const b = run(file, kind, n, k2, fail)
  const units = k2 - k1
  const total = new Array(EVENTS.length).fill(0)
  const per = []
  for (const name of new Set([...a.keys(), ...b.keys()])) {
    const x = a.get(name) ?? new Array(EVENTS.length).fill(0)
    const y = b.get(name) ?? new Array(EVENTS.length).fill(0)
    const row = y.map((v, i) => (v - x[i]) / units)
    row.forEach((v, i) => (total[i] += v))
    per.push([name, row])
  }
  const key = sort === 'instructions' ? [IR] : sort === 'i1' ? I1 : sort === 'd1' ? D1 : L2
  per.sort((p, q) => sumOf(q[1], key) - sumOf(p[1], key))
  const share = (row, indexes) => `${((100 * sumOf(row, indexes)) / (sumOf(total, indexes) || 1)).toFixed(1)}%`
  console.log(`${kind}:${n}, per unit: ${fmt(total[IR])} instructions, ${fmt(sumOf(total, I1), 1)} I1 misses, ${fmt(sumOf(total, D1), 1)} D1 misses, ${fmt(sumOf(total, L2), 1)} L2 misses (simulated 1 MB); by ${sort}`)
  console.log('| function | instructions | I1 misses | D1 misses | L2 misses |')
  console.log('| --- | ---: | ---: | ---: | ---: |')
  for (const [name, row] of per.slice(0, rows)) {
    console.log(`| ${name.replaceAll('|', '\\|')} | ${fmt(row[IR])} (${share(row, [IR])}) | ${fmt(sumOf(row, I1), 1)} (${share(row, I1)}) | ${fmt(sumOf(row, D1), 1)} (${share(row, D1)}) | ${fmt(sumOf(row, L2), 1)} (${share(row, L2)}) |`)
  }
}
