/**
 * The browser demo (demo/web, `npm run demo:web`) as a game, end to end in headless Chromium,
 * through its automation contract: whole games against the agent (in the page's Web Worker) played
 * by clicks only, a seeded random choice each time among the visible elements that take a legal
 * action (`[data-action]`) or build a declaration (`[data-choice]`: an attacker, a blocker, a point
 * of damage, a card), to the game-over screen (`[data-game-over]` with the winner); no console
 * error. Frame time: the page's PerformanceObserver for long tasks reports every main-thread task
 * over 50 ms of wall time (reported here); a Chromium trace gives each task's thread time, the
 * page's own work, and none may exceed 50 ms (wall time too with REDZONE_STRICT_FRAMES=1: on a
 * loaded machine, such as this test beside the others of `npm test` on two cores, wall time
 * counts the time the thread waited for a core). Also: the opponent's turn is animated at the page's pace and can be skipped; bad
 * seeds get a message; the benchmark says which run was cold. Screenshots go to test-artifacts/.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import type { Server } from 'node:http'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildDemo, projectRoot, serveDirectory } from '../../demo/web/build.js'
import { Rng } from '../../src/core/rng.js'
import { findChromium, launchChromium, NO_CHROMIUM, type LaunchedChromium } from './chromium.js'
import { traceMainThread } from './main-thread.js'

const chromiumPath = findChromium()
if (chromiumPath === null) console.log(NO_CHROMIUM)

const ARTIFACTS = join(projectRoot(), 'test-artifacts')
/** The frame budget: no main-thread task longer than this (a "long task", web.dev/rail). */
const LONG_TASK_MS = 50

async function open(page: Page, url: string, problems: string[]): Promise<void> {
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text())
  })
  page.on('pageerror', (error) => problems.push(error.message))
  await page.setViewportSize({ width: 1400, height: 1000 })
  await page.goto(url)
}

/** The game is waiting for the player (or over): not busy, and something to click or the game-over screen. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    `document.body.dataset.busy === '0' && (document.querySelector('[data-game-over]') !== null || document.querySelector('[data-action], [data-choice]') !== null)`,
    undefined,
    { timeout: 60_000, polling: 20 },
  )
}

/** In the page: what a person could click now (visible, enabled, taking an action or building one), kept as `window.clickable`; its count. */
const CLICKABLE = `(() => {
  window.clickable = [...document.querySelectorAll('[data-action], [data-choice]')].filter((e) => !e.disabled && e.checkVisibility())
  return window.clickable.length
})()`

/** Plays one game by clicks: a seeded random visible `[data-action]` or `[data-choice]` each time, until `[data-game-over]`. */
async function playByClicks(page: Page, seed: number, shots: string): Promise<{ clicks: number; actions: number; winner: string; turns: string; kinds: Set<string> }> {
  const rng = new Rng(seed)
  let clicks = 0
  let actions = 0
  const kinds = new Set<string>()
  for (; clicks < 4000; clicks++) {
    await settled(page)
    const winner = await page.getAttribute('#game-over', 'data-game-over')
    if (winner !== null) {
      await page.screenshot({ path: join(ARTIFACTS, `${shots}-game-over.png`), fullPage: true })
      return { clicks, actions, winner, turns: (await page.textContent('#turn')) ?? '', kinds }
    }
    // The choice and the click happen in the page, in one evaluation: what a person could click, visible and enabled.
    const count = await page.evaluate<number>(CLICKABLE)
    expect(count).toBeGreaterThan(0)
    const pick = rng.int(count)
    const action = await page.evaluate<string | null>(`window.clickable[${pick}].dataset.action ?? null`)
    if (action !== null) {
      actions++
      kinds.add(action[0]!)
    }
    if (clicks === 25) await page.screenshot({ path: join(ARTIFACTS, `${shots}-early.png`), fullPage: true })
    if (action !== null && action.startsWith('b') && !kinds.has('shot-b')) {
      kinds.add('shot-b')
      await page.screenshot({ path: join(ARTIFACTS, `${shots}-blockers.png`), fullPage: true })
    }
    await page.evaluate(`window.clickable[${pick}].click()`)
  }
  throw new Error(`no game over after ${clicks} clicks`)
}

describe.skipIf(chromiumPath === null)(`the demo game in Chromium (${chromiumPath ?? NO_CHROMIUM})`, () => {
  let chromium: LaunchedChromium
  let server: Server
  let url: string
  let outdir: string

  beforeAll(async () => {
    outdir = mkdtempSync(join(tmpdir(), 'redzone-demo-'))
    await buildDemo(outdir)
    ;({ server, url } = await serveDirectory(outdir))
    chromium = await launchChromium(chromiumPath!)
    mkdirSync(ARTIFACTS, { recursive: true })
  }, 60_000)

  afterAll(async () => {
    await chromium?.close()
    await new Promise((done) => server?.close(done))
    rmSync(outdir, { recursive: true, force: true })
  })

  it('plays whole games against the agent in a Worker by clicking random [data-action]/[data-choice] elements, to [data-game-over]; no console error, no main-thread task over 50 ms', async () => {
    const games = [
      { seed: 1, agent: 'heuristic', deck: 'green-white', clicks: 11 },
      { seed: 2, agent: 'random', deck: 'black-red', clicks: 12 },
      { seed: 3, agent: 'search', deck: 'green-white', clicks: 13 },
    ]
    const longest: number[] = []
    const report: string[] = []
    const kinds = new Set<string>()
    for (const g of games) {
      const page = await chromium.context.newPage()
      const problems: string[] = []
      await open(page, `${url}?pace=0&seed=${g.seed}&agent=${g.agent}`, problems)
      await page.selectOption('#deck', g.deck)
      const stopTrace = await traceMainThread(chromium.context, page)
      await page.click('#new-game')
      const started = Date.now()
      const result = await playByClicks(page, g.clicks, `demo-${g.agent}`)
      const ms = Date.now() - started
      await page.waitForSelector('#log li.game-over')
      const trace = await stopTrace()
      for (const k of result.kinds) kinds.add(k)
      expect(['A', 'B', 'draw']).toContain(result.winner)
      expect(await page.isVisible('#game-over')).toBe(true)
      expect(await page.textContent('#game-over-text')).toMatch(/^(You win|The opponent \(\w+\) wins|A draw)/)
      const log = await page.$$eval('#log li', (lines) => lines.map((l) => l.textContent ?? ''))
      for (const line of log) expect(line).toMatch(/^CR \d{3}(\.\d+[a-z]?)? \S/)
      // Card names, never ids, in the log.
      expect(log.filter((l) => /\b[AB]-[a-z-]+-\d+\b/.test(l))).toEqual([])
      expect(log.some((l) => /Game over/.test(l))).toBe(true)
      const tasks = await page.evaluate<number[] | null>('window.redzoneLongTasks ?? null')
      expect(tasks, 'the page observes long tasks').not.toBeNull()
      longest.push(trace.longestThreadMs)
      if (process.env['REDZONE_STRICT_FRAMES']) longest.push(Math.max(0, ...tasks!))
      report.push(
        `${g.agent} (seed ${g.seed}, ${g.deck}): ${result.winner} won, ${result.turns}, ${result.clicks} clicks (${result.actions} actions) in ${(ms / 1000).toFixed(1)} s; ` +
          `longest main-thread task ${trace.longestThreadMs.toFixed(1)} ms thread time (of ${trace.tasks.length} over 1 ms), ` +
          `PerformanceObserver: ${tasks!.length} long task(s), longest ${Math.max(0, ...tasks!).toFixed(0)} ms wall`,
      )
      await page.close()
      expect(problems).toEqual([])
    }
    console.log(`demo games by clicks (load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores):\n  ${report.join('\n  ')}`)
    // The games went through the decisions of a game: mulligan or keep, passes, lands, spells, attacks, blocks.
    for (const k of ['k', 'p', 'l', 'c', 'a', 'b']) expect(kinds, `an action of kind "${k}"`).toContain(k)
    for (const ms of longest) expect(ms).toBeLessThanOrEqual(LONG_TASK_MS)
  }, 300_000)

  it("animates the opponent's turn one choice at a time at the page's pace, and skips it on request", async () => {
    const page = await chromium.context.newPage()
    const problems: string[] = []
    await open(page, `${url}?pace=700&seed=5`, problems)
    // When each log line appears, by the page's clock (a poll from here can lag behind a loaded machine).
    await page.evaluate(`(() => {
      window.logTimes = []
      new MutationObserver((records) => {
        for (const r of records) for (const n of r.addedNodes) if (n.nodeName === 'LI') window.logTimes.push(performance.now())
      }).observe(document.querySelector('#log'), { childList: true })
    })()`)
    await page.click('#new-game')
    // The player keeps, passes and doesn't attack, until an opponent's turn with several choices is seen played out at the pace.
    let paced = false
    for (let i = 0; i < 300 && !paced; i++) {
      await settled(page)
      expect(await page.getAttribute('#game-over', 'data-game-over')).toBeNull()
      const next = (await page.$('[data-action="k"]')) ?? (await page.$('[data-action="p"]')) ?? (await page.$('#confirm[data-action]')) ?? (await page.$('#cancel')) ?? (await page.$('[data-choice]'))
      expect(next).not.toBeNull()
      await next!.click()
      // While the opponent plays: when does the log grow (the page's times of its new lines, apart by more than a frame)?
      const from = (await page.evaluate('window.logTimes.length')) as number
      const started = Date.now()
      while ((await page.getAttribute('body', 'data-busy')) === '1' && Date.now() - started < 20_000) {
        const times = ((await page.evaluate('window.logTimes')) as number[]).slice(from)
        const growth = times.filter((t, k) => k === 0 || t - times[k - 1]! > 50)
        if (growth.length >= 3 && growth[growth.length - 1]! - growth[0]! >= 1000) {
          paced = true
          await page.screenshot({ path: join(ARTIFACTS, 'demo-opponent-turn.png'), fullPage: true })
          const skipped = Date.now()
          await page.click('#skip')
          await settled(page)
          expect(Date.now() - skipped).toBeLessThan(5000)
          break
        }
        await page.waitForTimeout(50)
      }
    }
    expect(paced).toBe(true)
    expect(await page.getAttribute('body', 'data-busy')).toBe('0')
    await page.close()
    expect(problems).toEqual([])
  }, 60_000)

  it('bad seeds get a message on the page, never an error; the benchmark runs in a worker and says which run was cold', async () => {
    const page = await chromium.context.newPage()
    const problems: string[] = []
    await open(page, url, problems)
    await page.fill('#game-seed', '-5')
    await page.click('#new-game')
    expect(await page.textContent('#message')).toMatch(/seed must be a whole number from 0 to 4294967295, not "-5"/)
    expect(await page.isVisible('#game')).toBe(false)
    await page.fill('#seed', '-1')
    await page.click('#big-button')
    expect(await page.textContent('#big')).toMatch(/^Not run: the seed must be a whole number/)
    await page.fill('#seed', 'abc')
    await page.click('#big-button')
    expect(await page.textContent('#big')).toMatch(/^Not run: .*"abc"/)
    await page.fill('#seed', '1')
    const stopTrace = await traceMainThread(chromium.context, page)
    await page.click('#big-button')
    await page.waitForSelector('#big[data-ms]', { timeout: 60_000 })
    expect(Number(await page.getAttribute('#big', 'data-ms'))).toBeGreaterThan(0)
    expect(await page.textContent('#big')).toMatch(/10,000 a side \(seed 1\), in a worker: .* in \d+\.\d ms warm .* the first run, cold .* took \d+\.\d ms/)
    // The benchmark ran in the worker: the page's thread did none of it.
    const trace = await stopTrace()
    expect(trace.longestThreadMs).toBeLessThanOrEqual(LONG_TASK_MS)
    await page.close()
    expect(problems).toEqual([])
  }, 120_000)
})
