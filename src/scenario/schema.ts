import { z } from 'zod'
import { KEYWORD_NAMES } from '../../components/keywords.js'
import { TYPE_NAMES } from '../../components/types.js'
import { ZONE_NAMES } from '../../components/zones.js'
import { LIMITS, type CountRange } from '../core/limits.js'
import { manaCostError } from '../rules/mana/cost.js'
import { STEP_NAMES } from '../core/steps.js'
import { ENCHANT_QUALITIES, POSITION_ZONES, SPELL_TARGETS, spellEffectsError } from '../state/check-position.js'
import { REJECT_CODES } from '../core/reject-codes.js'

/**
 * The `redzone-scenario/1` format (docs/scenario-format.md) as a strict schema: unknown
 * fields, wrong types and wrong values are errors with their JSON path.
 */

const id = z.string().min(1)
/** zod's `int()` accepts safe integers only: no NaN, no Infinity, no 1e300. */
const int = z.number().int()
/** A count in its declared range (src/core/limits.ts). */
const count = (range: CountRange) => {
  const message = `${range.what} must be a whole number from ${range.min} to ${range.max}`
  return z.number().int().min(range.min, message).max(range.max, message)
}
const keywordName = z.enum(KEYWORD_NAMES)
/** Generic amounts and the five colored symbols only (docs/scenario-format.md); the same check as `parseManaCost`. */
const manaCost = z.string().superRefine((text, ctx) => {
  const error = manaCostError(text)
  if (error !== null) ctx.addIssue({ code: 'custom', message: error })
})
const enchantQuality = z.enum(ENCHANT_QUALITIES)

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
  power: count(LIMITS.modifier).optional(),
  toughness: count(LIMITS.modifier).optional(),
  keywords: z.array(keywordName).optional(),
})

const spell = z
  .strictObject({
    target: z.enum(SPELL_TARGETS),
    pump: granted.optional(),
    damage: count(LIMITS.amount).optional(),
    destroy: z.literal(true).optional(),
  })
  .superRefine((s, ctx) => {
    const error = spellEffectsError(s)
    if (error !== null) ctx.addIssue({ code: 'custom', message: error })
  })

const object = z.strictObject({
  id,
  card: z.string().optional(),
  controller: id.optional(),
  owner: id.optional(),
  zone: z.enum(POSITION_ZONES).optional(),
  types: z.array(z.enum(TYPE_NAMES)).optional(),
  subtypes: z.array(z.string().min(1)).optional(),
  manaCost: manaCost.optional(),
  power: count(LIMITS.power).optional(),
  toughness: count(LIMITS.toughness).optional(),
  loyalty: count(LIMITS.startingLoyalty).optional(),
  keywords: z.array(keyword).optional(),
  equipped: granted.optional(),
  enchanted: granted.optional(),
  spell: spell.optional(),
  tapped: z.boolean().optional(),
  damage: count(LIMITS.damage).optional(),
  attachedTo: id.optional(),
  summoningSick: z.boolean().optional(),
  plotted: z.boolean().optional(),
  plottedTurn: count(LIMITS.turn).optional(),
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
    power: count(LIMITS.modifier).optional(),
    toughness: count(LIMITS.modifier).optional(),
    ...expectError,
  }),
  z.strictObject({ do: z.literal('lose'), object: id, keywords: z.array(keywordName), ...expectError }),
  z.strictObject({ do: z.literal('dealDamage'), source: id.optional(), to: id, amount: count(LIMITS.amount), ...expectError }),
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
    pay: z.array(id).optional(),
    ...expectError,
  }),
  z.strictObject({
    do: z.literal('activate'),
    player: id,
    object: id,
    ability: z.enum(['equip', 'equip planeswalker']),
    targets: z.array(id).optional(),
    pay: z.array(id).optional(),
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
      number: count(LIMITS.turn).optional(),
      step: step.optional(),
      landsPlayed: count(LIMITS.landsPlayed).optional(),
    })
    .optional(),
  players: z.array(z.strictObject({ id, life: count(LIMITS.life).optional() })).min(2),
  objects: z.array(object),
  actions: z.array(action).optional(),
  expect: expectSchema.optional(),
})

export type Scenario = z.infer<typeof scenarioSchema>
export type ScenarioAction = NonNullable<Scenario['actions']>[number]
export type ScenarioExpect = z.infer<typeof expectSchema>
