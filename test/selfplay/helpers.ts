/** Shared by the self-play tests: fixture paths, temp dirs, the built CLI in a child process. */
import { spawn, spawnSync } from 'node:child_process'
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

/** Flags of a small run on the fake game with the test agents. */
export function fakeRun(games: number, ...extra: string[]): string[] {
  return ['selfplay', '--games', String(games), '--seed', '7', '--agents', `${steadyAgent},${flakyAgent}`, '--game-module', fakeGame, '--quiet', ...extra]
}
