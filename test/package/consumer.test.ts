/** The packed package as a user installs it: what the tarball holds, its types under both module resolutions, its code and CLI. */
import { spawnSync } from 'node:child_process'
import { existsSync, lstatSync, readdirSync, readFileSync, realpathSync, rmSync, statSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { heuristicAgent } from '../../src/play/agents/heuristic.js'
import { randomAgent } from '../../src/play/agents/random.js'
import { playGame } from '../../src/play/play-game.js'
import { packIntoScratchConsumer, root, typeCheck, writeIn, type Packed } from './scratch-consumer.js'

/** Uses the core and the scenario entry; the @ts-expect-error lines fail the check if redzone's types degrade to `any`. */
const CONSUMER_TS = `import { createGame, drive, gameState, toBinary, type ActionResult, type GameState } from 'redzone'
import { playGame, randomAgent, worldOf, type GameRecord } from 'redzone/sim'
import { loadScenario, runScenario, type LoadResult } from 'redzone/scenario'
import { scenarioFiles } from 'redzone/node'
import { createRemoteGame, exposeGame, type RemoteGame } from 'redzone/worker'

const game = createGame({
  players: [{ id: 'A' }, { id: 'B' }],
  objects: [
    { id: 'bear', controller: 'A', types: ['creature'], power: 2, toughness: 2 },
    { id: 'wall', controller: 'B', types: ['creature'], power: 0, toughness: 4 },
  ],
})
const attacked: ActionResult = drive(game).walkToAttack({ bear: 'B' })
const record: GameRecord = playGame({ seed: 1, agents: [randomAgent, randomAgent], decks: ['green-white', 'black-red'] })
const state: GameState = gameState(game)
const life: number | undefined = state.players['B']?.life

// @ts-expect-error a position needs players, and objects is a list
createGame({ objects: 3 })
// @ts-expect-error life totals are numbers
const wrongLife: string = state.players['B']!.life
// @ts-expect-error attack takes attackers by id, not a number
drive(game).walkToAttack(7)
// @ts-expect-error the world behind a game is private (redzone/sim's worldOf gives an opaque World)
void game.world
// @ts-expect-error the opaque World has no fields
void worldOf(game).turn

const loaded: LoadResult = loadScenario('{}')
const failures: string[] = loaded.ok ? runScenario(loaded.scenario).failures : loaded.issues.map((i) => i.message)
const files: string[] = scenarioFiles(['scenarios'])

const channel = new MessageChannel()
exposeGame(channel.port2)
const remote: Promise<RemoteGame> = createRemoteGame(new Worker('worker.js', { type: 'module' }), toBinary(game))
const remoteLife: Promise<number | undefined> = remote.then(async (r) => (await r.state()).players['B']?.life)
// @ts-expect-error remote calls answer with promises
const notAwaited: ActionResult = remote.then((r) => r.drive.walkToAttack({ bear: 'B' }))

export { attacked, record, life, wrongLife, failures, files, remoteLife, notAwaited }
`

/** The same program as plain JavaScript, run by Node against the unpacked package. */
const CONSUMER_MJS = `import { createGame, drive, gameState } from 'redzone'
import { loadScenario, runScenario } from 'redzone/scenario'

const game = createGame({
  players: [{ id: 'A' }, { id: 'B' }],
  objects: [{ id: 'bear', controller: 'A', types: ['creature'], power: 2, toughness: 2 }],
})
drive(game).walkToAttack({ bear: 'B' })
drive(game).walkToDamage()
const loaded = loadScenario(JSON.stringify({
  format: 'redzone-scenario/1', name: 'packed', players: [{ id: 'A' }, { id: 'B' }],
  objects: [{ id: 'bear', controller: 'A', types: ['creature'], power: 2, toughness: 2 }],
  actions: [{ do: 'attack', attackers: { bear: 'B' } }, { do: 'advance', to: 'endCombat' }],
  expect: { life: { B: 18 } },
}))
console.log(JSON.stringify({ life: gameState(game).players.B.life, loaded: loaded.ok, failures: loaded.ok ? runScenario(loaded.scenario).failures : null }))
`

/** A strict browser-side consumer (zod's declarations name the DOM's URL); no @types/node. */
const STRICT = { strict: true, exactOptionalPropertyTypes: true, skipLibCheck: false, noEmit: true, target: 'ES2022', lib: ['ES2022', 'DOM'], types: [] }

/** The bare modules (packages, `node:` builtins) that an entry and the chunks it loads import. */
function bareImports(installed: string, entry: string): string[] {
  const files = new Set<string>()
  const external = new Set<string>()
  const visit = (file: string): void => {
    if (files.has(file)) return
    files.add(file)
    const text = readFileSync(join(installed, file), 'utf8')
    for (const [, from] of text.matchAll(/^(?:import|export)\s(?:[^;"]*?\bfrom\s*)?"([^"]+)";$/gm)) {
      if (from!.startsWith('.')) visit(relative(installed, join(installed, dirname(file), from!)))
      else external.add(from!)
    }
  }
  visit(entry)
  return [...external].sort()
}

/** The README's "Use it in your project" snippets, by the file each names in its first line (`// client.ts`, `// worker.ts`, `// main.ts`). */
function readmeSnippets(): Record<string, string> {
  const readme = readFileSync(join(root, 'README.md'), 'utf8')
  const section = readme.slice(readme.indexOf('## Use it in your project'), readme.indexOf('## A full combat'))
  const out: Record<string, string> = {}
  for (const [, code] of section.matchAll(/```ts\n([\s\S]*?)```/g)) {
    const name = /^\/\/ ([\w-]+\.ts)\n/.exec(code!)?.[1]
    if (name) out[name] = code!
  }
  return out
}

/**
 * Vite's vanilla-ts template's compiler options (a DOM-lib project: `self` is a Window), strict,
 * without @types/node; skipLibCheck as the template has it.
 */
const VITE_DOM = {
  target: 'ES2022', useDefineForClassFields: true, module: 'ESNext', lib: ['ES2022', 'DOM', 'DOM.Iterable'], types: [], skipLibCheck: true,
  moduleResolution: 'bundler', allowImportingTsExtensions: true, verbatimModuleSyntax: true, moduleDetection: 'force', noEmit: true,
  strict: true, noUnusedLocals: true, noUnusedParameters: true, erasableSyntaxOnly: true, noFallthroughCasesInSwitch: true, noUncheckedSideEffectImports: true,
}

/** Every file under `dir`, its size in bytes (symlinks followed once, as an install would copy them). */
function sizeOf(dir: string): number {
  let total = 0
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    const stat = statSync(path)
    total += stat.isDirectory() ? sizeOf(path) : stat.size
  }
  return total
}

/** Whether a package builds or ships native code (a binding.gyp, a .node file, an install script). */
function isNative(dir: string): boolean {
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { gypfile?: boolean; scripts?: Record<string, string> }
  if (manifest.gypfile || existsSync(join(dir, 'binding.gyp')) || ['preinstall', 'install', 'postinstall'].some((s) => manifest.scripts?.[s])) return true
  const walk = (d: string): boolean => readdirSync(d).some((n) => (statSync(join(d, n)).isDirectory() ? n !== 'node_modules' && walk(join(d, n)) : n.endsWith('.node')))
  return walk(dir)
}

/**
 * What `npm install redzone` brings into a browser-only project: redzone and its dependencies,
 * recursively (optional peers are not installed), each package's installed files, read from this
 * project's node_modules (the lock file's versions; no network).
 */
function browserConsumerInstall(installed: string): { packages: string[]; bytes: number; native: string[] } {
  const seen = new Map<string, string>()
  const visit = (name: string, from: string): void => {
    if (seen.has(name)) return
    let dir = join(from, 'node_modules', name)
    if (!existsSync(dir)) dir = join(root, 'node_modules', name)
    if (!existsSync(dir)) throw new Error(`${name} (a dependency) is not installed in ${root}`)
    dir = lstatSync(dir).isSymbolicLink() ? realpathSync(dir) : dir
    seen.set(name, dir)
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> }
    for (const dependency of Object.keys(manifest.dependencies ?? {})) visit(dependency, dir)
  }
  const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> }
  for (const dependency of Object.keys(manifest.dependencies ?? {})) visit(dependency, root)
  const packages = ['redzone', ...seen.keys()]
  const bytes = sizeOf(installed) + [...seen.values()].reduce((sum, dir) => sum + sizeOf(dir), 0)
  const native = [...seen].filter(([, dir]) => isNative(dir)).map(([name]) => name)
  return { packages, bytes, native }
}

let packed: Packed

beforeAll(() => {
  packed = packIntoScratchConsumer()
  writeIn(packed.dir, 'src/consumer.ts', CONSUMER_TS)
  writeIn(packed.dir, 'consumer.mjs', CONSUMER_MJS)
  writeIn(packed.dir, 'tsconfig.nodenext.json', JSON.stringify({ compilerOptions: { ...STRICT, module: 'nodenext', moduleResolution: 'nodenext' }, files: ['src/consumer.ts'] }))
  for (const [file, code] of Object.entries(readmeSnippets())) writeIn(packed.dir, `vite/src/${file}`, code)
  writeIn(packed.dir, 'tsconfig.vite-dom.json', JSON.stringify({ compilerOptions: VITE_DOM, include: ['vite/src'] }))
  writeIn(packed.dir, 'tsconfig.bundler.json', JSON.stringify({ compilerOptions: { ...STRICT, module: 'esnext', moduleResolution: 'bundler' }, files: ['src/consumer.ts'] }))
}, 120_000)

afterAll(() => rmSync(packed.dir, { recursive: true, force: true }))

describe('the packed tarball', () => {
  it('holds only the built entries, chunks, the vendored CLI packages with their licenses, declarations, README and package.json', () => {
    expect(packed.files).toContain('dist/index.js')
    expect(packed.files).toContain('dist/scenario.js')
    expect(packed.files).toContain('dist/node.js')
    expect(packed.files).toContain('dist/worker.js')
    expect(packed.files).toContain('dist/types/src/worker/index.d.ts')
    expect(packed.files).toContain('dist/cli.js')
    expect(packed.files).toContain('dist/types/src/index.d.ts')
    const unexpected = packed.files.filter((f) => !(f === 'package.json' || f === 'README.md' || f === 'LICENSE' || /^dist\/([\w-]+\.js|chunks\/[\w-]+\.js|vendor\/(commander|cli-progress)\.(js|LICENSE)|types\/.+\.d\.ts)$/.test(f)))
    expect(unexpected).toEqual([])
    const sourcesOrTests = packed.files.filter((f) => /(^|\/)(bench|test)\/|^src\/|^systems\/|^components\/|\.test\.|(?<!\.d)\.ts$/.test(f) || f === 'dist/bench.js')
    expect(sourcesOrTests).toEqual([])
  })

  it('defines the Game class once, in a chunk shared by redzone and redzone/scenario', () => {
    const installed = join(packed.dir, 'node_modules', 'redzone')
    const js = packed.files.filter((f) => f.endsWith('.js'))
    const defining = js.filter((f) => /\bvar Game = class\b|\bclass Game\b/.test(readFileSync(join(installed, f), 'utf8')))
    expect(defining).toHaveLength(1)
    expect(defining[0]).toMatch(/^dist\/chunks\//)
    const chunk = defining[0]!.slice('dist/'.length)
    expect(readFileSync(join(installed, 'dist', 'index.js'), 'utf8')).toContain(`"./${chunk}"`)
    expect(readFileSync(join(installed, 'dist', 'scenario.js'), 'utf8')).toContain(`"./${chunk}"`)
  })

  it('redzone, redzone/rl and redzone/scenario load only bitecs and eventemitter3 (zod is bundled); node: comes in with redzone/node; the optional peers only when a Node feature loads them', () => {
    const installed = join(packed.dir, 'node_modules', 'redzone')
    expect(bareImports(installed, 'dist/index.js')).toEqual(['bitecs', 'eventemitter3'])
    expect(bareImports(installed, 'dist/scenario.js')).toEqual(['bitecs', 'eventemitter3'])
    expect(bareImports(installed, 'dist/worker.js')).toEqual(['bitecs', 'eventemitter3'])
    expect(bareImports(installed, 'dist/rl.js')).toEqual(['bitecs', 'eventemitter3'])
    expect(bareImports(installed, 'dist/node.js').filter((m) => m.startsWith('node:')).length).toBeGreaterThan(0)
    // Statically imported (loaded with the entry): never an optional peer.
    for (const entry of ['dist/node.js', 'dist/cli.js']) {
      expect(bareImports(installed, entry).filter((m) => ['bullmq', 'ioredis', 'piscina', 'chart.js', 'zod'].includes(m)), entry).toEqual([])
    }
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; peerDependenciesMeta: Record<string, { optional: boolean }> }
    // The CLI's own packages are vendored (dist/vendor, package.json "imports"): the engine's two are all a consumer installs.
    expect(Object.keys(manifest.dependencies).sort()).toEqual(['bitecs', 'eventemitter3'])
    for (const entry of ['dist/node.js', 'dist/cli.js']) expect(bareImports(installed, entry).filter((m) => m === 'commander' || m === 'cli-progress'), entry).toEqual([])
    expect(Object.keys(manifest.peerDependenciesMeta).sort()).toEqual(['bullmq', 'chart.js', 'ioredis', 'piscina', 'zod'])
    for (const meta of Object.values(manifest.peerDependenciesMeta)) expect(meta.optional).toBe(true)
  })

  it("a browser-only consumer (redzone alone) installs no native addon and at most 5 MB", () => {
    const install = browserConsumerInstall(join(packed.dir, 'node_modules', 'redzone'))
    console.log(`a browser-only consumer installs ${install.packages.length} packages, ${(install.bytes / 1e6).toFixed(2)} MB: ${install.packages.join(', ')}`)
    expect(install.native).toEqual([])
    for (const heavy of ['bullmq', 'ioredis', 'piscina', 'chart.js', 'zod', 'msgpackr', 'fflate', 'commander', 'cli-progress']) expect(install.packages).not.toContain(heavy)
    expect(install.bytes).toBeLessThanOrEqual(5e6)
  })

  it("type-checks the README's client loop and Worker setup in a DOM-lib, Vite-style project (self is a Window there)", () => {
    expect(Object.keys(readmeSnippets()).sort()).toEqual(['client.ts', 'main.ts', 'worker.ts'])
    expect(typeCheck(packed.dir, 'tsconfig.vite-dom.json')).toEqual({ code: 0, output: '' })
  }, 60_000)

  it('type-checks a strict consumer with module and moduleResolution nodenext', () => {
    expect(typeCheck(packed.dir, 'tsconfig.nodenext.json')).toEqual({ code: 0, output: '' })
  }, 60_000)

  it('type-checks a strict consumer with moduleResolution bundler', () => {
    expect(typeCheck(packed.dir, 'tsconfig.bundler.json')).toEqual({ code: 0, output: '' })
  }, 60_000)

  it('runs in Node: a combat through redzone and a scenario through redzone/scenario', () => {
    const out = spawnSync(process.execPath, ['consumer.mjs'], { cwd: packed.dir, encoding: 'utf8' })
    expect(out.stderr).toBe('')
    expect(JSON.parse(out.stdout)).toEqual({ life: 18, loaded: true, failures: [] })
  })

  it('its CLI runs from node_modules', () => {
    const out = spawnSync(process.execPath, [join('node_modules', 'redzone', 'dist', 'cli.js'), 'cards'], { cwd: packed.dir, encoding: 'utf8' })
    expect(out.status).toBe(0)
    expect(out.stdout.length).toBeGreaterThan(100)
  })

  it('its CLI exports a games file to a directory and to an .npz with only its dependencies installed (fflate is bundled into the .npz chunk)', () => {
    const cli = join('node_modules', 'redzone', 'dist', 'cli.js')
    const record = JSON.stringify(playGame({ seed: 1, agents: [heuristicAgent, randomAgent], decks: ['green-white', 'black-red'] }))
    writeIn(packed.dir, 'games.jsonl', `${record}\n`)
    for (const out of ['arrays', 'games.npz']) {
      const run = spawnSync(process.execPath, [cli, 'export', 'games.jsonl', '--out', out, '--quiet'], { cwd: packed.dir, encoding: 'utf8' })
      expect(run.stderr, out).toBe('')
      expect(run.stdout).toMatch(/^exported 1 games: \d+ rows of both seats to /)
      expect(existsSync(join(packed.dir, out))).toBe(true)
    }
    expect(existsSync(join(packed.dir, 'node_modules', 'fflate'))).toBe(false)
    const installed = join(packed.dir, 'node_modules', 'redzone')
    const chunks = packed.files.filter((f) => f.endsWith('.js'))
    expect(chunks.filter((f) => bareImports(installed, f).includes('fflate'))).toEqual([])
  })
})
