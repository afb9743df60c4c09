/**
 * The scenario format's actions on a `Game` (docs/scenario-format.md), by id: each walks the turn
 * through `act`, answering the decisions on the way with their defaults, to where the action is
 * taken. Conveniences for scenarios, tests and demos; the rules commands are the `Game` methods.
 * `drive(game)` gives a game's driver.
 */
import { reject, RedzoneError, type ActionResult } from '../core/errors.js'
import type { Eid } from '../core/events.js'
import { describeValue } from '../core/limits.js'
import { stepByName, type StepName } from '../core/steps.js'
import * as args from './args.js'
import * as walk from './drive.js'
import { ACTIVATE_OPTIONS, CAST_OPTIONS, Game, resolveIds, trackChange, worldOf } from './game.js'

type Assign = Readonly<Record<string, Readonly<Record<string, number>>>>

/** The options of the helpers that take some, by name (a misspelt one would be its default: `nextturn` walked this turn, `serch` declined a search). */
const WALK_OPTIONS = ['nextTurn']
const DRIVE_CAST_OPTIONS = [...CAST_OPTIONS, 'choices']
const CAST_CHOICES = ['search']

export class GameDriver {
  constructor(private readonly game: Game) {}

  /** CR 508.1: walks to the declare attackers step and declares `{ attackerId: playerOrPlaneswalkerId }`. */
  walkToAttack(attackers: Readonly<Record<string, string>>): ActionResult {
    args.idMap(attackers, 'attackers')
    const eids = resolveIds(this.game, Object.entries(attackers).flat())
    if (!Array.isArray(eids)) return eids
    const declaration = Object.keys(attackers).map((_, i) => ({ attacker: eids[2 * i]!, target: eids[2 * i + 1]! }))
    return trackChange(this.game, () => walk.walkToAttack(worldOf(this.game), declaration))
  }

  /** CR 509.1: walks to the declare blockers step, where the defending players declare `{ blockerId: attackerId }`. */
  walkToBlock(blockers: Readonly<Record<string, string>>): ActionResult {
    args.idMap(blockers, 'blockers')
    const eids = resolveIds(this.game, Object.entries(blockers).flat())
    if (!Array.isArray(eids)) return eids
    const declaration = Object.keys(blockers).map((_, i) => ({ blocker: eids[2 * i]!, attacker: eids[2 * i + 1]! }))
    return trackChange(this.game, () => walk.walkToBlock(worldOf(this.game), declaration))
  }

  /** CR 510: walks to the next combat damage step, with optional assignments `{ creatureId: { recipientId: amount } }`. */
  walkToDamage(assign?: Assign): ActionResult {
    if (assign !== undefined) args.assignMap(assign, 'assign')
    let explicit: Map<Eid, [Eid, number][]> | null = null
    if (assign) {
      explicit = new Map()
      for (const [creature, entries] of Object.entries(assign)) {
        const ids = resolveIds(this.game, [creature, ...Object.keys(entries)])
        if (!Array.isArray(ids)) return ids
        explicit.set(ids[0]!, Object.values(entries).map((amount, i) => [ids[i + 1]!, amount]))
      }
    }
    return trackChange(this.game, () => walk.walkToDamage(worldOf(this.game), explicit))
  }

  /**
   * Passes priority with an empty stack until step `to` has begun and a player receives priority
   * (this turn, or the next with `nextTurn`); untap and cleanup give none (CR 502.4, 514.3), so a
   * walk to them goes on to the next priority.
   */
  walkTo(to: StepName, options: { nextTurn?: boolean } = {}): ActionResult {
    const nextTurn = args.options(options, 'walkTo options', WALK_OPTIONS)['nextTurn']
    if (nextTurn !== undefined && typeof nextTurn !== 'boolean') throw new RedzoneError('invalid-argument', `walkTo options.nextTurn: expected true or false, got ${JSON.stringify(nextTurn)}`)
    const step = stepByName(to)
    if (step === undefined) throw new RedzoneError('invalid-argument', `unknown step "${to}"`)
    return trackChange(this.game, () => walk.walkTo(worldOf(this.game), step, options.nextTurn ?? false))
  }

  /**
   * CR 601: casts a spell (once the players before the caster have passed), then every player
   * passes and it resolves, with the triggered abilities it causes (CR 608, 603.3).
   * `choices.search`: the cards its "enters" search finds (omitted: declined).
   */
  castAndResolve(
    player: string,
    card: string,
    options: { targets?: readonly string[]; alternative?: 'plot'; choices?: { search?: readonly string[] }; pay?: readonly string[] } = {},
  ): ActionResult {
    args.options(options, 'cast options', DRIVE_CAST_OPTIONS)
    const targets = options.targets === undefined ? [] : args.idList(options.targets, 'targets')
    const choices = args.options(options.choices, 'choices', CAST_CHOICES)
    const search = choices['search'] === undefined ? undefined : args.idList(choices['search'], 'choices.search')
    const pay = options.pay === undefined ? undefined : args.idList(options.pay, 'pay')
    const eids = resolveIds(this.game, [player, card, ...targets, ...(search ?? []), ...(pay ?? [])])
    if (!Array.isArray(eids)) return eids
    if (targets.length > 1) return reject('illegal-target', `${card} takes one target, not ${targets.length}`, '601.2c')
    const searchStart = 2 + targets.length
    const payStart = searchStart + (search?.length ?? 0)
    return trackChange(this.game, () => walk.castAndResolve(worldOf(this.game), {
      player: eids[0]!,
      card: eids[1]!,
      target: targets.length === 1 ? eids[2]! : 0,
      // As `Game.cast`: any alternative given (truthy) is plot (CR 702.170d), a misspelt one refused by its rules.
      plot: !!options.alternative,
      search: search === undefined ? null : eids.slice(searchStart, payStart),
      ...(pay ? { pay: eids.slice(payStart) } : {}),
    }))
  }

  /** CR 602, 702.6: activates an equip ability of `object` targeting `targets[0]` (once the players before have passed); then it resolves. */
  activateAndResolve(player: string, object: string, ability: 'equip' | 'equip planeswalker', targets: readonly string[], options: { pay?: readonly string[] } = {}): ActionResult {
    args.idList(targets, 'targets')
    if (args.options(options, 'activate options', ACTIVATE_OPTIONS)['pay'] !== undefined) args.idList(options.pay, 'pay')
    const eids = resolveIds(this.game, [player, object, ...targets, ...(options.pay ?? [])])
    if (!Array.isArray(eids)) return eids
    if (targets.length !== 1) return reject('illegal-target', `${ability} takes one target, not ${targets.length}`, '602.2b')
    return trackChange(this.game, () => walk.activateAndResolve(worldOf(this.game), {
      type: 'activate',
      player: eids[0]!,
      object: eids[1]!,
      ability,
      target: eids[2]!,
      ...(options.pay ? { pay: eids.slice(3) } : {}),
    }))
  }

  /** CR 305.1: plays a land once the players before have passed priority to its player. */
  playWhenPriority(player: string, card: string): ActionResult {
    const eids = resolveIds(this.game, [player, card])
    if (!Array.isArray(eids)) return eids
    return trackChange(this.game, () => walk.specialWhenPriority(worldOf(this.game), { type: 'play', player: eids[0]!, card: eids[1]! }))
  }

  /** CR 702.170a: the plot special action, once the players before have passed priority to its player. */
  plotWhenPriority(player: string, card: string): ActionResult {
    const eids = resolveIds(this.game, [player, card])
    if (!Array.isArray(eids)) return eids
    return trackChange(this.game, () => walk.specialWhenPriority(worldOf(this.game), { type: 'plot', player: eids[0]!, card: eids[1]! }))
  }
}

const drivers = new WeakMap<Game, GameDriver>()

/** The scenario driver of a game (one per game); a value that is not a `Game` is `invalid-argument`. */
export function drive(game: Game): GameDriver {
  if (!(game instanceof Game)) throw new RedzoneError('invalid-argument', `drive: game: expected a game (createGame, createDeckGame), got ${describeValue(game)}`)
  let driver = drivers.get(game)
  if (!driver) drivers.set(game, (driver = new GameDriver(game)))
  return driver
}
