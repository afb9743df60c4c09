/**
 * `npm run bench:instructions -- --annotate answer,passPriority --by-function combat:10`: V8's
 * optimized machine code for those JavaScript functions, each instruction with how many times it
 * ran a unit of the workload. One callgrind run (`--dump-instr=yes`: a count per instruction
 * address) of node with `--print-opt-code`, which prints each optimized code object with its
 * addresses in that same process, so the two line up. What `--by-function` cannot say: which of a
 * function's instructions are the work (the rule's own reads and writes) and which are V8's checks
 * around them (maps, bounds, a module function's identity before its inlined body, Smi tags).
 *
 * With `--cache`, callgrind also simulates the caches (by-function.mjs's: a 1 MB L2) and each
 * instruction shows its L2 misses (reads and writes) as well, with the instructions of all the
 * functions named that miss the most listed first: which load of which object a step waits on
 * (the learning env at N = 256).
 *
 * One run of `count` units, not the difference of two: a function compiled more than once shows
 * each code object apart (the early ones ran while the workload warmed up), and the figures per
 * unit include that warm-up (small against the count used).
 */
import { spawnSync } from 'node:child_process'
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { tmpdir } from 'node:os'
import { L2_SIMULATION, selfCosts } from './by-function.mjs'

/**
 * The instructions run at each address of one callgrind run (`--dump-instr=yes`, positions not
 * compressed), and with the cache simulated its L2 misses (the last two events, `DLmr` and `DLmw`,
 * of `events:`): self cost only, as `[instructions, L2 misses]`.
 */
export function countsByAddress(text) {
  const names = (/^events:(.*)$/m.exec(text)?.[1] ?? '').trim().split(/\s+/)
  const l2 = ['DLmr', 'DLmw'].map((e) => names.indexOf(e)).filter((i) => i >= 0)
  const counts = new Map()
  for (const { fields } of selfCosts(text)) {
    // Address, line, then the events in order.
    const a = parseInt(fields[0], 16)
    const c = counts.get(a) ?? [0, 0]
    c[0] += Number(fields[2]) || 0
    for (const i of l2) c[1] += Number(fields[2 + i]) || 0
    counts.set(a, c)
  }
  return counts
}

/**
 * The optimized code objects `--print-opt-code` printed: each with its function's name, its
 * optimization id and its instructions (address, offset within the code, the instruction and
 * V8's comment).
 */
export function codeObjects(text) {
  const objects = []
  let current = null
  for (const line of text.split('\n')) {
    if (line.startsWith('--- Optimized code ---')) objects.push((current = { name: '', id: '', lines: [] }))
    else if (current === null) continue
    else if (line.startsWith('name = ') && current.name === '') current.name = line.slice(7).trim()
    else if (line.startsWith('optimization_id = ')) current.id = line.slice(18).trim()
    else {
      const m = /^(0x[0-9a-f]+)\s+([0-9a-f]+)\s+[0-9a-f]+\s+(.*)$/.exec(line)
      if (m) current.lines.push({ address: parseInt(m[1], 16), offset: m[2], text: m[3].replace(/\s+/g, ' ') })
    }
  }
  return objects
}

/**
 * Prints, for each code object of the functions `names` that ran, its instructions a unit and
 * each instruction that ran at least `min` times a unit (with how many). `fail` reports an error
 * and exits.
 */
export function annotate({ file, kind, n, count, names, min = 0.5, cache = false, fail }) {
  const dir = mkdtempSync(join(tmpdir(), 'redzone-annotate-'))
  const out = join(dir, 'callgrind.out')
  const code = join(dir, 'code.txt')
  const fd = openSync(code, 'w')
  try {
    // Every function's code is printed (the filter takes one name) and the names picked from it.
    const args = ['--tool=callgrind', ...(cache ? ['--cache-sim=yes', L2_SIMULATION] : []), '--dump-instr=yes', '--compress-pos=no', '--compress-strings=no', '--smc-check=all', `--callgrind-out-file=${out}`, 'node', '--single-threaded', '--print-opt-code', '--code-comments', file, kind, String(n), String(count)]
    const r = spawnSync('valgrind', args, { cwd: dir, stdio: ['ignore', fd, 'pipe'], maxBuffer: 1 << 26, encoding: 'utf8' })
    closeSync(fd)
    if (r.status !== 0) fail(`--annotate ${kind}:${n} x${count}: ${r.stderr.split('\n').filter((l) => !l.startsWith('==')).join('\n').trim() || `exit ${r.status}`}`)
    const counts = countsByAddress(readFileSync(out, 'utf8'))
    const objects = codeObjects(readFileSync(code, 'utf8')).filter((o) => names.includes(o.name))
    for (const name of names) if (!objects.some((o) => o.name === name)) fail(`--annotate: V8 optimized no function "${name}" in ${kind}:${n} (a function inlined everywhere it is called has no code of its own: name its caller)`)
    const fmt = (v, digits = 1) => v.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })
    const at = (l) => counts.get(l.address) ?? [0, 0]
    console.log(`${kind}:${n}, ${count.toLocaleString('en-US')} units in one run (warm-up included): V8's optimized code, each instruction run at least ${min} times a unit${cache ? ', with its L2 misses a unit (simulated 1 MB)' : ''}`)
    if (cache) {
      const missing = objects.flatMap((o) => o.lines.map((l) => ({ o, l, miss: at(l)[1] / count }))).filter((m) => m.miss > 0).sort((a, b) => b.miss - a.miss)
      console.log(`\nThe instructions that miss the most in L2 (${fmt(missing.reduce((s, m) => s + m.miss, 0), 2)} misses a unit in all these functions):`)
      for (const m of missing.slice(0, 30)) console.log(`${fmt(m.miss, 2).padStart(8)}  ${m.o.name} +${m.l.offset.padStart(4, '0')}  ${m.l.text}`)
    }
    for (const o of objects) {
      const total = o.lines.reduce((s, l) => s + at(l)[0], 0) / count
      if (total === 0) continue
      const misses = cache ? `, ${fmt(o.lines.reduce((s, l) => s + at(l)[1], 0) / count, 2)} L2 misses` : ''
      console.log(`\n## ${o.name} (optimization ${o.id}): ${fmt(total)} instructions a unit${misses}, ${o.lines.length} instructions of code`)
      for (const l of o.lines) {
        const [c, miss] = at(l)
        if (c / count >= min) console.log(`${fmt(c / count).padStart(8)}${cache ? `${miss > 0 ? fmt(miss / count, 2) : ''}`.padStart(8) : ''}  +${l.offset.padStart(4, '0')}  ${l.text}`)
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
