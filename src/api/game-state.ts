import { keywordNames, type KeywordName } from '../../components/keywords.js'
import { T_CREATURE, T_PLANESWALKER } from '../../components/types.js'
import { Zone, ZONE_NAMES, type ZoneName } from '../../components/zones.js'
import { STEP_NAMES, type StepName } from '../core/steps.js'
import type { GameWorld } from '../core/world.js'
import { legalNow } from '../decisions/legal.js'
import { inGame } from '../core/players.js'

export interface ObjectState {
  zone: ZoneName
  owner: string
  controller: string
  tapped: boolean
  damage: number
  power: number | null
  toughness: number | null
  loyalty: number | null
  keywords: KeywordName[]
  attachedTo: string | null
  plotted: boolean
}

/** What is legal now (docs/scenario-format.md), by id. */
export interface LegalState {
  canPlay: string[]
  canCast: string[]
  canAttack: Record<string, string[]>
  canBlock: Record<string, string[]>
}

/** The game as the `state` of a `redzone-result/1` document. */
export interface GameState {
  turn: { number: number; active: string; step: StepName; landsPlayed: number }
  players: Record<string, { life: number; lost: boolean }>
  objects: Record<string, ObjectState>
  legal: LegalState
}

/** The state of one object; off the battlefield it reports its owner as controller, untapped, no damage. */
export function objectState(world: GameWorld, eid: number): ObjectState {
  const zone = world.place.zone[eid]!
  const onBattlefield = zone === Zone.Battlefield
  const types = world.types.mask[eid]!
  const data = world.cardData[eid]
  const creature = (types & T_CREATURE) !== 0
  return {
    zone: ZONE_NAMES[zone]!,
    owner: world.labels[world.place.owner[eid]!]!,
    controller: world.labels[onBattlefield ? world.place.controller[eid]! : world.place.owner[eid]!]!,
    tapped: onBattlefield && world.status.tapped[eid] === 1,
    damage: onBattlefield ? world.stats.damage[eid]! : 0,
    power: creature ? (onBattlefield ? world.stats.power[eid]! : world.stats.printedPower[eid]!) : null,
    toughness: creature ? (onBattlefield ? world.stats.toughness[eid]! : world.stats.printedToughness[eid]!) : null,
    loyalty: types & T_PLANESWALKER ? (onBattlefield ? world.stats.loyalty[eid]! : world.stats.printedLoyalty[eid]!) : null,
    keywords: keywordNames(onBattlefield ? world.kw.effective[eid]! : world.kw.printed[eid]!),
    attachedTo: data && world.cards.attachedTo[eid] !== 0 ? world.labels[world.cards.attachedTo[eid]!]! : null,
    plotted: zone === Zone.Exile && world.cards.plotted[eid] === 1,
  }
}

export function gameState(world: GameWorld, objects: Iterable<number>): GameState {
  // Built with Object.fromEntries: an id such as "__proto__" becomes an own key, as in JSON.
  const players: GameState['players'] = Object.fromEntries(
    world.playerOrder.map((p) => [world.labels[p]!, { life: world.players.life[p]!, lost: !inGame(world, p) }]),
  )
  const out: GameState['objects'] = Object.fromEntries([...objects].map((eid) => [world.labels[eid]!, objectState(world, eid)]))
  const now = legalNow(world)
  const name = (eid: number): string => world.labels[eid]!
  return {
    turn: { number: world.turn.number, active: name(world.turn.active), step: STEP_NAMES[world.turn.step], landsPlayed: world.turn.landsPlayed },
    players,
    objects: out,
    legal: {
      canPlay: now.canPlay.map(name),
      canCast: now.canCast.map(name),
      canAttack: Object.fromEntries(now.canAttack.map((a) => [name(a.attacker), a.targets.map(name)])),
      canBlock: Object.fromEntries(now.canBlock.map((b) => [name(b.blocker), b.attackers.map(name)])),
    },
  }
}
