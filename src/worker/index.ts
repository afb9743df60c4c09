/**
 * `redzone/worker`: a game that runs in a Web Worker, driven from the page with the same API as
 * `Game`, every method returning a promise.
 *
 *   // worker.ts                              // page.ts
 *   import { exposeGame } from 'redzone/worker'  const game = await createRemoteGame(new Worker(url, { type: 'module' }), position)
 *   exposeGame(self)                             game.onEvent((e) => draw(e)); await game.drive.walkToAttack({ bear: 'B' })
 *
 * State crosses as one binary buffer (`toBinary`, `snapshot`, a state to start from), transferred,
 * not copied. Calls run in the order they are made; the events a call emits arrive, in order,
 * before its promise resolves (they travel with its answer, as one message). A rejected action is
 * a value (`{ ok: false, error }`) as in `Game`; misuse of the API rejects the promise with a
 * `RedzoneError` of the same `code`, `issues` and message as the one thrown in the worker. Any
 * other error (a broken invariant, a failing command) arrives as an `Error` with its name and message.
 * Misuse the page can see (a listener that is not a function, an unknown option key, a viewer that
 * is not a string or not a player, a bad `max`, an argument that can't be sent) is refused on the
 * page, with the same codes and, where `redzone` has the same check, the same words.
 *
 * Every call settles: after `dispose()` or `terminate()` a call rejects at once with `no-game`. A
 * Worker terminated with `worker.terminate()` fires no event the page could see, so its calls
 * never settle: terminate it with `remote.terminate()`.
 *
 * Works over anything with `postMessage` and `addEventListener('message')`: a `Worker` and the
 * worker's `self`, or the two ports of a `MessageChannel`. A message on the worker's side that is
 * not the protocol's (another script's on the same channel, a hand-made one) is answered with an
 * `invalid-argument` error naming what is wrong in it.
 *
 * Nothing times a call out: `createRemoteGame` over an endpoint that nothing answers (a
 * MessagePort whose other end called no `exposeGame`, a Worker whose script never calls it) never
 * settles. A Worker whose script fails to load or throws rejects it with `no-game`; for anything
 * else, race it against a timer of your own and, on expiry, terminate the Worker or close the port.
 */
import { checkListener, ON_EVENT_OPTION_NAMES, type ClientEvent } from '../api/event-stream.js'
import { unknownViewer, viewerId, type ClientState } from '../api/client-state.js'
import { describeArgument, isPlainObject, knownOptions } from '../api/args.js'
import { fieldPath } from '../state/check-position.js'
import type { Decision, PlayerAction } from '../decisions/action.js'
import type { LegalActions } from '../decisions/legal.js'
import { isRedzoneErrorCode, RedzoneError, type ActionResult, type InputIssue, type RedzoneErrorCode } from '../core/errors.js'
import { Game } from '../api/game.js'
import { drive, type GameDriver } from '../api/game-driver.js'
import { checksum, fromBinary, fromJSON, restore, toBinary, toJSON } from '../api/serialization.js'
import { clientState, gameState, legalActions, onEvent } from '../api/views.js'
import type { Position } from '../state/position.js'
import { readBinary, STATE_FORMAT, type StateDocument } from '../state/serialize.js'
import type { Snapshot } from '../state/snapshot.js'
import type { GameState } from '../api/game-state.js'
import { trackChange, worldOf } from '../api/game.js'
import { act } from '../decisions/act.js'
import { pendingDecision } from '../decisions/pending.js'
import { legalActions as legalOf } from '../decisions/legal.js'
import type { Eid } from '../core/events.js'
import type { DeckSpec } from '../play/decks.js'
import { createDeckGame } from '../play/setup.js'
import type { Agent, AgentFactory } from '../play/agent.js'
import { agentLabel, chooseChecked, type SeatedAgent } from '../play/agent-choice.js'
import { actionString, actionText, forcedAction, mixSeed } from '../play/play-game.js'
import { mapRefs } from '../api/refs.js'
import { GameView } from '../play/view.js'
import { randomAgent } from '../play/agents/random.js'
import { heuristicAgent } from '../play/agents/heuristic.js'
import { searchAgent } from '../play/agents/search.js'
import { seatIndex } from '../core/players.js'
import { describeValue } from '../core/limits.js'

/** One end of a message channel: a `Worker`, a worker's `self`, a `MessagePort`. */
export interface MessageEndpoint {
  postMessage(message: unknown, transfer: ArrayBuffer[]): void
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void
  removeEventListener?(type: 'message', listener: (event: { data: unknown }) => void): void
  /** MessagePorts need it to deliver to `addEventListener` listeners. */
  start?(): void
  /** A `Worker`'s: `RemoteGame.terminate` calls it. */
  terminate?(): void
  /** A `MessagePort`'s: `RemoteGame.terminate` calls it when there is no `terminate`. */
  close?(): void
}

/**
 * The worker's global scope as `exposeGame` takes it: `self` in the worker script, whichever lib
 * types it (the WebWorker lib's `DedicatedWorkerGlobalScope`, or the DOM lib's `Window` in a
 * project compiled with `lib: ["DOM"]`, as Vite's template is, where `self.postMessage` takes a
 * target origin). At run time it is the worker's scope: `postMessage(message, transfer)`.
 */
export interface WorkerScope {
  postMessage(message: unknown, ...rest: never[]): void
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void
}

/** A whole game from two to four decks (`createDeckGame`: shuffled by the seed, seven cards each, the mulligans first). */
export interface DeckGameSource {
  /** By seat: player A's deck, then player B's, C's, D's (a built-in deck's name, a list of pool card names, or a deck list). */
  decks: readonly DeckSpec[]
}

/** What a game starts from: a position, a `toBinary` buffer (transferred), a `redzone-state/2` document (or `/1`), or decks. */
export type GameSource = Position | ArrayBuffer | StateDocument | DeckGameSource

/** The built-in agents a worker can play a seat with (`createRemoteGame`'s `agents`). */
export const AGENT_NAMES = ['heuristic', 'random', 'search'] as const
export type AgentName = (typeof AGENT_NAMES)[number]

const AGENTS: Readonly<Record<AgentName, AgentFactory>> = { heuristic: heuristicAgent, random: randomAgent, search: searchAgent }

/** Options of `RemoteGame.runAgents`. */
export interface RunAgentsOptions {
  /** The most choices the agents make in this call (default: no limit, until a player's decision or the end of the game). */
  max?: number
  /** Players (not agents) whose decisions with one legal answer (priority with nothing to do but pass, ...) are taken for them too. */
  autoPass?: readonly string[]
}

/** What `RemoteGame.runAgents` did: the agents' choices (encoded, `encodeAction` over ids), the forced actions taken, and why it stopped. */
export interface AgentRun {
  /**
   * Each choice an agent made, in order: its player and the action (`encodeAction` with ids; an
   * action with an id the encoding can't write, one with `,` `>` `:` `*` or `-`, as JSON).
   */
  chosen: { player: string; action: string }[]
  /** Decisions with one legal answer taken (for the agents, and for the `autoPass` players). */
  forced: number
  /** `decision`: a player (not an agent) must decide; `gameOver`; `max`: the agents made `max` choices. */
  stopped: 'decision' | 'gameOver' | 'max'
  /** The pending decision when it stopped. */
  decision: Decision<string>
}

type Promised<F> = F extends (...args: infer A) => infer R ? (...args: A) => Promise<Awaited<R>> : never

/** The driver helpers of `GameDriver`, remote. */
export type RemoteDriver = { readonly [K in DriverMethod]: Promised<GameDriver[K]> }

const GAME_METHODS = [
  'pendingDecision', 'act', 'pass', 'play', 'cast', 'activate', 'plot', 'declareAttackers', 'declareBlockers',
  'assignDamage', 'search', 'discard', 'mulligan', 'keep', 'bottom', 'grant', 'lose', 'dealDamage', 'destroy', 'exile',
  'removeFromCombat',
] as const satisfies readonly (keyof Game)[]
const DRIVER_METHODS = [
  'walkToAttack', 'walkToBlock', 'walkToDamage', 'walkTo', 'castAndResolve', 'activateAndResolve', 'playWhenPriority', 'plotWhenPriority',
] as const satisfies readonly (keyof GameDriver)[]
type GameMethod = (typeof GAME_METHODS)[number]
type DriverMethod = (typeof DRIVER_METHODS)[number]

/** A game in a Worker: `Game`'s methods as promises, plus what crosses the thread as buffers. */
export type RemoteGame = { readonly [K in GameMethod]: Promised<Game[K]> } & {
  readonly drive: RemoteDriver
  /** `toJSON(game)`: the game as a `redzone-state/2` document. */
  toJSON(): Promise<StateDocument>
  /** `checksum(game)`. */
  checksum(): Promise<number>
  /** `clientState(game, viewer)`. */
  clientState(viewer?: string): Promise<ClientState>
  /** `legalActions(game)`. */
  legalActions(): Promise<LegalActions<string>>
  /** `gameState(game)`. */
  state(): Promise<GameState>
  /** The game as one buffer (transferred to the page). */
  toBinary(): Promise<ArrayBuffer>
  /** A copy of the game to `restore` later (undo): a `toBinary` buffer. */
  snapshot(): Promise<ArrayBuffer>
  /** Puts the game back to a `snapshot` (or any `toBinary` buffer of a game built from the same position); the buffer is transferred. */
  restore(snapshot: ArrayBuffer): Promise<void>
  /** `Game.version`: the accepted changes so far (counted in the worker, from the game it started from). */
  version(): Promise<number>
  /**
   * Like `Game.onEvent` (`viewer`: that player's stream): the events of every later call, in
   * order, before the call's promise resolves. A viewer who is not a player throws `unknown-entity`
   * at once, as `onEvent` does. A listener that throws is reported as the DOM reports an event
   * listener's error, with `reportError` (the page's `error` event, the console; in Node, where
   * there is none, thrown from a microtask), and the other listeners and the call go on.
   */
  onEvent(listener: (event: ClientEvent) => void, options?: { viewer?: string }): () => void
  /**
   * Lets the seats played by agents (`createRemoteGame`'s `agents`) decide, in the worker, until a
   * player who is not an agent must decide, the game is over, or the agents made `max` choices;
   * their events arrive before the promise resolves, as for any call.
   */
  runAgents(options?: RunAgentsOptions): Promise<AgentRun>
  /** A command registered with `exposeGame(scope, { commands })`. */
  command<T = unknown>(name: string, ...args: unknown[]): Promise<T>
  /**
   * Stops listening to the worker (the worker itself is the caller's to terminate): the calls
   * pending and every later call reject with a `no-game` `RedzoneError`.
   */
  dispose(): void
  /**
   * Terminates the worker (`worker.terminate()`, a MessagePort's `close()`) and disposes: the
   * calls pending and every later call reject with `no-game`. Use it rather than terminating the
   * worker yourself: a terminated Worker fires no event, so the page can't tell its calls will
   * never be answered, and they would never settle.
   */
  terminate(): void
}

/** A command run in the worker (`RemoteGame.command`): the game (null before one started), then the arguments. Return an ArrayBuffer to transfer it. */
export type WorkerCommand = (game: Game | null, ...args: unknown[]) => unknown

type Request =
  | { rz: 'init'; id: number; source: GameSource; seed?: number; agents?: Readonly<Record<string, AgentName>> }
  | { rz: 'agents'; id: number; max: number | null; autoPass: readonly string[] }
  | { rz: 'call'; id: number; method: string; args: unknown[] }
  | { rz: 'drive'; id: number; method: string; args: unknown[] }
  | { rz: 'command'; id: number; name: string; args: unknown[] }
  | { rz: 'events'; id: number; on: boolean; viewer: string | null }

/** An error thrown in the worker, as it crosses: a `RedzoneError`'s code and issues, or another error's name. */
type WireError = { name: 'RedzoneError'; code: RedzoneErrorCode; issues: InputIssue[]; message: string } | { name: string; message: string }

/** The answer to `init`: the game's player ids, by seat. */
type Started = { players: string[] }

/** `events[i]` is for the page's listeners of `streams[i]` (a viewer's id, or '' for the omniscient stream). */
type Reply = { rz: 'reply'; id: number; events: ClientEvent[]; streams: string[] } & ({ ok: true; value: unknown } | { ok: false; error: WireError })

function toWire(error: unknown): WireError {
  if (error instanceof RedzoneError) {
    return { name: 'RedzoneError', code: error.code, issues: error.issues.map(({ path, message }) => ({ path, message })), message: error.message }
  }
  if (error instanceof Error) return { name: error.name, message: error.message }
  return { name: 'Error', message: String(error) }
}

/**
 * The worker's error on the page: a `RedzoneError` again (same code, issues, message), else (a
 * broken invariant, a command's own error, a code this page does not know) an `Error` with the
 * worker's name and message.
 */
function fromWire(error: WireError): Error {
  if ('code' in error && isRedzoneErrorCode(error.code)) return new RedzoneError(error.code, error.message.replace(/^redzone: /, ''), error.issues)
  return Object.assign(new Error(error.message), { name: error.name })
}

/** A state document of any format version (the loader reads `/2` and `/1`, and names any other): not a position. */
function isStateDocument(source: GameSource): source is StateDocument {
  const format: unknown = (source as StateDocument).format
  return typeof format === 'string' && format.startsWith(STATE_FORMAT.slice(0, STATE_FORMAT.indexOf('/') + 1))
}

function isDeckSource(source: GameSource): source is DeckGameSource {
  return typeof source === 'object' && source !== null && 'decks' in source
}

const SOURCE_KINDS = 'a position, a toBinary buffer, a redzone-state/2 (or /1) document or { decks }'
const DECK_SOURCE_FIELDS: readonly string[] = ['decks'] satisfies (keyof DeckGameSource)[]

/** What is wrong with a game's source as the page gives it and the worker gets it (`path`: `source`), or null. */
function sourceError(source: unknown): string | null {
  if (!(source instanceof ArrayBuffer) && !isPlainObject(source)) return `source: expected ${SOURCE_KINDS}, got ${describeArgument(source)}`
  // A deck source's other fields were dropped (a misspelt seed among them).
  if (isPlainObject(source) && 'decks' in source) {
    for (const key of Object.keys(source)) {
      if (!DECK_SOURCE_FIELDS.includes(key)) return `source${fieldPath(key)}: unknown field of a deck source; expected ${DECK_SOURCE_FIELDS.join(', ')}`
    }
  }
  return null
}

function gameFrom(source: GameSource, seed: number | undefined): Game {
  if (source instanceof ArrayBuffer) return fromBinary(source)
  if (isStateDocument(source)) return fromJSON(source)
  if (isDeckSource(source)) return createDeckGame(source.decks, seed === undefined ? {} : { seed })
  return new Game(source, seed === undefined ? {} : { seed })
}

/** The agents of a game by player entity, each with its own random stream (`mixSeed(seed, seat + 1)`, as `playGame` seeds them). */
function seatAgents(game: Game, agents: Readonly<Record<string, AgentName>>, seed: number): Map<Eid, SeatedAgent> {
  const world = worldOf(game)
  const out = new Map<Eid, SeatedAgent>()
  for (const [player, name] of Object.entries(agents)) {
    const eid = game.eid(player)
    const seat = eid === undefined ? -1 : seatIndex(world, eid)
    if (eid === undefined || seat < 0) throw new RedzoneError('unknown-entity', `agents: "${player}" is not a player of this game`)
    const factory = (AGENTS as Record<string, AgentFactory | undefined>)[name]
    if (!Object.hasOwn(AGENTS, name) || factory === undefined) throw new RedzoneError('invalid-argument', `agents.${player}: unknown agent ${describeValue(name)}; expected one of ${AGENT_NAMES.join(', ')}`)
    const agent: Agent = factory.create(mixSeed(seed, seat + 1))
    out.set(eid, { agent, view: new GameView(world, eid), name, seat })
  }
  return out
}

/** `RemoteGame.runAgents` in the worker: the agents' choices and the forced actions, through the game (one version each). */
function runAgents(game: Game, agents: ReadonlyMap<Eid, SeatedAgent>, max: number | null, autoPass: readonly string[]): AgentRun {
  const world = worldOf(game)
  const passFor = new Set<Eid>()
  for (const id of autoPass) {
    const eid = game.eid(id)
    if (eid === undefined || !world.playerOrder.includes(eid)) throw new RedzoneError('unknown-entity', `autoPass: "${id}" is not a player of this game`)
    passFor.add(eid)
  }
  const chosen: AgentRun['chosen'] = []
  let forced = 0
  const stop = (stopped: AgentRun['stopped']): AgentRun => ({ chosen, forced, stopped, decision: game.pendingDecision() })
  for (;;) {
    const decision = pendingDecision(world)
    if (decision.kind === 'gameOver') return stop('gameOver')
    const player = decision.player!
    const seated = agents.get(player)
    if (!seated && !passFor.has(player)) return stop('decision')
    const legal = legalOf(world)
    const only = forcedAction(legal)
    if (only) {
      const result = trackChange(game, () => act(world, only))
      if (!result.ok) throw new Error(`redzone: the forced action ${actionText(only)} was rejected (${result.error.message}): please report a bug`)
      forced++
      continue
    }
    if (!seated) return stop('decision')
    if (max !== null && chosen.length >= max) return stop('max')
    const action = chooseChecked(seated, decision, legal)
    // Its text before the change (an id of the position the encoding can't write is JSON: nothing throws after the change).
    const text = actionString(mapRefs(action, (eid) => (eid === 0 ? undefined : game.id(eid))) as PlayerAction<string>)
    const result = trackChange(game, () => act(world, action))
    if (!result.ok) throw new RedzoneError('illegal-agent-action', `${agentLabel(seated)}: illegal action ${actionText(action)} at ${decision.kind}: ${result.error.code}: ${result.error.message}`)
    chosen.push({ player: game.id(player), action: text })
  }
}

const REQUEST_KINDS = ['init', 'agents', 'call', 'drive', 'command', 'events'] as const satisfies readonly Request['rz'][]

/**
 * A message the worker got, checked as a `Request` of the protocol before it is run: a kind it
 * has, each field of its type (a message of another script on the channel, or one made by hand,
 * threw a TypeError from inside: `source` null, `args` a string). Throws `invalid-argument` naming
 * the kind and the field.
 */
function checkRequest(request: Record<string, unknown>): Request {
  const kind = request['rz']
  const field = (name: string, ok: boolean, expected: string): void => {
    if (!ok) throw requestError(kind, `${name}: expected ${expected}, got ${describeArgument(request[name])}`)
  }
  switch (kind) {
    case 'init': {
      const wrong = sourceError(request['source'])
      if (wrong !== null) throw requestError(kind, wrong)
      field('seed', request['seed'] === undefined || (typeof request['seed'] === 'number' && Number.isFinite(request['seed'])), 'a number')
      field('agents', request['agents'] === undefined || isPlainObject(request['agents']), 'an object of player id to agent name')
      break
    }
    case 'agents': {
      const max = request['max']
      field('max', max === null || (typeof max === 'number' && Number.isSafeInteger(max) && max >= 0), 'null or a whole number from 0')
      const autoPass = request['autoPass']
      field('autoPass', Array.isArray(autoPass) && autoPass.every((id) => typeof id === 'string'), 'a list of player ids')
      break
    }
    case 'call':
    case 'drive':
    case 'command':
      field(kind === 'command' ? 'name' : 'method', typeof request[kind === 'command' ? 'name' : 'method'] === 'string', kind === 'command' ? 'a command name' : 'a method name')
      field('args', Array.isArray(request['args']), 'a list of arguments')
      break
    case 'events':
      field('on', typeof request['on'] === 'boolean', 'true or false')
      field('viewer', request['viewer'] === null || typeof request['viewer'] === 'string', 'null or a player id')
      break
    default:
      throw requestError(kind, `unknown kind; expected one of ${REQUEST_KINDS.join(', ')}`)
  }
  return request as Request
}

function requestError(kind: unknown, problem: string): RedzoneError {
  return new RedzoneError('invalid-argument', `worker message ${describeArgument(kind)}: ${problem}`)
}

/**
 * Throws `invalid-argument` naming the first value in a call's arguments that no `Game` method
 * takes and JSON can't carry (a BigInt: a structured clone carries it to the worker, and the
 * message naming an unknown id failed on it with a plain `Error`). Objects and lists are walked,
 * once each.
 */
function checkCallArguments(what: string, args: readonly unknown[]): void {
  const seen = new Set<object>()
  const walk = (value: unknown, path: string): void => {
    if (typeof value === 'bigint') throw new RedzoneError('invalid-argument', `${what}: ${path}: expected a value JSON can carry, got ${describeArgument(value)}`)
    if (typeof value !== 'object' || value === null || seen.has(value) || !(Array.isArray(value) || isPlainObject(value))) return
    seen.add(value)
    if (Array.isArray(value)) value.forEach((item, i) => walk(item, `${path}[${i}]`))
    else for (const [key, item] of Object.entries(value)) walk(item, `${path}${fieldPath(key)}`)
  }
  args.forEach((arg, i) => walk(arg, `args[${i}]`))
}

/**
 * Serves a game to the page (call it in the worker script: `exposeGame(self)`). The page starts
 * it with `createRemoteGame`; `commands` adds named operations (a benchmark, a bulk simulation)
 * that `RemoteGame.command` calls.
 */
export function exposeGame(worker: MessageEndpoint | WorkerScope, options: { commands?: Readonly<Record<string, WorkerCommand>> } = {}): void {
  if (!isEndpoint(worker)) {
    throw new RedzoneError('invalid-argument', `exposeGame: worker must be a worker's scope (self) or a MessagePort (postMessage and addEventListener), got ${describeArgument(worker)}`)
  }
  const commands = exposeCommands(options)
  const scope = worker as MessageEndpoint
  let game: Game | null = null
  let agents = new Map<Eid, SeatedAgent>()
  let events: ClientEvent[] = []
  let streams: string[] = []
  /** The streams the page listens to ('' omniscient, else a viewer's id), with their subscriptions to the game. */
  const subscriptions = new Map<string, (() => void) | null>()
  const subscribe = (key: string): (() => void) | null =>
    game === null ? null : onEvent(game, (e) => {
      events.push(e)
      streams.push(key)
    }, key === '' ? {} : { viewer: key })
  const listen = (): void => {
    for (const [key, unsubscribe] of subscriptions) {
      unsubscribe?.()
      subscriptions.set(key, subscribe(key))
    }
  }
  const need = (): Game => {
    if (game === null) throw new RedzoneError('no-game', 'no game in this worker yet: createRemoteGame starts one')
    return game
  }
  const run = (request: Request): { value: unknown; transfer: ArrayBuffer[] } => {
    switch (request.rz) {
      case 'init':
        game = gameFrom(request.source, request.seed)
        agents = request.agents ? seatAgents(game, request.agents, request.seed ?? 0) : new Map()
        listen()
        // The page checks `onEvent`'s viewer against these at once, whatever the game started from.
        return { value: { players: worldOf(game).playerOrder.map((eid) => game!.id(eid)) } satisfies Started, transfer: [] }
      case 'events': {
        const key = request.viewer ?? ''
        subscriptions.get(key)?.()
        if (request.on) subscriptions.set(key, subscribe(key))
        else subscriptions.delete(key)
        return { value: null, transfer: [] }
      }
      case 'call': {
        const g = need()
        switch (request.method) {
          case 'toBinary':
          case 'snapshot': {
            const buffer = toBinary(g)
            return { value: buffer, transfer: [buffer] }
          }
          case 'toJSON':
            return { value: toJSON(g), transfer: [] }
          case 'checksum':
            return { value: checksum(g), transfer: [] }
          case 'clientState':
            return { value: clientState(g, request.args[0] as string | undefined), transfer: [] }
          case 'legalActions':
            return { value: legalActions(g), transfer: [] }
          case 'state':
            return { value: gameState(g), transfer: [] }
          case 'restore': {
            const { snapshot } = readBinary(request.args[0] as ArrayBuffer)
            restore(g, snapshot as unknown as Snapshot)
            return { value: undefined, transfer: [] }
          }
          case 'version':
            return { value: g.version, transfer: [] }
        }
        if (!(GAME_METHODS as readonly string[]).includes(request.method)) throw new RedzoneError('invalid-argument', `unknown Game method "${request.method}"`)
        checkCallArguments(request.method, request.args)
        const method = g[request.method as GameMethod] as (...args: unknown[]) => unknown
        return { value: method.apply(g, request.args), transfer: [] }
      }
      case 'drive': {
        const g = need()
        if (!(DRIVER_METHODS as readonly string[]).includes(request.method)) throw new RedzoneError('invalid-argument', `unknown driver method "${request.method}"`)
        checkCallArguments(`drive.${request.method}`, request.args)
        const driver = drive(g)
        const method = driver[request.method as DriverMethod] as (...args: unknown[]) => unknown
        return { value: method.apply(driver, request.args), transfer: [] }
      }
      case 'agents':
        return { value: runAgents(need(), agents, request.max, request.autoPass), transfer: [] }
      case 'command': {
        // Own names only: `toString` or `constructor` is no command (Object.prototype's ran).
        const command = Object.hasOwn(commands, request.name) ? commands[request.name] : undefined
        if (!command) throw new RedzoneError('invalid-argument', `unknown worker command "${request.name}"`)
        const value = command(game, ...request.args)
        return { value, transfer: value instanceof ArrayBuffer ? [value] : [] }
      }
    }
  }
  scope.addEventListener('message', (event) => {
    const request = event.data as Request
    if (typeof request !== 'object' || request === null || !('rz' in request)) return
    let reply: Reply
    let transfer: ArrayBuffer[] = []
    try {
      const done = run(checkRequest(request as unknown as Record<string, unknown>))
      transfer = done.transfer
      reply = { rz: 'reply', id: request.id, events, streams, ok: true, value: done.value }
    } catch (error) {
      reply = { rz: 'reply', id: request.id, events, streams, ok: false, error: toWire(error) }
    }
    events = []
    streams = []
    try {
      scope.postMessage(reply, transfer)
    } catch (error) {
      // A value that can't be cloned (a command returning a function): without an answer the
      // page's promise would never settle. The change, if any, is applied; its events go too.
      scope.postMessage({ rz: 'reply', id: reply.id, events: reply.events, streams: reply.streams, ok: false, error: toWire(error) } satisfies Reply, [])
    }
  })
  scope.start?.()
}

/**
 * A page listener's error, reported the way the DOM reports an event listener's: `reportError`
 * where it exists (browsers: the page's `error` event and the console), else thrown from a
 * microtask (Node: an uncaught exception). Never thrown into the reply's delivery, where it would
 * stop the other listeners and leave the call's promise unsettled.
 */
function reportListenerError(error: unknown): void {
  const report = (globalThis as { reportError?: unknown }).reportError
  if (typeof report === 'function') report.call(globalThis, error)
  else queueMicrotask(() => {
    throw error
  })
}

/** Something messages go through: `postMessage` and `addEventListener` (a Worker, a worker's scope, a MessagePort). */
function isEndpoint(value: unknown): boolean {
  const endpoint = value as Partial<Record<'postMessage' | 'addEventListener', unknown>> | null
  return typeof endpoint === 'object' && endpoint !== null && typeof endpoint.postMessage === 'function' && typeof endpoint.addEventListener === 'function'
}

const EXPOSE_OPTION_NAMES = ['commands'] as const
const REMOTE_OPTION_NAMES = ['seed', 'agents'] as const
const RUN_AGENTS_OPTION_NAMES = ['max', 'autoPass'] as const

/** `exposeGame`'s options checked (an unknown key, a command that is not a function): its commands by name. */
function exposeCommands(options: unknown): Readonly<Record<string, WorkerCommand>> {
  const { commands } = knownOptions(options, 'exposeGame: ', EXPOSE_OPTION_NAMES)
  if (commands === undefined) return {}
  if (!isPlainObject(commands)) throw new RedzoneError('invalid-argument', `exposeGame: options.commands: expected an object of named functions, got ${describeArgument(commands)}`)
  for (const [name, command] of Object.entries(commands)) {
    if (typeof command !== 'function') throw new RedzoneError('invalid-argument', `exposeGame: options.commands${fieldPath(name)}: expected a function (game, ...args), got ${describeValue(command)}`)
  }
  return commands as Record<string, WorkerCommand>
}

/** A plain-JavaScript caller's arguments to `createRemoteGame`, checked before anything is sent. */
function checkRemoteArguments(worker: unknown, source: unknown, given: unknown): void {
  if (!isEndpoint(worker)) {
    throw new RedzoneError('invalid-argument', `createRemoteGame: worker must be a Worker or a MessagePort (postMessage and addEventListener), got ${describeArgument(worker)}`)
  }
  const wrong = sourceError(source)
  if (wrong !== null) throw new RedzoneError('invalid-argument', `createRemoteGame: ${wrong}`)
  if (source instanceof ArrayBuffer && source.byteLength === 0) {
    throw new RedzoneError('invalid-argument', 'createRemoteGame: source is an empty buffer (already transferred to a worker? toBinary() again, or pass a copy: buffer.slice(0))')
  }
  const options = knownOptions(given, 'createRemoteGame: ', REMOTE_OPTION_NAMES)
  if (options['seed'] !== undefined && (typeof options['seed'] !== 'number' || !Number.isFinite(options['seed']))) {
    throw new RedzoneError('invalid-argument', `createRemoteGame: options.seed must be a number, got ${describeValue(options['seed'])}`)
  }
  const agents = options['agents']
  if (agents === undefined) return
  // A Map was taken as an object without keys: no agents, silently.
  if (!isPlainObject(agents)) {
    throw new RedzoneError('invalid-argument', `createRemoteGame: options.agents must be an object of player id to agent name, got ${describeArgument(agents)}`)
  }
  // The names here; the players in the worker, which knows them.
  for (const [player, name] of Object.entries(agents)) {
    if (typeof name !== 'string' || !(AGENT_NAMES as readonly string[]).includes(name)) {
      throw new RedzoneError('invalid-argument', `createRemoteGame: options.agents${fieldPath(player)}: unknown agent ${describeValue(name)}; expected one of ${AGENT_NAMES.join(', ')}`)
    }
  }
}

/** `runAgents`' options as the worker takes them, or the `invalid-argument` error naming the bad one. */
function agentRunRequest(run: unknown): { max: number | null; autoPass: readonly string[] } {
  if (run === undefined) return { max: null, autoPass: [] }
  const { max, autoPass } = knownOptions(run, 'runAgents: ', RUN_AGENTS_OPTION_NAMES)
  // A negative or fractional max compared as "reached" at the first choice: the run stopped at once, silently.
  if (max !== undefined && (typeof max !== 'number' || !Number.isSafeInteger(max) || max < 0)) {
    throw new RedzoneError('invalid-argument', `runAgents: max must be a whole number from 0 (the most agent choices), got ${describeValue(max)}`)
  }
  if (autoPass !== undefined && (!Array.isArray(autoPass) || !autoPass.every((id) => typeof id === 'string'))) {
    throw new RedzoneError('invalid-argument', `runAgents: autoPass must be an array of player ids, got ${describeValue(autoPass)}`)
  }
  return { max: max ?? null, autoPass: (autoPass as readonly string[] | undefined) ?? [] }
}

/**
 * Starts a game in a worker that called `exposeGame`, from a position (with an optional seed),
 * a `toBinary` buffer (transferred: the buffer is unusable here afterwards) or a JSON document.
 * A worker that fails before it answers (its script did not load, or threw) rejects it with `no-game`.
 * Nothing else times it out: over an endpoint nothing answers (a MessagePort whose other end
 * called no `exposeGame`), the promise never settles; race it against a timer of your own if that
 * can happen and, on expiry, terminate the Worker or close the port.
 */
export async function createRemoteGame(
  worker: MessageEndpoint,
  source: GameSource,
  options: { seed?: number; agents?: Readonly<Record<string, AgentName>> } = {},
): Promise<RemoteGame> {
  checkRemoteArguments(worker, source, options)
  let nextId = 1
  /** Why calls are refused (disposed, terminated), once they are. */
  let closed: string | null = null
  const waiting = new Map<number, { what: string; resolve: (value: unknown) => void; reject: (error: Error) => void }>()
  const listeners = new Map<string, Set<(event: ClientEvent) => void>>()
  const onMessage = (event: { data: unknown }): void => {
    const reply = event.data as Reply
    if (typeof reply !== 'object' || reply === null || reply.rz !== 'reply') return
    const pending = waiting.get(reply.id)
    if (!pending) return
    waiting.delete(reply.id)
    reply.events.forEach((e, i) => {
      for (const listener of listeners.get(reply.streams[i]!) ?? []) {
        try {
          listener(e)
        } catch (error) {
          reportListenerError(error)
        }
      }
    })
    if (reply.ok) pending.resolve(reply.value)
    else pending.reject(fromWire(reply.error))
  }
  // Only a Worker fires `error` (its script did not load, or threw): before the game started,
  // nothing will answer `init`. A MessagePort never fires it. The type check skips endpoints
  // that hand every listener their messages whatever the type.
  const errors = worker as unknown as { addEventListener(type: 'error', listener: (event: unknown) => void): void; removeEventListener?(type: 'error', listener: (event: unknown) => void): void }
  const onError = (event: unknown): void => {
    if ((event as { type?: unknown } | null)?.type !== 'error') return
    const message = (event as { message?: unknown }).message
    close(`the worker failed before it started a game (${typeof message === 'string' && message !== '' ? message : 'its script did not load or threw'})`)
  }
  const close = (reason: string): void => {
    if (closed !== null) return
    closed = reason
    worker.removeEventListener?.('message', onMessage)
    errors.removeEventListener?.('error', onError)
    for (const { what, reject } of waiting.values()) reject(new RedzoneError('no-game', `${what}: ${reason}`))
    waiting.clear()
    listeners.clear()
  }
  worker.addEventListener('message', onMessage)
  errors.addEventListener('error', onError)
  worker.start?.()
  /** `what` names the call in errors (`declareAttackers`, `drive.walkToAttack`, `runAgents`). */
  const send = <T>(what: string, request: DistributiveOmit<Request, 'id'>, transfer: ArrayBuffer[] = []): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      if (closed !== null) throw new RedzoneError('no-game', `${what}: ${closed}`)
      const id = nextId++
      waiting.set(id, { what, resolve: resolve as (value: unknown) => void, reject })
      try {
        worker.postMessage({ ...request, id }, transfer)
      } catch (error) {
        // A DataCloneError: an argument structured clone can't copy (a function, a detached buffer).
        waiting.delete(id)
        throw new RedzoneError('invalid-argument', `${what}: an argument can't be sent to the worker (${error instanceof Error ? error.message : String(error)})`)
      }
    })

  let started: Started
  try {
    started = await send<Started>(
      'createRemoteGame',
      { rz: 'init', source, ...(options.seed === undefined ? {} : { seed: options.seed }), ...(options.agents ? { agents: options.agents } : {}) },
      source instanceof ArrayBuffer ? [source] : [],
    )
  } catch (error) {
    close('the game did not start')
    throw error
  }
  errors.removeEventListener?.('error', onError)
  const players = new Set(started.players)

  const call = (method: string) => (...args: unknown[]) => send(method, { rz: 'call', method, args })
  const remote: Record<string, unknown> = {}
  for (const method of [...GAME_METHODS, 'toBinary', 'snapshot', 'version', 'toJSON', 'checksum', 'clientState', 'legalActions', 'state']) remote[method] = call(method)
  remote['restore'] = async (snapshot: unknown) => {
    if (!(snapshot instanceof ArrayBuffer)) throw new RedzoneError('invalid-argument', `restore: snapshot must be an ArrayBuffer (from snapshot() or toBinary()), got ${describeValue(snapshot)}`)
    // restore transfers the buffer: a second restore of the same snapshot finds it detached (empty).
    if (snapshot.byteLength === 0) throw new RedzoneError('invalid-argument', 'restore: snapshot is an empty buffer (transferred by an earlier restore? restore takes the buffer: pass snapshot.slice(0) to keep one)')
    return send('restore', { rz: 'call', method: 'restore', args: [snapshot] }, [snapshot])
  }
  const drive: Record<string, unknown> = {}
  for (const method of DRIVER_METHODS) drive[method] = (...args: unknown[]) => send(`drive.${method}`, { rz: 'drive', method, args })
  remote['drive'] = drive
  remote['runAgents'] = async (run?: unknown) => send('runAgents', { rz: 'agents', ...agentRunRequest(run) })
  remote['command'] = (name: string, ...args: unknown[]) => send(`command ${JSON.stringify(name)}`, { rz: 'command', name, args })
  remote['onEvent'] = (listener: unknown, options: unknown = {}) => {
    if (closed !== null) throw new RedzoneError('no-game', `onEvent: ${closed}`)
    // `onEvent`'s checks and refusals (`views.ts`), word for word: the page knows the players from `init`.
    checkListener(listener)
    const viewer = viewerId(knownOptions(options, 'onEvent: ', ON_EVENT_OPTION_NAMES)['viewer'], 'onEvent', 'options.viewer')
    if (viewer !== undefined && !players.has(viewer)) throw unknownViewer(viewer, 'onEvent')
    const key = viewer ?? ''
    let set = listeners.get(key)
    if (!set) {
      set = new Set()
      listeners.set(key, set)
      // Refused only once the remote game is closed, which has rejected everything already.
      void send('onEvent', { rz: 'events', on: true, viewer: viewer ?? null }).catch(() => listeners.delete(key))
    }
    set.add(listener as (event: ClientEvent) => void)
    return () => {
      set.delete(listener as (event: ClientEvent) => void)
      if (set.size === 0 && listeners.get(key) === set) {
        listeners.delete(key)
        void send('onEvent', { rz: 'events', on: false, viewer: viewer ?? null }).catch(() => undefined)
      }
    }
  }
  remote['dispose'] = () => close('the remote game was disposed')
  remote['terminate'] = () => {
    if (closed !== null && closed !== 'the remote game was disposed') return
    close('the worker was terminated')
    if (worker.terminate) worker.terminate()
    else worker.close?.()
  }
  return remote as unknown as RemoteGame
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never

export { RedzoneError }
export type { ActionResult, ClientEvent, ClientState, DeckSpec, Decision, GameState, InputIssue, LegalActions, PlayerAction, Position, RedzoneErrorCode, StateDocument }
