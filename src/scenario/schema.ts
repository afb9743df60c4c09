import { z } from 'zod'
import { KEYWORD_NAMES } from '../../components/keywords.js'
import { TYPE_NAMES } from '../../components/types.js'
import { ZONE_NAMES } from '../../components/zones.js'
import { STEP_NAMES } from '../steps.js'
import { REJECT_CODES } from '../reject-codes.js'

/**
 * The `redzone-scenario/1` format (shared/scenarios/FORMAT.md) as a strict schema: unknown
 * fields, wrong types and wrong values are errors with their JSON path.
 */

const id = z.string().min(1)
const int = z.number().int()
const nonNegative = z.number().int().min(0)
const keywordName = z.enum(KEYWORD_NAMES)
const manaCost = z.string().regex(/^(\{(\d+|[WUBRGC])\})+$/, 'expected a mana cost like "{4}{G}" or "{0}"')
const enchantQuality = z.enum(['creature', 'player', 'planeswalker', 'permanent', 'creature you control', 'land', 'artifact'])

const keyword = z.union([
  keywordName,
  z.strictObject({ equip: manaCost, quality: z.string().min(1).optional() }),
  z.strictObject({ 'equip planeswalker': manaCost }),
  z.strictObject({ enchant: enchantQuality }),
  z.strictObject({ plot: manaCost }),
], {
  error: `expected a keyword (${KEYWORD_NAMES.join(', ')}) or one of {"equip": cost, "quality"?: ...}, {"equip planeswalker": cost}, {"enchant": quality}, {"plot": cost}`,
})

const granted = z.strictObject({
  power: int.optional(),
  toughness: int.optional(),
  keywords: z.array(keywordName).optional(),
})

const spell = z.strictObject({
  target: z.enum(['creature', 'player', 'planeswalker', 'any', 'creature you control']),
  pump: granted.optional(),
  damage: nonNegative.optional(),
  destroy: z.literal(true).optional(),
})

const object = z.strictObject({
  id,
  card: z.string().optional(),
  controller: id.optional(),
  owner: id.optional(),
  zone: z.enum(['library', 'hand', 'battlefield', 'graveyard', 'exile']).optional(),
  types: z.array(z.enum(TYPE_NAMES)).optional(),
  subtypes: z.array(z.string().min(1)).optional(),
  manaCost: manaCost.optional(),
  power: int.optional(),
  toughness: int.optional(),
  loyalty: nonNegative.optional(),
  keywords: z.array(keyword).optional(),
  equipped: granted.optional(),
  enchanted: granted.optional(),
  spell: spell.optional(),
  tapped: z.boolean().optional(),
  damage: nonNegative.optional(),
  attachedTo: id.optional(),
  summoningSick: z.boolean().optional(),
  plotted: z.boolean().optional(),
  plottedTurn: z.number().int().min(1).optional(),
})

const step = z.enum(STEP_NAMES)

export const expectSchema = z.strictObject({
  life: z.record(id, int).optional(),
  lost: z.array(id).optional(),
  zone: z.record(id, z.enum(ZONE_NAMES)).optional(),
  damage: z.record(id, int).optional(),
  loyalty: z.record(id, int).optional(),
  power: z.record(id, int).optional(),
  toughness: z.record(id, int).optional(),
  tapped: z.record(id, z.boolean()).optional(),
  attachedTo: z.record(id, z.union([id, z.null()])).optional(),
  keywords: z.record(id, z.array(keywordName)).optional(),
  plotted: z.record(id, z.boolean()).optional(),
  step: step.optional(),
  canPlay: z.array(id).optional(),
  canCast: z.array(id).optional(),
  canAttack: z.record(id, z.array(id)).optional(),
  canBlock: z.record(id, z.array(id)).optional(),
})

const expectError = {
  expectError: z
    .union([z.boolean(), z.enum(REJECT_CODES)], { error: `expected true or an error code (${REJECT_CODES.join(', ')})` })
    .optional(),
}

const action = z.discriminatedUnion('do', [
  z.strictObject({ do: z.literal('attack'), attackers: z.record(id, id), ...expectError }),
  z.strictObject({ do: z.literal('block'), blockers: z.record(id, id), ...expectError }),
  z.strictObject({ do: z.literal('combatDamage'), assign: z.record(id, z.record(id, int)).optional(), ...expectError }),
  z.strictObject({ do: z.literal('advance'), to: step, turn: z.literal('next').optional(), ...expectError }),
  z.strictObject({
    do: z.literal('grant'),
    object: id,
    keywords: z.array(keywordName).optional(),
    power: int.optional(),
    toughness: int.optional(),
    ...expectError,
  }),
  z.strictObject({ do: z.literal('lose'), object: id, keywords: z.array(keywordName), ...expectError }),
  z.strictObject({ do: z.literal('dealDamage'), source: id.optional(), to: id, amount: nonNegative, ...expectError }),
  z.strictObject({ do: z.literal('destroy'), object: id, ...expectError }),
  z.strictObject({ do: z.literal('exile'), object: id, ...expectError }),
  z.strictObject({ do: z.literal('removeFromCombat'), object: id, ...expectError }),
  z.strictObject({
    do: z.literal('cast'),
    player: id,
    card: id,
    targets: z.array(id).optional(),
    alternative: z.literal('plot').optional(),
    choices: z.strictObject({ search: z.array(id).optional() }).optional(),
    ...expectError,
  }),
  z.strictObject({
    do: z.literal('activate'),
    player: id,
    object: id,
    ability: z.enum(['equip', 'equip planeswalker']),
    targets: z.array(id).optional(),
    ...expectError,
  }),
  z.strictObject({ do: z.literal('plot'), player: id, card: id, ...expectError }),
  z.strictObject({ do: z.literal('play'), player: id, card: id, ...expectError }),
  expectSchema.extend({ do: z.literal('expect') }),
])

export const scenarioSchema = z.strictObject({
  format: z.literal('redzone-scenario/1'),
  name: z.string(),
  rules: z.array(z.string()).optional(),
  turn: z
    .strictObject({
      active: id.optional(),
      number: z.number().int().min(1).optional(),
      step: step.optional(),
      landsPlayed: z.number().int().min(0).optional(),
    })
    .optional(),
  players: z.array(z.strictObject({ id, life: int.optional() })).min(2),
  objects: z.array(object),
  actions: z.array(action).optional(),
  expect: expectSchema.optional(),
})

export type Scenario = z.infer<typeof scenarioSchema>
export type ScenarioAction = NonNullable<Scenario['actions']>[number]
export type ScenarioExpect = z.infer<typeof expectSchema>
