import { KEYWORD_NAMES, keywordBit } from '../../components/keywords.js'
import { TYPE_NAMES } from '../../components/types.js'
import { CARD_POOL } from '../rules/cards/pool.js'
import type { InputIssue } from '../core/errors.js'
import { countError, describeValue, LIMITS, type CountRange } from '../core/limits.js'
import { manaCostError } from '../rules/mana/cost.js'
import { STEP_NAMES } from '../core/steps.js'

/**
 * The one check of a position, for `createGame` / `buildPosition` and for the scenario loader
 * (which runs it after its schema): the shape of every value, checked by hand at run time (no
 * coercion: `"5"` is not a number, NaN and Infinity are not counts), unknown fields, ranges
 * (`src/core/limits.ts`), and what a schema can't see: unique ids, references to players and
 * objects, card names, values that only make sense on the battlefield.
 */

export const POSITION_ZONES = ['library', 'hand', 'battlefield', 'graveyard', 'exile'] as const
export const ENCHANT_QUALITIES = ['creature', 'player', 'planeswalker', 'permanent', 'creature you control', 'land', 'artifact'] as const
export const SPELL_TARGETS = ['creature', 'player', 'planeswalker', 'any', 'creature you control'] as const
/** The effects a `spell` may have; it has exactly one. */
export const SPELL_EFFECTS = ['pump', 'damage', 'destroy'] as const

/** A position's fields, then a scenario's: a whole scenario document is accepted as a position (its own fields are not read here). */
const TOP_FIELDS = ['turn', 'players', 'objects', 'format', 'name', 'rules', 'actions', 'expect']
const TURN_FIELDS = ['active', 'number', 'step', 'landsPlayed']
const PLAYER_FIELDS = ['id', 'life']
const OBJECT_FIELDS = [
  'id', 'card', 'controller', 'owner', 'zone', 'types', 'subtypes', 'manaCost', 'power', 'toughness', 'loyalty', 'keywords',
  'equipped', 'enchanted', 'spell', 'tapped', 'damage', 'attachedTo', 'summoningSick', 'plotted', 'plottedTurn',
]
const GRANTED_FIELDS = ['power', 'toughness', 'keywords']
const SPELL_FIELDS = ['target', ...SPELL_EFFECTS]
/** The characteristics an object of a type needs, from the object or its card. */
const NEEDED = [['creature', 'power'], ['creature', 'toughness'], ['planeswalker', 'loyalty']] as const

/** `.name` or `["a name"]`: the JSON path step to a field. */
export function fieldPath(key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`
}

type Report = (path: string, message: string) => void

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The values quoted, in a list (`"a", "b"`). */
function quoted(values: readonly string[], separator = ', '): string {
  return values.map((v) => `"${v}"`).join(separator)
}

/** Checks that `value` is an object with only the fields allowed; reports each unknown one. */
function record(value: unknown, path: string, allowed: readonly string[], at: Report): Record<string, unknown> | null {
  if (!isRecord(value)) {
    at(path, `expected an object, got ${describeValue(value)}`)
    return null
  }
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) at(path, `unknown field "${key}"; expected ${quoted(allowed)}`)
  }
  return value
}

function array(value: unknown, path: string, at: Report): unknown[] | null {
  if (!Array.isArray(value)) {
    at(path, `expected an array, got ${describeValue(value)}`)
    return null
  }
  return value
}

function string(value: unknown, path: string, at: Report): value is string {
  if (typeof value === 'string' && value.length > 0) return true
  at(path, `expected a non-empty string, got ${describeValue(value)}`)
  return false
}

function boolean(value: unknown, path: string, at: Report): void {
  if (typeof value !== 'boolean') at(path, `expected true or false, got ${describeValue(value)}`)
}

/** Checks the count `record[field]` when it is given; reports it at `path.field` if it is not a whole number in `range`. */
function count(record: Record<string, unknown>, field: string, path: string, range: CountRange, at: Report): void {
  const error = record[field] === undefined ? null : countError(record[field], range)
  if (error !== null) at(`${path}.${field}`, error)
}

function member<T extends string>(value: unknown, values: readonly T[], path: string, at: Report): value is T {
  if (typeof value === 'string' && (values as readonly string[]).includes(value)) return true
  at(path, `expected one of ${quoted(values)}, got ${describeValue(value)}`)
  return false
}

function id(value: unknown, path: string, at: Report): value is string {
  if (!string(value, path, at)) return false
  // No id with no non-digit character: JSON objects put integer-like keys first, which would lose declaration order.
  if (/^\d+$/.test(value)) {
    at(path, `the id "${value}" has only digits; ids must contain a non-digit so JSON keeps their order`)
    return false
  }
  return true
}

function manaCost(value: unknown, path: string, at: Report): void {
  const error = manaCostError(value)
  if (error !== null) at(path, error)
}

/** Checks `record[field]` with `check` when it is given, at `path.field`. */
function optional(record: Record<string, unknown>, field: string, path: string, at: Report, check: (value: unknown, path: string, at: Report) => void): void {
  if (record[field] !== undefined) check(record[field], `${path}.${field}`, at)
}

/** Checks each item of the list `record[field]` when it is given, at `path.field[j]`. */
function items(record: Record<string, unknown>, field: string, path: string, at: Report, check: (item: unknown, path: string, at: Report) => void): void {
  const list = record[field] === undefined ? null : array(record[field], `${path}.${field}`, at)
  // Every index, a hole included (`Array.from`: forEach would skip it, and the builder read undefined).
  if (list) Array.from(list, (item, j) => check(item, `${path}.${field}[${j}]`, at))
}

function granted(value: unknown, path: string, at: Report): void {
  const g = record(value, path, GRANTED_FIELDS, at)
  if (!g) return
  count(g, 'power', path, LIMITS.modifier, at)
  count(g, 'toughness', path, LIMITS.modifier, at)
  items(g, 'keywords', path, at, keywordName)
}

/** A keyword by its name (`"flying"`). */
function keywordName(k: unknown, path: string, at: Report): void {
  if (typeof k !== 'string' || keywordBit(k) === 0) at(path, `unknown keyword ${describeValue(k)}; expected one of ${KEYWORD_NAMES.join(', ')}`)
}

function keyword(k: unknown, path: string, at: Report): void {
  if (typeof k === 'string') {
    keywordName(k, path, at)
    return
  }
  if (!isRecord(k)) {
    at(path, `expected a keyword name or an object like {"equip": "{2}"}, got ${describeValue(k)}`)
    return
  }
  if ('equip' in k) {
    if (record(k, path, ['equip', 'quality'], at)) {
      manaCost(k.equip, `${path}.equip`, at)
      optional(k, 'quality', path, at, string)
    }
  } else if ('equip planeswalker' in k) {
    if (record(k, path, ['equip planeswalker'], at)) manaCost(k['equip planeswalker'], `${path}["equip planeswalker"]`, at)
  } else if ('enchant' in k) {
    if (record(k, path, ['enchant'], at)) member(k.enchant, ENCHANT_QUALITIES, `${path}.enchant`, at)
  } else if ('plot' in k) {
    if (record(k, path, ['plot'], at)) manaCost(k.plot, `${path}.plot`, at)
  } else {
    at(path, 'expected one of {"equip": cost, "quality"?: ...}, {"equip planeswalker": cost}, {"enchant": quality}, {"plot": cost}')
  }
}

/** Why a spell doesn't have exactly one effect, or null (docs/scenario-format.md: "one effect on its targets"). */
export function spellEffectsError(spell: Readonly<Record<string, unknown>>): string | null {
  const effects = SPELL_EFFECTS.filter((e) => spell[e] !== undefined)
  if (effects.length === 1) return null
  return `a spell has exactly one effect (${quoted(SPELL_EFFECTS)}), not ${effects.length === 0 ? 'none' : quoted(effects, ' and ')}`
}

function spell(value: unknown, path: string, at: Report): void {
  const s = record(value, path, SPELL_FIELDS, at)
  if (!s) return
  member(s.target, SPELL_TARGETS, `${path}.target`, at)
  const effects = spellEffectsError(s)
  if (effects !== null) at(path, effects)
  optional(s, 'pump', path, at, granted)
  count(s, 'damage', path, LIMITS.amount, at)
  if (s.destroy !== undefined && s.destroy !== true) at(`${path}.destroy`, `expected true, got ${describeValue(s.destroy)}`)
}

/** The shape of one object: every field it has, each of the right type and range; the object, or null when it is not one. */
function objectShape(value: unknown, p: string, at: Report): Record<string, unknown> | null {
  const o = record(value, p, OBJECT_FIELDS, at)
  if (!o) return null
  id(o.id, `${p}.id`, at)
  if (o.card !== undefined && string(o.card, `${p}.card`, at) && !CARD_POOL.has(o.card)) {
    at(`${p}.card`, `unknown card "${o.card}"; expected a card of the built-in pool`)
  }
  for (const field of ['controller', 'owner', 'attachedTo']) optional(o, field, p, at, string)
  if (o.zone !== undefined) member(o.zone, POSITION_ZONES, `${p}.zone`, at)
  items(o, 'types', p, at, (t, q) => member(t, TYPE_NAMES, q, at))
  items(o, 'subtypes', p, at, string)
  optional(o, 'manaCost', p, at, manaCost)
  count(o, 'power', p, LIMITS.power, at)
  count(o, 'toughness', p, LIMITS.toughness, at)
  count(o, 'loyalty', p, LIMITS.startingLoyalty, at)
  items(o, 'keywords', p, at, keyword)
  for (const field of ['equipped', 'enchanted']) optional(o, field, p, at, granted)
  optional(o, 'spell', p, at, spell)
  for (const field of ['tapped', 'summoningSick', 'plotted']) optional(o, field, p, at, boolean)
  count(o, 'damage', p, LIMITS.damage, at)
  count(o, 'plottedTurn', p, LIMITS.turn, at)
  return o
}

/**
 * Every problem of a position, each with its JSON path (`base` + `.objects[2].power`). An empty
 * list means the position is valid and can be built.
 */
export function checkPosition(position: unknown, base = ''): InputIssue[] {
  const issues: InputIssue[] = []
  const at: Report = (path, message) => void issues.push({ path: `${base}${path}`, message })
  const top = record(position, '', TOP_FIELDS, at)
  if (!top) return issues
  // The two lists every position has.
  const list = (field: 'players' | 'objects', note: string): unknown[] | null =>
    top[field] === undefined ? (at('', `expected "${field}" ${note}`), null) : array(top[field], `.${field}`, at)
  const players = list('players', '(two or more)')
  const objects = list('objects', '(may be empty)')
  const turn = top.turn === undefined ? null : record(top.turn, '.turn', TURN_FIELDS, at)
  if (turn) {
    optional(turn, 'active', '.turn', at, string)
    count(turn, 'number', '.turn', LIMITS.turn, at)
    if (turn.step !== undefined) member(turn.step, STEP_NAMES, '.turn.step', at)
    count(turn, 'landsPlayed', '.turn', LIMITS.landsPlayed, at)
  }

  const playerIds = new Set<string>()
  const allIds = new Set<string>()
  // Each object by its id, the first given an id: the host an attached object names.
  const byId = new Map<string, Record<string, unknown>>()
  const defineId = (value: unknown, path: string, object?: Record<string, unknown>): void => {
    if (typeof value !== 'string') return
    if (allIds.has(value)) at(path, `the id "${value}" is used twice`)
    allIds.add(value)
    if (object && !byId.has(value)) byId.set(value, object)
  }
  if (players && players.length < 2) at('.players', 'at least two players are expected')
  if (players) Array.from(players, (value, i) => {
    const p = record(value, `.players[${i}]`, PLAYER_FIELDS, at)
    if (!p) return
    if (id(p.id, `.players[${i}].id`, at)) playerIds.add(p.id)
    defineId(p.id, `.players[${i}].id`)
    count(p, 'life', `.players[${i}]`, LIMITS.life, at)
  })
  const shapes = Array.from(objects ?? [], (value, i) => {
    const o = objectShape(value, `.objects[${i}]`, at)
    if (o) defineId(o.id, `.objects[${i}].id`, o)
    return o
  })
  const playerList = (): string => [...playerIds].join(', ')
  if (typeof turn?.active === 'string' && !playerIds.has(turn.active)) {
    at('.turn.active', `expected a player id (${playerList()}), got "${turn.active}"`)
  }

  shapes.forEach((o, i) => {
    if (!o) return
    const p = `.objects[${i}]`
    const card = typeof o.card === 'string' ? CARD_POOL.get(o.card) : undefined
    for (const field of ['controller', 'owner'] as const) {
      const v = o[field]
      if (typeof v === 'string' && !playerIds.has(v)) at(`${p}.${field}`, `expected a player id (${playerList()}), got "${v}"`)
    }
    if (o.controller === undefined && o.owner === undefined) at(p, 'expected "controller" or "owner" (each defaults to the other)')
    const types = (Array.isArray(o.types) ? o.types : card?.types ?? []) as unknown[]
    if (types.length === 0 && (o.card === undefined || card)) at(`${p}.types`, 'expected at least one card type (or a "card" from the pool)')
    for (const [type, field] of NEEDED) {
      if (types.includes(type) && o[field] === undefined && card?.[field] === undefined) at(`${p}.${field}`, `a ${type} needs a ${field}`)
    }
    const zone = o.zone ?? 'battlefield'
    if (zone !== 'battlefield') {
      if (o.tapped === true) at(`${p}.tapped`, 'only a permanent on the battlefield can be tapped')
      if (typeof o.damage === 'number' && o.damage !== 0) at(`${p}.damage`, 'only a permanent on the battlefield can have damage marked')
      if (o.summoningSick === true) at(`${p}.summoningSick`, 'only a permanent on the battlefield can be summoning sick')
      if (o.attachedTo !== undefined) at(`${p}.attachedTo`, 'only a permanent on the battlefield can be attached')
    }
    if (typeof o.attachedTo === 'string') {
      const host = byId.get(o.attachedTo)
      if (!allIds.has(o.attachedTo)) at(`${p}.attachedTo`, `unknown object or player "${o.attachedTo}"`)
      else if (host && (host.zone ?? 'battlefield') !== 'battlefield') {
        at(`${p}.attachedTo`, `"${o.attachedTo}" is not on the battlefield; an object is attached to a permanent or a player`)
      }
      const subtypes = (Array.isArray(o.subtypes) ? o.subtypes : card?.subtypes ?? []) as unknown[]
      if (!subtypes.includes('Equipment') && !subtypes.includes('Aura')) at(`${p}.attachedTo`, 'only an Equipment or an Aura can be attached')
      if (o.attachedTo === o.id) at(`${p}.attachedTo`, "an object can't be attached to itself")
    }
    if ((o.plotted === true || o.plottedTurn !== undefined) && zone !== 'exile') at(`${p}.plotted`, 'only a card in exile can be plotted')
  })
  return issues
}
