/**
 * `npm run bench -- --compare REF` end to end, kept cheap: HEAD against the working tree, two
 * rounds of the small-board section for a tenth of a second. The first run for a commit checks it
 * out and builds it (about 20 s); later ones reuse the worktree. Not a measurement: it checks the
 * plumbing (worktree, build, alternation, the JSON comparison) and the errors.
 */
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { build } from 'esbuild'
import { beforeAll, describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..', '..')
const bench = join(root, 'dist', 'bench.js')
const head = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' })
const isCheckout = head.status === 0

function runBench(...args: string[]) {
  const out = spawnSync(process.execPath, ['--expose-gc', bench, ...args], { cwd: root, encoding: 'utf8', timeout: 300_000 })
  return { code: out.status, stdout: out.stdout, stderr: out.stderr }
}

describe.skipIf(!isCheckout)('npm run bench -- --compare (HEAD against the working tree)', { timeout: 300_000 }, () => {
  beforeAll(async () => {
    // The bench bundle as `npm run bench` makes it (the comparison runs it as the current side).
    await build({
      absWorkingDir: root, entryPoints: ['bench/main.ts'], bundle: true, platform: 'node', format: 'esm', target: 'node20',
      packages: 'external', outfile: bench, logLevel: 'warning',
    })
  })

  it('fails with a clear message for a ref that is not a commit', () => {
    const { code, stdout, stderr } = runBench('--compare', 'no-such-ref-anywhere')
    expect(code).toBe(2)
    expect(stdout).toBe('')
    expect(stderr).toContain('"no-such-ref-anywhere" is not a commit here')
  })

  it('runs both benches alternately and prints the comparison as JSON', () => {
    const { code, stdout, stderr } = runBench('--compare', 'HEAD', '--rounds', '2', '--only', 'small', '--small-seconds', '0.1', '--json')
    expect(code, stderr).toBe(0)
    const report = JSON.parse(stdout)
    expect(report).toMatchObject({ ref: 'HEAD', refCommit: head.stdout.trim(), headCommit: head.stdout.trim(), rounds: 2, order: ['ref', 'head'], benchArgs: ['--only', 'small', '--small-seconds', '0.1'] })
    expect(typeof report.dirty).toBe('boolean')
    const engine = report.figures.find((f: { name: string }) => f.name === 'smallBoard.engineCombatsPerSec')
    expect(engine).toMatchObject({ better: 'higher', control: false, constant: false, fixed: false, verdict: '' })
    expect(engine.old).toHaveLength(2)
    expect(engine.new).toHaveLength(2)
    expect(engine.ratio.rounds).toBe(2)
    expect(engine.ratio.min).toBeGreaterThan(0)
    expect(engine.ratio.min).toBeLessThanOrEqual(engine.ratio.median)
    expect(engine.ratio.median).toBeLessThanOrEqual(engine.ratio.max)
    expect(report.figures.find((f: { name: string }) => f.name === 'smallBoard.baselineCombatsPerSec').control).toBe(true)
    expect(report.onlyRef).toEqual([])
    expect(report.onlyHead).toEqual([])
    // Progress on stderr: each round, each side, in alternating order.
    const sides = [...stderr.matchAll(/^(round \d\/2): (.+) done in [\d.]+ s$/gm)].map((m) => `${m[1]} ${m[2]!.startsWith('HEAD') ? 'ref' : 'head'}`)
    expect(sides).toEqual(['round 1/2 ref', 'round 1/2 head', 'round 2/2 head', 'round 2/2 ref'])
  })

  it('--same-process times both builds\' kernels in one process, slice by slice, and compares them per round', () => {
    const { code, stdout, stderr } = runBench('--compare', 'HEAD', '--same-process', 'rl:4,combat:10,obs:4', '--rounds', '2', '--processes', '2', '--slice-ms', '20', '--json')
    expect(code, stderr).toBe(0)
    const report = JSON.parse(stdout)
    // Two processes of two rounds: four rounds, the side loaded first swapped between the processes.
    expect(report).toMatchObject({ ref: 'HEAD', rounds: 4, order: ['ref', 'head', 'head', 'ref'], benchArgs: ['--same-process', 'rl:4,combat:10,obs:4', '--processes', '2'] })
    expect(report.figures.map((f: { name: string }) => f.name)).toEqual(['sameProcess[kernel=rl:4].perSec', 'sameProcess[kernel=combat:10].perSec', 'sameProcess[kernel=obs:4].perSec'])
    for (const figure of report.figures) {
      expect(figure).toMatchObject({ better: 'higher', constant: false })
      expect(figure.old).toHaveLength(4)
      expect(figure.new).toHaveLength(4)
      for (const rate of [...figure.old, ...figure.new]) expect(rate).toBeGreaterThan(0)
      expect(figure.ratio.rounds).toBe(4)
      expect(figure.ratio.min).toBeLessThanOrEqual(figure.ratio.max)
    }
    expect(stderr).toMatch(/\[process 1\/2\] same process: rl:4: second \/ first per round [\d.]+ \.\. [\d.]+/)
    expect(stderr).toMatch(/\[process 2\/2\] same process: combat:10: second \/ first per round/)
  })

  it('--same-process refuses a kernel it does not know, bench options and a use without --compare, each with its reason', () => {
    const unknown = runBench('--compare', 'HEAD', '--same-process', 'rl:4,games:3')
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toContain('--same-process: kernels rl:N (games in lockstep), serve:N (the same through the serve protocol), combat:N (creatures a side), obs:N (observations written) or search:N (playouts a decision)')
    const withOptions = runBench('--compare', 'HEAD', '--same-process', 'rl:4', '--only', 'rl')
    expect(withOptions.code).toBe(2)
    expect(withOptions.stderr).toContain('it takes no bench options (--only rl)')
    const alone = runBench('--same-process', 'rl:4')
    expect(alone.code).toBe(2)
    expect(alone.stderr).toContain('--same-process goes with --compare REF')
    const slice = runBench('--compare', 'HEAD', '--same-process', 'rl:4', '--slice-ms', '5')
    expect(slice.code).toBe(2)
    expect(slice.stderr).toContain('--slice-ms: a whole number of milliseconds from 20 to 60,000, not "5"')
    const processes = runBench('--compare', 'HEAD', '--same-process', 'rl:4', '--processes', '0')
    expect(processes.code).toBe(2)
    expect(processes.stderr).toContain('--processes: a whole number from 1 to 100, not "0"')
  })
})
