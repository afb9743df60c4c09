/** The core engine in a real browser: a combat played in a Chromium page from the browser bundle. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bundleForBrowser } from './bundle-for-browser.js'
import { findChromium, launchChromium, NO_CHROMIUM, type LaunchedChromium } from './chromium.js'

const chromiumPath = findChromium()
if (chromiumPath === null) console.log(NO_CHROMIUM)

/** The core's API, as the page sees it (the page runs the browser bundle of src/index.ts). */
type Core = typeof import('../../src/index.js')

/** Exposes the core as `window.redzone` for the page scripts. */
const PAGE_BUNDLE = `import * as redzone from 'redzone'
;(globalThis as Record<string, unknown>).redzone = redzone
`

describe.skipIf(chromiumPath === null)(`the core in Chromium (${chromiumPath ?? NO_CHROMIUM})`, () => {
  let chromium: LaunchedChromium

  beforeAll(async () => {
    chromium = await launchChromium(chromiumPath!)
  }, 60_000)

  afterAll(async () => {
    await chromium?.close()
  })

  it('plays a combat in a page: the unblocked attacker deals its damage, the blocked one dies', async () => {
    const bundle = await bundleForBrowser(PAGE_BUNDLE, { format: 'iife', minify: true })
    const page = await chromium.context.newPage()
    const problems: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text())
    })
    page.on('pageerror', (error) => problems.push(error.message))

    await page.setContent('<!doctype html><title>redzone</title><body></body>')
    await page.addScriptTag({ content: bundle.code })
    const result = await page.evaluate(() => {
      const { createGame, drive, gameState } = (globalThis as unknown as { redzone: Core }).redzone
      const game = createGame({
        players: [{ id: 'A' }, { id: 'B' }],
        objects: [
          { id: 'giant', controller: 'A', types: ['creature'], power: 4, toughness: 4 },
          { id: 'bear', controller: 'A', types: ['creature'], power: 2, toughness: 2 },
          { id: 'wall', controller: 'B', types: ['creature'], power: 0, toughness: 4 },
          { id: 'spear', controller: 'B', types: ['creature'], power: 3, toughness: 1 },
        ],
      })
      const attack = drive(game).walkToAttack({ giant: 'B', bear: 'B' })
      const block = drive(game).walkToBlock({ spear: 'bear' })
      const damage = drive(game).walkToDamage()
      const state = gameState(game)
      return {
        attack, block, damage,
        lifeA: state.players.A!.life, lifeB: state.players.B!.life,
        bear: state.objects.bear!.zone, spear: state.objects.spear!.zone,
        userAgent: (globalThis as unknown as { navigator: { userAgent: string } }).navigator.userAgent,
      }
    })
    await page.close()

    expect(result).toMatchObject({
      attack: { ok: true }, block: { ok: true }, damage: { ok: true },
      lifeA: 20, lifeB: 16, bear: 'graveyard', spear: 'graveyard',
    })
    expect(result.userAgent).toMatch(/Chrome\//)
    expect(problems).toEqual([])
  }, 60_000)
})
