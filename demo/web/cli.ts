/** `npm run demo:web [-- --port 8080] [--build-only]`: builds the browser demo into dist/demo and serves it on localhost. */
import { Command } from 'commander'
import { buildDemo, serveDirectory } from './build.js'

const options = new Command()
  .name('demo:web')
  .option('--port <n>', 'the port to serve on (0: any free port)', '8080')
  .option('--build-only', 'build dist/demo and exit')
  .parse(process.argv)
  .opts<{ port: string; buildOnly?: boolean }>()

const dir = await buildDemo()
if (options.buildOnly) {
  console.log(`demo built in ${dir}`)
} else {
  const { url } = await serveDirectory(dir, Number(options.port))
  console.log(`redzone demo: ${url} (serving ${dir}; Ctrl-C to stop)`)
}
