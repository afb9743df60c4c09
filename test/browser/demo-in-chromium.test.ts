/**
 * The browser demo (demo/web, `npm run demo:web`) end to end in headless Chromium: it loads
 * without console errors, highlights the creatures that can attack, a whole combat is clicked
 * through (attackers, blockers), the life totals on the page are the engine's, undo puts the game
 * back, the 10,000-a-side button reports its time. A screenshot goes to test-artifacts/demo.png.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import type { Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildDemo, projectRoot, serveDirectory } from '../../demo/web/build.js'
import { DEMO_POSITION } from '../../demo/web/position.js'
import { Game } from '../../src/api/game.js'
import { findChromium, launchChromium, NO_CHROMIUM, type LaunchedChromium } from './chromium.js'
import { gameState, legalActions } from '../../src/api/views.js'

const chromiumPath = findChromium()
if (chromiumPath === null) console.log(NO_CHROMIUM)

const ATTACKERS = ['serra', 'dreadmaw', 'knight', 'brute']
const BLOCKS: [string, string][] = [['nighthawk', 'serra'], ['rats', 'dreadmaw'], ['giant', 'brute'], ['corpse', 'brute'], ['spider', 'knight']]

/** The demo's own passing: every player passes (damage assigned by default) until a combat choice or the postcombat main phase. */
function untilChoice(game: Game): void {
  for (let i = 0; i < 100; i++) {
    const d = game.pendingDecision()
    if (d.kind === 'assignDamage') game.assignDamage({})
    else if (d.kind === 'priority' && gameState(game).turn.step !== 'postcombatMain') game.pass()
    else return
  }
}

async function cardIds(page: Page, selector: string): Promise<string[]> {
  return page.$$eval(selector, (cards) => cards.map((c) => (c as unknown as { dataset: Record<string, string> }).dataset['id']!).sort())
}

describe.skipIf(chromiumPath === null)(`the demo page in Chromium (${chromiumPath ?? NO_CHROMIUM})`, () => {
  let chromium: LaunchedChromium
  let server: Server
  let url: string
  let outdir: string

  beforeAll(async () => {
    outdir = mkdtempSync(join(tmpdir(), 'redzone-demo-'))
    await buildDemo(outdir)
    ;({ server, url } = await serveDirectory(outdir))
    chromium = await launchChromium(chromiumPath!)
  }, 60_000)

  afterAll(async () => {
    await chromium?.close()
    await new Promise((done) => server?.close(done))
    rmSync(outdir, { recursive: true, force: true })
  })

  it('plays a combat by clicks: attackers highlighted from legalActions, blocks, animated damage, the engine\'s life totals, undo, the large combat', async () => {
    // The same combat in Node, for the expected results.
    const game = new Game(DEMO_POSITION, { seed: 1 })
    untilChoice(game)
    const canAttack = legalActions(game).attackers.map((a) => a.attacker).sort()
    const targetOf = new Map(legalActions(game).attackers.map((a) => [a.attacker, a.targets[0]!]))
    expect(game.declareAttackers(Object.fromEntries(ATTACKERS.map((a) => [a, targetOf.get(a)!])))).toEqual({ ok: true })
    untilChoice(game)
    expect(game.declareBlockers(Object.fromEntries(BLOCKS))).toEqual({ ok: true })
    untilChoice(game)
    const expected = gameState(game)

    const page = await chromium.context.newPage()
    await page.setViewportSize({ width: 1280, height: 860 })
    const problems: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text())
    })
    page.on('pageerror', (error) => problems.push(error.message))
    await page.goto(url)
    await page.waitForSelector('body[data-phase="declareAttackers"]')
    expect(await cardIds(page, '.card.can-attack')).toEqual(canAttack)
    expect(canAttack).not.toContain('bears')
    expect(canAttack).not.toContain('wood')

    for (const id of ATTACKERS) await page.click(`.card[data-id="${id}"]`)
    expect(await cardIds(page, '.card.chosen')).toEqual([...ATTACKERS].sort())
    await page.click('#declare')
    await page.waitForSelector('body[data-phase="declareBlockers"]')
    expect(await cardIds(page, '.card.attacking')).toEqual([...ATTACKERS].sort())
    for (const [blocker, attacker] of BLOCKS) {
      await page.click(`.card[data-id="${blocker}"]`)
      await page.click(`.card[data-id="${attacker}"]`)
    }
    await page.click('#declare')
    await page.waitForSelector('.float')
    await page.waitForSelector('body[data-phase="combat-over"]')

    const life = { A: await page.textContent('#life-A'), B: await page.textContent('#life-B') }
    expect(life).toEqual({ A: String(expected.players['A']!.life), B: String(expected.players['B']!.life) })
    expect(expected.players['B']!.life).not.toBe(20)
    const onBattlefield = Object.entries(expected.objects).filter(([, o]) => o.zone === 'battlefield').map(([id]) => id).sort()
    expect(await cardIds(page, '.card')).toEqual(onBattlefield)
    expect(onBattlefield).not.toContain('dreadmaw')
    const log = await page.$$eval('#log li', (lines) => lines.map((l) => l.textContent ?? ''))
    expect(log.length).toBeGreaterThan(10)
    for (const line of log) expect(line).toMatch(/^CR \d{3}(\.\d+[a-z]?)? \S/)
    expect(log.some((l) => /deals \d+ combat damage to player B/.test(l))).toBe(true)
    expect(log.some((l) => /Colossal Dreadmaw dies/.test(l))).toBe(true)

    mkdirSync(join(projectRoot(), 'test-artifacts'), { recursive: true })
    await page.screenshot({ path: join(projectRoot(), 'test-artifacts', 'demo.png'), fullPage: true })

    await page.click('#undo')
    await page.waitForSelector('body[data-phase="declareBlockers"]')
    expect(await page.textContent('#life-B')).toBe('20')
    expect(await cardIds(page, '.card.attacking')).toEqual([...ATTACKERS].sort())
    expect((await page.$$eval('#log li', (lines) => lines.length))).toBeLessThan(log.length)

    await page.click('#big-button')
    await page.waitForSelector('#big[data-ms]', { timeout: 30_000 })
    const ms = Number(await page.getAttribute('#big', 'data-ms'))
    expect(ms).toBeGreaterThan(0)
    expect(await page.textContent('#big')).toMatch(/10,000 a side .* full combat .* in \d+\.\d ms/)
    await page.close()
    expect(problems).toEqual([])
  }, 60_000)
})
