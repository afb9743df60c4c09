/**
 * `npm run bench:layout`: times the engine's `blockerCheck` over its columns against the same
 * check over one strided record (bench/column-layout.ts says why), in two loop shapes, on boards
 * of the sizes given; prints a table (and with `--json` the rows as one JSON line).
 */
import { parseArgs } from 'node:util'
import { blockerCheck } from '../src/rules/combat/check-block.js'
import { layoutProbe, SHAPES, stridedBlockerCheck, type Probe } from './column-layout.js'
import { median } from './compare.js'

/**
 * The four loops, each its own function so that V8 compiles each for itself (one function taking
 * both layouts would be compiled for both at once). Each returns the pairs allowed (into `sink`,
 * so that nothing is dead code).
 */
type Loop = (p: Probe, marks: Uint32Array, stamp: number) => number
const LOOPS: Record<'columns' | 'strided', Record<(typeof SHAPES)[number], Loop>> = {
  columns: {
    'read-only': ({ world, blockers, attackers }) => {
      let allowed = 0
      for (let i = 0; i < blockers.length; i++) allowed += blockerCheck(world, blockers[i]!, attackers[i]!) === null ? 1 : 0
      return allowed
    },
    // As the declaration check does (`checkBlockDeclaration`): each blocker marked in a scratch array as it is checked.
    'with a store': ({ world, blockers, attackers }, marks, stamp) => {
      let allowed = 0
      for (let i = 0; i < blockers.length; i++) {
        marks[blockers[i]!] = stamp
        allowed += blockerCheck(world, blockers[i]!, attackers[i]!) === null ? 1 : 0
      }
      return allowed
    },
  },
  strided: {
    'read-only': ({ record, blockers, attackers }) => {
      let allowed = 0
      for (let i = 0; i < blockers.length; i++) allowed += stridedBlockerCheck(record, blockers[i]!, attackers[i]!) === null ? 1 : 0
      return allowed
    },
    'with a store': ({ record, blockers, attackers }, marks, stamp) => {
      let allowed = 0
      for (let i = 0; i < blockers.length; i++) {
        marks[blockers[i]!] = stamp
        allowed += stridedBlockerCheck(record, blockers[i]!, attackers[i]!) === null ? 1 : 0
      }
      return allowed
    },
  },
}

let sink = 0
let stamps = 0
declare const gc: (() => void) | undefined
/** Checks a second of `loop` over one slice of `ms`, after a collection. */
function rate(p: Probe, loop: Loop, marks: Uint32Array, ms: number): number {
  if (typeof gc === 'function') gc()
  let checks = 0
  const t0 = performance.now()
  let t = t0
  do {
    sink += loop(p, marks, ++stamps)
    checks += p.blockers.length
    t = performance.now()
  } while (t - t0 < ms)
  return (checks * 1000) / (t - t0)
}

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '10,20,10000' },
    rounds: { type: 'string', default: '7' },
    'slice-ms': { type: 'string', default: '200' },
    seed: { type: 'string', default: '1' },
    json: { type: 'boolean', default: false },
  },
})
const positive = (name: string, text: string, max: number): number => {
  const v = Number(text)
  if (!Number.isInteger(v) || v < 1 || v > max) throw new Error(`--${name}: a whole number from 1 to ${max}, not "${text}"`)
  return v
}
const sizes = values.sizes.split(',').map((s) => positive('sizes', s, 100_000))
const rounds = positive('rounds', values.rounds, 1000)
const sliceMs = positive('slice-ms', values['slice-ms'], 60_000)
const seed = positive('seed', values.seed, 2 ** 31)


interface Row {
  size: number
  shape: (typeof SHAPES)[number]
  pairs: number
  columnsChecksPerSec: number
  stridedChecksPerSec: number
  /** strided / columns, per round. */
  ratio: number
  ratioMin: number
  ratioMax: number
}
const rows: Row[] = []
for (const size of sizes) {
  const p = layoutProbe(size, seed)
  for (const shape of SHAPES) {
    const marks = new Uint32Array(p.world.capacity)
    const loops = { columns: LOOPS.columns[shape], strided: LOOPS.strided[shape] }
    // Warm-up: both compiled before the first timed slice.
    rate(p, loops.columns, marks, 300)
    rate(p, loops.strided, marks, 300)
    const columns: number[] = []
    const strided: number[] = []
    for (let r = 0; r < rounds; r++) {
      // The order swapped every round.
      if (r % 2 === 0) {
        columns.push(rate(p, loops.columns, marks, sliceMs))
        strided.push(rate(p, loops.strided, marks, sliceMs))
      } else {
        strided.push(rate(p, loops.strided, marks, sliceMs))
        columns.push(rate(p, loops.columns, marks, sliceMs))
      }
    }
    const ratios = columns.map((c, i) => strided[i]! / c)
    rows.push({
      size,
      shape,
      pairs: p.blockers.length,
      columnsChecksPerSec: median(columns),
      stridedChecksPerSec: median(strided),
      ratio: median(ratios),
      ratioMin: Math.min(...ratios),
      ratioMax: Math.max(...ratios),
    })
  }
  process.stderr.write(`layout: ${size} a side done (${rounds} rounds a shape)\n`)
}
const fmt = (x: number): string => Math.round(x).toLocaleString('en-US')
console.log(`blockerCheck, checks a second (median of ${rounds} alternated rounds of ${sliceMs} ms; the ratio per round: median, range)`)
console.log('| a side | loop | pairs | columns (the engine) | one strided record | strided / columns |')
console.log('| ---: | --- | ---: | ---: | ---: | ---: |')
for (const r of rows) {
  console.log(`| ${fmt(r.size)} | ${r.shape} | ${fmt(r.pairs)} | ${fmt(r.columnsChecksPerSec)} | ${fmt(r.stridedChecksPerSec)} | ${r.ratio.toFixed(2)} (${r.ratioMin.toFixed(2)}-${r.ratioMax.toFixed(2)}) |`)
}
if (sink < 0) console.log(sink)
if (values.json) console.log(JSON.stringify({ layout: rows }))
