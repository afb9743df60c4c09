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
 *
 * Works over anything with `postMessage` and `addEventListener('message')`: a `Worker` and the
 * worker's `self`, or the two ports of a `MessageChannel`.
 */
import type { ClientEvent } from '../api/event-stream.js'
import type { ClientState } from '../api/client-state.js'
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
import { forcedAction, mixSeed } from '../play/play-game.js'
import { encodeAction } from '../play/encode.js'
import { mapRefs } from '../api/refs.js'
import { GameView } from '../play/view.js'
import { randomAgent } from '../play/agents/random.js'
import { heuristicAgent } from '../play/agents/heuristic.js'
import { searchAgent } from '../play/agents/search.js'
import { seatIndex } from '../core/players.js'

/** One end of a message channel: a `Worker`, a worker's `self`, a `MessagePort`. */
export interface MessageEndpoint {
  postMessage(message: unknown, transfer: ArrayBuffer[]): void
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void
  removeEventListener?(type: 'message', listener: (event: { data: unknown }) => void): void
  /** MessagePorts need it to deliver to `addEventListener` listeners. */
  start?(): void
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

/** What a game starts from: a position, a `toBinary` buffer (transferred), a `redzone-state/1` document, or decks. */
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
  /** Each choice an agent made, in order: its player and the action (`encodeAction` with ids). */
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
  /** `toJSON(game)`: the game as a `redzone-state/1` document. */
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
  /** Like `Game.onEvent` (`viewer`: that player's stream): the events of every later call, in order, before the call's promise resolves. */
  onEvent(listener: (event: ClientEvent) => void, options?: { viewer?: string }): () => void
  /**
   * Lets the seats played by agents (`createRemoteGame`'s `agents`) decide, in the worker, until a
   * player who is not an agent must decide, the game is over, or the agents made `max` choices;
   * their events arrive before the promise resolves, as for any call.
   */
  runAgents(options?: RunAgentsOptions): Promise<AgentRun>
  /** A command registered with `exposeGame(scope, { commands })`. */
  command<T = unknown>(name: string, ...args: unknown[]): Promise<T>
  /** Stops listening to the worker (the worker itself is the caller's to terminate). */
  dispose(): void
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

function isStateDocument(source: GameSource): source is StateDocument {
  return (source as StateDocument).format === STATE_FORMAT
}

function isDeckSource(source: GameSource): source is DeckGameSource {
  return typeof source === 'object' && source !== null && 'decks' in source
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
    if (!Object.hasOwn(AGENTS, name) || factory === undefined) throw new RedzoneError('invalid-argument', `agents.${player}: unknown agent ${JSON.stringify(name)}; expected one of ${AGENT_NAMES.join(', ')}`)
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
      if (!result.ok) throw new Error(`redzone: the forced action "${encodeAction(only)}" was rejected (${result.error.message}): please report a bug`)
      forced++
      continue
    }
    if (!seated) return stop('decision')
    if (max !== null && chosen.length >= max) return stop('max')
    const action = chooseChecked(seated, decision, legal)
    const result = trackChange(game, () => act(world, action))
    if (!result.ok) throw new RedzoneError('illegal-agent-action', `${agentLabel(seated)}: illegal action "${encodeAction(action)}" at ${decision.kind}: ${result.error.code}: ${result.error.message}`)
    chosen.push({ player: game.id(player), action: encodeAction(mapRefs(action, (eid) => (eid === 0 ? undefined : game.id(eid))) as PlayerAction<string>) })
  }
}

/**
 * Serves a game to the page (call it in the worker script: `exposeGame(self)`). The page starts
 * it with `createRemoteGame`; `commands` adds named operations (a benchmark, a bulk simulation)
 * that `RemoteGame.command` calls.
 */
export function exposeGame(worker: MessageEndpoint | WorkerScope, options: { commands?: Readonly<Record<string, WorkerCommand>> } = {}): void {
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
        return { value: null, transfer: [] }
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
        const method = g[request.method as GameMethod] as (...args: unknown[]) => unknown
        return { value: method.apply(g, request.args), transfer: [] }
      }
      case 'drive': {
        const g = need()
        if (!(DRIVER_METHODS as readonly string[]).includes(request.method)) throw new RedzoneError('invalid-argument', `unknown driver method "${request.method}"`)
        const driver = drive(g)
        const method = driver[request.method as DriverMethod] as (...args: unknown[]) => unknown
        return { value: method.apply(driver, request.args), transfer: [] }
      }
      case 'agents':
        return { value: runAgents(need(), agents, request.max, request.autoPass), transfer: [] }
      case 'command': {
        const command = options.commands?.[request.name]
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
      const done = run(request)
      transfer = done.transfer
      reply = { rz: 'reply', id: request.id, events, streams, ok: true, value: done.value }
    } catch (error) {
      reply = { rz: 'reply', id: request.id, events, streams, ok: false, error: toWire(error) }
    }
    events = []
    streams = []
    scope.postMessage(reply, transfer)
  })
  scope.start?.()
}

/**
 * Starts a game in a worker that called `exposeGame`, from a position (with an optional seed),
 * a `toBinary` buffer (transferred: the buffer is unusable here afterwards) or a JSON document.
 */
export async function createRemoteGame(
  worker: MessageEndpoint,
  source: GameSource,
  options: { seed?: number; agents?: Readonly<Record<string, AgentName>> } = {},
): Promise<RemoteGame> {
  let nextId = 1
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>()
  const listeners = new Map<string, Set<(event: ClientEvent) => void>>()
  const onMessage = (event: { data: unknown }): void => {
    const reply = event.data as Reply
    if (typeof reply !== 'object' || reply === null || reply.rz !== 'reply') return
    const pending = waiting.get(reply.id)
    if (!pending) return
    waiting.delete(reply.id)
    reply.events.forEach((e, i) => {
      for (const listener of listeners.get(reply.streams[i]!) ?? []) listener(e)
    })
    if (reply.ok) pending.resolve(reply.value)
    else pending.reject(fromWire(reply.error))
  }
  worker.addEventListener('message', onMessage)
  worker.start?.()
  const send = <T>(request: DistributiveOmit<Request, 'id'>, transfer: ArrayBuffer[] = []): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const id = nextId++
      waiting.set(id, { resolve: resolve as (value: unknown) => void, reject })
      worker.postMessage({ ...request, id }, transfer)
    })

  await send(
    { rz: 'init', source, ...(options.seed === undefined ? {} : { seed: options.seed }), ...(options.agents ? { agents: options.agents } : {}) },
    source instanceof ArrayBuffer ? [source] : [],
  )

  const call = (method: string) => (...args: unknown[]) => send({ rz: 'call', method, args })
  const remote: Record<string, unknown> = {}
  for (const method of [...GAME_METHODS, 'toBinary', 'snapshot', 'version', 'toJSON', 'checksum', 'clientState', 'legalActions', 'state']) remote[method] = call(method)
  remote['restore'] = (snapshot: ArrayBuffer) => send({ rz: 'call', method: 'restore', args: [snapshot] }, [snapshot])
  const drive: Record<string, unknown> = {}
  for (const method of DRIVER_METHODS) drive[method] = (...args: unknown[]) => send({ rz: 'drive', method, args })
  remote['drive'] = drive
  remote['runAgents'] = (run: RunAgentsOptions = {}) => send({ rz: 'agents', max: run.max ?? null, autoPass: run.autoPass ?? [] })
  remote['command'] = (name: string, ...args: unknown[]) => send({ rz: 'command', name, args })
  remote['onEvent'] = (listener: (event: ClientEvent) => void, options: { viewer?: string } = {}) => {
    const key = options.viewer ?? ''
    let set = listeners.get(key)
    if (!set) {
      set = new Set()
      listeners.set(key, set)
      // A viewer who is not a player of the game: the worker refuses, and nothing is delivered.
      void send({ rz: 'events', on: true, viewer: options.viewer ?? null }).catch(() => listeners.delete(key))
    }
    set.add(listener)
    return () => {
      set.delete(listener)
      if (set.size === 0 && listeners.get(key) === set) {
        listeners.delete(key)
        void send({ rz: 'events', on: false, viewer: options.viewer ?? null })
      }
    }
  }
  remote['dispose'] = () => {
    worker.removeEventListener?.('message', onMessage)
    for (const { reject } of waiting.values()) reject(new RedzoneError('no-game', 'the remote game was disposed'))
    waiting.clear()
  }
  return remote as unknown as RemoteGame
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never

export { RedzoneError }
export type { ActionResult, ClientEvent, ClientState, DeckSpec, Decision, GameState, InputIssue, LegalActions, PlayerAction, Position, RedzoneErrorCode, StateDocument }
