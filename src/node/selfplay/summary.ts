/** The closing summary of a self-play run (or of a games file): wins with 95% intervals, draws, errors, lengths. */
import type { RunConfig } from './config.js'
import type { GameOutcome } from './play-range.js'

/** A proportion with its Wilson score interval at 95%. */
export interface Rate {
  wins: number
  games: number
  rate: number
  low: number
  high: number
}

const Z95 = 1.959963984540054

/** Wilson score interval of `successes` in `n` trials (z = 1.96 for 95%); [0, 0] for no trials. */
export function wilson(successes: number, n: number, z = Z95): { low: number; high: number } {
  if (n === 0) return { low: 0, high: 0 }
  const p = successes / n
  const z2 = z * z
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n)
  const half = (z / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) }
}

export function rate(wins: number, games: number): Rate {
  return { wins, games, rate: games === 0 ? 0 : wins / games, ...wilson(wins, games) }
}

/** The nearest-rank percentile `p` (0..100) of a histogram `counts[value] = how many`. */
export function percentileOfCounts(counts: readonly number[], p: number): number {
  const total = counts.reduce((a, b) => a + b, 0)
  if (total === 0) return 0
  const rank = Math.max(1, Math.ceil((p / 100) * total))
  let seen = 0
  for (let value = 0; value < counts.length; value++) {
    seen += counts[value] ?? 0
    if (seen >= rank) return value
  }
  return counts.length - 1
}

export interface ErrorGame {
  index: number
  seed: number
  error: string
  /** A command that plays this one game again (when the run's flags are known). */
  replay?: string
}

export interface WorkerThroughput {
  worker: string
  games: number
  seconds: number
  gamesPerSecond: number
}

export interface SelfPlaySummary {
  format: 'redzone-selfplay-summary/1'
  games: number
  /** By listed agent (agent k played deck k), whatever its seat. */
  agents: (Rate & { agent: string; deck: string })[]
  /** By seat (seat 0 is listed first in each record). */
  seats: [Rate, Rate]
  /** Games won by the player who took the first turn. */
  firstPlayer: Rate
  /** Each listed agent's wins in the games it started and in those it did not. */
  agentsByTurnOrder: { agent: string; first: Rate; second: Rate }[]
  draws: { total: number; reasons: Record<string, number> }
  errors: { total: number; games: ErrorGame[] }
  /** Lengths of the games that did not end in an error. */
  turns: { mean: number; p50: number; p95: number; max: number; histogram: number[] }
  run?: { seed: number; from: number; to: number; swap: boolean; decks: [string, string]; agents: [string, string]; maxSteps?: number }
  timing?: { seconds: number; gamesPerSecond: number; workers: WorkerThroughput[] }
}

/** Errors listed one by one in a summary (all are counted). */
export const MAX_LISTED_ERRORS = 1000

/** Builds a summary game by game (in index order), in constant memory but for the errors listed. */
export class SummaryBuilder {
  private games = 0
  private readonly agentWins = [0, 0]
  private readonly seatWins = [0, 0]
  private firstWins = 0
  private readonly startedGames = [0, 0]
  private readonly startedWins = [0, 0]
  private readonly secondWins = [0, 0]
  private draws = 0
  private readonly drawReasons: Record<string, number> = {}
  private errorCount = 0
  private readonly errorGames: ErrorGame[] = []
  private readonly turnCounts: number[] = []
  private turnSum = 0
  private turnGames = 0

  constructor(
    private readonly agents: [string, string],
    private readonly decks: [string, string],
    private readonly replay?: (index: number) => string,
  ) {}

  add(outcome: GameOutcome): void {
    this.games++
    const starter = outcome.swapped ? 1 - outcome.first : outcome.first
    this.startedGames[starter]!++
    if (outcome.winner === null) {
      this.draws++
      this.drawReasons[outcome.reason] = (this.drawReasons[outcome.reason] ?? 0) + 1
    } else {
      this.seatWins[outcome.winner]!++
      const winner = outcome.swapped ? 1 - outcome.winner : outcome.winner
      this.agentWins[winner]!++
      if (winner === starter) this.startedWins[winner]!++
      else this.secondWins[winner]!++
      if (outcome.winner === outcome.first) this.firstWins++
    }
    if (outcome.reason === 'error') {
      this.errorCount++
      if (this.errorGames.length < MAX_LISTED_ERRORS) {
        const game: ErrorGame = { index: outcome.index, seed: outcome.seed, error: outcome.error ?? 'unknown error' }
        if (this.replay) game.replay = this.replay(outcome.index)
        this.errorGames.push(game)
      }
    } else {
      const turns = Math.max(0, Math.floor(outcome.turns))
      while (this.turnCounts.length <= turns) this.turnCounts.push(0)
      this.turnCounts[turns]!++
      this.turnSum += turns
      this.turnGames++
    }
  }

  summary(): SelfPlaySummary {
    return {
      format: 'redzone-selfplay-summary/1',
      games: this.games,
      agents: [0, 1].map((k) => ({ agent: this.agents[k]!, deck: this.decks[k]!, ...rate(this.agentWins[k]!, this.games) })),
      seats: [rate(this.seatWins[0]!, this.games), rate(this.seatWins[1]!, this.games)],
      firstPlayer: rate(this.firstWins, this.games),
      agentsByTurnOrder: [0, 1].map((k) => ({
        agent: this.agents[k]!,
        first: rate(this.startedWins[k]!, this.startedGames[k]!),
        second: rate(this.secondWins[k]!, this.games - this.startedGames[k]!),
      })),
      draws: { total: this.draws, reasons: { ...this.drawReasons } },
      errors: { total: this.errorCount, games: [...this.errorGames] },
      turns: {
        mean: this.turnGames === 0 ? 0 : this.turnSum / this.turnGames,
        p50: percentileOfCounts(this.turnCounts, 50),
        p95: percentileOfCounts(this.turnCounts, 95),
        max: Math.max(0, this.turnCounts.length - 1),
        histogram: [...this.turnCounts],
      },
    }
  }
}

function quote(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`
}

/** The `redzone selfplay` command that plays game `index` of the run `config` alone, to `out`. */
export function replayCommand(config: RunConfig, index: number, out = `game-${index}.jsonl`): string {
  const args = [
    'redzone', 'selfplay', '--seed', String(config.seed), '--from', String(index), '--games', '1',
    '--agents', config.agents.join(','), '--decks', config.decks.join(','),
  ]
  if (!config.swap) args.push('--no-swap')
  if (config.maxSteps !== undefined) args.push('--max-steps', String(config.maxSteps))
  if (config.gameModule !== undefined) args.push('--game-module', config.gameModule)
  args.push('--out', out)
  return args.map(quote).join(' ')
}

function percent(r: Rate): string {
  return `${(100 * r.rate).toFixed(1)}% (${r.wins}/${r.games}, 95% CI ${(100 * r.low).toFixed(1)}-${(100 * r.high).toFixed(1)}%)`
}

/** The summary as a few readable lines. */
export function formatSummary(summary: SelfPlaySummary): string {
  const lines: string[] = []
  const run = summary.run
  lines.push(`games: ${summary.games}${run ? ` (indices ${run.from}..${run.to - 1}, seed ${run.seed}${run.swap ? ', seats swapped every other game' : ''})` : ''}`)
  for (const agent of summary.agents) lines.push(`  ${agent.agent} (${agent.deck}) wins ${percent(agent)}`)
  lines.push(`  seat 0 wins ${percent(summary.seats[0])}`)
  lines.push(`  seat 1 wins ${percent(summary.seats[1])}`)
  lines.push(`  first player wins ${percent(summary.firstPlayer)}`)
  for (const a of summary.agentsByTurnOrder) {
    lines.push(`  ${a.agent} playing first wins ${(100 * a.first.rate).toFixed(1)}% of ${a.first.games}, playing second ${(100 * a.second.rate).toFixed(1)}% of ${a.second.games}`)
  }
  const reasons = Object.entries(summary.draws.reasons).map(([reason, n]) => `${reason} ${n}`).join(', ')
  lines.push(`draws: ${summary.draws.total}${reasons ? ` (${reasons})` : ''}`)
  lines.push(`errors: ${summary.errors.total}`)
  for (const game of summary.errors.games.slice(0, 10)) {
    lines.push(`  game ${game.index} seed ${game.seed}: ${game.error}`)
    if (game.replay) lines.push(`    replay: ${game.replay}`)
  }
  if (summary.errors.total > 10) lines.push(`  ... ${summary.errors.total - 10} more in the JSON summary (--json)`)
  lines.push(`turns: p50 ${summary.turns.p50}, p95 ${summary.turns.p95}, mean ${summary.turns.mean.toFixed(1)}, max ${summary.turns.max}`)
  if (summary.timing) {
    lines.push(`time: ${summary.timing.seconds.toFixed(2)} s, ${summary.timing.gamesPerSecond.toFixed(1)} games/s`)
    if (summary.timing.workers.length > 1) {
      for (const w of summary.timing.workers) {
        lines.push(`  worker ${w.worker}: ${w.games} games, ${w.gamesPerSecond.toFixed(1)} games/s`)
      }
    }
  }
  return `${lines.join('\n')}\n`
}
