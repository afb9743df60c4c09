/**
 * The shape of an entity-level action that comes from outside the engine: `redzone/sim`'s `act`,
 * and an agent's choice in `playGame` and `GameTable`. A TypeScript caller can't get it wrong; a
 * JavaScript one can, and the gate reads a declaration's list by index and length without asking
 * (a Map there would be an empty declaration, taken silently). So: an object with a known `type`,
 * lists where lists go, objects in the declarations' lists, entity ids (whole numbers) where ids
 * go, a number where a damage division's amount goes, keyword names in an effect's list. Whether an
 * id names an object of the game, which keyword a name is, an effect's amounts and every rule are
 * the gate's to check (a rejection). Not on the engine's own paths (the learning env's and the
 * agents' actions are built by the engine), so it costs the core nothing.
 */
import { RedzoneError } from '../core/errors.js'
import { describeValue as describe } from '../core/limits.js'
import { ACTION_TYPES, EFFECT_TYPES, type Action } from './action.js'

const EFFECTS: ReadonlySet<unknown> = new Set(EFFECT_TYPES)

function refuse(path: string, expected: string, value: unknown): never {
  throw new RedzoneError('invalid-argument', `${path}: expected ${expected}, got ${describe(value)}`)
}

// Paths are made only for a refusal: a valid action (every agent's choice) builds no string.
const ID = 'an entity id (a whole number, 0 or more)'
const isId = (value: unknown): boolean => Number.isInteger(value) && (value as number) >= 0
const ATTACK = ['attacker', 'target']
const BLOCK = ['blocker', 'attacker']
const ASSIGN = ['creature', 'recipient']

function id(value: unknown, path: string): void {
  if (!isId(value)) refuse(path, ID, value)
}

function ids(value: unknown, path: string): void {
  if (!Array.isArray(value)) refuse(path, 'a list of entity ids', value)
  for (let i = 0; i < value.length; i++) if (!isId(value[i])) refuse(`${path}[${i}]`, ID, value[i])
}

/** A declaration's list (`action.attackers`): each entry an object with an entity id in each of `fields` and, with `amount`, a number there. */
function entries(value: unknown, path: string, fields: readonly string[], amount = false): void {
  if (!Array.isArray(value)) refuse(path, 'a list', value)
  for (let i = 0; i < value.length; i++) {
    const entry: unknown = value[i]
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) refuse(`${path}[${i}]`, 'an object', entry)
    const e = entry as Record<string, unknown>
    for (let f = 0; f < fields.length; f++) if (!isId(e[fields[f]!])) refuse(`${path}[${i}].${fields[f]}`, ID, e[fields[f]!])
    if (amount && typeof e['amount'] !== 'number') refuse(`${path}[${i}].amount`, 'a number', e['amount'])
  }
}

/** An outside effect's fields: its objects are ids, its keywords names (which names, and the amounts, are the effect's own checks: `applyEffect`). */
function checkEffect(a: Record<string, unknown>, type: unknown): void {
  if (!EFFECTS.has(type)) refuse('action.type', `one of ${[...ACTION_TYPES, ...EFFECT_TYPES].join(', ')}`, type)
  if (type === 'dealDamage') {
    id(a['to'], 'action.to')
    // No source (none, or null as `act` reads it): no deathtouch, no lifelink.
    if (a['source'] != null) id(a['source'], 'action.source')
  } else id(a['object'], 'action.object')
  if (type === 'lose' || (type === 'grant' && a['keywords'] !== undefined)) {
    const keywords = a['keywords']
    if (!Array.isArray(keywords)) refuse('action.keywords', 'a list of keyword names', keywords)
    for (let i = 0; i < keywords.length; i++) if (typeof keywords[i] !== 'string') refuse(`action.keywords[${i}]`, 'a keyword name (a string)', keywords[i])
  }
}

/** Throws `RedzoneError('invalid-argument')` naming the field (`action.attackers[2].target`) when `action` is not an action's shape. */
export function checkActionShape(action: unknown): asserts action is Action {
  if (typeof action !== 'object' || action === null || Array.isArray(action)) refuse('action', 'an object', action)
  const a = action as Record<string, unknown>
  // The type read once (an action's shape varies with it, so each read of a field is a lookup).
  const type = a['type']
  switch (type) {
    case 'pass':
    case 'mulligan':
    case 'keep':
      break
    case 'play':
    case 'plot':
      id(a['card'], 'action.card')
      break
    case 'cast':
      id(a['card'], 'action.card')
      if (a['target'] !== undefined) id(a['target'], 'action.target')
      if (a['plot'] !== undefined && typeof a['plot'] !== 'boolean') refuse('action.plot', 'true or false', a['plot'])
      if (a['pay'] !== undefined) ids(a['pay'], 'action.pay')
      break
    case 'activate':
      id(a['object'], 'action.object')
      id(a['target'], 'action.target')
      if (a['pay'] !== undefined) ids(a['pay'], 'action.pay')
      break
    case 'declareAttackers':
      entries(a['attackers'], 'action.attackers', ATTACK)
      break
    case 'declareBlockers':
      entries(a['blockers'], 'action.blockers', BLOCK)
      break
    case 'assignDamage':
      entries(a['assignments'], 'action.assignments', ASSIGN, true)
      break
    case 'search':
      if (a['cards'] !== null) ids(a['cards'], 'action.cards')
      break
    case 'discard':
    case 'bottom':
      ids(a['cards'], 'action.cards')
      break
    default:
      // An effect from outside the game belongs to no player (or the type is none: refused there).
      checkEffect(a, type)
      return
  }
  id(a['player'], 'action.player')
}
