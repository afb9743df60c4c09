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

export interface Draws {
  total: number
  reasons: Record<string, number>
}

/** One side of a matchup (an agent with its deck): its wins, and its wins when it played first and second. */
export interface SideSummary extends Rate {
  agent: string
  deck: string
  first: Rate
  second: Rate
}

/**
 * The games between two sides, an agent with its deck each, whatever their seats. When both sides
 * are the same agent with the same deck (`mirror`), nothing tells them apart but the seat: side k
 * is seat k.
 */
export interface MatchupSummary {
  sides: [SideSummary, SideSummary]
  mirror: boolean
  games: number
  seats: [Rate, Rate]
  firstPlayer: Rate
  draws: Draws
  errors: number
}

/** An agent's (or deck's) wins in the games it played against another agent (deck); games against itself apart. */
export interface NameSummary extends Rate {
  name: string
  mirrorGames: number
}

/** An agent's (or deck's) figures over the games of three or four players: counted per seat it held. */
export interface SeatsSummary extends Rate {
  name: string
  /** Seats held (`games` counts them too: an agent in two seats of a game counts twice), seats won in `wins`. */
  seats: number
  /**
   * The mean place of its seats in decided games (1 the winner; the last out is second, and so
   * on; seats out at the same time share their places), or null when none was decided.
   */
  meanPlace: number | null
}

/**
 * The games of three or four players (free-for-all): who wins from which seat, by agent and by
 * deck counted per seat held (an even table wins 1/players of its seats), and the player who
 * started. Matchups, `agents` and `decks` count two-player games only.
 */
export interface MultiplayerSummary {
  games: number
  /** Games by number of players: `{ "3": 10, "4": 990 }`. */
  players: Record<string, number>
  /** By seat, over the games that have that seat. */
  seats: Rate[]
  agents: SeatsSummary[]
  decks: SeatsSummary[]
  firstPlayer: Rate
  draws: Draws
}

export interface SelfPlaySummary {
  format: 'redzone-selfplay-summary/2'
  games: number
  /** Every pairing of sides in the two-player games, in order of first appearance (a run's listed order first). */
  matchups: MatchupSummary[]
  /** By agent name, from each record's own agents (two-player games). */
  agents: NameSummary[]
  /** By deck, from each record's own decks (two-player games). */
  decks: NameSummary[]
  /**
   * By seat (seat 0 is listed first in each record), over every game: two entries, or as many as
   * the most players of a game (a seat's rate over all games, those without it counting as lost).
   */
  seats: Rate[]
  /** Games won by the player who took the first turn. */
  firstPlayer: Rate
  draws: Draws
  /** Present when some game had three or four players. */
  multiplayer?: MultiplayerSummary
  errors: { total: number; games: ErrorGame[] }
  /** Lengths of the games that did not end in an error (`finished`); the figures are null when there are none. */
  turns: { finished: number; mean: number | null; p50: number | null; p95: number | null; max: number | null; histogram: number[] }
  /** Lines of a games file that are not games (`redzone report`): a cut-off last line, or a line that is not a record. */
  skipped?: { line: number; reason: string }[]
  run?: { seed: number; from: number; to: number; swap: boolean; decks: string[]; agents: string[]; maxSteps?: number }
  /** A run stopped early (`signal`): games written (whole lines, indices `run.from .. next - 1`) and the command that plays the rest. */
  interrupted?: { written: number; next: number; resume: string }
  timing?: { seconds: number; gamesPerSecond: number; workers: WorkerThroughput[] }
}

/** Errors listed one by one in a summary (all are counted). */
export const MAX_LISTED_ERRORS = 1000

type Side = readonly [agent: string, deck: string]

const sideKey = (side: Side): string => JSON.stringify(side)

class MatchupCounts {
  readonly keys: [string, string]
  readonly mirror: boolean
  games = 0
  readonly sideWins = [0, 0]
  readonly started = [0, 0]
  readonly startedWins = [0, 0]
  readonly secondWins = [0, 0]
  readonly seatWins = [0, 0]
  firstWins = 0
  readonly draws: Draws = { total: 0, reasons: {} }
  errors = 0

  constructor(readonly sides: readonly [Side, Side]) {
    this.keys = [sideKey(sides[0]), sideKey(sides[1])]
    this.mirror = this.keys[0] === this.keys[1]
  }

  add(outcome: GameOutcome, seat0: string): void {
    this.games++
    // The side in seat 0; in a mirror, the seat is all there is.
    const side0 = this.mirror || seat0 === this.keys[0] ? 0 : 1
    const sideOf = (seat: number): 0 | 1 => (seat === 0 ? side0 : 1 - side0) as 0 | 1
    const starter = sideOf(outcome.first)
    this.started[starter]!++
    if (outcome.winner === null) {
      this.draws.total++
      this.draws.reasons[outcome.reason] = (this.draws.reasons[outcome.reason] ?? 0) + 1
    } else {
      const winner = sideOf(outcome.winner)
      this.seatWins[outcome.winner]!++
      this.sideWins[winner]!++
      if (winner === starter) this.startedWins[winner]!++
      else this.secondWins[winner]!++
      if (outcome.winner === outcome.first) this.firstWins++
    }
    if (outcome.reason === 'error') this.errors++
  }

  summary(): MatchupSummary {
    const side = (k: 0 | 1): SideSummary => ({
      agent: this.sides[k][0],
      deck: this.sides[k][1],
      ...rate(this.sideWins[k]!, this.games),
      first: rate(this.startedWins[k]!, this.started[k]!),
      second: rate(this.secondWins[k]!, this.games - this.started[k]!),
    })
    return {
      sides: [side(0), side(1)],
      mirror: this.mirror,
      games: this.games,
      seats: [rate(this.seatWins[0]!, this.games), rate(this.seatWins[1]!, this.games)],
      firstPlayer: rate(this.firstWins, this.games),
      draws: { total: this.draws.total, reasons: { ...this.draws.reasons } },
      errors: this.errors,
    }
  }
}

/** Wins by name (an agent or a deck) over the games where the two seats' names differ. */
class NameCounts {
  private readonly counts = new Map<string, { games: number; wins: number; mirror: number }>()

  add(names: readonly [string, string], winner: number | null): void {
    if (names[0] === names[1]) {
      this.entry(names[0]).mirror++
      return
    }
    for (const seat of [0, 1] as const) {
      const entry = this.entry(names[seat])
      entry.games++
      if (winner === seat) entry.wins++
    }
  }

  /** Lists `name` (in this order) before any game. */
  entry(name: string): { games: number; wins: number; mirror: number } {
    let entry = this.counts.get(name)
    if (!entry) this.counts.set(name, (entry = { games: 0, wins: 0, mirror: 0 }))
    return entry
  }

  summary(): NameSummary[] {
    return [...this.counts]
      .filter(([, c]) => c.games + c.mirror > 0)
      .map(([name, c]) => ({ name, ...rate(c.wins, c.games), mirrorGames: c.mirror }))
  }
}

/** Per-seat counts of names (agents or decks) in games of three or four players. */
class SeatCounts {
  private readonly counts = new Map<string, { seats: number; wins: number; placed: number; placeSum: number }>()

  add(names: readonly string[], winner: number | null, places: readonly number[] | null): void {
    names.forEach((name, seat) => {
      const entry = this.entry(name)
      entry.seats++
      if (winner === seat) entry.wins++
      if (places) {
        entry.placed++
        entry.placeSum += places[seat]!
      }
    })
  }

  entry(name: string): { seats: number; wins: number; placed: number; placeSum: number } {
    let entry = this.counts.get(name)
    if (!entry) this.counts.set(name, (entry = { seats: 0, wins: 0, placed: 0, placeSum: 0 }))
    return entry
  }

  summary(): SeatsSummary[] {
    return [...this.counts]
      .filter(([, c]) => c.seats > 0)
      .map(([name, c]) => ({ name, ...rate(c.wins, c.seats), seats: c.seats, meanPlace: c.placed === 0 ? null : c.placeSum / c.placed }))
  }
}

/**
 * The place of each seat of a decided game of `players` (1 the winner), from the groups that left
 * in order: the first group out takes the last places, and a group shares the mean of its places.
 * Null when the order is unknown (a record without `eliminated`) or does not account for every loser.
 */
export function placesOf(players: number, winner: number, eliminated: readonly (readonly number[])[] | undefined): number[] | null {
  if (eliminated === undefined) return null
  const places = new Array<number>(players).fill(0)
  places[winner] = 1
  let last = players
  for (const group of eliminated) {
    const mean = last - (group.length - 1) / 2
    for (const seat of group) places[seat] = mean
    last -= group.length
  }
  return last === 1 ? places : null
}

class MultiplayerCounts {
  games = 0
  readonly players: Record<string, number> = {}
  readonly seatWins: number[] = []
  readonly seatGames: number[] = []
  firstWins = 0
  readonly draws: Draws = { total: 0, reasons: {} }
  readonly agents = new SeatCounts()
  readonly decks = new SeatCounts()

  add(outcome: GameOutcome): void {
    const n = outcome.agents.length
    this.games++
    this.players[n] = (this.players[n] ?? 0) + 1
    for (let seat = 0; seat < n; seat++) {
      this.seatGames[seat] = (this.seatGames[seat] ?? 0) + 1
      this.seatWins[seat] = (this.seatWins[seat] ?? 0) + (outcome.winner === seat ? 1 : 0)
    }
    if (outcome.winner === null) {
      this.draws.total++
      this.draws.reasons[outcome.reason] = (this.draws.reasons[outcome.reason] ?? 0) + 1
    } else if (outcome.winner === outcome.first) this.firstWins++
    const places = outcome.winner === null ? null : placesOf(n, outcome.winner, outcome.eliminated)
    this.agents.add(outcome.agents, outcome.winner, places)
    this.decks.add(outcome.decks, outcome.winner, places)
  }

  summary(): MultiplayerSummary {
    return {
      games: this.games,
      players: { ...this.players },
      seats: this.seatGames.map((games, seat) => rate(this.seatWins[seat]!, games)),
      agents: this.agents.summary(),
      decks: this.decks.summary(),
      firstPlayer: rate(this.firstWins, this.games),
      draws: { total: this.draws.total, reasons: { ...this.draws.reasons } },
    }
  }
}

/**
 * Builds a summary game by game, in constant memory but for the errors listed: the one count of
 * both `selfplay` (fed each range's outcomes in index order) and `report` (fed a file's records).
 * Every figure comes from each game's own agents and decks by seat.
 */
export class SummaryBuilder {
  private games = 0
  private readonly matchups = new Map<string, MatchupCounts>()
  private readonly agents = new NameCounts()
  private readonly decks = new NameCounts()
  private readonly multiplayer = new MultiplayerCounts()
  private errorCount = 0
  private readonly errorGames: ErrorGame[] = []
  private readonly turnCounts: number[] = []
  private turnSum = 0
  private turnGames = 0
  /** Wins by seat over every game (as many seats as the most players of a game, at least two). */
  private readonly seatWins = [0, 0]
  private readonly replay: ((index: number) => string) | undefined

  /**
   * `listed`: the run's agents and decks as listed (agent k plays deck k), so that its matchup,
   * agents and decks are summarised in that order; `replay` gives the command that replays game i.
   */
  constructor(options: { listed?: { agents: readonly string[]; decks: readonly string[] }; replay?: (index: number) => string } = {}) {
    this.replay = options.replay
    if (options.listed) {
      const { agents, decks } = options.listed
      if (agents.length === 2) {
        this.matchupOf([agents[0]!, decks[0]!], [agents[1]!, decks[1]!])
        agents.forEach((name) => this.agents.entry(name))
        decks.forEach((name) => this.decks.entry(name))
      } else {
        agents.forEach((name) => this.multiplayer.agents.entry(name))
        decks.forEach((name) => this.multiplayer.decks.entry(name))
      }
    }
  }

  private matchupOf(a: Side, b: Side): MatchupCounts {
    const [ka, kb] = [sideKey(a), sideKey(b)]
    const key = ka <= kb ? `${ka}${kb}` : `${kb}${ka}`
    let matchup = this.matchups.get(key)
    if (!matchup) this.matchups.set(key, (matchup = new MatchupCounts([a, b])))
    return matchup
  }

  add(outcome: GameOutcome): void {
    this.games++
    const players = outcome.agents.length
    while (this.seatWins.length < players) this.seatWins.push(0)
    if (outcome.winner !== null) this.seatWins[outcome.winner]!++
    if (players === 2) {
      const names = outcome.agents as [string, string]
      const decks = outcome.decks as [string, string]
      const seats: [Side, Side] = [[names[0], decks[0]], [names[1], decks[1]]]
      this.matchupOf(seats[0], seats[1]).add(outcome, sideKey(seats[0]))
      this.agents.add(names, outcome.winner)
      this.decks.add(decks, outcome.winner)
    } else this.multiplayer.add(outcome)
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
    const finished = this.turnGames
    const played = [...this.matchups.values()].filter((m) => m.games > 0)
    const sum = (count: (m: MatchupCounts) => number) => played.reduce((n, m) => n + count(m), 0)
    const multi = this.multiplayer
    const reasons: Record<string, number> = {}
    for (const draws of [...played.map((m) => m.draws), multi.draws]) {
      for (const [reason, n] of Object.entries(draws.reasons)) reasons[reason] = (reasons[reason] ?? 0) + n
    }
    return {
      format: 'redzone-selfplay-summary/2',
      games: this.games,
      matchups: played.map((m) => m.summary()),
      agents: this.agents.summary(),
      decks: this.decks.summary(),
      seats: this.seatWins.map((wins) => rate(wins, this.games)),
      firstPlayer: rate(sum((m) => m.firstWins) + multi.firstWins, this.games),
      draws: { total: sum((m) => m.draws.total) + multi.draws.total, reasons },
      ...(multi.games > 0 ? { multiplayer: multi.summary() } : {}),
      errors: { total: this.errorCount, games: [...this.errorGames] },
      turns: {
        finished,
        mean: finished === 0 ? null : this.turnSum / finished,
        p50: finished === 0 ? null : percentileOfCounts(this.turnCounts, 50),
        p95: finished === 0 ? null : percentileOfCounts(this.turnCounts, 95),
        max: finished === 0 ? null : this.turnCounts.length - 1,
        histogram: [...this.turnCounts],
      },
    }
  }
}

function quote(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`
}

/** The `redzone selfplay` command that plays games `from .. from + games - 1` of the run `config`, then `extra` flags. */
export function selfplayCommand(config: RunConfig, from: number, games: number, extra: readonly string[] = []): string {
  const args = [
    'redzone', 'selfplay', '--seed', String(config.seed), '--from', String(from), '--games', String(games),
    '--agents', config.agents.join(','), '--decks', config.decks.join(','),
  ]
  if (config.agents.length !== 2) args.push('--players', String(config.agents.length))
  if (!config.swap) args.push('--no-swap')
  if (config.maxSteps !== undefined) args.push('--max-steps', String(config.maxSteps))
  if (config.gameModule !== undefined) args.push('--game-module', config.gameModule)
  return [...args, ...extra].map(quote).join(' ')
}

/** The `redzone selfplay` command that plays game `index` of the run `config` alone, to `out`. */
export function replayCommand(config: RunConfig, index: number, out = `game-${index}.jsonl`): string {
  return selfplayCommand(config, index, 1, ['--out', out])
}

function percent(r: Rate): string {
  return `${(100 * r.rate).toFixed(1)}% (${r.wins}/${r.games}, 95% CI ${(100 * r.low).toFixed(1)}-${(100 * r.high).toFixed(1)}%)`
}

/** `heuristic (green-white)`. */
export const sideName = (side: { agent: string; deck: string }): string => `${side.agent} (${side.deck})`

function drawsText(draws: Draws): string {
  const reasons = Object.entries(draws.reasons).map(([reason, n]) => `${reason} ${n}`).join(', ')
  return `${draws.total}${reasons ? ` (${reasons})` : ''}`
}

function matchupLines(m: MatchupSummary, indent: string): string[] {
  const lines: string[] = []
  if (m.mirror) lines.push(`${indent}${sideName(m.sides[0])} against itself: counted by seat`)
  else for (const side of m.sides) lines.push(`${indent}${sideName(side)} wins ${percent(side)}`)
  lines.push(`${indent}seat 0 wins ${percent(m.seats[0])}`)
  lines.push(`${indent}seat 1 wins ${percent(m.seats[1])}`)
  lines.push(`${indent}first player wins ${percent(m.firstPlayer)}`)
  if (!m.mirror) {
    for (const side of m.sides) {
      lines.push(`${indent}${sideName(side)} playing first wins ${(100 * side.first.rate).toFixed(1)}% of ${side.first.games}, playing second ${(100 * side.second.rate).toFixed(1)}% of ${side.second.games}`)
    }
  }
  return lines
}

function nameLines(names: readonly NameSummary[]): string[] {
  return names.map((n) => {
    const itself = n.mirrorGames > 0 ? `; ${n.mirrorGames} games against itself` : ''
    return n.games > 0 ? `  ${n.name} wins ${percent(n)}${itself}` : `  ${n.name}: only against itself (${n.mirrorGames} games)`
  })
}

function seatsLines(names: readonly SeatsSummary[]): string[] {
  return names.map((n) => `  ${n.name} wins ${percent(n)} of its seats${n.meanPlace === null ? '' : `, mean place ${n.meanPlace.toFixed(2)}`}`)
}

/** The lines of the games of three or four players. */
function multiplayerLines(m: MultiplayerSummary): string[] {
  const sizes = Object.entries(m.players).map(([n, games]) => `${games} of ${n} players`).join(', ')
  return [
    `free-for-all games: ${m.games} (${sizes})`,
    ...m.seats.map((r, seat) => `  seat ${seat} wins ${percent(r)}`),
    `  first player wins ${percent(m.firstPlayer)}`,
    'by agent (per seat held):',
    ...seatsLines(m.agents),
    'by deck (per seat held):',
    ...seatsLines(m.decks),
  ]
}

/**
 * The indices the summary counts: the run's, or for a run stopped early those written (`indices
 * 0..6034 of the run's 0..4294967294, stopped`), never the run's as if all were played.
 */
function playedText(run: NonNullable<SelfPlaySummary['run']>, interrupted: SelfPlaySummary['interrupted']): string {
  const whole = `${run.from}..${run.to - 1}`
  if (!interrupted) return `indices ${whole}`
  return interrupted.written > 0 ? `indices ${run.from}..${interrupted.next - 1} of the run's ${whole}, stopped` : `none of the run's ${whole}, stopped`
}

/** The summary as a few readable lines. */
export function formatSummary(summary: SelfPlaySummary): string {
  const lines: string[] = []
  const run = summary.run
  const turned = run && run.agents.length > 2 ? ', seats turned by one every game' : ', seats swapped every other game'
  lines.push(`games: ${summary.games}${run ? ` (${playedText(run, summary.interrupted)}, seed ${run.seed}${run.swap ? turned : ''})` : ''}`)
  if (summary.multiplayer) lines.push(...multiplayerLines(summary.multiplayer))
  if (summary.matchups.length === 0) {
    // Free-for-all games only: their lines say it all.
  } else if (summary.matchups.length === 1 && !summary.multiplayer) lines.push(...matchupLines(summary.matchups[0]!, '  '))
  else {
    summary.matchups.forEach((m, i) => {
      lines.push(`matchup ${i + 1} of ${summary.matchups.length}: ${sideName(m.sides[0])} vs ${sideName(m.sides[1])}, ${m.games} games`)
      lines.push(...matchupLines(m, '    '))
      lines.push(`    draws ${drawsText(m.draws)}, errors ${m.errors}`)
    })
    lines.push('by agent (games against another agent):', ...nameLines(summary.agents))
    lines.push('by deck (games against another deck):', ...nameLines(summary.decks))
    lines.push(`all games: seat 0 wins ${percent(summary.seats[0]!)}, first player wins ${percent(summary.firstPlayer)}`)
  }
  lines.push(`draws: ${drawsText(summary.draws)}`)
  lines.push(`errors: ${summary.errors.total}`)
  for (const game of summary.errors.games.slice(0, 10)) {
    lines.push(`  game ${game.index} seed ${game.seed}: ${game.error}`)
    if (game.replay) lines.push(`    replay: ${game.replay}`)
  }
  if (summary.errors.total > 10) lines.push(`  ... ${summary.errors.total - 10} more in the JSON summary (--json)`)
  const t = summary.turns
  lines.push(t.finished === 0 ? 'turns: no finished games' : `turns: p50 ${t.p50}, p95 ${t.p95}, mean ${t.mean!.toFixed(1)}, max ${t.max}`)
  if (summary.skipped?.length) lines.push(`skipped: ${summary.skipped.length} lines that are not games (line ${summary.skipped.slice(0, 5).map((s) => s.line).join(', ')}${summary.skipped.length > 5 ? ', ...' : ''})`)
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
