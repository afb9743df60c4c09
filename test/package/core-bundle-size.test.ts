/** What the core costs a web page: a browser program using createGame, bundled and minified. */
import { gzipSync } from 'node:zlib'
import { expect, it } from 'vitest'
import { bundleForBrowser } from '../browser/bundle-for-browser.js'

/** A guard well above the product target (30 KB gzipped), so growth is noticed before it is a problem. */
const MAX_GZIPPED_BYTES = 40 * 1024

const PROGRAM = `import { createGame } from 'redzone'
const game = createGame({
  players: [{ id: 'A' }, { id: 'B' }],
  objects: [{ id: 'bear', controller: 'A', types: ['creature'], power: 2, toughness: 2 }],
})
game.drive.attack({ bear: 'B' })
game.drive.combatDamage()
document.body.textContent = String(game.state().players.B?.life)
`

it('the core bundles for the browser without zod or node: modules, under the gzipped size guard', async () => {
  const bundle = await bundleForBrowser(PROGRAM)
  const minified = Buffer.byteLength(bundle.code)
  const gzipped = gzipSync(bundle.code, { level: 9 }).length
  console.log(`core browser bundle (createGame): ${(minified / 1024).toFixed(1)} KB minified, ${(gzipped / 1024).toFixed(1)} KB gzipped (target 30 KB, guard 40 KB)`)

  expect(bundle.inputs.filter((i) => /(^|\/)node_modules\/zod\//.test(i) || i.startsWith('node:'))).toEqual([])
  expect(bundle.inputs.filter((i) => i.startsWith('src/scenario/') || i.startsWith('src/cli/') || i.startsWith('src/node/'))).toEqual([])
  expect(bundle.code).not.toMatch(/["']node:/)
  expect(gzipped).toBeLessThanOrEqual(MAX_GZIPPED_BYTES)
})
