/**
 * The import graph of the engine (src/, systems/, components/), read with TypeScript's parser:
 * no cycle at all (type-only imports included), and the layers import only downwards
 * (CONTRIBUTING.md, "The layout"). A new arrow that runs back up fails here, with its file.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '../..')

function walk(dir: string, out: string[]): string[] {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name)
    if (statSync(p).isDirectory()) walk(p, out)
    else if (name.endsWith('.ts') && !name.endsWith('.d.ts')) out.push(p)
  }
  return out
}

const files = ['src', 'systems', 'components'].flatMap((d) => walk(join(root, d), []))
const known = new Set(files)

function resolveSpec(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null
  const base = resolve(dirname(from), spec)
  for (const c of [base.replace(/\.js$/, '.ts'), `${base}.ts`, join(base, 'index.ts')]) if (known.has(c)) return c
  throw new Error(`${relative(root, from)}: import "${spec}" resolves to no engine file`)
}

/**
 * Every module specifier a file imports or re-exports from (type-only ones too), including
 * dynamic `import('…')`, `require('…')` and `import x = require('…')` anywhere in the file.
 */
function specifiersOf(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, false)
  const out: string[] = []
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      out.push(node.moduleSpecifier.text)
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference) && ts.isStringLiteral(node.moduleReference.expression)) {
      out.push(node.moduleReference.expression.text)
    } else if (ts.isCallExpression(node) && (node.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(node.expression) && node.expression.text === 'require'))) {
      const [arg] = node.arguments
      if (arg && ts.isStringLiteralLike(arg)) out.push(arg.text)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return out
}

/** Every engine file a file imports or re-exports from. */
function importsOf(file: string): string[] {
  return specifiersOf(file).flatMap((spec) => resolveSpec(file, spec) ?? [])
}

const graph = new Map(files.map((f) => [f, importsOf(f)]))
const rel = (f: string): string => relative(root, f)

/** Tarjan's strongly connected components with more than one file, or a file importing itself. */
function cycles(): string[][] {
  let index = 0
  const idx = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  const visit = (v: string): void => {
    idx.set(v, index)
    low.set(v, index++)
    stack.push(v)
    onStack.add(v)
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w)
        low.set(v, Math.min(low.get(v)!, low.get(w)!))
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!))
    }
    if (low.get(v) === idx.get(v)) {
      const scc: string[] = []
      let w: string
      do {
        w = stack.pop()!
        onStack.delete(w)
        scc.push(rel(w))
      } while (w !== v)
      if (scc.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(scc.sort())
    }
  }
  for (const f of files) if (!idx.has(f)) visit(f)
  return found
}

/**
 * The layers, bottom up. A file may import its own layer and the layers below, never above.
 * `node` and `cli` (Node only) and the public entries sit on top.
 */
const LAYERS: [string, string[]][] = [
  ['components', ['components/']],
  ['core', ['src/core/']],
  ['rules', ['src/rules/']],
  ['systems', ['systems/']],
  ['turn', ['src/turn/']],
  ['decisions', ['src/decisions/']],
  ['state', ['src/state/']],
  ['api', ['src/api/', 'src/play/', 'src/generate/', 'src/scenario/', 'src/worker/']],
  ['rl', ['src/rl/']],
  ['node', ['src/node/', 'src/cli/', 'src/index.ts', 'src/sim.ts', 'src/rl.ts', 'src/internal.ts']],
]

function layerOf(file: string): number {
  const r = rel(file)
  const i = LAYERS.findIndex(([, prefixes]) => prefixes.some((p) => r.startsWith(p)))
  if (i < 0) throw new Error(`${r} is in no layer: add its folder to LAYERS`)
  return i
}

describe('the import graph (CONTRIBUTING.md, "The layout")', () => {
  it('reads the whole engine', () => {
    expect(files.length).toBeGreaterThan(80)
    expect([...graph.values()].reduce((n, l) => n + l.length, 0)).toBeGreaterThan(300)
  })

  it('has no import cycle, type-only imports included', () => {
    expect(cycles()).toEqual([])
  })

  it('imports only downwards: no layer imports a layer above it', () => {
    const up: string[] = []
    for (const [file, targets] of graph) {
      for (const t of targets) {
        if (layerOf(t) > layerOf(file)) up.push(`${rel(file)} (${LAYERS[layerOf(file)]![0]}) -> ${rel(t)} (${LAYERS[layerOf(t)]![0]})`)
      }
    }
    expect(up).toEqual([])
  })

  it('keeps the core free of Node: nothing outside node/ and cli/ imports node: or a Node-only package', () => {
    const bad: string[] = []
    for (const file of files) {
      const r = rel(file)
      if (r.startsWith('src/node/') || r.startsWith('src/cli/')) continue
      for (const spec of specifiersOf(file)) {
        if (spec.startsWith('.')) continue
        if (!['bitecs', 'eventemitter3', 'zod'].includes(spec) || (spec === 'zod' && !r.startsWith('src/scenario/'))) bad.push(`${r}: ${spec}`)
      }
    }
    expect(bad).toEqual([])
  })

  it('keeps every browser entry free of Node: nothing it reaches, however deep, is in src/node or src/cli or imports a package but its own', () => {
    const entries: Record<string, readonly string[]> = {
      'src/index.ts': ['bitecs', 'eventemitter3'],
      'src/sim.ts': ['bitecs', 'eventemitter3'],
      'src/rl.ts': ['bitecs', 'eventemitter3'],
      'src/internal.ts': ['bitecs', 'eventemitter3'],
      'src/worker/index.ts': ['bitecs', 'eventemitter3'],
      'src/scenario/index.ts': ['bitecs', 'eventemitter3', 'zod'],
    }
    const bad: string[] = []
    for (const [entry, packages] of Object.entries(entries)) {
      const seen = new Set<string>()
      const stack = [resolve(root, entry)]
      while (stack.length > 0) {
        const file = stack.pop()!
        if (seen.has(file)) continue
        seen.add(file)
        const r = rel(file)
        if (r.startsWith('src/node/') || r.startsWith('src/cli/')) bad.push(`${entry} reaches ${r}`)
        for (const spec of specifiersOf(file)) if (!spec.startsWith('.') && !packages.includes(spec)) bad.push(`${entry} reaches ${r}: ${spec}`)
        stack.push(...(graph.get(file) ?? []))
      }
      expect(seen.size, entry).toBeGreaterThan(1)
    }
    expect(bad).toEqual([])
  })

  it('keeps the leaves leaves: the card vocabulary and the waiting of the runner import only components', () => {
    for (const leaf of ['src/core/card-spec.ts', 'src/core/await.ts']) {
      const targets = graph.get(resolve(root, leaf))
      expect(targets, leaf).toBeDefined()
      expect(targets!.map(rel).filter((t) => !t.startsWith('components/')), leaf).toEqual([])
    }
  })

  it('keeps systems off the runner and the decisions: a system returns "wait" and never imports src/turn or src/decisions', () => {
    const bad = [...graph].filter(([file]) => rel(file).startsWith('systems/')).flatMap(([file, targets]) =>
      targets.map(rel).filter((t) => t.startsWith('src/turn/') || t.startsWith('src/decisions/') || t.startsWith('src/api/')).map((t) => `${rel(file)} -> ${t}`),
    )
    expect(bad).toEqual([])
  })

  it('finds a planted cycle (the check can fail)', () => {
    const a = files[0]!
    const b = files[1]!
    const saved = [graph.get(a)!, graph.get(b)!]
    graph.set(a, [...saved[0]!, b])
    graph.set(b, [...saved[1]!, a])
    try {
      expect(cycles().length).toBeGreaterThan(0)
    } finally {
      graph.set(a, saved[0]!)
      graph.set(b, saved[1]!)
    }
  })
})
