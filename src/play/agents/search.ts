import { act, passIfForced } from '../../decisions/act.js'
import type { Decision, PlayerAction } from '../../decisions/action.js'
import { emptyLegalActions, legalActionsInto, type LegalActions } from '../../decisions/legal.js'
import { pendingDecision, pendingKind, winnerOf } from '../../decisions/pending.js'
import type { Eid } from '../../core/events.js'
import { Rng } from '../../core/rng.js'
import type { GameWorld } from '../../core/world.js'
import { checkAgentSeed, type Agent, type AgentFactory } from '../agent.js'
import { RedzoneError } from '../../core/errors.js'
import { describeValue } from '../../core/limits.js'
import { knownOptions } from '../../api/args.js'
import { writeAction } from '../encode.js'
import { GameView } from '../view.js'
import { inGame } from '../../core/players.js'
import { heuristicAction } from './heuristic.js'
import { priorityActions } from './random.js'

export interface SearchOptions {
  /** Playouts per decision, shared among the candidate actions (default 48). */
  playouts?: number
  /** How many turns a playout looks ahead before the position is scored (default 3). */
  horizon?: number
  /** The most candidate actions compared at one decision (default 8). */
  maxCandidates?: number
  /** A counter of the playouts made (for benchmarks). */
  stats?: { playouts: number }
}

/**
 * A score in [0, 1] of a position for `me`: 1 won, 0 lost, else by life and board against the
 * opponents still in the game (their mean: with several, each one left counts alike).
 */
function evaluate(world: GameWorld, me: Eid, views: Views): number {
  const winner = winnerOf(world)
  if (!inGame(world, me)) return 0
  if (winner === me) return 1
  const view = viewOf(views, world, me)
  const opponents = view.opponents
  if (opponents.length === 0) return 1
  const board = (p: Eid): number => view.battlefield(p).reduce((sum, c) => (view.isCreature(c) ? sum + view.power(c) + view.toughness(c) : sum), 0)
  let life = 0
  let theirs = 0
  for (const p of opponents) {
    life += view.life(p)
    theirs += board(p)
  }
  const n = opponents.length
  const score = (view.life(me) - life / n) / 40 + (board(me) - theirs / n) / 60
  return Math.min(0.95, Math.max(0.05, 0.5 + score))
}

/** A search agent's views of its playout copy, one per player, made once (the copy is reused: `GameView.sampleInto`). */
type Views = Map<Eid, GameView>

function viewOf(views: Views, world: GameWorld, player: Eid): GameView {
  let view = views.get(player)
  if (!view) views.set(player, (view = new GameView(world, player)))
  return view
}

/**
 * Plays on with the heuristic for every player until the game ends or `horizon` more turns begin.
 * `legal`: the agent's own, refilled at each decision (`legalActionsInto`; the heuristic reads it
 * and keeps nothing of it).
 */
function playout(world: GameWorld, rng: Rng, horizon: number, views: Views, legal: LegalActions): void {
  const endTurn = world.turn.number + horizon
  for (let steps = 0; steps < 5000; steps++) {
    if (pendingKind(world) === 'gameOver' || world.turn.number >= endTurn) return
    if (passIfForced(world)) continue
    const decision = pendingDecision(world)
    const action = heuristicAction(rng, viewOf(views, world, decision.player!), decision, legalActionsInto(world, legal, decision))
    if (!act(world, action).ok) return
  }
}

/** The actions worth comparing at a decision: every priority option; for combat, none, the heuristic's and all-out. */
function candidates(rng: Rng, view: GameView, decision: Decision, legal: LegalActions, max: number): PlayerAction[] {
  const player = decision.player!
  const out: PlayerAction[] = []
  if (decision.kind === 'priority') out.push(...priorityActions(player, legal))
  else if (decision.kind === 'declareAttackers') {
    out.push({ type: 'declareAttackers', player, attackers: [] })
    out.push(heuristicAction(rng, view, decision, legal))
    out.push({ type: 'declareAttackers', player, attackers: legal.attackers.map((o) => ({ attacker: o.attacker, target: o.targets[0]! })) })
  } else if (decision.kind === 'declareBlockers') {
    out.push({ type: 'declareBlockers', player, blockers: [] })
    out.push(heuristicAction(rng, view, decision, legal))
  }
  const seen = new Set<string>()
  const unique = out.filter((a) => {
    const key = writeAction(a)
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
  // Keep pass and the heuristic's favourites when there are too many.
  return unique.slice(0, max)
}

// The names `searchAgentFactory` takes: a typed table, so an option added to the interface and not here does not compile.
const SEARCH_OPTIONS: Readonly<Record<keyof SearchOptions, true>> = { playouts: true, horizon: true, maxCandidates: true, stats: true }
const SEARCH_OPTION_NAMES = Object.keys(SEARCH_OPTIONS)

/** `options[name]` (absent: `fallback`), a whole number of `min` or more, else `invalid-argument` naming it. */
function count(options: Readonly<Record<string, unknown>>, name: keyof SearchOptions, min: number, fallback: number): number {
  const value = options[name]
  if (value === undefined) return fallback
  if (!Number.isSafeInteger(value) || (value as number) < min) {
    throw new RedzoneError('invalid-argument', `searchAgentFactory: options.${name}: expected a whole number of ${min} or more, got ${describeValue(value)}`)
  }
  return value as number
}

/**
 * A Monte Carlo search agent: at priority and combat decisions it compares candidate actions by
 * playouts from determinized copies of the game (`GameView.sampleInto`: the hidden cards dealt
 * at random, so it never sees what its player can't), each played on by the heuristic for a few
 * turns and scored; elsewhere it plays as the heuristic. Options that are not an object or name an
 * unknown option, counts that are not whole (playouts and candidates 1 or more, a horizon 0 or
 * more: scored right after the candidate) and stats that are not a counter throw `invalid-argument`
 * naming the field.
 */
export function searchAgentFactory(options: SearchOptions = {}): AgentFactory {
  // A misspelt option (`playout`) would be its default, taken silently: another agent.
  const o = knownOptions(options, 'searchAgentFactory: ', SEARCH_OPTION_NAMES)
  const playouts = count(o, 'playouts', 1, 48)
  const horizon = count(o, 'horizon', 0, 3)
  const maxCandidates = count(o, 'maxCandidates', 1, 8)
  const stats = o.stats as { playouts: number } | undefined
  if (stats !== undefined && (typeof stats !== 'object' || stats === null || typeof stats.playouts !== 'number')) {
    throw new RedzoneError('invalid-argument', `searchAgentFactory: options.stats: expected a counter { playouts: number }, got ${describeValue(stats)}`)
  }
  return {
    name: 'search',
    create(seed: number): Agent {
      checkAgentSeed(seed, 'searchAgent')
      const rng = new Rng(seed)
      let copy: GameWorld | null = null
      const views: Views = new Map()
      // The playouts' legal actions (`playout`), apart from the `legal` a decision is given.
      const playoutLegal = emptyLegalActions()
      return {
        choose(view, decision, legal) {
          const choices = candidates(rng, view, decision, legal, maxCandidates)
          if (choices.length <= 1) return choices[0] ?? heuristicAction(rng, view, decision, legal)
          copy ??= view.blankCopy()
          const per = Math.max(1, Math.floor(playouts / choices.length))
          let best = choices[0]!
          let bestScore = -1
          for (const option of choices) {
            let total = 0
            for (let i = 0; i < per; i++) {
              view.sampleInto(copy, rng)
              if (!act(copy, option).ok) {
                total = -Infinity
                break
              }
              playout(copy, rng, horizon, views, playoutLegal)
              if (stats) stats.playouts++
              total += evaluate(copy, view.player, views)
            }
            if (total > bestScore) {
              bestScore = total
              best = option
            }
          }
          return best
        },
      }
    },
  }
}

export const searchAgent: AgentFactory = searchAgentFactory()

/** Playouts made so far by search agents (for the benchmark). */
export type { SearchOptions as SearchAgentOptions }
