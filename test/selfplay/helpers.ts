/** Shared by the self-play tests: fixture paths, temp dirs, the built CLI in a child process. */
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { existsSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export const root = join(import.meta.dirname, '..', '..')
export const cli = join(root, 'dist', 'cli.js')
export const fixtures = join(import.meta.dirname, 'fixtures')
export const fakeGame = join(fixtures, 'fake-game.mjs')
export const steadyAgent = join(fixtures, 'steady-agent.mjs')
export const flakyAgent = join(fixtures, 'flaky-agent.mjs')

export function ensureBuilt(): void {
  if (!existsSync(cli) || !existsSync(join(root, 'dist', 'selfplay-worker.js'))) spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' })
}

export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'redzone-selfplay-'))
}

export interface CliResult {
  code: number | null
  stdout: string
  stderr: string
}

export function redzone(args: readonly string[], env: NodeJS.ProcessEnv = {}): CliResult {
  const out = spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', cwd: root, env: { ...process.env, ...env } })
  return { code: out.status, stdout: out.stdout, stderr: out.stderr }
}

/** The CLI without blocking this thread (the queue tests run workers and a producer at once). */
export function redzoneAsync(args: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<CliResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, ...args], { cwd: root, env: { ...process.env, ...env } })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d) => (stdout += d))
    child.stderr.on('data', (d) => (stderr += d))
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  })
}

export const undefinedAgent = join(fixtures, 'undefined-agent.mjs')

/**
 * Flags of a small run on the fake game with the test agents. Some of its games end in errors by
 * design (cursed seeds, the flaky agent): `--allow-errors` keeps the exit code 0.
 */
export function fakeRun(games: number, ...extra: string[]): string[] {
  return ['selfplay', '--games', String(games), '--seed', '7', '--agents', `${steadyAgent},${flakyAgent}`, '--game-module', fakeGame, '--quiet', '--allow-errors', ...extra]
}

/** A child process of the CLI whose output can be awaited while it runs (to signal it mid-run). */
export interface CliProcess {
  child: ChildProcessWithoutNullStreams
  stdout: string
  stderr: string
  /** Resolves when stderr matches `pattern` (rejects after `timeoutMs`, with what it printed). */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpExecArray>
  done: Promise<CliResult>
}

export function redzoneChild(args: readonly string[], env: NodeJS.ProcessEnv = {}): CliProcess {
  const child = spawn(process.execPath, [cli, ...args], { cwd: root, env: { ...process.env, ...env } })
  const proc: CliProcess = {
    child,
    stdout: '',
    stderr: '',
    waitFor: (pattern, timeoutMs = 20_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const match = pattern.exec(proc.stderr)
          if (!match) return
          clearTimeout(timer)
          child.stderr.off('data', check)
          resolve(match)
        }
        const timer = setTimeout(() => {
          child.stderr.off('data', check)
          reject(new Error(`stderr never matched ${pattern}:\n${proc.stderr}`))
        }, timeoutMs)
        child.stderr.on('data', check)
        check()
      }),
    done: new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout: proc.stdout, stderr: proc.stderr }))),
  }
  child.stdout.on('data', (d) => (proc.stdout += d))
  child.stderr.on('data', (d) => (proc.stderr += d))
  return proc
}

/** The arguments of a printed `redzone selfplay ...` command (no quoted arguments in the tests' paths). */
export function commandArgs(command: string): string[] {
  const args = command.trim().split(/\s+/)
  if (args[0] !== 'redzone') throw new Error(`not a redzone command: ${command}`)
  return args.slice(1)
}
