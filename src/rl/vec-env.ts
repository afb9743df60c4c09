import { internalError, RedzoneError } from '../core/errors.js'
import type { Eid } from '../core/events.js'
import { describeValue, LIMITS } from '../core/limits.js'
import { shareKinds } from '../core/entity-lists.js'
import { isGameOver } from '../core/players.js'
import { hasSorceryTiming } from '../rules/spells/timing.js'
import { dropKeywordTags, type GameWorld } from '../core/world.js'
import { act, passIfForced } from '../decisions/act.js'
import type { Decision, PlayerAction } from '../decisions/action.js'
import { emptyLegalActions, legalActions, legalActionsInto, type LegalActions } from '../decisions/legal.js'
import { pendingDecision, pendingDecisionInto, pendingKind, pendingPlayer, winnerOf } from '../decisions/pending.js'
import { beginGame } from '../decisions/pregame.js'
import { buildPosition, shareSetup } from '../state/position.js'
import { restoreWorld, snapshotWorld, type WorldSnapshot } from '../state/snapshot.js'
import type { AgentFactory } from '../play/agent.js'
import { agentFactoryError } from '../play/play-options.js'
import { describeArgument, knownOptions } from '../api/args.js'
import { chooseChecked, type SeatedAgent } from '../play/agent-choice.js'
import { heuristicAgent } from '../play/agents/heuristic.js'
import { randomAgent } from '../play/agents/random.js'
import { searchAgent } from '../play/agents/search.js'
import { resolveDeck, type DeckList, type DeckSpec } from '../play/decks.js'
import { encodeAction, writeAction } from '../play/encode.js'
import { DEFAULT_MAX_STEPS, endReason, forcedAction, forcedActionInto, forcedActions, gameRecordHead, mixSeed, seatOf, type ForcedActions } from '../play/play-game.js'
import type { GameEndReason, GameRecord } from '../play/record.js'
import { deckPosition } from '../play/setup.js'
import { GameView } from '../play/view.js'
import { checkFloat32Place } from './args.js'
import { DecisionBuilder } from './decision-builder.js'
import { ACTION_SIZE, OBS_SIZE } from './layout.js'
import { ObjectRows, observePlayer as observeOf, shareIdentities } from './observe.js'

/** Who plays the seat the learner does not: a built-in agent of `redzone/sim`, any `AgentFactory`, or `self` (the learner plays both seats). */
export type Opponent = 'random' | 'heuristic' | 'search' | 'self' | AgentFactory

export interface VecEnvOptions {
  /** Games stepping in lockstep: 1 to 16,384 (default 1; a larger batch is several envs, each with its `firstEnv`). */
  n?: number
  /** The base seed: game `k` of env `i` is played with `envSeed(seed, firstEnv + i, k)` (default 1). */
  seed?: number
  /**
   * The number in the batch of this env's first game (default 0): env `i` here is env
   * `firstEnv + i` of a batch split over several envs (processes, cores), its seeds and alternate
   * seats those of that env, so the envs `a .. a + n - 1` of a split batch play the games a single
   * env of the whole batch plays there.
   */
  firstEnv?: number
  /** The decks of seat 0 and seat 1 (default green-white against black-red). */
  decks?: readonly [DeckSpec, DeckSpec]
  /** Default `random`. */
  opponent?: Opponent
  /** The learner's seat: 0, 1, or `alternate` (game `k` of env `i`: seat `(firstEnv + i + k) % 2`, the default). Ignored in self-play. */
  seat?: 0 | 1 | 'alternate'
  /** Decisions (counted as `playGame` counts them) after which a game is truncated, a recorded draw (`step-cap`); default 20,000. */
  maxSteps?: number
  /** The learner's name in records (default `rl`). */
  name?: string
  /**
   * Receives the record of every finished game (its actions are recorded only when this is given).
   * It runs inside `step` (or `reset`, `restart`), as the game ends: a call from it into the env
   * (`step`, `reset`, `restart`) is refused (`invalid-argument`), and an error it throws is thrown
   * by the call that ended the game, once every game is stepped (the game is recorded, not ended
   * in an error).
   */
  onRecord?: (record: GameRecord, env: number) => void
}

/** Counters over the life of an env. */
export interface VecEnvStats {
  /** Masked choices given to `step` (one per game per call). */
  steps: number
  /** Choices taken for the learner where the mask allowed one action only (not in `steps`). */
  autoSteps: number
  /** Engine decisions taken: every action given to `act` (the learner's, the opponent's, forced ones) and every forced pass. */
  decisions: number
  /** Games finished (any reason). */
  games: number
  /** Actions built from masked choices that `act` rejected (a bug: always 0). */
  rejected: number
  /** Games ended by an error (an opponent's illegal action, a throw): recorded with reason `error`. */
  errors: number
  /** Games truncated at `maxSteps`. */
  truncations: number
  /** Objects left out of an observation for want of slots, summed over observations. */
  overflow: number
}

/**
 * The seed of game `game` (0, 1, ...) of env `env` in a batch with base seed `seed`: `mixSeed(mixSeed(seed, env), game)`.
 * Checked as `VecEnv` checks them: a seed, an env's number in a batch (below 2^31, `firstEnv + n`'s
 * bound), a game's number (whole, 0 or more).
 */
export function envSeed(seed: number, env: number, game: number): number {
  checkSeed(seed, 'envSeed: seed')
  if (!Number.isInteger(env) || env < 0 || env >= 2 ** 31) throw new RedzoneError('invalid-argument', `envSeed: env: expected an env's number in a batch (a whole number from 0 to 2^31 - 1), got ${describeValue(env)}`)
  if (!Number.isSafeInteger(game) || game < 0) throw new RedzoneError('invalid-argument', `envSeed: game: expected a game's number in its env (a whole number, 0 or more), got ${describeValue(game)}`)
  return seedOf(seed, env, game)
}

/** `envSeed` unchecked: the env's own calls, with numbers it has checked or counted. */
function seedOf(seed: number, env: number, game: number): number {
  return mixSeed(mixSeed(seed, env), game)
}

/**
 * The most games one env holds. A game holds about 150 KB: some 85 KB of JavaScript heap (its
 * world's lists and objects, its decision state) and 65 KB of buffers. 16,384 games, once stepped,
 * took 1.4 GB of Node's default heap (4.1 GB on a 64-bit machine of 24 GB, less with less memory)
 * and 1.1 GB of buffers, 2.6 GB resident; 65,536 need about 5.5 GB of heap, past the default, and
 * the process dies minutes later in V8's out-of-memory abort. A larger batch is several envs in
 * several processes or worker threads (`firstEnv` makes them one batch). The Python client's
 * limit is the same number.
 */
const MAX_GAMES = 16_384

/**
 * The options `VecEnv` knows, to refuse any other name: a misspelt option (`sed: 3`) would
 * otherwise be a default taken silently. Typed over every key of `VecEnvOptions`, so an option
 * added there and not here is a compile error.
 */
const OPTION_NAMES: { readonly [K in keyof VecEnvOptions]-?: true } = {
  n: true, seed: true, firstEnv: true, decks: true, opponent: true, seat: true, maxSteps: true, name: true, onRecord: true,
}
const OPTION_LIST = Object.keys(OPTION_NAMES)

/** Games of one env that may end in an error, one after another, before `step` throws. */
const MAX_FAILURES_IN_A_ROW = 16

const AGENTS: Record<Exclude<Opponent, 'self' | AgentFactory>, AgentFactory> = { random: randomAgent, heuristic: heuristicAgent, search: searchAgent }

interface EnvGame {
  world: GameWorld
  builder: DecisionBuilder
  views: [GameView, GameView]
  /** The agent of each seat for this game, in its seat (its choices checked as `playGame` checks them: `chooseChecked`); null for the learner's seats. */
  agents: [SeatedAgent | null, SeatedAgent | null]
  names: [string, string]
  /** Games started in this env, and this game's seed. */
  game: number
  seed: number
  /** Decisions of this game, as `playGame` counts them (the step cap). */
  steps: number
  /** The seat a terminal reward is for: the learner's (self-play: the seat of the last choice). */
  rewardSeat: 0 | 1
  actions: string[] | null
  /** The object rows of this env's observation (what they hold, `ObjectRows`), and the decision (`DecisionBuilder.decisions`) it describes. */
  rows: ObjectRows
  written: number
  /** The learner's legal actions, refilled at each of its decisions (`legalActionsInto`; the builder reads them until the next). */
  legal: LegalActions
  /** The learner's pending decision, refilled at each of its decisions (read by `legalActionsInto` and the builder, kept by neither). */
  decision: Decision
  /** The learner's forced actions (a pass, a keep, a discard or bottom of the whole hand), refilled at each (`act` keeps none). */
  forced: ForcedActions
}

/**
 * N games in lockstep in one thread, into preallocated buffers a learner (or a Python client,
 * through a zero-copy view) reads: `obs [n x OBS_SIZE]` (the deciding seat's observation,
 * `OBS_LAYOUT`), `mask [n x ACTION_SIZE]` (1 for each legal action, `ACTION_LAYOUT`), `reward`,
 * `terminated`, `truncated`, `seat` (who decides) and `winner`. Two-phase: read the buffers, then
 * `step(actions)` with one masked action per game (a network can batch across games, and await
 * between the two). The built-in opponent's choices, forced decisions and single-option steps are
 * taken inside `step`; every change goes through `act`.
 *
 * Auto-reset, same step: when a game ends, that step's `reward`, `terminated` / `truncated` and
 * `winner` are of the game that ended, and its `obs` and `mask` are already the next game's; the
 * ended game's final state, seen by each seat, is in `finalObs`.
 * Rewards are terminal only: +1 for a win of the seat the reward is for (the learner's; in
 * self-play, the seat that made the step's choice), -1 for a loss, 0 for a draw.
 *
 * The buffers are the env's to write: a client reads them, never writes them (each game's
 * decision builder keeps its mask in place in `mask`, and an observation's object rows are
 * rewritten only where their values changed).
 *
 * Allocation: the buffers and each game's world and decision state are made once, and the
 * learner's legal actions are refilled in place (`legalActionsInto`: their lists and options are
 * kept per game). Once warm, a self-play step allocates 1-3 bytes a masked step at N = 256 (the
 * bench's `rl.bytesPerStep`): a new game's zone lists growing again after the restore that starts
 * it. The built-in opponents allocate their own lists, and `onRecord` the action strings of the
 * record.
 */
export class VecEnv {
  readonly n: number
  /** The number in the batch of env 0 (`VecEnvOptions.firstEnv`). */
  readonly firstEnv: number
  readonly obsSize = OBS_SIZE
  readonly actionSize = ACTION_SIZE
  readonly obs: Float32Array
  readonly mask: Uint8Array
  readonly reward: Float32Array
  readonly terminated: Uint8Array
  readonly truncated: Uint8Array
  /** The seat (0, 1) whose decision `obs` and `mask` describe. */
  readonly seat: Uint8Array
  /** On a step that ended a game: the winning seat, or -1 for a draw; -1 otherwise. */
  readonly winner: Int8Array
  /**
   * `[n x 2 x OBS_SIZE]`: on a step that ended the game of env `i` (`terminated` or `truncated`),
   * rows `2i` and `2i + 1` hold seat 0's and seat 1's observation of its final state (each its
   * own view, CR 400.2), written before the next game starts; the seat the reward is for is the
   * one `seat[i]` named before the step. Rows of envs whose game did not end are stale.
   */
  readonly finalObs: Float32Array
  readonly stats: VecEnvStats = { steps: 0, autoSteps: 0, decisions: 0, games: 0, rejected: 0, errors: 0, truncations: 0, overflow: 0 }
  private readonly games: EnvGame[]
  private readonly pristine: WorldSnapshot
  /** The decks of seat 0 and seat 1, resolved once (`resolveDeck`): the games' and the records'. */
  private readonly decks: readonly [DeckList, DeckList]
  private readonly opponent: AgentFactory | null
  private readonly learnerSeat: 0 | 1 | 'alternate'
  private readonly maxSteps: number
  private readonly name: string
  private readonly onRecord: ((record: GameRecord, env: number) => void) | null
  private baseSeed: number
  /** Called as env `i`'s buffers are about to be written, and once they are, while they are in cache (`onWriting`, `onWritten`: `redzone serve`'s delta transport). */
  private beforeWrite: ((i: number) => void) | null = null
  private afterWrite: ((i: number) => void) | null = null
  /** Set while `step`, `reset` or `restart` runs: a call into the env from its `onRecord` is refused (`reentered`). */
  private running = false
  /** The first error `onRecord` threw during the call running: thrown by that call once every game is stepped. */
  private caught: { error: unknown } | null = null

  constructor(options: VecEnvOptions = {}) {
    knownOptions(options, '', OPTION_LIST, 'VecEnv options')
    // An option given as undefined is its default (redzone serve passes each it was given); null is a value, refused by its check.
    const n = options.n === undefined ? 1 : options.n
    if (!Number.isInteger(n) || n < 1 || n > MAX_GAMES) {
      const why = typeof n === 'number' && n > MAX_GAMES
        ? `: each game holds about 150 KB, and more games than that exhaust Node's default heap (the process dies in an out-of-memory abort); for a larger batch, run several VecEnvs, each with its firstEnv, in several processes (redzone.Workers in Python) or worker threads`
        : ''
      throw new RedzoneError('invalid-argument', `n: the number of games is a whole number from 1 to ${MAX_GAMES.toLocaleString('en-US')}, not ${describeValue(n)}${why}`)
    }
    const seed = options.seed === undefined ? 1 : options.seed
    checkSeed(seed)
    const firstEnv = options.firstEnv === undefined ? 0 : options.firstEnv
    if (!Number.isInteger(firstEnv) || firstEnv < 0 || firstEnv + n > 2 ** 31) throw new RedzoneError('invalid-argument', `firstEnv: a whole number from 0 with firstEnv + n at most 2^31, not ${describeValue(firstEnv)}`)
    const maxSteps = options.maxSteps === undefined ? DEFAULT_MAX_STEPS : options.maxSteps
    if (!Number.isInteger(maxSteps) || maxSteps < 1) throw new RedzoneError('invalid-argument', `maxSteps: a whole number of 1 or more, not ${describeValue(maxSteps)}`)
    const opponent: unknown = options.opponent === undefined ? 'random' : options.opponent
    const builtIn = typeof opponent === 'string' && (opponent === 'self' || Object.hasOwn(AGENTS, opponent))
    // Not a built-in name: an agent factory as playGame takes one (the one check: `agentFactoryError`).
    const factoryError = builtIn ? null : agentFactoryError(opponent)
    if (factoryError !== null) throw new RedzoneError('invalid-argument', `opponent: one of random, heuristic, search, self or an AgentFactory; ${factoryError}`)
    const seat = options.seat === undefined ? 'alternate' : options.seat
    if (seat !== 0 && seat !== 1 && seat !== 'alternate') throw new RedzoneError('invalid-argument', `seat: 0, 1 or "alternate", not ${describeArgument(seat)}`)
    // Two seats: a list of three or four decks (which `deckPosition` takes) would build a game the env can't play.
    const decks = options.decks === undefined ? ['green-white', 'black-red'] : options.decks
    if (!Array.isArray(decks) || decks.length !== 2) throw new RedzoneError('invalid-argument', `decks: expected a pair [seat 0's deck, seat 1's deck], got ${Array.isArray(decks) ? `a list of ${decks.length}` : describeValue(decks)}`)
    // Each deck resolved as every game's is (`resolveDeck`: its shape, the engine's size limit), its errors naming `decks[seat]`.
    const lists: [DeckList, DeckList] = [resolveDeck(decks[0] as DeckSpec, 'decks', 0), resolveDeck(decks[1] as DeckSpec, 'decks', 1)]
    const name = options.name === undefined ? 'rl' : options.name
    if (typeof name !== 'string') throw new RedzoneError('invalid-argument', `name: expected the learner's name in records (a string), got ${describeValue(name)}`)
    // Called as each game ends, inside `step`: not a function there would end every game in an error.
    const onRecord = options.onRecord === undefined ? null : options.onRecord
    if (options.onRecord !== undefined && typeof onRecord !== 'function') throw new RedzoneError('invalid-argument', `onRecord: expected a function (record, env) => void, got ${describeValue(onRecord)}`)
    this.n = n
    this.firstEnv = firstEnv
    this.baseSeed = seed
    this.decks = lists
    this.opponent = opponent === 'self' ? null : typeof opponent === 'string' ? AGENTS[opponent as keyof typeof AGENTS] : (opponent as AgentFactory)
    this.learnerSeat = seat
    this.maxSteps = maxSteps
    this.name = name
    this.onRecord = onRecord
    this.obs = new Float32Array(n * OBS_SIZE)
    this.mask = new Uint8Array(n * ACTION_SIZE)
    this.reward = new Float32Array(n)
    this.terminated = new Uint8Array(n)
    this.truncated = new Uint8Array(n)
    this.seat = new Uint8Array(n)
    this.winner = new Int8Array(n).fill(-1)
    this.finalObs = new Float32Array(n * 2 * OBS_SIZE)
    const position = deckPosition(this.decks)
    // Worlds of the env's own, which no caller queries by keyword component: no keyword tags kept.
    const worlds = Array.from({ length: n }, () => {
      const { world } = buildPosition(position)
      dropKeywordTags(world)
      return world
    })
    // One copy of the card data and what follows from the entities for the n games (read every step, it stays in cache).
    for (let i = 1; i < n; i++) {
      shareSetup(worlds[0]!, worlds[i]!)
      shareIdentities(worlds[0]!, worlds[i]!)
      shareKinds(worlds[0]!, worlds[i]!)
    }
    this.pristine = snapshotWorld(worlds[0]!)
    this.games = worlds.map((world, i) => {
      const [a, b] = world.playerOrder as [Eid, Eid]
      return {
        world,
        // The builder keeps its mask in the env's row: read in place, never copied.
        builder: new DecisionBuilder(world, this.mask.subarray(i * ACTION_SIZE, (i + 1) * ACTION_SIZE)),
        views: [new GameView(world, a), new GameView(world, b)],
        agents: [null, null],
        names: [this.name, this.name],
        game: 0,
        seed: 0,
        steps: 0,
        rewardSeat: 0,
        actions: null,
        rows: new ObjectRows(),
        written: -1,
        legal: emptyLegalActions(),
        decision: { kind: 'priority', player: null, rule: '', count: 0 },
        forced: forcedActions(),
      }
    })
    this.reset()
  }

  /** Starts a new game in every env (game 0 of each, from `seed` or the current base seed) and fills the buffers. */
  reset(seed?: number): void {
    if (this.running) throw reentered('reset')
    if (seed !== undefined) {
      checkSeed(seed)
      this.baseSeed = seed
    }
    this.reward.fill(0)
    this.terminated.fill(0)
    this.truncated.fill(0)
    this.winner.fill(-1)
    this.startGames(0, this.n, true)
  }

  /**
   * Abandons the game of env `i` (no record, not counted) and starts its next one (game `k + 1` of
   * its seed stream); the buffers of env `i` describe the new game, its reward and flags are 0.
   * What a client's "reset this env" or a Gymnasium `reset()` without a seed does.
   */
  restart(i: number): void {
    if (this.running) throw reentered('restart')
    if (!Number.isInteger(i) || i < 0 || i >= this.n) throw new RedzoneError('invalid-argument', `restart: env ${describeValue(i)} is not one of 0..${this.n - 1}`)
    this.reward[i] = 0
    this.terminated[i] = 0
    this.truncated[i] = 0
    this.winner[i] = -1
    this.startGames(i, i + 1, false)
  }

  /**
   * Starts the next game of envs `from` to `to` - 1 (game 0 of each's seed stream when `first`) and
   * writes their buffers: `reset`'s and `restart`'s work, one call into the env (`enter`).
   */
  private startGames(from: number, to: number, first: boolean): void {
    this.enter()
    try {
      for (let i = from; i < to; i++) {
        if (first) this.games[i]!.game = 0
        this.start(i)
        this.advance(i)
        this.write(i)
      }
    } finally {
      this.running = false
    }
    this.throwCaught()
  }

  /**
   * The observation of seat `seat` of env `i` now (its own view, CR 400.2), into `out` at `offset`:
   * what the seat that is not deciding sees (a two-player AEC client's `observe`). For the deciding
   * seat it equals `obs`'s row. Reads only.
   */
  observeSeat(i: number, seat: 0 | 1, out: Float32Array, offset = 0): void {
    if (!Number.isInteger(i) || i < 0 || i >= this.n) throw new RedzoneError('invalid-argument', `observeSeat: env ${describeValue(i)} is not one of 0..${this.n - 1}`)
    if (seat !== 0 && seat !== 1) throw new RedzoneError('invalid-argument', `observeSeat: seat is 0 or 1, not ${describeValue(seat)}`)
    checkFloat32Place('observeSeat', out, offset, OBS_SIZE)
    const g = this.games[i]!
    if (seatOf(g.world, g.builder.decider) === seat && g.builder.decider !== 0) {
      out.set(this.obs.subarray(i * OBS_SIZE, (i + 1) * OBS_SIZE), offset)
      return
    }
    const player = g.world.playerOrder[seat]!
    observeOf(g.world, player, out, offset)
  }

  /**
   * One masked action per game (`actions[i]` for env `i`, whose mask must allow it), then each
   * game runs on to its learner's next choice; the buffers describe the new state.
   */
  step(actions: ArrayLike<number>): void {
    if (this.running) throw reentered('step')
    const n = this.n
    // The hot loop: a few compares, and the messages built only for a refusal (`actionsError`).
    if (typeof actions !== 'object' || actions === null || !(Array.isArray(actions) || ArrayBuffer.isView(actions)) || actions.length !== n) throw actionsError(actions, n)
    const mask = this.mask
    for (let i = 0; i < n; i++) {
      const a = actions[i]!
      // Whole numbers only: `'0'`, `null` or `true` would index the mask by coercion (`null` as 0),
      // `0.5` would read no byte; a bigint would throw in the compare.
      if (!(Number.isInteger(a) && a >= 0 && a < ACTION_SIZE && mask[i * ACTION_SIZE + a] === 1)) throw actionError(a, i)
    }
    this.reward.fill(0)
    this.terminated.fill(0)
    this.truncated.fill(0)
    this.winner.fill(-1)
    // A flag around the loop (`reentered`); `onRecord`'s error once every game is stepped.
    this.enter()
    try {
      for (let i = 0; i < n; i++) {
        const g = this.games[i]!
        this.stats.steps++
        if (this.opponent === null) g.rewardSeat = this.seat[i] as 0 | 1
        let action: PlayerAction | null
        try {
          action = this.choose(g, actions[i]!)
        } catch (error) {
          this.finish(i, null, 'error', (error as Error).message)
          this.advance(i)
          this.write(i)
          continue
        }
        if (action !== null) {
          this.take(i, action, true)
          this.advance(i)
        }
        this.write(i)
      }
    } finally {
      this.running = false
    }
    if (this.caught !== null) this.throwCaught()
  }

  /** Applies a masked choice for the learner, then the single-option steps that follow; the action once complete. */
  private choose(g: EnvGame, index: number): PlayerAction | null {
    const builder = g.builder
    // The builder's kept action for the simple kinds: `take` hands it to `act` at once.
    let action = builder['take'](index)
    while (action === null && builder.count === 1) {
      this.stats.autoSteps++
      action = builder['take'](builder.only)
    }
    return action
  }

  private start(i: number): void {
    const g = this.games[i]!
    const world = g.world
    const seed = seedOf(this.baseSeed, this.firstEnv + i, g.game)
    restoreWorld(world, this.pristine)
    world.rng.seed(seed)
    g.seed = seed
    g.steps = 0
    g.actions = this.onRecord ? [] : null
    const learner: 0 | 1 = this.learnerSeat === 'alternate' ? (((this.firstEnv + i + g.game) % 2) as 0 | 1) : this.learnerSeat
    g.rewardSeat = learner
    for (let seat = 0; seat < 2; seat++) {
      const opponentSeat = this.opponent !== null && seat !== learner
      g.agents[seat] = opponentSeat ? { agent: this.opponent!.create(mixSeed(seed, seat + 1)), view: g.views[seat]!, name: this.opponent!.name, seat } : null
      g.names[seat] = opponentSeat ? this.opponent!.name : this.name
    }
    g.game++
    beginGame(world)
  }

  /**
   * Runs the game of env `i` on to the learner's next choice that has more than one option:
   * forced decisions as `playGame` takes them, the opponent's choices, single-option steps; a
   * finished game is recorded and the next one started.
   */
  private advance(i: number): void {
    const g = this.games[i]!
    const world = g.world
    let failures = 0
    for (;;) {
      try {
        if (g.steps >= this.maxSteps && !isGameOver(world)) {
          this.finish(i, null, 'step-cap')
          continue
        }
        // Under sorcery timing the player usually has an option (a land, a spell): the legal actions
        // are listed at once (a forced pass is then `forcedAction`'s), not looked for twice.
        if (!hasSorceryTiming(world, world.turn.priority) && passIfForced(world)) {
          g.steps++
          this.stats.decisions++
          continue
        }
        const kind = pendingKind(world)
        if (kind === 'gameOver') {
          const winner = winnerOf(world)
          this.finish(i, winner === 0 ? null : seatOf(world, winner), endReason(world))
          continue
        }
        const seat = seatOf(world, pendingPlayer(world, kind)!)
        const agent = g.agents[seat]
        // The learner's decision and legal actions in the env's own objects (read before the next is
        // asked); an agent's in new ones (it may keep them).
        const decision = agent ? pendingDecision(world) : pendingDecisionInto(world, g.decision, kind)
        const legal = agent ? legalActions(world) : legalActionsInto(world, g.legal, decision)
        // The learner's forced action in the env's kept one (`act` keeps none); an agent's as `playGame` takes them.
        const forced = agent ? forcedAction(legal) : forcedActionInto(legal, g.forced)
        if (forced !== null) {
          this.take(i, forced, false)
          continue
        }
        if (agent) {
          this.take(i, chooseChecked(agent, decision, legal), true)
          continue
        }
        const builder = g.builder
        builder.begin(legal, decision)
        if (builder.count === 1) this.stats.autoSteps++
        const action = builder.count === 1 ? this.choose(g, builder.only) : null
        if (action === null) return
        this.take(i, action, true)
      } catch (error) {
        // A game that throws is recorded as an error and the next one starts; games that all throw are a bug, not a batch to spin on.
        if (++failures > MAX_FAILURES_IN_A_ROW) throw internalError(`env ${i}: ${failures} games in a row ended in an error, the last: ${(error as Error).message}`)
        this.finish(i, null, 'error', (error as Error).message)
      }
    }
  }

  /** Gives an action to the game (`act`) and counts the decision; a rejection ends the game as an error. */
  private take(i: number, action: PlayerAction, recorded: boolean): boolean {
    const g = this.games[i]!
    const learner = g.agents[seatOf(g.world, action.player)] === null
    const result = act(g.world, action)
    g.steps++
    this.stats.decisions++
    if (!result.ok) {
      if (learner) this.stats.rejected++
      this.finish(i, null, 'error', `"${encodeAction(action)}" rejected: ${result.error.code}: ${result.error.message}`)
      return false
    }
    if (recorded && g.actions) g.actions.push(writeAction(action))
    return true
  }

  /** Ends the game of env `i` (its outputs, its record) and starts the next one. */
  private finish(i: number, winner: 0 | 1 | null, reason: GameEndReason, error?: string): void {
    const g = this.games[i]!
    const world = g.world
    const stats = this.stats
    stats.games++
    if (reason === 'error') stats.errors++
    if (reason === 'step-cap') stats.truncations++
    if (reason === 'life' || reason === 'empty-library') this.terminated[i] = 1
    else this.truncated[i] = 1
    this.winner[i] = winner ?? -1
    this.reward[i] = winner === null ? 0 : winner === g.rewardSeat ? 1 : -1
    for (let seat = 0; seat < 2; seat++) {
      const at = (2 * i + seat) * OBS_SIZE
      try {
        observeOf(world, world.playerOrder[seat]!, this.finalObs, at)
      } catch (failure) {
        // A game that ended in an error may not be observable; then its final rows are zeros.
        if (reason !== 'error') throw failure
        this.finalObs.fill(0, at, at + OBS_SIZE)
      }
    }
    if (this.onRecord) {
      const record: GameRecord = {
        ...gameRecordHead(g.seed, [g.names[0], g.names[1]], [this.decks[0], this.decks[1]], this.maxSteps),
        first: seatOf(world, world.turn.first),
        winner,
        turns: world.turn.number,
        reason,
        actions: g.actions ?? [],
        ...(error === undefined ? {} : { error }),
      }
      // Kept, as a game's listener's error is (`GameEmitter.caught`): thrown once the call is done,
      // every game stepped, not into this game (which it made an error) or the loop.
      try {
        this.onRecord(record, i)
      } catch (error) {
        this.caught ??= { error }
      }
    }
    this.start(i)
  }

  /**
   * `step`, `reset` or `restart` begins: a call from `onRecord` into the env is refused while it
   * runs (`running`, lowered in its `finally`), and an error of an earlier call's `onRecord` that a
   * failure of that call left is not this call's.
   */
  private enter(): void {
    this.running = true
    this.caught = null
  }

  /** Throws the error `onRecord` threw during the call just made (`caught`), once. */
  private throwCaught(): void {
    const caught = this.caught
    this.caught = null
    if (caught !== null) throw caught.error
  }

  /** The buffers of env `i`: the deciding seat's observation (the builder keeps the mask in place). */
  private write(i: number): void {
    const g = this.games[i]!
    const builder = g.builder
    this.beforeWrite?.(i)
    // A later step of the decision whose observation the row holds: only the progress changes.
    const same = g.written === builder.decisions
    builder.observeAt(this.obs, i * OBS_SIZE, g.rows, same)
    g.written = builder.decisions
    if (!same) this.stats.overflow += builder.slots.overflow
    this.seat[i] = seatOf(g.world, builder.decider)
    this.afterWrite?.(i)
  }
}

/** A call into the env from its own `onRecord`: the step running is not done (its buffers half written, a game between two). */
function reentered(call: string): RedzoneError {
  return new RedzoneError('invalid-argument', `${call}: called from inside the env's own step (onRecord runs as a game ends, mid-step): refused; call it once the step has returned`)
}

function checkSeed(seed: unknown, name = 'seed'): void {
  const { min, max } = LIMITS.seed
  if (!Number.isInteger(seed) || (seed as number) < min || (seed as number) > max) throw new RedzoneError('invalid-argument', `${name}: a whole number from ${min} to ${max}, not ${describeValue(seed)}`)
}

/** Why `step`'s `actions` are refused as a whole: not a list of numbers, or not one per env. */
function actionsError(actions: unknown, n: number): RedzoneError {
  const list = typeof actions === 'object' && actions !== null && (Array.isArray(actions) || (ArrayBuffer.isView(actions) && !(actions instanceof DataView)))
  if (list) return new RedzoneError('invalid-argument', `step: ${n} actions needed (one per env), got ${(actions as ArrayLike<unknown>).length}; no game was stepped`)
  return new RedzoneError('invalid-argument', `step: actions: expected an array or typed array of ${n} action indexes (one per env), got ${describeValue(actions)}; no game was stepped`)
}

/** Why the action of env `i` is refused: not a whole number, or not allowed by the env's mask. */
function actionError(action: unknown, i: number): RedzoneError {
  if (!Number.isInteger(action)) {
    return new RedzoneError('invalid-argument', `step: actions[${i}]: expected a whole number (an action index), got ${typeof action === 'bigint' ? `${action}n` : describeValue(action)}; no game was stepped`)
  }
  return new RedzoneError('invalid-argument', `step: action ${action as number} of env ${i} is not allowed by its mask; no game was stepped`)
}

/** The world of env `i` (tests and tools inside the engine). */
export function envWorld(env: VecEnv, i: number): GameWorld {
  return env['games'][i]!.world
}

/** The decision builder of env `i` (tests and tools inside the engine). */
export function envBuilder(env: VecEnv, i: number): DecisionBuilder {
  return env['games'][i]!.builder
}

/** Has `hook(i)` called each time env `i`'s buffers are about to be written (null: no hook). Internal: the serve protocol's delta transport. */
export function onWriting(env: VecEnv, hook: ((i: number) => void) | null): void {
  env['beforeWrite'] = hook
}

/** Has `hook(i)` called each time env `i`'s buffers have been written (null: no hook). Internal: the serve protocol's delta transport. */
export function onWritten(env: VecEnv, hook: ((i: number) => void) | null): void {
  env['afterWrite'] = hook
}

/** The object rows of env `i`'s observation (what they hold, and the rows written since `forgetTouched`: `redzone serve`'s delta transport). */
export function envRows(env: VecEnv, i: number): ObjectRows {
  return env['games'][i]!.rows
}
