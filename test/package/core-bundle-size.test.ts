/** What the core costs a web page: a browser program using createGame, bundled and minified. */
import { gzipSync } from 'node:zlib'
import { expect, it } from 'vitest'
import { bundleForBrowser } from '../browser/bundle-for-browser.js'

/** The product target: a web page that creates a game and plays a combat carries at most 30 KB gzipped of redzone. */
const MAX_GZIPPED_BYTES = 30 * 1024

const PROGRAM = `import { createGame } from 'redzone'
const game = createGame({
  players: [{ id: 'A' }, { id: 'B' }],
  objects: [{ id: 'bear', controller: 'A', types: ['creature'], power: 2, toughness: 2 }],
})
// A combat through the rules commands: pass to the attack declaration, attack, pass through combat.
while (game.pendingDecision().kind === 'priority') game.pass()
game.declareAttackers({ bear: 'B' })
while (game.pendingDecision().kind === 'priority' && game.version < 40) game.pass()
document.body.textContent = String(game.version)
`

it('the core bundles for the browser without zod or node: modules, under the gzipped size guard', async () => {
  const bundle = await bundleForBrowser(PROGRAM)
  const minified = Buffer.byteLength(bundle.code)
  const gzipped = gzipSync(bundle.code, { level: 9 }).length
  console.log(`core browser bundle (createGame): ${(minified / 1024).toFixed(1)} KB minified, ${(gzipped / 1024).toFixed(1)} KB gzipped (target and guard 30 KB)`)

  expect(bundle.inputs.filter((i) => /(^|\/)node_modules\/zod\//.test(i) || i.startsWith('node:'))).toEqual([])
  expect(bundle.inputs.filter((i) => i.startsWith('src/scenario/') || i.startsWith('src/cli/') || i.startsWith('src/node/'))).toEqual([])
  expect(bundle.code).not.toMatch(/["']node:/)
  expect(gzipped).toBeLessThanOrEqual(MAX_GZIPPED_BYTES)
})
