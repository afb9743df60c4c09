/**
 * `npm run bench -- --compare REF [--rounds N] [bench options]`: the bench of another commit and
 * the current one, alternated in one run. REF is checked out (`git worktree add --detach`) into a
 * worktree under the system's temporary directory, kept per commit so the next comparison with it
 * starts at once; its node_modules is a link to the current one when its package-lock.json is the
 * same, else `npm ci --prefer-offline` installs its own. It is built as `npm run bench` builds
 * (`npm run build`, then the bench bundle). Then, round by round, the two benches run as child
 * processes with the same options and `--json`, the ref first in odd rounds and second in even
 * ones, and the figures they share are compared (bench/compare.ts).
 */
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, symlinkSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { bySection, comparisonTable, compareRuns, flattenReport, verdict, type Comparison, type Figures } from './compare.js'

export interface CompareOptions {
  ref: string
  rounds: number
  /** The bench options both sides run with (`--only games,small`, ...), without `--json`. */
  benchArgs: string[]
  json: boolean
  out?: string
  /** The current tree (its dist/bench.js is the current bench). */
  root: string
  /**
   * Instead of whole benches in separate processes: these kernels (bench/kernels.ts: `rl:256`,
   * `combat:10`) of both builds in one process, in alternated slices of `sliceMs` (bench/same-process.ts).
   */
  sameProcess?: { kernels: string[]; sliceMs: number; processes: number }
  log: (line: string) => void
}

export interface CompareReport {
  ref: string
  refCommit: string
  headCommit: string
  /** The current side is the working tree as it is; dirty: it differs from headCommit (uncommitted changes or new files). */
  dirty: boolean
  rounds: number
  benchArgs: string[]
  /** Which side ran first in each round. */
  order: ('ref' | 'head')[]
  /** Wall-clock seconds of each side's bench, per round. */
  seconds: { ref: number[]; head: number[] }
  /** Files of the controls (bench/baseline/, bench/limit.ts) that differ between the ref and the working tree. */
  controlsChanged: string[]
  /** Each figure with its verdict as the table says it (`worse, p 0.25`, `~`, empty under 3 rounds). */
  figures: (Comparison['figures'][number] & { verdict: string })[]
  onlyRef: string[]
  onlyHead: string[]
}

/** A failure to report as it is (no stack): exit code 2. */
export class CompareError extends Error {}

interface Run {
  code: number | null
  signal: NodeJS.Signals | null
  stdout: string
  stderr: string
}

let active: ReturnType<typeof spawn> | null = null
let interrupted = false

/** Runs a command to its end; its stderr lines go on to `echo` (if given) as they come. */
function run(command: string, args: string[], cwd: string, echo?: (line: string) => void): Promise<Run> {
  if (interrupted) return Promise.reject(new CompareError('interrupted'))
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] })
    active = child
    let stdout = ''
    let stderr = ''
    let partial = ''
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => void (stdout += chunk))
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk
      if (!echo) return
      const lines = (partial + chunk).split('\n')
      partial = lines.pop()!
      for (const line of lines) echo(line)
    })
    child.on('error', (error) => {
      active = null
      reject(new CompareError(`can't run ${command}: ${error.message}`))
    })
    child.on('close', (code, signal) => {
      active = null
      if (echo && partial) echo(partial)
      if (interrupted) reject(new CompareError('interrupted'))
      else resolve({ code, signal, stdout, stderr })
    })
  })
}

async function mustRun(what: string, command: string, args: string[], cwd: string, echo?: (line: string) => void): Promise<string> {
  const r = await run(command, args, cwd, echo)
  if (r.code !== 0) throw new CompareError(`${what} failed (${r.signal ?? `exit ${r.code}`}): ${command} ${args.join(' ')} in ${cwd}\n${tail(r.stderr || r.stdout)}`)
  return r.stdout
}

function tail(text: string, lines = 40): string {
  const all = text.trimEnd().split('\n')
  return (all.length > lines ? ['...', ...all.slice(-lines)] : all).map((l) => `  | ${l}`).join('\n')
}

const git = (root: string, ...args: string[]): Promise<string> => mustRun('git', 'git', args, root).then((s) => s.trim())
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
const seconds = (t0: number): string => `${((performance.now() - t0) / 1000).toFixed(1)} s`
const sha = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 16)

interface Marker {
  commit: string
  /** How node_modules got there: a link to the current tree's, or npm ci for the ref's own lock. */
  install: 'link' | 'ci'
  lock: string
}

/** Built worktrees kept besides the one in use (the least recently used go first). */
const KEEP = 4
const cacheDir = (): string => join(tmpdir(), 'redzone-bench-compare')

/** Removes the cached worktrees beyond the KEEP most recently used, but `current`. */
async function pruneCache(root: string, current: string, log: (line: string) => void): Promise<void> {
  const used = (dir: string): number => {
    try {
      return statSync(join(dir, 'dist', '.bench-compare.json')).mtimeMs
    } catch {
      return 0
    }
  }
  const others = readdirSync(cacheDir())
    .map((name) => join(cacheDir(), name))
    .filter((dir) => dir !== current)
    .sort((a, b) => used(b) - used(a))
  for (const dir of others.slice(KEEP)) {
    log(`bench: --compare: removing the least recently used worktree ${dir}`)
    await run('git', ['worktree', 'remove', '--force', dir], root)
    rmSync(dir, { recursive: true, force: true })
  }
  if (others.length > KEEP) await git(root, 'worktree', 'prune')
}

/** The ref's node_modules as a link to the current tree's (made again if it points anywhere else, as after the current one moved). */
function linkModules(root: string, dir: string): void {
  let target: string
  try {
    target = realpathSync(join(root, 'node_modules'))
  } catch {
    throw new CompareError(`the current tree has no usable node_modules (${join(root, 'node_modules')}): npm ci first`)
  }
  const link = join(dir, 'node_modules')
  let current: string | null = null
  try {
    current = realpathSync(link)
  } catch {
    current = null
  }
  if (current === target) return
  if (isLink(link)) unlinkSync(link)
  else rmSync(link, { force: true, recursive: true })
  symlinkSync(target, link, 'dir')
}

function isLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink()
  } catch {
    return false
  }
}

/**
 * The ref's worktree, built: reused when it is at the commit and was built with the right
 * node_modules, else made again. Returns its directory.
 */
async function prepareRef(root: string, commit: string, label: string, log: (line: string) => void): Promise<string> {
  const dir = join(cacheDir(), commit)
  const markerFile = join(dir, 'dist', '.bench-compare.json')
  const currentLock = existsSync(join(root, 'package-lock.json')) ? readFileSync(join(root, 'package-lock.json'), 'utf8') : ''
  const refLock = (await run('git', ['show', `${commit}:package-lock.json`], root)).stdout
  const sameLock = refLock !== '' && refLock === currentLock
  const lock = sha(refLock)
  let marker: Marker | null = null
  try {
    marker = JSON.parse(readFileSync(markerFile, 'utf8')) as Marker
  } catch {
    marker = null
  }
  const reusable =
    marker !== null && marker.commit === commit && marker.lock === lock && (sameLock || marker.install === 'ci') &&
    existsSync(join(dir, 'dist', 'bench.js')) && (await run('git', ['rev-parse', 'HEAD'], dir).catch(() => null))?.stdout.trim() === commit
  if (reusable) {
    if (marker!.install === 'link') linkModules(root, dir)
    const now = new Date()
    utimesSync(markerFile, now, now)
    log(`bench: --compare: reusing the built worktree of ${label} in ${dir}${marker!.install === 'ci' ? ' (its own node_modules, from its package-lock.json)' : ''}`)
    return dir
  }
  const t0 = performance.now()
  if (existsSync(dir)) {
    await run('git', ['worktree', 'remove', '--force', dir], root)
    rmSync(dir, { recursive: true, force: true })
  }
  await git(root, 'worktree', 'prune')
  mkdirSync(join(dir, '..'), { recursive: true })
  log(`bench: --compare: checking out ${label} into ${dir} ...`)
  await git(root, 'worktree', 'add', '--detach', dir, commit)
  let install: Marker['install']
  if (sameLock) {
    linkModules(root, dir)
    install = 'link'
    log(`bench: --compare: ${label}'s package-lock.json is the current one: node_modules linked to the current tree's`)
  } else {
    log(`bench: --compare: ${label}'s package-lock.json ${refLock === '' ? 'is missing' : 'differs from the current one'}: npm ci --prefer-offline in its worktree (its own packages) ...`)
    await mustRun(`npm ci in ${label}'s worktree`, npm, ['ci', '--prefer-offline', '--no-audit', '--no-fund'], dir)
    install = 'ci'
  }
  if (!existsSync(join(dir, 'bench', 'main.ts'))) throw new CompareError(`${label} has no bench/main.ts: nothing to compare with`)
  log(`bench: --compare: building ${label} (npm run build, then the bench bundle) ...`)
  await mustRun(`building ${label}`, npm, ['run', 'build', '--silent'], dir)
  const esbuild = join(dir, 'node_modules', '.bin', process.platform === 'win32' ? 'esbuild.cmd' : 'esbuild')
  await mustRun(`bundling ${label}'s bench`, esbuild, ['bench/main.ts', '--bundle', '--platform=node', '--format=esm', '--target=node20', '--packages=external', '--minify-syntax', '--outfile=dist/bench.js', '--log-level=warning'], dir)
  writeFileSync(markerFile, `${JSON.stringify({ commit, install, lock } satisfies Marker)}\n`)
  log(`bench: --compare: ${label} ready in ${seconds(t0)}`)
  await pruneCache(root, dir, log)
  return dir
}

/** The long options a bench's `--help` lists. */
export function helpOptions(help: string): Set<string> {
  return new Set(help.match(/--[a-z][a-z0-9-]*/g) ?? [])
}

/** One bench run with `--json`: its figures, or a CompareError with its stderr. */
async function benchRun(dir: string, args: string[], label: string, round: string, log: (line: string) => void): Promise<{ figures: Figures; seconds: number }> {
  const t0 = performance.now()
  log(`${round}: ${label} ...`)
  const r = await run(process.execPath, ['--expose-gc', join(dir, 'dist', 'bench.js'), ...args, '--json'], dir, (line) => log(`  [${label}] ${line}`))
  if (r.code !== 0) throw new CompareError(`${label}'s bench failed in ${round} (${r.signal ?? `exit ${r.code}`}): node --expose-gc dist/bench.js ${args.join(' ')} --json\nits stderr:\n${tail(r.stderr)}`)
  let report: unknown
  try {
    report = JSON.parse(r.stdout)
  } catch {
    throw new CompareError(`${label}'s bench printed no JSON report in ${round}; its stdout:\n${tail(r.stdout)}`)
  }
  const s = (performance.now() - t0) / 1000
  log(`${round}: ${label} done in ${s.toFixed(1)} s`)
  return { figures: flattenReport(report), seconds: s }
}

export async function runCompare(o: CompareOptions): Promise<number> {
  const { log } = o
  const stop = (signal: NodeJS.Signals): void => {
    if (interrupted) return
    interrupted = true
    log(`bench: --compare: ${signal}, stopping${active?.pid ? ` the running child (pid ${active.pid})` : ''}`)
    active?.kill('SIGTERM')
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
  try {
    const report = await compare(o)
    const text = comparisonTable({ figures: report.figures, onlyOld: report.onlyRef, onlyNew: report.onlyHead }, labelsOf(report))
    const json = `${JSON.stringify(report, null, 2)}\n`
    if (o.out) {
      writeFileSync(o.out, json)
      log(`bench: --compare: report written to ${o.out}`)
    }
    process.stdout.write(o.json ? json : `\n${headline(report)}\n\n${text}`)
    return 0
  } catch (error) {
    if (!(error instanceof CompareError)) throw error
    log(interrupted ? 'bench: --compare: interrupted' : `bench: --compare: ${error.message}`)
    return interrupted ? 130 : 2
  } finally {
    process.off('SIGINT', stop)
    process.off('SIGTERM', stop)
  }
}

/** `2005d43` for a commit given by its hash, `v1.2 (2005d43)` for a tag or a branch. */
function refLabel(ref: string, commit: string): string {
  const short = commit.slice(0, 7)
  return commit.startsWith(ref) ? short : `${ref} (${short})`
}

function headLabel(headCommit: string, dirty: boolean): string {
  return dirty ? 'working tree (dirty)' : `working tree (${headCommit.slice(0, 7)})`
}

function labelsOf(r: CompareReport): { old: string; new: string; rounds: number; controlsChanged: string[] } {
  return { old: refLabel(r.ref, r.refCommit), new: headLabel(r.headCommit, r.dirty), rounds: r.rounds, controlsChanged: r.controlsChanged }
}

function headline(r: CompareReport): string {
  const l = labelsOf(r)
  const total = (xs: number[]): number => xs.reduce((a, b) => a + b, 0)
  return [
    `old: ${l.old}, commit ${r.refCommit}`,
    `new: the working tree at ${r.headCommit}${r.dirty ? ', dirty (uncommitted changes, benched as they are)' : ', clean'}`,
    `${r.rounds === 1 ? '1 round (old first)' : `${r.rounds} rounds, the order swapped every round (old first in round${r.rounds > 2 ? 's' : ''} ${r.order.flatMap((s, k) => (s === 'ref' ? [k + 1] : [])).join(', ')})`}; ` +
      `bench options: ${r.benchArgs.length > 0 ? r.benchArgs.join(' ') : '(each side its defaults)'}; ${total(r.seconds.ref).toFixed(0)} s (old) and ${total(r.seconds.head).toFixed(0)} s (new) of bench.`,
  ].join('\n')
}

async function compare(o: CompareOptions): Promise<CompareReport> {
  const { root, log } = o
  const resolved = await run('git', ['rev-parse', '--verify', '--quiet', `${o.ref}^{commit}`], root)
  if (resolved.code !== 0) throw new CompareError(`${JSON.stringify(o.ref)} is not a commit here (git rev-parse --verify ${o.ref}^{commit} failed)`)
  const refCommit = resolved.stdout.trim()
  const headCommit = await git(root, 'rev-parse', 'HEAD')
  const dirty = (await git(root, 'status', '--porcelain')) !== ''
  const label = refLabel(o.ref, refCommit)
  const current = headLabel(headCommit, dirty)
  if (refCommit === headCommit && !dirty) log(`bench: --compare: ${label} is HEAD and the tree is clean: both sides are the same code, the ratios show the noise`)
  if (isLink(join(root, 'node_modules')) && existsSync(join(root, 'node_modules'))) log(`bench: --compare: the current node_modules is a link to ${realpathSync(join(root, 'node_modules'))}`)
  const refDir = await prepareRef(root, refCommit, label, log)
  if (!existsSync(join(root, 'dist', 'bench.js'))) throw new CompareError('no dist/bench.js in the current tree: run it as npm run bench -- --compare REF')
  // The ref's bench must know every option passed on: an older bench stops at an unknown option.
  const help = await run(process.execPath, [join(refDir, 'dist', 'bench.js'), '--help'], refDir)
  const known = helpOptions(help.stdout)
  const unknown = ['--json', ...o.benchArgs.filter((a) => a.startsWith('--'))].filter((a) => !known.has(a))
  if (unknown.length > 0) {
    throw new CompareError(
      `${label}'s bench does not know ${unknown.join(', ')} (an older bench): leave ${unknown.length === 1 ? 'it' : 'them'} out, or compare with a later commit. Its options:\n${tail(help.stdout + help.stderr)}`,
    )
  }
  if (o.sameProcess) return sameProcessCompare(o, o.sameProcess, { refDir, refCommit, headCommit, dirty, label, current })
  const oldRuns: Figures[] = []
  const newRuns: Figures[] = []
  const order: CompareReport['order'] = []
  const secs = { ref: [] as number[], head: [] as number[] }
  const t0 = performance.now()
  for (let k = 0; k < o.rounds; k++) {
    const round = `round ${k + 1}/${o.rounds}`
    const refFirst = k % 2 === 0
    order.push(refFirst ? 'ref' : 'head')
    const sides = refFirst ? (['ref', 'head'] as const) : (['head', 'ref'] as const)
    for (const side of sides) {
      const r = side === 'ref' ? await benchRun(refDir, o.benchArgs, label, round, log) : await benchRun(root, o.benchArgs, current, round, log)
      ;(side === 'ref' ? oldRuns : newRuns).push(r.figures)
      secs[side].push(r.seconds)
    }
    if (k === 0) {
      // Sections one bench has and the other has not (an older bench ignores a section it does not know): said now, not after every round.
      const first = compareRuns(oldRuns, newRuns)
      if (first.onlyOld.length > 0) log(`bench: --compare: only in ${label}'s report: ${bySection(first.onlyOld).join('; ')}`)
      if (first.onlyNew.length > 0) log(`bench: --compare: only in the ${current}'s report: ${bySection(first.onlyNew).join('; ')}`)
      if (first.figures.every((f) => f.constant)) throw new CompareError(`the two reports share no measured figure (only in ${label}: ${first.onlyOld.length}, only in the ${current}: ${first.onlyNew.length}): does ${label}'s bench have the sections asked for?`)
    }
    if (k + 1 < o.rounds) log(`bench: --compare: ${round} done, ${seconds(t0)} so far, about ${(((performance.now() - t0) / 1000 / (k + 1)) * (o.rounds - k - 1)).toFixed(0)} s to go`)
  }
  const controlsChanged = (await git(root, 'diff', '--name-only', refCommit, '--', 'bench/baseline', 'bench/limit.ts')).split('\n').filter((f) => f !== '')
  const c = compareRuns(oldRuns, newRuns)
  return {
    ref: o.ref,
    refCommit,
    headCommit,
    dirty,
    rounds: o.rounds,
    benchArgs: o.benchArgs,
    order,
    seconds: secs,
    controlsChanged,
    figures: c.figures.map((f) => ({ ...f, verdict: verdict(f) })),
    onlyRef: c.onlyOld,
    onlyHead: c.onlyNew,
  }
}

/** The kernels' figure names (`sameProcess[kernel=rl:256].perSec`): units per second, higher is better. */
const kernelFigure = (spec: string): string => `sameProcess[kernel=${spec}].perSec`

/**
 * `--same-process`: bench/kernels.ts bundled against each tree's sources (for the ref, the current
 * file copied into its worktree: the ref's engine and its own bench helpers, `engine-combat.ts`
 * and `masked-random.ts`, under the current kernels), both loaded into one child
 * process (bench/same-process.ts) and timed in alternated slices; each round's figures are one
 * slice of each side, so the table and verdicts are those of the process comparison.
 */
async function sameProcessCompare(
  o: CompareOptions,
  sp: { kernels: string[]; sliceMs: number; processes: number },
  at: { refDir: string; refCommit: string; headCommit: string; dirty: boolean; label: string; current: string },
): Promise<CompareReport> {
  const { root, log } = o
  const { refDir, label } = at
  const esbuild = join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'esbuild.cmd' : 'esbuild')
  const bundle = (dir: string, entry: string, outfile: string, what: string): Promise<string> =>
    mustRun(`bundling ${what}`, esbuild, [entry, '--bundle', '--platform=node', '--format=esm', '--target=node20', '--minify-syntax', `--outfile=${outfile}`, '--log-level=warning'], dir)
  const headKernels = join(root, 'dist', 'bench-kernels.mjs')
  const refKernels = join(refDir, 'dist', 'bench-kernels.mjs')
  const runner = join(root, 'dist', 'bench-same-process.js')
  await bundle(root, 'bench/kernels.ts', headKernels, `the ${at.current}'s kernels`)
  // The current kernels against the ref's sources: the same loop over the other engine.
  writeFileSync(join(refDir, 'bench', '.same-process-kernels.ts'), readFileSync(join(root, 'bench', 'kernels.ts'), 'utf8'))
  try {
    await bundle(refDir, 'bench/.same-process-kernels.ts', refKernels, `the kernels against ${label}'s sources (it may lack what they use: compare without --same-process)`)
  } finally {
    rmSync(join(refDir, 'bench', '.same-process-kernels.ts'), { force: true })
  }
  await bundle(root, 'bench/same-process.ts', runner, 'the same-process runner')
  const t0 = performance.now()
  log(`bench: --compare --same-process: ${sp.kernels.join(', ')}: ${sp.processes} process${sp.processes === 1 ? '' : 'es'}, each ${o.rounds} rounds of a ${sp.sliceMs} ms slice of each side ...`)
  const oldRuns: Figures[] = []
  const newRuns: Figures[] = []
  const order: CompareReport['order'] = []
  for (let p = 0; p < sp.processes; p++) {
    // Each process compiles both sides anew, and how well V8 compiles one of them can differ from
    // one process to the next (seen: a side 10% slower in every round of one process, not in the
    // next): several processes, the side loaded first swapped between them.
    const refFirst = p % 2 === 0
    const stdout = await mustRun(
      'the same-process comparison',
      process.execPath,
      ['--expose-gc', runner, refFirst ? refKernels : headKernels, refFirst ? headKernels : refKernels, sp.kernels.join(','), String(o.rounds), String(sp.sliceMs)],
      root,
      (line) => log(`  [process ${p + 1}/${sp.processes}] ${line}`),
    )
    const result = JSON.parse(stdout) as { kernels: { spec: string; first: number[]; second: number[] }[] }
    for (let k = 0; k < o.rounds; k++) {
      const ref = (r: (typeof result.kernels)[number]): number => (refFirst ? r.first : r.second)[k]!
      const head = (r: (typeof result.kernels)[number]): number => (refFirst ? r.second : r.first)[k]!
      oldRuns.push(new Map(result.kernels.map((r) => [kernelFigure(r.spec), ref(r)])))
      newRuns.push(new Map(result.kernels.map((r) => [kernelFigure(r.spec), head(r)])))
      order.push((k % 2 === 0) === refFirst ? 'ref' : 'head')
    }
  }
  const s = (performance.now() - t0) / 1000
  const c = compareRuns(oldRuns, newRuns)
  return {
    ref: o.ref,
    refCommit: at.refCommit,
    headCommit: at.headCommit,
    dirty: at.dirty,
    rounds: o.rounds * sp.processes,
    benchArgs: ['--same-process', sp.kernels.join(','), '--processes', String(sp.processes)],
    order,
    seconds: { ref: [s / 2], head: [s / 2] },
    controlsChanged: [],
    figures: c.figures.map((f) => ({ ...f, verdict: verdict(f) })),
    onlyRef: c.onlyOld,
    onlyHead: c.onlyNew,
  }
}
