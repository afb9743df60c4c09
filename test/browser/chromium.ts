/**
 * The system Chromium for browser tests, driven by playwright-core (which never downloads a
 * browser). Found from CHROMIUM_PATH (when set, only there), else `chromium` on PATH, else
 * /usr/bin/chromium.
 */
import { accessSync, constants, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'
import type { BrowserContext } from 'playwright-core'

export const NO_CHROMIUM = 'browser tests NOT run: no Chromium found (set CHROMIUM_PATH or apt-get install chromium)'

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK)
    return true
  } catch {
    return false
  }
}

/** The Chromium binary to use, or null when there is none. */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string | null {
  const explicit = env['CHROMIUM_PATH']
  if (explicit) return executable(explicit) ? explicit : null
  const onPath = (env['PATH'] ?? '').split(delimiter).filter(Boolean).map((dir) => join(dir, 'chromium'))
  return [...onPath, '/usr/bin/chromium'].find(executable) ?? null
}

export interface LaunchedChromium {
  context: BrowserContext
  /** Closes the browser and removes its profile directory. */
  close(): Promise<void>
}

/**
 * Headless, with a fresh profile directory (playwright takes it as the persistent context's
 * user data dir, not as a `--user-data-dir` argument) and no background traffic.
 */
export async function launchChromium(executablePath: string, extraArgs: readonly string[] = []): Promise<LaunchedChromium> {
  // Loaded only to launch: `npm run bench` imports this module for its browser section, and with
  // playwright-core merely loaded its other figures moved (README, "Benchmarks").
  const { chromium } = await import('playwright-core')
  const profile = mkdtempSync(join(tmpdir(), 'redzone-chromium-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  })
  return {
    context,
    async close() {
      await context.close()
      rmSync(profile, { recursive: true, force: true })
    },
  }
}
