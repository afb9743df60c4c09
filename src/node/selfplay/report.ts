/** `redzone report`: the summary of a games file, and an HTML page with Chart.js inlined (works offline). */
import { createReadStream, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { createInterface } from 'node:readline'
import type { GameRecord } from '../../play/record.js'
import { RedzoneError } from '../../core/errors.js'
import { outcomeOf } from './play-range.js'
import { SummaryBuilder, type Rate, type SelfPlaySummary } from './summary.js'

function checkRecord(value: unknown, where: string): GameRecord {
  const r = value as Partial<GameRecord> | null
  if (!r || typeof r !== 'object' || r.format !== 'redzone-game/1') throw new RedzoneError('usage', `${where}: expected a redzone-game/1 record`)
  if (!Array.isArray(r.agents) || r.agents.length !== 2 || !Array.isArray(r.decks) || typeof r.turns !== 'number' || typeof r.seed !== 'number') {
    throw new RedzoneError('usage', `${where}: a redzone-game/1 record needs agents, decks, seed and turns`)
  }
  return r as GameRecord
}

/**
 * Summarises a JSONL games file. Agents are listed as in its first game; a game is "swapped" when
 * its seat 0 holds the other agent (in a mirror match, agents are counted by seat).
 */
export async function summarizeGamesFile(file: string): Promise<SelfPlaySummary> {
  let stream
  try {
    stream = createReadStream(file)
    await new Promise((resolve, reject) => stream!.once('open', resolve).once('error', reject))
  } catch (error) {
    throw new RedzoneError('usage', `${file}: can't read the file (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`)
  }
  let builder: SummaryBuilder | undefined
  let names: [string, string] = ['', '']
  let index = 0
  let line = 0
  for await (const text of createInterface({ input: stream, crlfDelay: Infinity })) {
    line++
    if (text.trim() === '') continue
    let value: unknown
    try {
      value = JSON.parse(text)
    } catch {
      throw new RedzoneError('usage', `${file}:${line}: not JSON`)
    }
    const record = checkRecord(value, `${file}:${line}`)
    if (!builder) {
      names = [record.agents[0], record.agents[1]]
      builder = new SummaryBuilder(names, [record.decks[0], record.decks[1]])
    }
    const swapped = names[0] !== names[1] && record.agents[0] === names[1]
    builder.add(outcomeOf(record, index++, swapped))
  }
  if (!builder) throw new RedzoneError('usage', `${file}: no games`)
  return builder.summary()
}

/** The data the report's charts draw (also embedded as JSON in the page). */
export interface ReportData {
  title: string
  games: number
  winRate: { label: string; rate: number; low: number; high: number; wins: number; games: number }[]
  lengths: { turns: number[]; games: number[] }
  byTurnOrder: { label: string; first: number; second: number; firstGames: number; secondGames: number }[]
  firstPlayer: Rate
  draws: Record<string, number>
  errors: number
}

export function reportData(summary: SelfPlaySummary, title: string): ReportData {
  const hist = summary.turns.histogram
  const lo = hist.findIndex((n) => n > 0)
  const turns: number[] = []
  const games: number[] = []
  if (lo >= 0) for (let t = lo; t < hist.length; t++) turns.push(t), games.push(hist[t]!)
  const label = (agent: string, deck: string) => `${agent} (${deck})`
  return {
    title,
    games: summary.games,
    winRate: [
      ...summary.agents.map((a) => ({ label: label(a.agent, a.deck), rate: a.rate, low: a.low, high: a.high, wins: a.wins, games: a.games })),
      ...(summary.draws.total > 0 ? [{ label: 'draws', ...rateOf(summary.draws.total, summary.games) }] : []),
    ],
    lengths: { turns, games },
    byTurnOrder: summary.agentsByTurnOrder.map((a, k) => ({
      label: label(a.agent, summary.agents[k]!.deck),
      first: a.first.rate, second: a.second.rate, firstGames: a.first.games, secondGames: a.second.games,
    })),
    firstPlayer: summary.firstPlayer,
    draws: summary.draws.reasons,
    errors: summary.errors.total,
  }
}

function rateOf(wins: number, games: number): { rate: number; low: number; high: number; wins: number; games: number } {
  return { rate: games > 0 ? wins / games : 0, low: games > 0 ? wins / games : 0, high: games > 0 ? wins / games : 0, wins, games }
}

function chartJsSource(): string {
  const require = createRequire(import.meta.url)
  return readFileSync(join(dirname(require.resolve('chart.js')), 'chart.umd.min.js'), 'utf8')
}

const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!)
const pct = (x: number) => `${(100 * x).toFixed(1)}%`

/** A self-contained HTML page: Chart.js inlined, the data as JSON, a table for each chart. */
export function renderReportHtml(data: ReportData): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c')
  const rows = data.winRate
    .map((r) => `<tr><td>${escapeHtml(r.label)}</td><td>${r.wins}/${r.games}</td><td>${pct(r.rate)}</td><td>${pct(r.low)} - ${pct(r.high)}</td></tr>`)
    .join('')
  const orderRows = data.byTurnOrder
    .map((r) => `<tr><td>${escapeHtml(r.label)}</td><td>${pct(r.first)} of ${r.firstGames}</td><td>${pct(r.second)} of ${r.secondGames}</td></tr>`)
    .join('')
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeHtml(data.title)}</title>
<style>
body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 60rem; color: #222 }
.chart { position: relative; height: 320px; margin-bottom: 1rem }
table { border-collapse: collapse; margin-bottom: 2rem } td, th { border: 1px solid #ccc; padding: .25rem .6rem; text-align: left }
</style>
</head>
<body>
<h1>${escapeHtml(data.title)}</h1>
<p>${data.games} games; the player who took the first turn won ${pct(data.firstPlayer.rate)} (95% CI ${pct(data.firstPlayer.low)} - ${pct(data.firstPlayer.high)});
draws ${Object.entries(data.draws).map(([k, v]) => `${escapeHtml(k)} ${v}`).join(', ') || 'none'}; errors ${data.errors}.</p>
<h2>Win rate (95% Wilson interval)</h2>
<div class="chart"><canvas id="win-rate"></canvas></div>
<table><tr><th></th><th>wins</th><th>rate</th><th>95% CI</th></tr>${rows}</table>
<h2>Game length (turns)</h2>
<div class="chart"><canvas id="game-length"></canvas></div>
<h2>Win rate by who played first</h2>
<div class="chart"><canvas id="turn-order"></canvas></div>
<table><tr><th></th><th>when it played first</th><th>when it played second</th></tr>${orderRows}</table>
<script id="report-data" type="application/json">${json}</script>
<script>${chartJsSource().replace(/<\/script/gi, '<\\/script')}</script>
<script>
const data = JSON.parse(document.getElementById('report-data').textContent)
const percent = { ticks: { callback: (v) => Math.round(v * 100) + '%' }, min: 0, max: 1 }
new Chart(document.getElementById('win-rate'), {
  data: {
    labels: data.winRate.map((r) => r.label),
    datasets: [
      { type: 'bar', label: 'win rate', data: data.winRate.map((r) => r.rate), backgroundColor: 'rgba(54, 120, 200, 0.6)' },
      { type: 'bar', label: '95% interval', data: data.winRate.map((r) => [r.low, r.high]), backgroundColor: 'rgba(20, 20, 20, 0.6)', barPercentage: 0.08, grouped: false },
    ],
  },
  options: { maintainAspectRatio: false, animation: false, scales: { y: percent } },
})
new Chart(document.getElementById('game-length'), {
  type: 'bar',
  data: { labels: data.lengths.turns, datasets: [{ label: 'games', data: data.lengths.games, backgroundColor: 'rgba(80, 160, 90, 0.7)', barPercentage: 1, categoryPercentage: 1 }] },
  options: { maintainAspectRatio: false, animation: false, scales: { x: { title: { display: true, text: 'turns' } }, y: { title: { display: true, text: 'games' } } } },
})
new Chart(document.getElementById('turn-order'), {
  type: 'bar',
  data: {
    labels: data.byTurnOrder.map((r) => r.label),
    datasets: [
      { label: 'played first', data: data.byTurnOrder.map((r) => r.first), backgroundColor: 'rgba(200, 120, 40, 0.7)' },
      { label: 'played second', data: data.byTurnOrder.map((r) => r.second), backgroundColor: 'rgba(120, 80, 180, 0.7)' },
    ],
  },
  options: { maintainAspectRatio: false, animation: false, scales: { y: percent } },
})
</script>
</body>
</html>
`
}
