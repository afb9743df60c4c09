import type { EventEmitter } from 'eventemitter3'
import type { KeywordName } from '../../components/keywords.js'
import { reject, RedzoneError, type ActionResult, type Rejection } from '../core/errors.js'
import { guarded, throwCaught, type Eid, type GameEvents } from '../core/events.js'
import type { GameWorld } from '../core/world.js'
import { act } from '../decisions/act.js'
import { ACTION_TYPES, EFFECT_TYPES, type Action, type Decision } from '../decisions/action.js'
import { pendingDecision } from '../decisions/pending.js'
import { gameOverError } from '../rules/actions/preconditions.js'
import { settle } from '../turn/runner.js'
import { buildPosition, type BuiltPosition, type Position } from '../state/position.js'
import * as args from './args.js'
import { describeValue } from '../core/limits.js'
import { mapRefs } from './refs.js'

type Assign = Readonly<Record<string, Readonly<Record<string, number>>>>


/**
 * A game created from a position, driven one action at a time. Objects and players are named by
 * the ids of the position. Every change goes through `act` (the methods named after each decision
 * and each outside effect build its action): it returns an `ActionResult`, and a rejected action
 * leaves the game exactly as it was.
 *
 * `pendingDecision()` says who decides what. What reads a game is a function over it, so a bundle
 * carries only what it uses: `legalActions(game)` (the legal answers), `gameState(game)`,
 * `clientState(game, viewer)`, `onEvent(game, ...)`, snapshots and serialization (`snapshot`,
 * `restore`, `toJSON`, `toBinary`, ...) and the scenario driver (`drive(game)`).
 */
export class Game {
  // Private (left out of the public types); the module's functions below reach them for the
  // other api modules. Plain properties, so a Proxy around a game (test helpers) still works.
  private readonly world: GameWorld
  private readonly eids: Map<string, Eid>
  private changes = 0

  /**
   * A game from a position, checked in full (a `RedzoneError` with code `invalid-position` lists
   * every problem). The game runs on to its first decision: a position in a step where no player
   * receives priority (untap, cleanup: CR 502.4, 514.3) moves on to the next one.
   */
  constructor(position: Position, options: { seed?: number } = {}) {
    // Its one option is the seed (the capacity is the position's): null, a number, a Map or another
    // name is refused, not taken as no options (the default seed: another game).
    args.options(options, 'options', ['seed'])
    const built = buildPosition(position, options)
    settle(built.world)
    this.world = built.world
    this.eids = built.ids
  }


  /** The entity of an id, or undefined. */
  eid(id: string): Eid | undefined {
    return this.eids.get(id)
  }

  /** The id of an entity (players and objects); a value that is no entity id (`'3'`, `'length'`) is none. */
  id(eid: Eid): string {
    const label = typeof eid === 'number' ? this.world.labels[eid] : undefined
    if (label === undefined) throw new RedzoneError('unknown-entity', `no entity ${eid} in this game`)
    return label
  }

  /**
   * The state version: how many changes the game has accepted (each accepted `act`, `restore` and
   * driver helper counts one; a rejected one none). Events emitted during a call carry the
   * version that call leads to.
   */
  get version(): number {
    return this.changes
  }

  /** Runs one change: counted when accepted. */
  private track<R extends ActionResult | void>(run: () => R): R {
    const events = this.world.events
    // A listener's call lands in the middle of the change that runs it: refused. (The engine's own
    // helpers change the world directly, so no change runs inside another.)
    if (events.calling) throw busy()
    this.changes++
    let accepted = false
    try {
      const result = run()
      accepted = result === undefined || result.ok
      // The change is whole and counted: now a listener's error reaches the caller. (A change that
      // throws does so before any change, for bad input, or is an engine bug.)
      throwCaught(events)
      return result
    } finally {
      if (!accepted) this.changes--
    }
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

  /**
   * The one gate: a player's action answers the pending decision; an effect from outside the game
   * is applied while the game is on. Ids are resolved first (an unknown id is `unknown-object`, or
   * `game-over` once the game is over: `unknownObject`).
   */
  act(action: Action<string>): ActionResult {
    checkAction(action)
    let unknown: { id: unknown } | null = null
    const resolved = mapRefs(action, (id) => {
      const eid = typeof id === 'string' ? this.eids.get(id) : undefined
      if (eid === undefined) {
        unknown ??= { id }
        return 0
      }
      return eid
    })
    if (unknown !== null) return unknownObject(this.world, (unknown as { id: unknown }).id)
    return this.track(() => act(this.world, resolved))
  }

  /** The player who decides now, or '' (then `act` says who does). */
  private decider(): string {
    // Before the decision is read (mid-change there is none): a listener's call is refused.
    if (this.world.events.calling) throw busy()
    return this.idOrNull(pendingDecision(this.world).player) ?? ''
  }

  /** CR 117.3d: the player who holds priority passes. */
  pass(): ActionResult {
    return this.act({ type: 'pass', player: this.decider() })
  }

  /** CR 305.1: plays a land (the player must hold priority). */
  play(player: string, card: string): ActionResult {
    return this.act({ type: 'play', player, card })
  }

  /**
   * CR 601: casts a spell (timing, targets and cost checked); it goes on the stack and the caster
   * keeps priority (117.3c). `targets`: one id; `alternative: 'plot'` casts a plotted card from
   * exile without paying its mana cost (plot is the pool's one alternative cost: any other truthy
   * value asks for it too, and the plot rules refuse it for a card that is not plotted; a falsy one,
   * `cond && 'plot'`, is none); `pay`: the lands to tap.
   */
  cast(player: string, card: string, options: { targets?: readonly string[]; alternative?: 'plot'; pay?: readonly string[] } = {}): ActionResult {
    args.options(options, 'cast options', CAST_OPTIONS)
    const targets = options.targets === undefined ? [] : args.idList(options.targets, 'targets')
    if (targets.length > 1) return reject('illegal-target', `${card} takes one target, not ${targets.length}`, '601.2c')
    // An absent target or payment is left undefined (`act` reads it so). Any alternative given (a
    // truthy value) is plot, the one alternative cost of the pool (CR 702.170d): a misspelt one is
    // refused by the plot rules, never a cast paying the mana cost.
    return this.act({ type: 'cast', player, card, target: targets[0], plot: !!options.alternative, pay: options.pay })
  }

  /** CR 602, 702.6: activates an equip ability of `object` targeting `targets[0]`; it goes on the stack. */
  activate(player: string, object: string, ability: 'equip' | 'equip planeswalker', targets: readonly string[], options: { pay?: readonly string[] } = {}): ActionResult {
    args.idList(targets, 'targets')
    args.options(options, 'activate options', ACTIVATE_OPTIONS)
    if (targets.length !== 1) return reject('illegal-target', `${ability} takes one target, not ${targets.length}`, '602.2b')
    return this.act({ type: 'activate', player, object, ability, target: targets[0]!, pay: options.pay })
  }

  /** CR 702.170a: the plot special action (116.2k). */
  plot(player: string, card: string): ActionResult {
    return this.act({ type: 'plot', player, card })
  }

  /** CR 508.1: answers the declare attackers decision: `{ attackerId: playerOrPlaneswalkerId }`, in declaration order. */
  declareAttackers(attackers: Readonly<Record<string, string>>): ActionResult {
    args.idMap(attackers, 'attackers')
    return this.act({ type: 'declareAttackers', player: this.decider(), attackers: Object.entries(attackers).map(([attacker, target]) => ({ attacker, target })) })
  }

  /** CR 509.1: answers the declare blockers decision: `{ blockerId: attackerId }`. */
  declareBlockers(blockers: Readonly<Record<string, string>>): ActionResult {
    args.idMap(blockers, 'blockers')
    return this.act({ type: 'declareBlockers', player: this.decider(), blockers: Object.entries(blockers).map(([blocker, attacker]) => ({ blocker, attacker })) })
  }

  /** CR 510.1: answers the damage division: `{ creatureId: { recipientId: amount } }`; others use the default. */
  assignDamage(assign: Assign = {}): ActionResult {
    args.assignMap(assign, 'assign')
    const assignments = Object.entries(assign).flatMap(([creature, entries]) => Object.entries(entries).map(([recipient, amount]) => ({ creature, recipient, amount })))
    return this.act({ type: 'assignDamage', player: this.decider(), assignments })
  }

  /** CR 701.23: the cards a resolving search finds (null declines it). */
  search(player: string, cards: readonly string[] | null): ActionResult {
    return this.act({ type: 'search', player, cards })
  }

  /** CR 514.1: the cards discarded to hand size. */
  discard(player: string, cards: readonly string[]): ActionResult {
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
    return this.act({ type: 'bottom', player, cards })
  }

  // ---- Effects from outside the game (each an `act`) -----------------------------------------

  /** CR 611.2, 613: until end of turn the permanent gains keywords and gets +power/+toughness. */
  grant(object: string, change: { keywords?: readonly KeywordName[]; power?: number; toughness?: number }): ActionResult {
    // Its own fields only: a `type` or an `object` in `change` can't make it another effect or
    // another object's, and a misspelt one (`keyword`) is refused, not a grant of nothing.
    const { keywords, power, toughness } = args.options(change, 'grant change', ['keywords', 'power', 'toughness']) as typeof change
    return this.act({ type: 'grant', object, keywords, power, toughness })
  }

  /** CR 611.2, 613.1f: until end of turn the permanent loses keywords. */
  lose(object: string, keywords: readonly KeywordName[]): ActionResult {
    return this.act({ type: 'lose', object, keywords })
  }

  /** CR 120: noncombat damage (with the source's deathtouch and lifelink). */
  dealDamage(damage: { source?: string; to: string; amount: number }): ActionResult {
    args.options(args.object(damage, 'damage'), 'damage', ['source', 'to', 'amount'])
    return this.act({ type: 'dealDamage', ...(damage.source === undefined ? {} : { source: damage.source }), to: damage.to, amount: damage.amount })
  }

  /** CR 701.8: destroys a permanent (an indestructible one stays, 702.12b). */
  destroy(object: string): ActionResult {
    return this.act({ type: 'destroy', object })
  }

  /** CR 701.13: exiles an object. */
  exile(object: string): ActionResult {
    return this.act({ type: 'exile', object })
  }

  /** CR 506.4: removes a permanent from combat. */
  removeFromCombat(object: string): ActionResult {
    return this.act({ type: 'removeFromCombat', object })
  }

  // ---- State -----------------------------------------------------------------------------

  /**
   * Subscribes to a game event (entity ids; `id(eid)` names them). Listeners must not change the
   * game (a change from one is refused). An error a listener throws is thrown by the call that made
   * the change, once the change is complete; the other listeners still hear the event.
   */
  on<E extends keyof GameEvents>(event: E, listener: (...args: GameEvents[E]) => void): () => void {
    const events = this.world.events
    const fn = guarded(events, listener) as EventEmitter.EventListener<GameEvents, E>
    events.on(event, fn)
    return () => void events.off(event, fn)
  }
}

/** A listener's call into the game during the change that runs it. */
const busy = (): RedzoneError => new RedzoneError('invalid-argument', 'a listener may not act')

/** The world behind a game (the entity level). Not on the public surface: `redzone/internal`. */
export function worldOf(game: Game): GameWorld {
  return game['world']
}

/** The ids of a game's position, by id. */
export function idsOf(game: Game): ReadonlyMap<string, Eid> {
  return game['eids']
}

/** Runs `run` as one change of the game's version (accepted when it returns nothing or an ok result). */
export function trackChange<R extends ActionResult | void>(game: Game, run: () => R): R {
  return game['track'](run)
}

/**
 * The refusal of an id that names nothing in the game: `unknown-object`, or, once the game is
 * over, `game-over` (every action is refused as such then; a drawn game's `pass()` names no player).
 */
function unknownObject(world: GameWorld, id: unknown): Rejection {
  return gameOverError(world) ?? reject('unknown-object', `there is no player or object ${describeValue(id)} in this game`, null)
}

/** Resolves ids, or returns the refusal of the first unknown one (`unknownObject`). */
export function resolveIds(game: Game, ids: readonly string[]): Eid[] | Rejection {
  const eids = game['eids']
  const out: Eid[] = []
  for (const id of ids) {
    const eid = typeof id === 'string' ? eids.get(id) : undefined
    if (eid === undefined) return unknownObject(game['world'], id)
    out.push(eid)
  }
  return out
}

/** A game around a world built from a position, as it is (not settled: a deck game begins with `beginGame`). */
export function gameOfBuilt(built: BuiltPosition): Game {
  const game = Object.create(Game.prototype) as Game
  return Object.assign(game, { world: built.world, eids: built.ids, changes: 0 })
}

/** Creates a game from a position (throws `RedzoneError` naming every problem of an invalid one). */
export function createGame(position: Position, options: { seed?: number } = {}): Game {
  return new Game(position, options)
}

/** The options of `cast` and `activate`, by name (the driver's helpers take these and more). */
export const CAST_OPTIONS: readonly string[] = ['targets', 'alternative', 'pay']
export const ACTIVATE_OPTIONS: readonly string[] = ['pay']

/** Each declaration's list, by its action's type. */
const DECLARED: Readonly<Record<string, string>> = { declareAttackers: 'attackers', declareBlockers: 'blockers', assignDamage: 'assignments' }

/** The shape of an action given to `act`: an object with a known `type`, and ids where ids go. */
function checkAction(action: unknown): void {
  const a = args.object(action, 'action')
  const types: readonly unknown[] = [...ACTION_TYPES, ...EFFECT_TYPES]
  if (!types.includes(a['type'])) {
    throw new RedzoneError('invalid-argument', `action.type: expected one of ${types.join(', ')}, got ${JSON.stringify(a['type'])}`)
  }
  // A declaration's list, given or not (the gate reads its length).
  const list = DECLARED[a['type'] as string]
  if (list && !Array.isArray(a[list])) throw new RedzoneError('invalid-argument', `action.${list}: expected a list, got ${typeof a[list]}`)
  for (const field of ['cards', 'pay', 'keywords'] as const) {
    // Only a search's cards may be null (a declined search).
    if (field in a && a[field] !== undefined && !(a[field] === null && field === 'cards' && a['type'] === 'search')) args.idList(a[field], `action.${field}`)
  }
  for (const field of ['attackers', 'blockers', 'assignments'] as const) {
    if (Array.isArray(a[field])) (a[field] as unknown[]).forEach((entry, i) => args.object(entry, `action.${field}[${i}]`))
  }
}
