/**
 * The real CLI on a sample of the cases: `node dist/cli.js run FILE --json` must print no stack
 * trace, exit 2 with a message naming the file for an invalid file, and exit 0 with exactly one
 * JSON document on stdout, the same as the library's result, for a valid one (docs/scenario-format.md).
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { ScenarioRun } from '../../src/scenario/index.js'
import type { CaseOptions, Fault } from './cases.js'

let defaultTmp: string | null = null

const STACK = /^\s+at .+(\(.*:\d+:\d+\)|:\d+:\d+)$/m

export function checkWithCli(
  opt: CaseOptions,
  index: number,
  text: string,
  library: { run: ScenarioRun | null; loadedOk: boolean; crashed: boolean },
): Fault[] {
  if (opt.tmpDir === undefined && defaultTmp === null) {
    const made = mkdtempSync(join(tmpdir(), 'redzone-fuzz-'))
    defaultTmp = made
    // The case files are for the CLI only (`--case N --write FILE` recreates one): removed at exit.
    process.on('exit', () => rmSync(made, { recursive: true, force: true }))
  }
  const dir = opt.tmpDir ?? defaultTmp!
  const file = join(dir, `case-${index}.json`)
  writeFileSync(file, text)
  const cli = join(opt.root, 'dist', 'cli.js')
  const p = spawnSync(process.execPath, [cli, 'run', file, '--json'], { encoding: 'utf8', timeout: 60_000, maxBuffer: 256 * 1024 * 1024 })
  const faults: Fault[] = []
  const where = `node dist/cli.js run ${file} --json`
  if (p.error) return [{ kind: 'cli-did-not-finish', detail: `${where}: ${p.error.message}` }]
  if (STACK.test(p.stdout) || STACK.test(p.stderr)) {
    faults.push({ kind: 'cli-stack-trace', detail: `${where}: exit ${p.status}; ${(p.stderr || p.stdout).split('\n').slice(0, 2).join(' ').slice(0, 300)}` })
  }
  if (!library.loadedOk) {
    if (library.crashed) return faults
    if (p.status !== 2) faults.push({ kind: `cli-invalid-file-exit-${p.status}`, detail: `${where}: an invalid file exits ${p.status}, not 2` })
    if (p.stdout.trim() !== '') faults.push({ kind: 'cli-invalid-file-stdout', detail: `${where}: prints on stdout for an invalid file` })
    if (!p.stderr.includes(file)) faults.push({ kind: 'cli-invalid-file-message', detail: `${where}: the message does not name the file: ${p.stderr.slice(0, 200)}` })
    return faults
  }
  if (p.status !== 0) {
    faults.push({ kind: `cli-valid-file-exit-${p.status}`, detail: `${where}: a valid file exits ${p.status}, not 0: ${p.stderr.split('\n')[0]!.slice(0, 200)}` })
    return faults
  }
  let doc: unknown
  try {
    doc = JSON.parse(p.stdout)
  } catch {
    faults.push({ kind: 'cli-not-one-json-document', detail: `${where}: stdout is not one JSON document` })
    return faults
  }
  if (library.run && JSON.stringify(doc) !== JSON.stringify(library.run.result)) {
    faults.push({ kind: 'cli-differs-from-library', detail: `${where}: the CLI's result differs from runScenario's` })
  }
  return faults
}
