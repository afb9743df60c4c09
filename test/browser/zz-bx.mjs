import { build } from 'esbuild'
import { gzipSync } from 'node:zlib'
for (const imp of ['createWorld, addEntity, addComponent, removeComponent, query', 'createWorld, addEntity, addComponent, removeComponent', 'createWorld, addEntity']) {
  const r = await build({ stdin: { contents: `import { ${imp} } from 'bitecs'; globalThis.x = [${imp}]`, resolveDir: '/work/main' }, bundle: true, minify: true, format: 'esm', platform: 'browser', write: false })
  console.log(imp, r.outputFiles[0].text.length, gzipSync(r.outputFiles[0].text, { level: 9 }).length)
}
