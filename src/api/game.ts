import { keywordBit, type KeywordName } from '../../components/keywords.js'
import * as drive from './drive.js'
import * as outside from '../rules/actions/outside-effects.js'
import { reject, RedzoneError, type ActionResult, type Rejection } from '../core/errors.js'
import type { EventEmitter } from 'eventemitter3'
import type { Eid, GameEvents } from '../core/events.js'
import { buildPosition, type Position } from '../state/position.js'
import { gameState, type GameState } from './game-state.js'
import { stepByName, type StepName } from '../core/steps.js'
import { restoreWorld, snapshotWorld, type WorldSnapshot } from '../state/snapshot.js'
import { readBinary, readJson, stateToBinary, stateToJson, type StateDocument } from '../state/serialize.js'
import { checksum } from '../state/digest.js'
import type { GameWorld } from '../core/world.js'
import { act } from '../decisions/act.js'
import * as args from './args.js'
import { ACTION_TYPES } from '../decisions/action.js'
import type { Decision, PlayerAction } from '../decisions/action.js'
import { legalActions, type LegalActions } from '../decisions/legal.js'
import { pendingDecision } from '../decisions/pending.js'
import { clientState, type ClientState } from './client-state.js'
import { EventStream, type ClientEvent } from './event-stream.js'

type Assign = Readonly<Record<string, Readonly<Record<string, number>>>>

/**
 * A game created from a position, driven one action at a time. Objects and players are named by
 * the ids of the position. Every action returns an `ActionResult`; a rejected action leaves the
 * game exactly as it was.
 *
 * The rules commands (`act` and the methods named after each decision) answer the decision the
 * game is waiting for (`pendingDecision()`), whose legal answers `legalActions()` lists. The
 * driver helpers under `drive` walk the turn with default choices, as the scenario format does.
 */
export class Game {
  readonly world: GameWorld
  /** Driver helpers: the scenario format's actions (walk to the step, then act). */
  readonly drive: GameDriver
  private readonly eids: Map<string, Eid>
  private changes = 0
  private depth = 0
  private stream: EventStream | null = null

  constructor(position: Position, options: { seed?: number } = {}) {
    const built = buildPosition(position, options)
    this.world = built.world
    this.eids = built.ids
    this.drive = new GameDriver(this)
  }

  /** The entity of an id, or undefined. */
  eid(id: string): Eid | undefined {
    return this.eids.get(id)
  }

  /** The id of an entity (players and objects). */
  id(eid: Eid): string {
    const label = this.world.labels[eid]
    if (label === undefined) throw new RedzoneError('unknown-entity', `no entity ${eid} in this game`)
    return label
  }

  /** Resolves ids, or returns the `unknown-object` rejection naming the first unknown one. */
  resolve(ids: readonly string[]): Eid[] | Rejection {
    const out: Eid[] = []
    for (const id of ids) {
      const eid = typeof id === 'string' ? this.eids.get(id) : undefined
      if (eid === undefined) return reject('unknown-object', `there is no player or object ${JSON.stringify(id)} in this game`, null)
      out.push(eid)
    }
    return out
  }

  /** Resolves a `{ id: id }` map to entity pairs in key order, or the `unknown-object` rejection. */
  resolvePairs(map: Readonly<Record<string, string>>): [Eid, Eid][] | Rejection {
    const eids = this.resolve(Object.entries(map).flat())
    if (!Array.isArray(eids)) return eids
    const pairs: [Eid, Eid][] = []
    for (let i = 0; i < eids.length; i += 2) pairs.push([eids[i]!, eids[i + 1]!])
    return pairs
  }

  /**
   * The state version: how many changes the game has accepted through this API (each accepted
   * `act`, rules command, outside effect, driver helper and `restore` counts one; a rejected one
   * none). Events emitted during a call carry the version that call leads to. Changes made on
   * `world` directly with the entity-level functions are not counted.
   */
  get version(): number {
    return this.changes
  }

  /** Runs one API call as one change: counted when accepted (nested calls count once). */
  track<R extends ActionResult | void>(run: () => R): R {
    if (this.depth > 0) return run()
    this.depth++
    this.changes++
    let accepted = false
    try {
      const result = run()
      accepted = result === undefined || result.ok
      return result
    } finally {
      this.depth--
      if (!accepted) this.changes--
    }
  }

  /** What a client draws (src/api/client-state.ts); `viewer` hides what that player may not see (CR 400.2). */
  clientState(viewer?: string): ClientState {
    return clientState(this, viewer)
  }

  /**
   * Every event as a JSON-friendly object `{ seq, version, type, rule, ...fields }` (entities as
   * ids); `seq` grows by one per event of this game from the first subscription on, so a client can
   * tell it missed one. With `viewer`, cards that player may not see are named null (CR 400.2).
   * Listeners must not change the game.
   */
  onEvent(listener: (event: ClientEvent) => void, options: { viewer?: string } = {}): () => void {
    this.stream ??= new EventStream(this)
    return this.stream.subscribe(listener, options.viewer)
  }

  private idOrNull(eid: Eid | null): string | null {
    return eid === null || eid === 0 ? null : this.id(eid)
  }

  // ---- Decisions -------------------------------------------------------------------------

  /** Who must decide what now, with the rule (CR 117.3 priority, 508.1, 509.1, 510.1, 701.23, 514.1, 103.5). */
  pendingDecision(): Decision<string> {
    const d = pendingDecision(this.world)
    return { ...d, player: this.idOrNull(d.player) }
  }

  /** The legal actions of the pending decision, factored per object. */
  legalActions(): LegalActions<string> {
    const l = legalActions(this.world)
    const ids = (eids: readonly Eid[]): string[] => eids.map((e) => this.id(e))
    return {
      ...l,
      player: this.idOrNull(l.player),
      play: ids(l.play),
      cast: l.cast.map((c) => ({ card: this.id(c.card), targets: ids(c.targets), plot: c.plot })),
      activate: l.activate.map((a) => ({ object: this.id(a.object), ability: a.ability, targets: ids(a.targets) })),
      plot: ids(l.plot),
      attackers: l.attackers.map((a) => ({ attacker: this.id(a.attacker), targets: ids(a.targets) })),
      blockers: l.blockers.map((b) => ({ blocker: this.id(b.blocker), attackers: ids(b.attackers) })),
      damage: l.damage.map((d) => ({ creature: this.id(d.creature), amount: d.amount, recipients: ids(d.recipients) })),
      cards: ids(l.cards),
    }
  }

  /** Answers the pending decision (ids resolved to entities first: an unknown id is `unknown-object`). */
  act(action: PlayerAction<string>): ActionResult {
    checkAction(action)
    const resolved = this.toEntities(action)
    if ('ok' in resolved) return resolved
    return this.track(() => act(this.world, resolved))
  }

  private toEntities(action: PlayerAction<string>): PlayerAction | Rejection {
    const one = (id: string): Eid | Rejection => {
      const r = this.resolve([id])
      return Array.isArray(r) ? r[0]! : r
    }
    const many = (ids: readonly string[]): Eid[] | Rejection => this.resolve(ids)
    const player = one(action.player)
    if (typeof player !== 'number') return player
    switch (action.type) {
      case 'pass':
      case 'mulligan':
      case 'keep':
        return { type: action.type, player }
      case 'play':
      case 'plot': {
        const card = one(action.card)
        return typeof card === 'number' ? { type: action.type, player, card } : card
      }
      case 'cast': {
        const refs = many([action.card, ...(action.target === undefined ? [] : [action.target]), ...(action.pay ?? [])])
        if (!Array.isArray(refs)) return refs
        const target = action.target === undefined ? 0 : refs[1]!
        const pay = action.pay === undefined ? undefined : refs.slice(action.target === undefined ? 1 : 2)
        return { type: 'cast', player, card: refs[0]!, target, plot: action.plot ?? false, ...(pay ? { pay } : {}) }
      }
      case 'activate': {
        const refs = many([action.object, action.target, ...(action.pay ?? [])])
        if (!Array.isArray(refs)) return refs
        return { type: 'activate', player, object: refs[0]!, ability: action.ability, target: refs[1]!, ...(action.pay ? { pay: refs.slice(2) } : {}) }
      }
      case 'declareAttackers': {
        const refs = many(action.attackers.flatMap((a) => [a.attacker, a.target]))
        if (!Array.isArray(refs)) return refs
        return { type: 'declareAttackers', player, attackers: action.attackers.map((_, i) => ({ attacker: refs[2 * i]!, target: refs[2 * i + 1]! })) }
      }
      case 'declareBlockers': {
        const refs = many(action.blockers.flatMap((b) => [b.blocker, b.attacker]))
        if (!Array.isArray(refs)) return refs
        return { type: 'declareBlockers', player, blockers: action.blockers.map((_, i) => ({ blocker: refs[2 * i]!, attacker: refs[2 * i + 1]! })) }
      }
      case 'assignDamage': {
        const refs = many(action.assignments.flatMap((a) => [a.creature, a.recipient]))
        if (!Array.isArray(refs)) return refs
        return { type: 'assignDamage', player, assignments: action.assignments.map((a, i) => ({ creature: refs[2 * i]!, recipient: refs[2 * i + 1]!, amount: a.amount })) }
      }
      case 'search': {
        if (action.cards === null) return { type: 'search', player, cards: null }
        const cards = many(action.cards)
        return Array.isArray(cards) ? { type: 'search', player, cards } : cards
      }
      case 'discard':
      case 'bottom': {
        const cards = many(action.cards)
        return Array.isArray(cards) ? { type: action.type, player, cards } : cards
      }
    }
  }

  /** CR 117.3d: the player who holds priority passes. */
  pass(): ActionResult {
    const decision = pendingDecision(this.world)
    // Nobody decides in untap and cleanup (CR 117.1), or after the game: the pass is made for the active player, and rejected.
    return this.track(() => act(this.world, { type: 'pass', player: decision.player ?? this.world.turn.active }))
  }

  /** CR 305.1: plays a land (the player must hold priority). */
  play(player: string, card: string): ActionResult {
    return this.act({ type: 'play', player, card })
  }

  /**
   * CR 601: casts a spell (timing, targets and cost checked); it goes on the stack and the caster
   * keeps priority (117.3c). `targets`: one id; `alternative: 'plot'` casts a plotted card from
   * exile without paying its mana cost; `pay`: the lands to tap.
   */
  cast(player: string, card: string, options: { targets?: readonly string[]; alternative?: 'plot'; pay?: readonly string[] } = {}): ActionResult {
    args.options(options, 'cast options')
    const targets = options.targets === undefined ? [] : args.idList(options.targets, 'targets')
    if (options.pay !== undefined) args.idList(options.pay, 'pay')
    if (targets.length > 1) return reject('illegal-target', `${card} takes one target, not ${targets.length}`, '601.2c')
    return this.act({
      type: 'cast',
      player,
      card,
      ...(targets.length === 1 ? { target: targets[0]! } : {}),
      plot: options.alternative === 'plot',
      ...(options.pay ? { pay: options.pay } : {}),
    })
  }

  /** CR 602, 702.6: activates an equip ability of `object` targeting `targets[0]`; it goes on the stack. */
  activate(player: string, object: string, ability: 'equip' | 'equip planeswalker', targets: readonly string[], options: { pay?: readonly string[] } = {}): ActionResult {
    args.idList(targets, 'targets')
    if (args.options(options, 'activate options')['pay'] !== undefined) args.idList(options.pay, 'pay')
    if (targets.length !== 1) return reject('illegal-target', `${ability} takes one target, not ${targets.length}`, '602.2b')
    return this.act({ type: 'activate', player, object, ability, target: targets[0]!, ...(options.pay ? { pay: options.pay } : {}) })
  }

  /** CR 702.170a: the plot special action (116.2k). */
  plot(player: string, card: string): ActionResult {
    return this.act({ type: 'plot', player, card })
  }

  /** CR 508.1: answers the declare attackers decision: `{ attackerId: playerOrPlaneswalkerId }`, in declaration order. */
  declareAttackers(attackers: Readonly<Record<string, string>>): ActionResult {
    args.idMap(attackers, 'attackers')
    const d = pendingDecision(this.world)
    return this.act({ type: 'declareAttackers', player: this.idOrNull(d.player) ?? '', attackers: Object.entries(attackers).map(([attacker, target]) => ({ attacker, target })) })
  }

  /** CR 509.1: answers the declare blockers decision: `{ blockerId: attackerId }`. */
  declareBlockers(blockers: Readonly<Record<string, string>>): ActionResult {
    args.idMap(blockers, 'blockers')
    const d = pendingDecision(this.world)
    return this.act({ type: 'declareBlockers', player: this.idOrNull(d.player) ?? '', blockers: Object.entries(blockers).map(([blocker, attacker]) => ({ blocker, attacker })) })
  }

  /** CR 510.1: answers the damage division: `{ creatureId: { recipientId: amount } }`; others use the default. */
  assignDamage(assign: Assign = {}): ActionResult {
    args.assignMap(assign, 'assign')
    const d = pendingDecision(this.world)
    const assignments = Object.entries(assign).flatMap(([creature, entries]) => Object.entries(entries).map(([recipient, amount]) => ({ creature, recipient, amount })))
    return this.act({ type: 'assignDamage', player: this.idOrNull(d.player) ?? '', assignments })
  }

  /** CR 701.23: the cards a resolving search finds (null declines it). */
  search(player: string, cards: readonly string[] | null): ActionResult {
    if (cards !== null) args.idList(cards, 'cards')
    return this.act({ type: 'search', player, cards })
  }

  /** CR 514.1: the cards discarded to hand size. */
  discard(player: string, cards: readonly string[]): ActionResult {
    args.idList(cards, 'cards')
    return this.act({ type: 'discard', player, cards })
  }

  /** CR 103.5: take a mulligan. */
  mulligan(player: string): ActionResult {
    return this.act({ type: 'mulligan', player })
  }

  /** CR 103.5: keep the hand. */
  keep(player: string): ActionResult {
    return this.act({ type: 'keep', player })
  }

  /** CR 103.5: the cards put on the bottom after keeping with N mulligans. */
  bottom(player: string, cards: readonly string[]): ActionResult {
    args.idList(cards, 'cards')
    return this.act({ type: 'bottom', player, cards })
  }

  // ---- Effects from outside the game -----------------------------------------------------

  grant(object: string, change: { keywords?: readonly KeywordName[]; power?: number; toughness?: number }): ActionResult {
    args.options(change, 'grant change')
    if (change.keywords !== undefined) args.idList(change.keywords, 'keywords')

    const eids = this.resolve([object])
    if (!Array.isArray(eids)) return eids
    return this.track(() => outside.grant(this.world, eids[0]!, keywordsToMask(change.keywords ?? []), change.power === undefined ? 0 : change.power, change.toughness === undefined ? 0 : change.toughness))
  }

  lose(object: string, keywords: readonly KeywordName[]): ActionResult {
    args.idList(keywords, 'keywords')
    const eids = this.resolve([object])
    if (!Array.isArray(eids)) return eids
    return this.track(() => outside.lose(this.world, eids[0]!, keywordsToMask(keywords)))
  }

  dealDamage(damage: { source?: string; to: string; amount: number }): ActionResult {
    args.object(damage, 'damage')
    const eids = this.resolve(damage.source === undefined ? [damage.to] : [damage.to, damage.source])
    if (!Array.isArray(eids)) return eids
    return this.track(() => outside.dealDamage(this.world, eids[1] ?? 0, eids[0]!, damage.amount))
  }

  destroy(object: string): ActionResult {
    return this.withObject(object, outside.destroy)
  }

  exile(object: string): ActionResult {
    return this.withObject(object, outside.exile)
  }

  removeFromCombat(object: string): ActionResult {
    return this.withObject(object, outside.removeFromCombat)
  }

  private withObject(object: string, action: (world: GameWorld, eid: Eid) => ActionResult): ActionResult {
    const eids = this.resolve([object])
    if (!Array.isArray(eids)) return eids
    return this.track(() => action(this.world, eids[0]!))
  }

  // ---- State -----------------------------------------------------------------------------

  /** A copy of the whole game (raw typed-array copies), for undo and search. */
  snapshot(): WorldSnapshot {
    return snapshotWorld(this.world)
  }

  /** Puts the game back to a snapshot taken from it. Listeners stay subscribed. */
  restore(snapshot: WorldSnapshot): void {
    args.object(snapshot, 'snapshot')
    this.track(() => restoreWorld(this.world, snapshot))
  }

  /** The game as a `redzone-state/1` JSON document (the position it was built from, and its state). */
  toJSON(): StateDocument {
    return stateToJson(this.world)
  }

  /** The game as one binary buffer (transferable to a Worker). */
  toBinary(): ArrayBuffer {
    return stateToBinary(this.world)
  }

  /** A new game with the state of a `redzone-state/1` document: it continues exactly as the original would. */
  static fromJSON(doc: unknown): Game {
    const { setup, snapshot } = readJson(doc)
    const game = new Game(setup)
    restoreWorld(game.world, snapshot)
    return game
  }

  /** A new game with the state of a buffer made by `toBinary`. */
  static fromBinary(buffer: ArrayBuffer): Game {
    const { setup, snapshot } = readBinary(buffer)
    const game = new Game(setup)
    restoreWorld(game.world, snapshot)
    return game
  }

  /** A 32-bit checksum of the whole game, for desync checks between copies. */
  checksum(): number {
    return checksum(this.world)
  }

  /** The whole game state, objects by id. */
  state(): GameState {
    const objects: Eid[] = []
    for (const [, eid] of this.eids) if (!this.world.zoneLists.has(eid)) objects.push(eid)
    return gameState(this.world, objects)
  }

  /** Subscribes to a game event (entity ids; `id(eid)` names them). Listeners must not change the game. */
  on<E extends keyof GameEvents>(event: E, listener: (...args: GameEvents[E]) => void): () => void {
    const events = this.world.events
    const fn = listener as EventEmitter.EventListener<GameEvents, E>
    events.on(event, fn)
    return () => void events.off(event, fn)
  }
}

/**
 * The scenario format's actions on a `Game` (docs/scenario-format.md): each walks the turn with default choices
 * to where the action is taken. Conveniences for scenarios, tests and demos; the rules commands
 * are the `Game` methods.
 */
export class GameDriver {
  constructor(private readonly game: Game) {}

  /** CR 508.1: advances to the declare attackers step and declares `{ attackerId: playerOrPlaneswalkerId }`. */
  attack(attackers: Readonly<Record<string, string>>): ActionResult {
    args.idMap(attackers, 'attackers')
    const pairs = this.game.resolvePairs(attackers)
    if (!Array.isArray(pairs)) return pairs
    return this.game.track(() => drive.attack(this.game.world, pairs.map(([attacker, target]) => ({ attacker, target }))))
  }

  /** CR 509.1: advances to the declare blockers step and declares `{ blockerId: attackerId }`. */
  block(blockers: Readonly<Record<string, string>>): ActionResult {
    args.idMap(blockers, 'blockers')
    const pairs = this.game.resolvePairs(blockers)
    if (!Array.isArray(pairs)) return pairs
    return this.game.track(() => drive.block(this.game.world, pairs.map(([blocker, attacker]) => ({ blocker, attacker }))))
  }

  /** CR 510: the next combat damage step, with optional assignments `{ creatureId: { recipientId: amount } }`. */
  combatDamage(assign?: Assign): ActionResult {
    if (assign !== undefined) args.assignMap(assign, 'assign')
    let explicit: Map<Eid, [Eid, number][]> | null = null
    if (assign) {
      explicit = new Map()
      for (const [creature, entries] of Object.entries(assign)) {
        const ids = this.game.resolve([creature, ...Object.keys(entries)])
        if (!Array.isArray(ids)) return ids
        explicit.set(ids[0]!, Object.values(entries).map((amount, i) => [ids[i + 1]!, amount]))
      }
    }
    return this.game.track(() => drive.combatDamage(this.game.world, explicit))
  }

  /** Pass priority with an empty stack until step `to` begins (this turn, or the next with `nextTurn`). */
  advance(to: StepName, options: { nextTurn?: boolean } = {}): ActionResult {
    const nextTurn = args.options(options, 'advance options')['nextTurn']
    if (nextTurn !== undefined && typeof nextTurn !== 'boolean') throw new RedzoneError('invalid-argument', `advance options.nextTurn: expected true or false, got ${JSON.stringify(nextTurn)}`)
    const step = stepByName(to)
    if (step === undefined) throw new RedzoneError('invalid-argument', `unknown step "${to}"`)
    return this.game.track(() => drive.advance(this.game.world, step, options.nextTurn ?? false))
  }

  /**
   * CR 601: casts a spell, then every player passes and it resolves, with the triggered abilities
   * it causes (CR 608, 603.3). `choices.search`: the cards its "enters" search finds (omitted: declined).
   */
  cast(
    player: string,
    card: string,
    options: { targets?: readonly string[]; alternative?: 'plot'; choices?: { search?: readonly string[] }; pay?: readonly string[] } = {},
  ): ActionResult {
    args.options(options, 'cast options')
    const targets = options.targets === undefined ? [] : args.idList(options.targets, 'targets')
    const choices = args.options(options.choices, 'choices')
    const search = choices['search'] === undefined ? undefined : args.idList(choices['search'], 'choices.search')
    const pay = options.pay === undefined ? undefined : args.idList(options.pay, 'pay')
    const eids = this.game.resolve([player, card, ...targets, ...(search ?? []), ...(pay ?? [])])
    if (!Array.isArray(eids)) return eids
    if (targets.length > 1) return reject('illegal-target', `${card} takes one target, not ${targets.length}`, '601.2c')
    const searchStart = 2 + targets.length
    const payStart = searchStart + (search?.length ?? 0)
    return this.game.track(() => drive.castAndResolve(this.game.world, {
      player: eids[0]!,
      card: eids[1]!,
      target: targets.length === 1 ? eids[2]! : 0,
      plot: options.alternative === 'plot',
      search: search === undefined ? null : eids.slice(searchStart, payStart),
      ...(pay ? { pay: eids.slice(payStart) } : {}),
    }))
  }

  /** CR 602, 702.6: activates an equip ability of `object` targeting `targets[0]`; then it resolves. */
  activate(player: string, object: string, ability: 'equip' | 'equip planeswalker', targets: readonly string[], options: { pay?: readonly string[] } = {}): ActionResult {
    args.idList(targets, 'targets')
    if (args.options(options, 'activate options')['pay'] !== undefined) args.idList(options.pay, 'pay')
    const eids = this.game.resolve([player, object, ...targets, ...(options.pay ?? [])])
    if (!Array.isArray(eids)) return eids
    if (targets.length !== 1) return reject('illegal-target', `${ability} takes one target, not ${targets.length}`, '602.2b')
    return this.game.track(() => drive.activateAndResolve(this.game.world, {
      type: 'activate',
      player: eids[0]!,
      object: eids[1]!,
      ability,
      target: eids[2]!,
      ...(options.pay ? { pay: eids.slice(3) } : {}),
    }))
  }

  /** CR 305.1: plays a land (once the players before have passed). */
  play(player: string, card: string): ActionResult {
    const eids = this.game.resolve([player, card])
    if (!Array.isArray(eids)) return eids
    return this.game.track(() => drive.special(this.game.world, { type: 'play', player: eids[0]!, card: eids[1]! }))
  }

  /** CR 702.170a: the plot special action (once the players before have passed). */
  plot(player: string, card: string): ActionResult {
    const eids = this.game.resolve([player, card])
    if (!Array.isArray(eids)) return eids
    return this.game.track(() => drive.special(this.game.world, { type: 'plot', player: eids[0]!, card: eids[1]! }))
  }
}

function keywordsToMask(names: readonly string[]): number {
  let mask = 0
  for (const name of names) {
    const bit = keywordBit(name)
    if (bit === 0) throw new RedzoneError('invalid-argument', `unknown keyword "${name}"`)
    mask |= bit
  }
  return mask
}

/** Creates a game from a position (throws `RedzoneError` naming every problem of an invalid one). */
export function createGame(position: Position, options: { seed?: number } = {}): Game {
  return new Game(position, options)
}

/** The shape of an action given to `act`: an object with a known `type` and a `player` id. */
function checkAction(action: unknown): void {
  const a = args.object(action, 'action')
  if (!(ACTION_TYPES as readonly unknown[]).includes(a['type'])) {
    throw new RedzoneError('invalid-argument', `action.type: expected one of ${ACTION_TYPES.join(', ')}, got ${JSON.stringify(a['type'])}`)
  }
  for (const field of ['attackers', 'blockers', 'assignments'] as const) {
    if (field in a && !Array.isArray(a[field])) throw new RedzoneError('invalid-argument', `action.${field}: expected a list, got ${typeof a[field]}`)
  }
  for (const field of ['cards', 'pay'] as const) {
    // Only a search's cards may be null (a declined search).
    if (field in a && a[field] !== undefined && !(a[field] === null && field === 'cards' && a['type'] === 'search')) args.idList(a[field], `action.${field}`)
  }
  for (const field of ['attackers', 'blockers', 'assignments'] as const) {
    if (Array.isArray(a[field])) (a[field] as unknown[]).forEach((entry, i) => args.object(entry, `action.${field}[${i}]`))
  }
}
