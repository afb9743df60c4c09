/**
 * The same-process comparison's runner (`npm run bench -- --compare REF --same-process KERNELS`):
 * loads the kernels of two builds (bench/kernels.ts bundled against each tree's sources) into this
 * one process and times them in alternated slices, the order swapped every round, so that both
 * sides share the process, its heap and the machine's moment. Separate bench processes differ in
 * more than the change (their heaps, their compiled code) and move by more than a few percent
 * from one run to the next on a shared machine; slices in one process resolve a few percent.
 * Both sides' state lives in the process at once (two `VecEnv`s of N games for `rl:N`), so the
 * rates are those of a process holding both: compare the ratio, not the rates with the bench's.
 *
 * `node --expose-gc same-process.js FIRST_KERNELS SECOND_KERNELS SPECS ROUNDS SLICE_MS`: loads
 * the first, then the second, and prints `{ "kernels": [{ "spec", "unit", "first": [rate per
 * round], "second": [...] }] }` on stdout and its progress on stderr. How well V8 compiles one
 * side can differ from one process to the next, so the caller runs several, swapping the order.
 */
import { pathToFileURL } from 'node:url'
import type { Kernel } from './kernels.js'

interface KernelModule {
  makeKernel(spec: string): Kernel
}

const [firstPath, secondPath, specList, roundsArg, sliceArg] = process.argv.slice(2)
if (!firstPath || !secondPath || !specList || !roundsArg || !sliceArg) {
  process.stderr.write('usage: same-process.js FIRST_KERNELS SECOND_KERNELS SPECS ROUNDS SLICE_MS\n')
  process.exit(2)
}
const rounds = Number(roundsArg)
const sliceMs = Number(sliceArg)
const collect = typeof gc === 'function' ? gc : (): void => {}
const log = (line: string): void => void process.stderr.write(`${line}\n`)
const WARM_UP_MS = 1500

/** Units per second of `kernel` over one slice (whole chunks, at least one; the time its chunks count), after a collection. */
function rate(kernel: Kernel): number {
  collect()
  let units = 0
  let ms = 0
  const t0 = performance.now()
  do {
    ms += kernel.work()
    units += kernel.chunk
  } while (performance.now() - t0 < sliceMs)
  return (units * 1000) / ms
}

const first = (await import(pathToFileURL(firstPath).href)) as KernelModule
const second = (await import(pathToFileURL(secondPath).href)) as KernelModule
const out: { spec: string; unit: string; first: number[]; second: number[] }[] = []
for (const spec of specList.split(',')) {
  const sides = { first: first.makeKernel(spec), second: second.makeKernel(spec) }
  log(`same process: ${spec} (${sides.second.unit}): warming up both sides ...`)
  // Until both sides are compiled: two slices each, and at least WARM_UP_MS of each (a VecEnv takes a second or two).
  const w0 = performance.now()
  for (let w = 0; w < 2 || performance.now() - w0 < 2 * WARM_UP_MS; w++) {
    rate(sides.first)
    rate(sides.second)
  }
  const row = { spec, unit: sides.second.unit, first: [] as number[], second: [] as number[] }
  for (let k = 0; k < rounds; k++) {
    const order = k % 2 === 0 ? (['first', 'second'] as const) : (['second', 'first'] as const)
    for (const side of order) row[side].push(rate(sides[side]))
  }
  const ratios = row.second.map((h, k) => h / row.first[k]!).sort((a, b) => a - b)
  log(`same process: ${spec}: second / first per round ${ratios[0]!.toFixed(3)} .. ${ratios[ratios.length - 1]!.toFixed(3)}`)
  out.push(row)
}
process.stdout.write(`${JSON.stringify({ kernels: out })}\n`)
