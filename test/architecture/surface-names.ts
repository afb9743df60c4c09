/** Every name each package entry exports (values and types), read with TypeScript's checker. */
import { resolve } from 'node:path'
import ts from 'typescript'

export const ENTRIES = {
  redzone: 'src/index.ts',
  'redzone/sim': 'src/sim.ts',
  'redzone/rl': 'src/rl.ts',
  'redzone/scenario': 'src/scenario/index.ts',
  'redzone/node': 'src/node/index.ts',
  'redzone/worker': 'src/worker/index.ts',
  'redzone/internal': 'src/internal.ts',
} as const

export type EntryName = keyof typeof ENTRIES

export interface Surface {
  values: string[]
  types: string[]
}

export function surfaces(root: string): Record<EntryName, Surface> {
  const files = Object.values(ENTRIES).map((f) => resolve(root, f))
  const program = ts.createProgram(files, { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, target: ts.ScriptTarget.ES2022, strict: true, noEmit: true, skipLibCheck: true, types: ['node'] })
  const checker = program.getTypeChecker()
  const out = {} as Record<EntryName, Surface>
  for (const [name, file] of Object.entries(ENTRIES) as [EntryName, string][]) {
    const source = program.getSourceFile(resolve(root, file))
    if (!source) throw new Error(`no source file ${file}`)
    const moduleSymbol = checker.getSymbolAtLocation(source)
    if (!moduleSymbol) throw new Error(`${file} is not a module`)
    const values: string[] = []
    const types: string[] = []
    for (const symbol of checker.getExportsOfModule(moduleSymbol)) {
      const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol
      if (target.flags & ts.SymbolFlags.Value) values.push(symbol.name)
      else types.push(symbol.name)
    }
    out[name] = { values: values.sort(), types: types.sort() }
  }
  return out
}
