/**
 * The combat benchmark in Chromium: the same seeded boards and whole combats as `npm run bench`,
 * timed in Node, on a page's main thread and in a Worker behind `redzone/worker` (inside the
 * worker, and as a round trip from the page). The page is cross-origin isolated (COOP/COEP), so
 * its timer has 5 us resolution; small boards are timed in batches. Every outcome (life totals,
 * deaths, damage and loyalty checksums) is compared with Node's: the bench fails on a difference.
 */
import { join } from 'node:path'
import { build } from 'esbuild'
import { projectRoot } from '../../demo/web/build.js'
import { findChromium, launchChromium } from '../../test/browser/chromium.js'
import { serveFiles } from '../../test/browser/serve.js'
import type { Outcome } from '../outcome.js'
import type { BenchPageApi, WorkerTiming } from './page.js'
import { prepare, timeCombats, type CombatTiming } from './timing.js'

export interface BrowserRow {
  n: number
  nodeMs: number
  mainMs: number
  mainWithRestoreMs: number
  workerMs: number
  workerRoundTripMs: number
  /** The combat's own time inside the round trips (so round trip minus this is the messaging). */
  workerRoundTripInWorkerMs: number
  combatsPerSample: number
  samples: number
  outcomesEqual: boolean
}

export interface BrowserReport {
  userAgent: string
  crossOriginIsolated: boolean
  rows: BrowserRow[]
  targets: { fullCombat10000Ms: number; fullCombat20Ms: number }
}

export const BROWSER_TARGETS = { fullCombat10000Ms: 10, fullCombat20Ms: 0.05 }

async function bundle(entry: string): Promise<string> {
  const result = await build({
    absWorkingDir: projectRoot(),
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'warning',
  })
  return result.outputFiles[0]!.text
}

function samplesFor(n: number): { samples: number; roundTrips: number } {
  if (n < 1000) return { samples: 9, roundTrips: 200 }
  if (n < 10_000) return { samples: 31, roundTrips: 51 }
  return { samples: 21, roundTrips: 21 }
}

function same(a: Outcome, b: Outcome, what: string, n: number): void {
  if (JSON.stringify(a) !== JSON.stringify(b)) throw new Error(`bench browser: ${what} differ at N=${n}:\n  node  ${JSON.stringify(a)}\n  other ${JSON.stringify(b)}`)
}

export async function browserBench(options: { sizes?: number[]; seed?: number; log?: (line: string) => void } = {}): Promise<BrowserReport> {
  const sizes = options.sizes ?? [20, 1000, 10_000]
  const seed = options.seed ?? 1
  const log = options.log ?? (() => {})
  const chromiumPath = findChromium()
  if (chromiumPath === null) throw new Error('bench browser: no Chromium found (set CHROMIUM_PATH or apt-get install chromium)')
  const root = projectRoot()
  const [page, worker] = await Promise.all([bundle(join(root, 'bench/browser/page.ts')), bundle(join(root, 'bench/browser/worker.ts'))])
  const served = await serveFiles(
    {
      '/index.html': { body: '<!doctype html><title>redzone bench</title><script src="/page.js"></script>', type: 'text/html' },
      '/page.js': { body: page, type: 'text/javascript' },
      '/worker.js': { body: worker, type: 'text/javascript' },
    },
    { 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp' },
  )
  // gc() in the page and the worker, to collect before each timed combat on large boards (as npm run bench does in Node).
  const chromium = await launchChromium(chromiumPath, ['--js-flags=--expose-gc'])
  try {
    const tab = await chromium.context.newPage()
    const errors: string[] = []
    tab.on('pageerror', (error) => errors.push(error.message))
    await tab.goto(`${served.url}/`)
    const userAgent = await tab.evaluate(() => (globalThis as unknown as { navigator: { userAgent: string } }).navigator.userAgent)
    const isolated = await tab.evaluate(() => (globalThis as unknown as { redzoneBench: BenchPageApi }).redzoneBench.isolated())
    const rows: BrowserRow[] = []
    for (const n of sizes) {
      const { samples, roundTrips } = samplesFor(n)
      log(`browser: full combat, N=${n.toLocaleString('en-US')} a side: node ...`)
      const node = timeCombats(prepare(n, seed), samples)
      log('  main thread ...')
      const main = await tab.evaluate(([n, seed, samples]) => (globalThis as unknown as { redzoneBench: BenchPageApi }).redzoneBench.main(n!, seed!, samples!), [n, seed, samples])
      log('  worker ...')
      const far: WorkerTiming = await tab.evaluate(
        ([n, seed, samples, trips]) => (globalThis as unknown as { redzoneBench: BenchPageApi }).redzoneBench.worker(n!, seed!, samples!, trips!),
        [n, seed, samples, roundTrips],
      )
      same(node.outcome, main.outcome, 'node and main-thread outcomes', n)
      same(node.outcome, far.inWorker.outcome, 'node and worker outcomes', n)
      same(node.outcome, far.outcome, 'node and worker round-trip outcomes', n)
      const row: BrowserRow = {
        n,
        nodeMs: node.ms,
        mainMs: main.ms,
        mainWithRestoreMs: main.withRestoreMs,
        workerMs: far.inWorker.ms,
        workerRoundTripMs: far.roundTripMs,
        workerRoundTripInWorkerMs: far.roundTripInWorkerMs,
        combatsPerSample: (main as CombatTiming).combatsPerSample,
        samples,
        outcomesEqual: true,
      }
      rows.push(row)
      log(`  gc before each combat: node ${node.collected}, main ${main.collected}, worker ${far.inWorker.collected}`)
      log(`  node ${row.nodeMs.toFixed(4)} ms, main ${row.mainMs.toFixed(4)} ms, worker ${row.workerMs.toFixed(4)} ms, round trip ${row.workerRoundTripMs.toFixed(3)} ms`)
    }
    if (errors.length > 0) throw new Error(`bench browser: page errors: ${errors.join('; ')}`)
    return { userAgent, crossOriginIsolated: isolated, rows, targets: BROWSER_TARGETS }
  } finally {
    await chromium.close()
    await served.close()
  }
}

export function browserTable(report: BrowserReport): string {
  const fmt = (v: number): string => (v < 0.1 ? v.toFixed(4) : v.toFixed(3))
  const target = (n: number): string => (n === 10_000 ? `${report.targets.fullCombat10000Ms} ms` : n === 20 ? `${report.targets.fullCombat20Ms} ms` : '')
  const lines = [
    `Chromium: ${report.userAgent.match(/Chrome\/[\d.]+/)?.[0] ?? report.userAgent}; cross-origin isolated: ${report.crossOriginIsolated ? 'yes (5 us timer)' : 'no (100 us timer)'}`,
    '| N a side | Node ms | main thread ms | main + restore ms | worker ms | worker round trip ms (combat inside) | target | combats per sample |',
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...report.rows.map(
      (r) =>
        `| ${r.n.toLocaleString('en-US')} | ${fmt(r.nodeMs)} | ${fmt(r.mainMs)} | ${fmt(r.mainWithRestoreMs)} | ${fmt(r.workerMs)} | ${fmt(r.workerRoundTripMs)} (${fmt(r.workerRoundTripInWorkerMs)}) | ${target(r.n)} | ${r.combatsPerSample} |`,
    ),
    'Outcomes (life, deaths, damage and loyalty checksums) equal in Node, on the main thread and in the worker.',
  ]
  return lines.join('\n')
}
