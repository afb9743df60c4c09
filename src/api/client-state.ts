/**
 * What a client draws: the game as one JSON-friendly object, objects by id (the world's labels).
 * With a viewer it is that player's view: the objects the viewer may not see (`canSee`, CR 400.2:
 * the other players' hands, the libraries but the one the viewer is searching) are left out, only
 * the counts remain, so neither a hidden card's id nor the order of any library can be read from
 * it. Without a viewer it is omniscient (servers, tests, replays).
 */
import { C_ATTACKING, C_BLOCKED, C_BLOCKING } from '../../components/combat.js'
import { keywordNames, type KeywordName } from '../../components/keywords.js'
import { T_CREATURE, T_PLANESWALKER, typeNames, type CardTypeName } from '../../components/types.js'
import { Zone, ZONE_NAMES, type ZoneName } from '../../components/zones.js'
import type { Decision } from '../decisions/action.js'
import { pendingDecision } from '../decisions/pending.js'
import { RedzoneError } from '../core/errors.js'
import { describeValue } from '../core/limits.js'
import type { Eid } from '../core/events.js'
import type { GameWorld } from '../core/world.js'
import { canSee } from '../rules/visibility.js'
import { priorityGiven } from '../turn/runner.js'
import { STEP_NAMES, type StepName } from '../core/steps.js'
import { inGame } from '../core/players.js'

export interface ClientObject {
  id: string
  /** The card's name (null for an object of a position given by its characteristics only). */
  name: string | null
  zone: ZoneName
  owner: string
  controller: string
  types: CardTypeName[]
  subtypes: string[]
  power: number | null
  toughness: number | null
  loyalty: number | null
  damage: number
  tapped: boolean
  /** CR 302.6: came under its controller's control this turn. */
  summoningSick: boolean
  keywords: KeywordName[]
  /** CR 508.1b: the player or planeswalker it attacks (null when not attacking). */
  attacking: string | null
  /** CR 509.1a: the attacking creature it blocks (null when not blocking). */
  blocking: string | null
  /** CR 509.1h: an attacking creature that has been blocked. */
  blocked: boolean
  attachedTo: string | null
  /** CR 702.170: a plotted card in exile. */
  plotted: boolean
}

export interface ClientPlayer {
  id: string
  life: number
  lost: boolean
  handSize: number
  librarySize: number
}

export interface ClientStackItem {
  kind: 'spell' | 'equip' | 'trigger'
  source: string
  controller: string
  target: string | null
}

export interface ClientState {
  /** The player whose view this is (null: omniscient). */
  viewer: string | null
  turn: { number: number; active: string; step: StepName; priority: string | null; landsPlayed: number }
  decision: Decision<string>
  /** In turn order. */
  players: ClientPlayer[]
  /** Every object the viewer may see, by id, in the order they were created (never a library's order). */
  objects: Record<string, ClientObject>
  /** CR 405: bottom first, the top last. */
  stack: ClientStackItem[]
}

/**
 * A viewer argument as given (undefined: none, omniscient): a player's id, a string, else
 * `invalid-argument` naming `caller` and `path` (`viewer`, `options.viewer`) and describing it.
 */
export function viewerId(viewer: unknown, caller: string, path: string): string | undefined {
  if (viewer === undefined || typeof viewer === 'string') return viewer
  throw new RedzoneError('invalid-argument', `${caller}: ${path}: expected a player id (a string), got ${describeValue(viewer)}`)
}

/** The refusal of a viewer id that names no player of the game (`unknown-entity`, the id as JSON). */
export function unknownViewer(viewer: string, caller: string): RedzoneError {
  return new RedzoneError('unknown-entity', `${caller}: the viewer ${JSON.stringify(viewer)} is not a player of this game`)
}

/**
 * The player entity a viewer argument names (undefined: no viewer, omniscient). Misuse throws
 * naming `caller`: a viewer that is not a string (`viewerId`), an id that names no player of the
 * game (`unknownViewer`).
 */
export function viewerOf(world: GameWorld, viewer: unknown, caller: string, path = 'viewer'): Eid | undefined {
  const id = viewerId(viewer, caller, path)
  if (id === undefined) return undefined
  const eid = world.playerOrder.find((p) => world.labels[p] === id)
  if (eid === undefined) throw unknownViewer(id, caller)
  return eid
}

/** Throws unless `viewer` is a player entity of the world (or undefined). */
export function checkViewer(world: GameWorld, viewer: Eid | undefined, caller: string): void {
  if (viewer !== undefined && world.players.isPlayer[viewer] !== 1) {
    throw new RedzoneError('unknown-entity', `${caller}: the viewer ${viewer} is not a player of this game`)
  }
}

/** The game for a client; `viewer` (a player entity) hides what that player may not see (`canSee`). */
export function clientState(world: GameWorld, viewer?: Eid): ClientState {
  checkViewer(world, viewer, 'clientState')
  const sees = viewer ?? null
  const name = (eid: Eid): string => world.labels[eid]!
  const nameOrNull = (eid: Eid): string | null => (eid === 0 ? null : name(eid))
  const { place, stats, status, combat, kw, types, cards, cardData, labels } = world

  const players: ClientPlayer[] = world.playerOrder.map((p) => {
    const lists = world.zoneLists[p]!
    return { id: name(p), life: world.players.life[p]!, lost: !inGame(world, p), handSize: lists.hand.length, librarySize: lists.library.length }
  })

  const objects: Record<string, ClientObject> = {}
  for (let eid = 1; eid < labels.length; eid++) {
    const id = labels[eid]
    if (!id || world.players.isPlayer[eid] === 1) continue
    const zone = place.zone[eid]!
    if (!canSee(world, sees, eid)) continue
    const onBattlefield = zone === Zone.Battlefield
    const mask = types.mask[eid]!
    const data = cardData[eid]
    const flags = combat.flags[eid]!
    const creature = (mask & T_CREATURE) !== 0
    // An own property whatever the id ("__proto__" included), as in JSON.
    Object.defineProperty(objects, id, { enumerable: true, configurable: true, writable: true, value: {
      id,
      name: data?.name ?? null,
      zone: ZONE_NAMES[zone]!,
      owner: name(place.owner[eid]!),
      controller: name(onBattlefield || zone === Zone.Stack ? place.controller[eid]! : place.owner[eid]!),
      types: typeNames(mask),
      subtypes: data ? [...data.subtypes] : [],
      power: creature ? (onBattlefield ? stats.power[eid]! : stats.printedPower[eid]!) : null,
      toughness: creature ? (onBattlefield ? stats.toughness[eid]! : stats.printedToughness[eid]!) : null,
      loyalty: mask & T_PLANESWALKER ? (onBattlefield ? stats.loyalty[eid]! : stats.printedLoyalty[eid]!) : null,
      damage: onBattlefield ? stats.damage[eid]! : 0,
      tapped: onBattlefield && status.tapped[eid] === 1,
      summoningSick: onBattlefield && creature && status.sick[eid] === 1,
      keywords: keywordNames(onBattlefield ? kw.effective[eid]! : kw.printed[eid]!),
      attacking: onBattlefield && flags & C_ATTACKING ? nameOrNull(combat.attackTarget[eid]!) : null,
      blocking: onBattlefield && flags & C_BLOCKING ? nameOrNull(combat.blocking[eid]!) : null,
      blocked: onBattlefield && (flags & C_ATTACKING) !== 0 && (flags & C_BLOCKED) !== 0,
      attachedTo: onBattlefield && cards.attachedTo[eid] !== 0 ? nameOrNull(cards.attachedTo[eid]!) : null,
      plotted: zone === Zone.Exile && cards.plotted[eid] === 1,
    } })
  }

  const stack: ClientStackItem[] = world.stack.map((item) => ({
    kind: item.kind,
    source: name(item.kind === 'spell' ? item.card : item.source),
    controller: name(item.controller),
    target: item.kind === 'trigger' ? null : nameOrNull(item.target),
  }))

  const turn = world.turn
  const decision = pendingDecision(world)
  const priority = priorityGiven(world) ? nameOrNull(turn.priority) : null
  return {
    viewer: viewer === undefined ? null : name(viewer),
    turn: { number: turn.number, active: name(turn.active), step: STEP_NAMES[turn.step], priority, landsPlayed: turn.landsPlayed },
    decision: { ...decision, player: nameOrNull(decision.player ?? 0) },
    players,
    objects,
    stack,
  }
}
