/** `redzone report`: the summary of a games file, and an HTML page with Chart.js inlined (works offline). */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { missingPeer, missingPeerOf } from './optional.js'
import { recordShapeError, type GameRecord } from '../../play/record.js'
import { RedzoneError } from '../../core/errors.js'
import { openGamesFile } from '../lines.js'
import { outcomeOf } from './play-range.js'
import { MAX_LISTED_ERRORS, rate, sideName, SummaryBuilder, type MatchupSummary, type Rate, type SelfPlaySummary } from './summary.js'


/** The lines of a file, numbered from 1, each with whether a newline ended it (streamed: any size). */
async function* numberedLines(stream: AsyncIterable<string>): AsyncGenerator<{ text: string; line: number; ended: boolean }> {
  let rest = ''
  let line = 0
  for await (const chunk of stream) {
    rest += chunk
    let at: number
    while ((at = rest.indexOf('\n')) >= 0) {
      yield { text: rest.slice(0, at).replace(/\r$/, ''), line: ++line, ended: true }
      rest = rest.slice(at + 1)
    }
  }
  if (rest !== '') yield { text: rest, line: ++line, ended: false }
}

/**
 * Summarises a JSONL games file with the same counts as `selfplay`'s summary (`SummaryBuilder`), by
 * each record's own agents and decks: a file joining runs of different agents or decks is
 * summarised per matchup. A line that is not a game (a last line cut off mid-record by a killed
 * writer, a line of something else) is skipped and listed in `skipped` with its number; a file
 * with no games at all is a usage error.
 */
export async function summarizeGamesFile(file: string): Promise<SelfPlaySummary> {
  const stream = await openGamesFile(file, 'utf8')
  const builder = new SummaryBuilder()
  const skipped: { line: number; reason: string }[] = []
  const skip = (line: number, reason: string) => {
    if (skipped.length < MAX_LISTED_ERRORS) skipped.push({ line, reason })
  }
  let games = 0
  for await (const { text, line, ended } of numberedLines(stream)) {
    if (text.trim() === '') continue
    let value: unknown
    try {
      value = JSON.parse(text)
    } catch {
      skip(line, ended ? 'not JSON' : 'cut off: the last line, not JSON and with no newline (a writer stopped mid-record?)')
      continue
    }
    // The one shape check of a record, as replay and export hold it (a field not a record's, an action no encoding).
    const problem = recordShapeError(value)
    if (problem !== null) {
      skip(line, problem)
      continue
    }
    builder.add(outcomeOf(value as GameRecord, games++))
  }
  if (games === 0) throw new RedzoneError('usage', `${file}: no games${skipped[0] ? ` (line ${skipped[0].line}: ${skipped[0].reason})` : ''}`)
  const summary = builder.summary()
  if (skipped.length > 0) summary.skipped = skipped
  return summary
}

/** Whether every skipped line of a report is its cut-off last line (a run stopped mid-write): the rest is whole. */
export function onlyCutOffEnd(summary: SelfPlaySummary): boolean {
  return (summary.skipped ?? []).every((s) => s.reason.startsWith('cut off'))
}

interface RateRow extends Rate {
  label: string
}

/** The data the report's charts and tables draw (also embedded as JSON in the page): the summary's figures, labelled. */
export interface ReportData {
  title: string
  games: number
  /** Every side of every matchup (a mirror's by seat), then draws. */
  winRate: RateRow[]
  lengths: { turns: number[]; games: number[] }
  /** Each side (not in a mirror) when it played first and second. */
  byTurnOrder: { label: string; first: number; second: number; firstGames: number; secondGames: number }[]
  /** By agent and by deck over games against another one; listed in the page when the file holds several matchups. */
  byAgent: (RateRow & { mirrorGames: number })[]
  byDeck: (RateRow & { mirrorGames: number })[]
  matchups: number
  firstPlayer: Rate
  draws: Record<string, number>
  errors: number
  finishedGames: number
  skippedLines: number
}

export function reportData(summary: SelfPlaySummary, title: string): ReportData {
  const hist = summary.turns.histogram
  const lo = hist.findIndex((n) => n > 0)
  const turns: number[] = []
  const games: number[] = []
  if (lo >= 0) for (let t = lo; t < hist.length; t++) turns.push(t), games.push(hist[t]!)
  const several = summary.matchups.length > 1
  const label = (m: MatchupSummary, k: 0 | 1) => {
    const name = `${sideName(m.sides[k])}${m.mirror ? `, seat ${k}` : ''}`
    return several ? `${sideName(m.sides[0])} vs ${sideName(m.sides[1])}: ${name}` : name
  }
  const sides = summary.matchups.flatMap((m) => ([0, 1] as const).map((k) => ({ m, k, side: m.sides[k] })))
  const rateOf = (r: Rate): Rate => ({ wins: r.wins, games: r.games, rate: r.rate, low: r.low, high: r.high })
  return {
    title,
    games: summary.games,
    winRate: [
      ...sides.map(({ m, k, side }) => ({ label: label(m, k), ...rateOf(side) })),
      // Free-for-all games: each agent per seat held, then each seat.
      ...(summary.multiplayer?.agents ?? []).map((a) => ({ label: `${a.name}, per seat (free-for-all)`, ...rateOf(a) })),
      ...(summary.multiplayer?.seats ?? []).map((r, seat) => ({ label: `seat ${seat} (free-for-all)`, ...rateOf(r) })),
      ...(summary.draws.total > 0 ? [{ label: 'draws', ...rate(summary.draws.total, summary.games) }] : []),
    ],
    lengths: { turns, games },
    byTurnOrder: sides
      .filter(({ m }) => !m.mirror)
      .map(({ m, k, side }) => ({ label: label(m, k), first: side.first.rate, second: side.second.rate, firstGames: side.first.games, secondGames: side.second.games })),
    byAgent: summary.agents.map((a) => ({ label: a.name, ...rateOf(a), mirrorGames: a.mirrorGames })),
    byDeck: summary.decks.map((d) => ({ label: d.name, ...rateOf(d), mirrorGames: d.mirrorGames })),
    matchups: summary.matchups.length,
    firstPlayer: summary.firstPlayer,
    draws: summary.draws.reasons,
    errors: summary.errors.total,
    finishedGames: summary.turns.finished,
    skippedLines: summary.skipped?.length ?? 0,
  }
}

function chartJsSource(): string {
  const require = createRequire(import.meta.url)
  let main: string
  try {
    main = require.resolve('chart.js')
  } catch (error) {
    throw missingPeerOf(error) === 'chart.js' ? missingPeer('chart.js') : error
  }
  return readFileSync(join(dirname(main), 'chart.umd.min.js'), 'utf8')
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
  const nameTable = (title: string, rows: ReportData['byAgent']) =>
    `<h2>${title}</h2>\n<table><tr><th></th><th>wins</th><th>rate</th><th>95% CI</th><th>games against itself</th></tr>${rows
      .map((r) => `<tr><td>${escapeHtml(r.label)}</td><td>${r.wins}/${r.games}</td><td>${r.games > 0 ? pct(r.rate) : '-'}</td><td>${r.games > 0 ? `${pct(r.low)} - ${pct(r.high)}` : '-'}</td><td>${r.mirrorGames}</td></tr>`)
      .join('')}</table>\n`
  const byName = data.matchups > 1 ? nameTable('By agent (games against another agent)', data.byAgent) + nameTable('By deck (games against another deck)', data.byDeck) : ''
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
<p>${data.games} games${data.matchups > 1 ? ` in ${data.matchups} matchups` : ''}; the player who took the first turn won ${pct(data.firstPlayer.rate)} (95% CI ${pct(data.firstPlayer.low)} - ${pct(data.firstPlayer.high)});
draws ${Object.entries(data.draws).map(([k, v]) => `${escapeHtml(k)} ${v}`).join(', ') || 'none'}; errors ${data.errors}${data.finishedGames === 0 ? '; no finished games' : ''}${data.skippedLines > 0 ? `; ${data.skippedLines} lines of the file skipped (not games)` : ''}.</p>
<h2>Win rate (95% Wilson interval)</h2>
<div class="chart"><canvas id="win-rate"></canvas></div>
<table><tr><th></th><th>wins</th><th>rate</th><th>95% CI</th></tr>${rows}</table>
${byName}<h2>Game length (turns)</h2>
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
