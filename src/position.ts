import { KEYWORD_NAMES, keywordBit } from '../components/keywords.js'
import type { EnchantQuality, ParameterizedKeyword } from '../components/abilities.js'
import { typeBit, T_CREATURE, T_PLANESWALKER, type CardTypeName } from '../components/types.js'
import { Zone, ZONE_NAMES, type ZoneName } from '../components/zones.js'
import { CARD_POOL } from './cards/pool.js'
import { parseManaCost } from './mana/cost.js'
import { attach, attachmentError } from './attachments.js'
import { RedzoneError } from './errors.js'
import type { Eid } from './events.js'
import { Step, stepByName, type StepName } from './steps.js'
import { addCard, addPlayer, createGameWorld, queueStateCheck, type GameWorld } from './world.js'
import { SCHEDULE } from '../systems/schedule.js'

export type KeywordSpec =
  | string
  | { equip: string; quality?: string }
  | { 'equip planeswalker': string }
  | { enchant: EnchantQuality }
  | { plot: string }

export interface GrantedCharacteristics {
  power?: number
  toughness?: number
  keywords?: string[]
}

export interface SpellSpec {
  target: 'creature' | 'player' | 'planeswalker' | 'any' | 'creature you control'
  pump?: GrantedCharacteristics
  damage?: number
  destroy?: boolean
}

export interface ObjectSpec {
  id: string
  card?: string
  controller?: string
  owner?: string
  zone?: ZoneName
  types?: CardTypeName[]
  subtypes?: string[]
  manaCost?: string
  power?: number
  toughness?: number
  loyalty?: number
  keywords?: KeywordSpec[]
  equipped?: GrantedCharacteristics
  enchanted?: GrantedCharacteristics
  spell?: SpellSpec
  tapped?: boolean
  damage?: number
  attachedTo?: string
  summoningSick?: boolean
  plotted?: boolean
  plottedTurn?: number
}

/** A game position (the position part of a `redzone-scenario/1` file). */
export interface Position {
  turn?: { active?: string; number?: number; step?: StepName; landsPlayed?: number }
  players: { id: string; life?: number }[]
  objects: ObjectSpec[]
}

/** A problem in a position, with the JSON path of the offending value. */
export interface PositionIssue {
  path: string
  message: string
}

const ENCHANT_QUALITIES = ['creature', 'player', 'planeswalker', 'permanent', 'creature you control', 'land', 'artifact']

/** Ids a JSON object would reorder (array indices come first in JS objects), so declaration order would be lost. */
function isIndexLike(id: string): boolean {
  return /^(0|[1-9]\d*)$/.test(id) && Number(id) < 2 ** 32 - 1
}

/**
 * Checks what a schema can't: unique ids, references to players and objects, card names,
 * keywords, and values that only make sense on the battlefield. Returns every issue found.
 */
export function checkPosition(position: Position, base = ''): PositionIssue[] {
  const issues: PositionIssue[] = []
  const at = (path: string, message: string): void => void issues.push({ path: `${base}${path}`, message })
  const playerIds = new Set<string>()
  const allIds = new Set<string>()
  if (position.players.length < 2) at('.players', 'at least two players are expected')
  position.players.forEach((p, i) => {
    if (allIds.has(p.id)) at(`.players[${i}].id`, `the id "${p.id}" is used twice`)
    if (isIndexLike(p.id)) at(`.players[${i}].id`, `the id "${p.id}" is a whole number; ids must contain a non-digit so JSON keeps their order`)
    playerIds.add(p.id)
    allIds.add(p.id)
  })
  position.objects.forEach((o, i) => {
    if (allIds.has(o.id)) at(`.objects[${i}].id`, `the id "${o.id}" is used twice`)
    if (isIndexLike(o.id)) at(`.objects[${i}].id`, `the id "${o.id}" is a whole number; ids must contain a non-digit so JSON keeps their order`)
    allIds.add(o.id)
  })
  if (position.turn?.active !== undefined && !playerIds.has(position.turn.active)) {
    at('.turn.active', `expected a player id (${[...playerIds].join(', ')}), got "${position.turn.active}"`)
  }
  position.objects.forEach((o, i) => {
    const p = `.objects[${i}]`
    const card = o.card === undefined ? undefined : CARD_POOL.get(o.card)
    if (o.card !== undefined && !card) at(`${p}.card`, `unknown card "${o.card}"; expected a card of the built-in pool`)
    for (const field of ['controller', 'owner'] as const) {
      const v = o[field]
      if (v !== undefined && !playerIds.has(v)) at(`${p}.${field}`, `expected a player id (${[...playerIds].join(', ')}), got "${v}"`)
    }
    if (o.controller === undefined && o.owner === undefined) at(p, 'expected "controller" or "owner" (each defaults to the other)')
    const types = o.types ?? card?.types ?? []
    if (types.length === 0 && (o.card === undefined || card)) at(`${p}.types`, 'expected at least one card type (or a "card" from the pool)')
    if (types.includes('creature')) {
      if (o.power === undefined && card?.power === undefined) at(`${p}.power`, 'a creature needs a power')
      if (o.toughness === undefined && card?.toughness === undefined) at(`${p}.toughness`, 'a creature needs a toughness')
    }
    if (types.includes('planeswalker') && o.loyalty === undefined && card?.loyalty === undefined) {
      at(`${p}.loyalty`, 'a planeswalker needs a loyalty')
    }
    ;(o.keywords ?? []).forEach((k, j) => {
      if (typeof k === 'string') {
        if (keywordBit(k) === 0) at(`${p}.keywords[${j}]`, `unknown keyword "${k}"; expected one of ${KEYWORD_NAMES.join(', ')}`)
      } else if ('enchant' in k && !ENCHANT_QUALITIES.includes(k.enchant)) {
        at(`${p}.keywords[${j}].enchant`, `expected one of ${ENCHANT_QUALITIES.join(', ')}`)
      }
    })
    for (const field of ['equipped', 'enchanted'] as const) {
      ;(o[field]?.keywords ?? []).forEach((k, j) => {
        if (keywordBit(k) === 0) at(`${p}.${field}.keywords[${j}]`, `unknown keyword "${k}"`)
      })
    }
    ;(o.spell?.pump?.keywords ?? []).forEach((k, j) => {
      if (keywordBit(k) === 0) at(`${p}.spell.pump.keywords[${j}]`, `unknown keyword "${k}"`)
    })
    const zone = o.zone ?? 'battlefield'
    if (zone !== 'battlefield') {
      if (o.tapped) at(`${p}.tapped`, 'only a permanent on the battlefield can be tapped')
      if (o.damage) at(`${p}.damage`, 'only a permanent on the battlefield can have damage marked')
      if (o.summoningSick) at(`${p}.summoningSick`, 'only a permanent on the battlefield can be summoning sick')
      if (o.attachedTo !== undefined) at(`${p}.attachedTo`, 'only a permanent on the battlefield can be attached')
    }
    if (o.attachedTo !== undefined) {
      if (!allIds.has(o.attachedTo)) at(`${p}.attachedTo`, `unknown object or player "${o.attachedTo}"`)
      const subtypes = o.subtypes ?? card?.subtypes ?? []
      if (!subtypes.includes('Equipment') && !subtypes.includes('Aura')) at(`${p}.attachedTo`, 'only an Equipment or an Aura can be attached')
      if (o.attachedTo === o.id) at(`${p}.attachedTo`, 'an object can\'t be attached to itself')
    }
    if ((o.plotted || o.plottedTurn !== undefined) && zone !== 'exile') at(`${p}.plotted`, 'only a card in exile can be plotted')
  })
  return issues
}

function toAbilities(keywords: readonly KeywordSpec[]): ParameterizedKeyword[] {
  const out: ParameterizedKeyword[] = []
  for (const k of keywords) {
    if (typeof k === 'string') continue
    if ('equip' in k) out.push({ kind: 'equip', cost: k.equip, quality: k.quality ?? null })
    else if ('equip planeswalker' in k) out.push({ kind: 'equip planeswalker', cost: k['equip planeswalker'] })
    else if ('enchant' in k) out.push({ kind: 'enchant', quality: k.enchant })
    else out.push({ kind: 'plot', cost: k.plot })
  }
  return out
}

export interface BuiltPosition {
  world: GameWorld
  /** Entity of each id of the position. */
  ids: Map<string, Eid>
}

/**
 * Builds a world from a position. Throws a `RedzoneError` listing every issue when the
 * position is not valid (see `checkPosition`).
 */
const ORIGINS = new WeakMap<GameWorld, Position>()

/** The position a world was built from (to build another world with the same entities), if any. */
export function originOf(world: GameWorld): Position | undefined {
  return ORIGINS.get(world)
}

export function buildPosition(position: Position, options: { seed?: number } = {}): BuiltPosition {
  const issues = checkPosition(position)
  if (issues.length > 0) {
    throw new RedzoneError(`invalid position:\n${issues.map((i) => `  at $${i.path}: ${i.message}`).join('\n')}`)
  }
  const world = createGameWorld({ capacity: position.players.length + position.objects.length + 1, seed: options.seed })
  const ids = new Map<string, Eid>()
  for (const p of position.players) ids.set(p.id, addPlayer(world, p.id, p.life ?? 20))
  for (const o of position.objects) {
    const card = o.card === undefined ? undefined : CARD_POOL.get(o.card)!
    const owner = ids.get(o.owner ?? o.controller!)!
    const controller = ids.get(o.controller ?? o.owner!)!
    const types = o.types ?? card?.types ?? []
    const keywords = o.keywords ?? card?.keywords ?? []
    let typeMask = 0
    for (const t of types) typeMask |= typeBit(t)
    let keywordMask = 0
    for (const k of keywords) if (typeof k === 'string') keywordMask |= keywordBit(k)
    const zone = ZONE_NAMES.indexOf(o.zone ?? 'battlefield') as (typeof Zone)[keyof typeof Zone]
    const eid = addCard(world, {
      label: o.id,
      owner,
      controller,
      zone,
      types: typeMask,
      keywords: keywordMask,
      abilities: toAbilities(keywords),
      power: o.power ?? card?.power ?? 0,
      toughness: o.toughness ?? card?.toughness ?? 0,
      loyalty: o.loyalty ?? card?.loyalty ?? 0,
      tapped: o.tapped ?? false,
      damage: o.damage ?? 0,
      sick: o.summoningSick ?? false,
    })
    ids.set(o.id, eid)
    world.cardData.set(eid, {
      name: card?.name ?? null,
      legendary: card?.supertypes?.includes('Legendary') ?? false,
      manaCost: (o.manaCost ?? card?.manaCost ?? null) === null ? null : parseManaCost((o.manaCost ?? card?.manaCost)!),
      subtypes: o.subtypes ?? card?.subtypes ?? [],
      spell: o.spell ?? card?.spell ?? null,
      equipped: o.equipped ?? card?.equipped ?? null,
      enchanted: o.enchanted ?? card?.enchanted ?? null,
      triggers: card?.triggers ?? [],
    })
    if (zone === Zone.Battlefield) world.cards.enteredAt[eid] = world.nextEntry++
    world.cards.plotted[eid] = o.plotted ? 1 : 0
    world.cards.plottedTurn[eid] = o.plottedTurn ?? 0
    if (zone === Zone.Battlefield && typeMask & (T_CREATURE | T_PLANESWALKER)) queueStateCheck(world, eid)
    const subtypes = world.cardData.get(eid)!.subtypes
    if (subtypes.includes('Equipment') || subtypes.includes('Aura')) world.attachables.add(eid)
    if (world.cardData.get(eid)!.legendary) world.legendaries.add(eid)
  }
  // CR 301.5, 303.4: attachments, each with its effect from the time it became attached.
  position.objects.forEach((o, i) => {
    if (o.attachedTo === undefined) return
    const object = ids.get(o.id)!
    const host = ids.get(o.attachedTo)!
    const error = attachmentError(world, object, host)
    if (error) throw new RedzoneError(`invalid position:\n  at $.objects[${i}].attachedTo: ${error}`)
    attach(world, object, host)
  })
  const turn = world.turn
  turn.active = ids.get(position.turn?.active ?? position.players[0]!.id)!
  turn.number = position.turn?.number ?? 2
  turn.step = stepByName(position.turn?.step ?? 'precombatMain') ?? Step.PrecombatMain
  // A position in combat or later can't describe attackers: its declare attackers step is past.
  if (turn.step >= Step.DeclareAttackers) {
    turn.attackersDeclared = true
    turn.blockersDeclared = true
  }
  turn.landsPlayed = position.turn?.landsPlayed ?? 0
  turn.priority = turn.active
  // CR 500.3: the position is in a step whose turn-based actions are done.
  turn.resumeAt = SCHEDULE[turn.step]!.begin.length
  ORIGINS.set(world, position)
  return { world, ids }
}

