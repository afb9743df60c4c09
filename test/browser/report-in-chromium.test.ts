/** The self-play report (`redzone report --html`) opened in a real Chromium: the three charts render offline. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { reportData, renderReportHtml, summarizeGamesFile } from '../../src/node/selfplay/report.js'
import { runSelfPlay } from '../../src/node/selfplay/run.js'
import { findChromium, launchChromium, NO_CHROMIUM, type LaunchedChromium } from './chromium.js'

const chromiumPath = findChromium()
if (chromiumPath === null) console.log(NO_CHROMIUM)

describe.skipIf(chromiumPath === null)(`the self-play report in Chromium (${chromiumPath ?? NO_CHROMIUM})`, () => {
  let chromium: LaunchedChromium
  const dir = mkdtempSync(join(tmpdir(), 'redzone-report-'))

  beforeAll(async () => {
    chromium = await launchChromium(chromiumPath!)
  }, 60_000)

  afterAll(async () => {
    await chromium?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('renders the win rate, game length and turn-order charts of a real run, with no console errors', async () => {
    const games = join(dir, 'games.jsonl')
    const summary = await runSelfPlay({ games: 40, seed: 3, agents: ['heuristic', 'random'], decks: ['green-white', 'black-red'], out: games, progress: false })
    expect(summary.games).toBe(40)
    const html = join(dir, 'report.html')
    writeFileSync(html, renderReportHtml(reportData(await summarizeGamesFile(games), 'heuristic vs random')))

    const page = await chromium.context.newPage()
    const problems: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text())
    })
    page.on('pageerror', (error) => problems.push(error.message))
    page.on('request', (request) => {
      if (!request.url().startsWith('file:')) problems.push(`network request: ${request.url()}`)
    })
    await page.goto(pathToFileURL(html).href)
    const charts = await page.evaluate(() => {
      // The page's DOM, typed here (this file is checked without the DOM library).
      type Canvas = { width: number; height: number; getContext(kind: '2d'): { getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray } } | null }
      const { Chart: chart, document } = globalThis as unknown as {
        Chart: { getChart(c: Canvas): { data: { datasets: { data: unknown[] }[] } } | undefined }
        document: { getElementById(id: string): unknown }
      }
      return ['win-rate', 'game-length', 'turn-order'].map((id) => {
        const canvas = document.getElementById(id) as Canvas
        const instance = chart.getChart(canvas)
        // Drawn pixels: some of the canvas is not transparent.
        const pixels = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data
        let painted = 0
        for (let i = 3; i < pixels.length; i += 4) if (pixels[i] !== 0) painted++
        return { id, width: canvas.width, height: canvas.height, points: instance?.data.datasets.reduce((n, d) => n + d.data.length, 0) ?? 0, painted }
      })
    })
    expect(problems).toEqual([])
    for (const c of charts) {
      expect(c.width, c.id).toBeGreaterThan(0)
      expect(c.height, c.id).toBeGreaterThan(0)
      expect(c.points, c.id).toBeGreaterThan(0)
      expect(c.painted, c.id).toBeGreaterThan(100)
    }
    await page.screenshot({ path: join(dir, 'report.png'), fullPage: true })
  }, 120_000)
})
