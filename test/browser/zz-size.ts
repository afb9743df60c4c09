import { gzipSync } from 'node:zlib'
import { readFileSync } from 'node:fs'
import { bundleForBrowser } from './bundle-for-browser.js'
const src = readFileSync(new URL('../package/core-bundle-size.test.ts', import.meta.url), 'utf8')
const PROGRAM = src.split('const PROGRAM = `')[1]!.split('`\n')[0]!
const b = await bundleForBrowser(PROGRAM)
const gz = gzipSync(b.code, { level: 9 }).length
console.log('total min', b.code.length, 'gz', gz, 'left', 30720 - gz)
const out = Object.values(b.metafile.outputs)[0]!
const rows = Object.entries(out.inputs).map(([k, v]) => [k, v.bytesInOutput] as const).sort((a, b) => b[1] - a[1])
if (process.argv.includes('--list')) for (const [k, v] of rows) console.log(String(v).padStart(7), k)
if (process.argv.includes('--write')) (await import('node:fs')).writeFileSync('/tmp/core-bundle.js', b.code)
