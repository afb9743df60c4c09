/**
 * The file functions of redzone/node given a path that is not one: a typed `invalid-argument`
 * naming the argument, never a read of a file descriptor (`0` is stdin, `-0` aborts Node) or a
 * TypeError; and `scenarioFiles` given something that is not a list of paths, or a directory
 * that links back into itself.
 */
import { thrown } from '../helpers.js'
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildSync } from 'esbuild'
import { describe, expect, it } from 'vitest'
import { RedzoneError } from '../../src/core/errors.js'
import { readDeckFile } from '../../src/node/deck-files.js'
import { checkScenarioFile, loadScenarioFile, scenarioFiles } from '../../src/node/scenario-files.js'

const root = join(import.meta.dirname, '..', '..')

const BAD_PATHS: unknown[] = [0, 1, -0, Symbol('path'), new Proxy({}, {}), null, undefined, '', ['a.json'], new URL('file:///tmp/x.json'), Buffer.from('x.json')]

/** Calls `fn` with each bad path in a child process (a read of fd -0 aborts the whole process), and returns what each did. */
function inChild(fn: 'loadScenarioFile' | 'checkScenarioFile' | 'readDeckFile'): { status: number | null; stdout: string; stderr: string } {
  const bundle = buildSync({
    stdin: {
      contents: `
        import { ${fn} } from './src/node/index.ts'
        const inputs = [0, 1, -0, Symbol('path'), new Proxy({}, {}), null, undefined, '']
        const out = []
        for (const input of inputs) {
          try {
            ${fn}(input)
            out.push('returned')
          } catch (error) {
            out.push(error.name + ' ' + error.code + ' ' + error.message)
          }
        }
        console.log(JSON.stringify(out))
      `,
      resolveDir: root,
      loader: 'ts',
    },
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    write: false,
  })
  const result = spawnSync(process.execPath, ['--input-type=module', '-'], { cwd: root, input: bundle.outputFiles[0]!.text, encoding: 'utf8', timeout: 10_000 })
  return { status: result.status, stdout: result.stdout, stderr: result.stderr }
}


describe('a path that is not a non-empty string', () => {
  for (const fn of ['loadScenarioFile', 'checkScenarioFile', 'readDeckFile'] as const) {
    it(`${fn}: invalid-argument naming the argument, in a process that does not abort or read stdin`, () => {
      const result = inChild(fn)
      expect(result.stderr).toBe('')
      expect(result.status).toBe(0)
      const lines = JSON.parse(result.stdout) as string[]
      expect(lines).toHaveLength(8)
      for (const line of lines) expect(line).toMatch(new RegExp(`^RedzoneError invalid-argument redzone: ${fn}: file: expected a path \\(a non-empty string\\), got `))
    })
  }

  it('in this process too, with the value described', () => {
    for (const value of BAD_PATHS.filter((v) => !Object.is(v, -0) && v !== 0 && v !== 1)) {
      for (const call of [() => loadScenarioFile(value as string), () => checkScenarioFile(value as string), () => readDeckFile(value as string)]) {
        const error = thrown(call)
        expect(error).toBeInstanceOf(RedzoneError)
        expect(error).toMatchObject({ code: 'invalid-argument' })
      }
    }
    expect(thrown(() => loadScenarioFile('' as string))).toMatchObject({ message: 'redzone: loadScenarioFile: file: expected a path (a non-empty string), got ""' })
    expect(thrown(() => readDeckFile(null as unknown as string))).toMatchObject({ message: 'redzone: readDeckFile: file: expected a path (a non-empty string), got null' })
  })

  it('a missing file is still a result (load, check) or invalid-argument (deck) naming it', () => {
    const missing = join(tmpdir(), 'redzone-no-such-file.json')
    expect(loadScenarioFile(missing)).toMatchObject({ ok: false, message: expect.stringContaining(`${missing}: can't read the file`) })
    expect(checkScenarioFile(missing)).toMatchObject({ status: 'invalid' })
    expect(thrown(() => readDeckFile(missing))).toMatchObject({ code: 'invalid-argument', message: expect.stringContaining('ENOENT') })
  })
})

describe('scenarioFiles', () => {
  it('refuses what is not a list of paths, naming the argument', () => {
    for (const value of ['dir', null, undefined, 5, {}, new Set(['a'])]) {
      const error = thrown(() => scenarioFiles(value as string[]))
      expect(error).toBeInstanceOf(RedzoneError)
      expect(error).toMatchObject({ code: 'invalid-argument', message: expect.stringMatching(/^redzone: scenarioFiles: paths: expected a list of paths \(strings\), got /) })
    }
    for (const value of [[5], ['ok', null], [''], [Symbol('x')], ['a', , 'b']]) {
      const error = thrown(() => scenarioFiles(value as string[]))
      expect(error).toBeInstanceOf(RedzoneError)
      expect(error).toMatchObject({ code: 'invalid-argument', message: expect.stringMatching(/^redzone: scenarioFiles: paths\[\d\]: expected a path \(a non-empty string\), got /) })
    }
  })

  it('a directory that links back to itself or to a folder above is refused, naming the link and its target', () => {
    const dir = mkdtempSync(join(tmpdir(), 'redzone-loop-'))
    writeFileSync(join(dir, 'a.json'), '{}')
    mkdirSync(join(dir, 'sub'))
    writeFileSync(join(dir, 'sub', 'b.json'), '{}')
    symlinkSync(dir, join(dir, 'sub', 'up'))
    const error = thrown(() => scenarioFiles([dir]))
    expect(error).toBeInstanceOf(RedzoneError)
    expect(error).toMatchObject({ code: 'invalid-argument' })
    expect((error as Error).message).toBe(
      `redzone: scenarioFiles: ${join(dir, 'sub', 'up')}: a link to ${dir}, a folder it is in: the search would loop (remove the link, or name the folders to search)`,
    )
    const self = mkdtempSync(join(tmpdir(), 'redzone-loop-'))
    symlinkSync(self, join(self, 'me'))
    expect(thrown(() => scenarioFiles([self]))).toMatchObject({ code: 'invalid-argument', message: expect.stringContaining(`${join(self, 'me')}: a link to ${self}`) })
  })

  it('a link to a folder beside, and a broken link, are not loops: listed as before', () => {
    const dir = mkdtempSync(join(tmpdir(), 'redzone-links-'))
    mkdirSync(join(dir, 'a'))
    writeFileSync(join(dir, 'a', 'x.json'), '{}')
    symlinkSync(join(dir, 'a'), join(dir, 'b'))
    symlinkSync(join(dir, 'nowhere'), join(dir, 'broken.json'))
    expect(scenarioFiles([dir])).toEqual([join(dir, 'a', 'x.json'), join(dir, 'b', 'x.json'), join(dir, 'broken.json')])
  })
})
