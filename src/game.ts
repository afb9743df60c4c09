import { keywordBit, type KeywordName } from '../components/keywords.js'
import * as combatActions from './actions/combat-actions.js'
import * as outside from './actions/outside-effects.js'
import { reject, RedzoneError, type ActionResult } from './errors.js'
import type { EventEmitter } from 'eventemitter3'
import type { Eid, GameEvents } from './events.js'
import { buildPosition, type Position } from './position.js'
import { gameState, type GameState } from './state.js'
import { stepByName, type StepName } from './steps.js'
import { givePriority, isGameOver, passPriority, resolveStack } from './turn.js'
import { castSpell } from './actions/cast.js'
import { activateEquip } from './actions/activate.js'
import { plotCard } from './actions/plot.js'
import { restoreWorld, snapshotWorld, type WorldSnapshot } from './snapshot.js'
import type { GameWorld } from './world.js'

/**
 * A game created from a position, driven one action at a time. Objects and players are named by
 * the ids of the position. Every action returns an `ActionResult`; a rejected action leaves the
 * game exactly as it was.
 */
export class Game {
  readonly world: GameWorld
  private readonly eids: Map<string, Eid>

  constructor(position: Position, options: { seed?: number } = {}) {
    const built = buildPosition(position, options)
    this.world = built.world
    this.eids = built.ids
  }

  /** The entity of an id, or undefined. */
  eid(id: string): Eid | undefined {
    return this.eids.get(id)
  }

  /** The id of an entity (players and objects). */
  id(eid: Eid): string {
    const label = this.world.labels[eid]
    if (label === undefined) throw new RedzoneError(`no entity ${eid} in this game`)
    return label
  }

  /** Resolves ids, or returns the `unknown-object` rejection naming the first unknown one. */
  private resolve(ids: readonly string[]): Eid[] | ActionResult {
    const out: Eid[] = []
    for (const id of ids) {
      const eid = this.eids.get(id)
      if (eid === undefined) return reject('unknown-object', `there is no player or object "${id}" in this game`, null)
      out.push(eid)
    }
    return out
  }

  /** Resolves a `{ id: id }` map to entity pairs in key order, or the `unknown-object` rejection. */
  private resolvePairs(map: Readonly<Record<string, string>>): [Eid, Eid][] | ActionResult {
    const eids = this.resolve(Object.entries(map).flat())
    if (!Array.isArray(eids)) return eids
    const pairs: [Eid, Eid][] = []
    for (let i = 0; i < eids.length; i += 2) pairs.push([eids[i]!, eids[i + 1]!])
    return pairs
  }

  /** CR 508.1: `{ attackerId: playerOrPlaneswalkerId }`, in declaration order. */
  attack(attackers: Readonly<Record<string, string>>): ActionResult {
    const pairs = this.resolvePairs(attackers)
    if (!Array.isArray(pairs)) return pairs
    return combatActions.attack(this.world, pairs.map(([attacker, target]) => ({ attacker, target })))
  }

  /** CR 509.1: `{ blockerId: attackerId }`; blockers of one attacker in the order listed. */
  block(blockers: Readonly<Record<string, string>>): ActionResult {
    const pairs = this.resolvePairs(blockers)
    if (!Array.isArray(pairs)) return pairs
    return combatActions.block(this.world, pairs.map(([blocker, attacker]) => ({ blocker, attacker })))
  }

  /** CR 510: the next combat damage step, with optional assignments `{ creatureId: { recipientId: amount } }`. */
  combatDamage(assign?: Readonly<Record<string, Readonly<Record<string, number>>>>): ActionResult {
    let explicit: Map<Eid, [Eid, number][]> | null = null
    if (assign) {
      explicit = new Map()
      for (const [creature, entries] of Object.entries(assign)) {
        const ids = this.resolve([creature, ...Object.keys(entries)])
        if (!Array.isArray(ids)) return ids
        explicit.set(ids[0]!, Object.values(entries).map((amount, i) => [ids[i + 1]!, amount]))
      }
    }
    return combatActions.combatDamage(this.world, explicit)
  }

  /** Pass priority with an empty stack until step `to` begins (this turn, or the next with `nextTurn`). */
  advance(to: StepName, options: { nextTurn?: boolean } = {}): ActionResult {
    const step = stepByName(to)
    if (step === undefined) throw new RedzoneError(`unknown step "${to}"`)
    return combatActions.advance(this.world, step, options.nextTurn ?? false)
  }

  /** CR 117.3d: the player with priority passes; when all have passed in succession, the step ends. */
  passPriority(): ActionResult {
    if (isGameOver(this.world)) return reject('game-over', 'the game is over', '104.2a')
    passPriority(this.world)
    return { ok: true }
  }

  grant(object: string, change: { keywords?: readonly KeywordName[]; power?: number; toughness?: number }): ActionResult {
    const eids = this.resolve([object])
    if (!Array.isArray(eids)) return eids
    return outside.grant(this.world, eids[0]!, keywordsToMask(change.keywords ?? []), change.power ?? 0, change.toughness ?? 0)
  }

  lose(object: string, keywords: readonly KeywordName[]): ActionResult {
    const eids = this.resolve([object])
    if (!Array.isArray(eids)) return eids
    return outside.lose(this.world, eids[0]!, keywordsToMask(keywords))
  }

  dealDamage(damage: { source?: string; to: string; amount: number }): ActionResult {
    const eids = this.resolve(damage.source === undefined ? [damage.to] : [damage.to, damage.source])
    if (!Array.isArray(eids)) return eids
    return outside.dealDamage(this.world, eids[1] ?? 0, eids[0]!, damage.amount)
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
    return action(this.world, eids[0]!)
  }

  /**
   * CR 601: casts a spell (timing, targets, choices and cost checked), then every player passes
   * and it resolves, with the triggered abilities it causes (CR 608, 603.3). `targets`: one id;
   * `alternative: 'plot'` casts a plotted card from exile without paying its mana cost;
   * `choices.search`: the cards chosen by its "enters" search (omitted: the search is declined);
   * `pay`: the lands to tap, which must pay the cost exactly (omitted: the default payment).
   */
  cast(
    player: string,
    card: string,
    options: { targets?: readonly string[]; alternative?: 'plot'; choices?: { search?: readonly string[] }; pay?: readonly string[] } = {},
  ): ActionResult {
    const targets = options.targets ?? []
    const search = options.choices?.search
    const pay = options.pay
    const eids = this.resolve([player, card, ...targets, ...(search ?? []), ...(pay ?? [])])
    if (!Array.isArray(eids)) return eids
    if (targets.length > 1) return reject('illegal-target', `${card} takes one target, not ${targets.length}`, '601.2c')
    const result = castSpell(this.world, {
      player: eids[0]!,
      card: eids[1]!,
      target: targets.length === 1 ? eids[2]! : 0,
      plot: options.alternative === 'plot',
      search: search === undefined ? null : eids.slice(2 + targets.length, 2 + targets.length + search.length),
      ...(pay === undefined ? {} : { pay: eids.slice(eids.length - pay.length) }),
    })
    if (result.ok) resolveStack(this.world)
    return result
  }

  /** CR 602, 702.6: activates an equip ability of `object` targeting `targets[0]` (paid with `pay`, if given); then it resolves. */
  activate(player: string, object: string, ability: 'equip' | 'equip planeswalker', targets: readonly string[], options: { pay?: readonly string[] } = {}): ActionResult {
    const eids = this.resolve([player, object, ...targets, ...(options.pay ?? [])])
    if (!Array.isArray(eids)) return eids
    if (targets.length !== 1) return reject('illegal-target', `${ability} takes one target, not ${targets.length}`, '602.2b')
    const pay = options.pay === undefined ? {} : { pay: eids.slice(3) }
    const result = activateEquip(this.world, { player: eids[0]!, object: eids[1]!, ability, target: eids[2]!, ...pay })
    if (result.ok) resolveStack(this.world)
    return result
  }

  /** CR 702.170a: the plot special action (116.2k). */
  plot(player: string, card: string): ActionResult {
    const eids = this.resolve([player, card])
    if (!Array.isArray(eids)) return eids
    const result = plotCard(this.world, { player: eids[0]!, card: eids[1]! })
    if (result.ok) givePriority(this.world, this.world.turn.priority)
    return result
  }

  /** A copy of the whole game (raw typed-array copies), for undo and search. */
  snapshot(): WorldSnapshot {
    return snapshotWorld(this.world)
  }

  /** Puts the game back to a snapshot taken from it. Listeners stay subscribed. */
  restore(snapshot: WorldSnapshot): void {
    restoreWorld(this.world, snapshot)
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

function keywordsToMask(names: readonly string[]): number {
  let mask = 0
  for (const name of names) {
    const bit = keywordBit(name)
    if (bit === 0) throw new RedzoneError(`unknown keyword "${name}"`)
    mask |= bit
  }
  return mask
}

/** Creates a game from a position (throws `RedzoneError` naming every problem of an invalid one). */
export function createGame(position: Position, options: { seed?: number } = {}): Game {
  return new Game(position, options)
}
