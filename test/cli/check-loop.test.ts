/** `redzone check` on a folder with a link back into itself: one clear line and exit 2, not an ELOOP stack trace. */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..', '..')
const cli = join(root, 'dist', 'cli.js')
const scenarios = join(root, 'test', 'scenarios')

beforeAll(() => {
  if (!existsSync(cli)) spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' })
}, 300_000)

describe('redzone check', () => {
  it('a folder linking back to a folder above it: named on stderr, the other paths still checked, exit 2', () => {
    const dir = mkdtempSync(join(tmpdir(), 'redzone-check-loop-'))
    mkdirSync(join(dir, 'sub'))
    writeFileSync(join(dir, 'sub', 'x.json'), '{}')
    symlinkSync(dir, join(dir, 'sub', 'up'))
    const out = spawnSync(process.execPath, [cli, 'check', dir, join(scenarios, 'rules', 'turn-one-no-draw.json')], { encoding: 'utf8', cwd: root })
    expect(out.stderr).toBe(
      `redzone check: ${join(dir, 'sub', 'up')}: a link to ${dir}, a folder it is in: the search would loop (remove the link, or name the folders to search)\n`,
    )
    expect(out.status).toBe(2)
    expect(out.stdout.trim().split('\n').at(-1)).toBe('1 passed, 1 failed')
  })
})
