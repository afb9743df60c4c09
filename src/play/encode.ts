import { RedzoneError } from '../core/errors.js'
import type { PlayerAction } from '../decisions/action.js'
import type { Eid } from '../core/events.js'
import { describeValue } from '../core/limits.js'

/**
 * Actions as short strings for game records (the player is the decider of the decision the
 * action answers, so it is not written). Entity ids are stable for the same decks.
 *
 *   p            pass                     l12        play 12
 *   c12>3        cast 12 targeting 3      c12        cast 12 (no target); c12* casts a plotted 12
 *   e7>12        equip 7 onto 12          E7>12      equip planeswalker
 *   t12          plot 12                  a5>2,6>2   declare attackers (a: none)
 *   b9>5         declare blockers         d5>9:2,5>2:1 assign damage (d: default)
 *   s40,41       search (s-: decline)     x3,4       discard
 *   m            mulligan                 k          keep         o3,4  bottom
 *
 * The same encoding over a `Game`'s string ids (`cA-shock-1>B`) names an action of that game
 * (the automation contract of the browser demo, `data-action`); `decodeAction` reads entity ids only.
 * An action that encodes to no string of its own throws `invalid-argument` naming the field: an id
 * that is neither an entity id (a whole number, 0 or more) nor a string id without the encoding's
 * separators (`,` `>` `:` `*`), a `plot` that is not a boolean, another ability than equip's.
 */
export function encodeAction<R extends Eid | string = Eid>(action: PlayerAction<R>): string {
  if (typeof action !== 'object' || action === null) throw new RedzoneError('invalid-argument', `encodeAction: expected a player's action, got ${describeValue(action)}`)
  checkEncodable(action)
  return writeAction(action)
}

/**
 * `encodeAction` without its checks, for an action the gate accepted or the engine made (a
 * record's, a search key): its ids are entity ids and its fields of their types, so it encodes to
 * a string of its own. Not on the public surface.
 */
export function writeAction<R extends Eid | string = Eid>(action: PlayerAction<R>): string {
  switch (action.type) {
    case 'pass':
      return 'p'
    case 'play':
      return `l${action.card}`
    case 'cast':
      return `c${action.card}${action.target ? `>${action.target}` : ''}${action.plot ? '*' : ''}`
    case 'activate':
      return `${action.ability === 'equip' ? 'e' : 'E'}${action.object}>${action.target}`
    case 'plot':
      return `t${action.card}`
    case 'declareAttackers':
      return `a${action.attackers.map((a) => `${a.attacker}>${a.target}`).join(',')}`
    case 'declareBlockers':
      return `b${action.blockers.map((b) => `${b.blocker}>${b.attacker}`).join(',')}`
    case 'assignDamage':
      return `d${action.assignments.map((a) => `${a.creature}>${a.recipient}:${a.amount}`).join(',')}`
    case 'search':
      return action.cards === null ? 's-' : `s${action.cards.join(',')}`
    case 'discard':
      return `x${action.cards.join(',')}`
    case 'mulligan':
      return 'm'
    case 'keep':
      return 'k'
    case 'bottom':
      return `o${action.cards.join(',')}`
    default:
      throw new RedzoneError('invalid-argument', `encodeAction: action.type: expected a player's action type, got ${describeValue((action as { type?: unknown }).type)}`)
  }
}

// What `encodeAction` writes must read back as that action: each field it writes is checked (the
// player, and a cast's or activation's `pay`, are not written). Paths are made only for a refusal.

/** The characters that separate an encoding's parts: no id may hold one. */
const SEPARATORS = /[,>:*]/

/**
 * An id the encoding can write: an entity id (a whole number, 0 or more, as `act` takes it) or a
 * `Game`'s id, a non-empty string with none of the separators and not `-` (a declined search).
 */
function isEncodableId(value: unknown): boolean {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 0
  return typeof value === 'string' && value !== '' && value !== '-' && !SEPARATORS.test(value)
}

const AN_ID = 'an entity id (a whole number, 0 or more) or a game\'s id (a non-empty string without , > : * and not "-")'

function refuse(path: string, expected: string, value: unknown): never {
  throw new RedzoneError('invalid-argument', `encodeAction: ${path}: expected ${expected}, got ${describeValue(value)}`)
}

function checkId(value: unknown, path: string): void {
  if (!isEncodableId(value)) refuse(path, AN_ID, value)
}

function checkIds(value: unknown, path: string): void {
  if (!Array.isArray(value)) refuse(path, 'a list of ids', value)
  for (let i = 0; i < value.length; i++) if (!isEncodableId(value[i])) refuse(`${path}[${i}]`, AN_ID, value[i])
}

/** A declaration's list: objects with an id in each of `fields` and, with `amount`, a number there. */
function checkEntries(value: unknown, path: string, fields: readonly string[], amount = false): void {
  if (!Array.isArray(value)) refuse(path, 'a list', value)
  for (let i = 0; i < value.length; i++) {
    const entry: unknown = value[i]
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) refuse(`${path}[${i}]`, 'an object', entry)
    const e = entry as Record<string, unknown>
    for (const field of fields) if (!isEncodableId(e[field])) refuse(`${path}[${i}].${field}`, AN_ID, e[field])
    if (amount && typeof e['amount'] !== 'number') refuse(`${path}[${i}].amount`, 'a number', e['amount'])
  }
}

/** Throws `invalid-argument` naming the field (`encodeAction: action.card: ...`) of an action that encodes to no string of its own. */
function checkEncodable(action: object): void {
  const a = action as Record<string, unknown>
  switch (a['type']) {
    case 'play':
    case 'plot':
      checkId(a['card'], 'action.card')
      return
    case 'cast':
      checkId(a['card'], 'action.card')
      // No target: none, or the entity 0.
      if (a['target'] !== undefined) checkId(a['target'], 'action.target')
      if (a['plot'] !== undefined && typeof a['plot'] !== 'boolean') refuse('action.plot', 'true or false', a['plot'])
      return
    case 'activate':
      if (a['ability'] !== 'equip' && a['ability'] !== 'equip planeswalker') refuse('action.ability', '"equip" or "equip planeswalker"', a['ability'])
      checkId(a['object'], 'action.object')
      checkId(a['target'], 'action.target')
      return
    case 'declareAttackers':
      checkEntries(a['attackers'], 'action.attackers', ['attacker', 'target'])
      return
    case 'declareBlockers':
      checkEntries(a['blockers'], 'action.blockers', ['blocker', 'attacker'])
      return
    case 'assignDamage':
      checkEntries(a['assignments'], 'action.assignments', ['creature', 'recipient'], true)
      return
    case 'search':
      if (a['cards'] !== null) checkIds(a['cards'], 'action.cards')
      return
    case 'discard':
    case 'bottom':
      checkIds(a['cards'], 'action.cards')
      return
    default:
      // pass, mulligan and keep write their type only; another type is refused by `encodeAction`.
      return
  }
}

function ids(text: string): Eid[] {
  if (text === '') return []
  return text.split(',').map((s) => {
    const n = Number(s)
    if (!Number.isInteger(n) || n <= 0) throw new RedzoneError('invalid-argument', `not an entity id: "${s}"`)
    return n
  })
}

/** `a>b` as two ids (an id missing where the text has none: the re-encoding then refuses the string, as `e` or `d:`). */
function pair(text: string): [Eid, Eid] {
  const [a, b] = text.split('>')
  return [ids(a ?? '')[0]!, ids(b ?? '')[0]!]
}

function pairs(text: string): [Eid, Eid][] {
  if (text === '') return []
  return text.split(',').map(pair)
}

/**
 * The action an encoded string stands for, made by `player` (a player's entity id: a whole number
 * of 1 or more); throws `invalid-argument` on any string that is not exactly an action's encoding
 * (`l09`, `l9 `, `p5`, `c76>` are not: each read as some action, a tampered record would replay),
 * or that encodes no answer any decision asks for: a discard or a bottom of no cards (CR 514.1 asks
 * for a discard only of a hand above its maximum size, 103.5 for a bottom only after a mulligan),
 * a damage amount that is not a whole number (CR 510.1a: an amount of damage, 107.1).
 */
export function decodeAction(text: string, player: Eid): PlayerAction {
  if (typeof text !== 'string') throw new RedzoneError('invalid-argument', `decodeAction: expected an encoded action (a string), got ${describeValue(text)}`)
  if (!Number.isInteger(player) || player < 1) throw new RedzoneError('invalid-argument', `decodeAction: player: expected a player's entity id (a whole number, 1 or more), got ${describeValue(player)}`)
  const action = decodeLoosely(text, player)
  // The one encoding: a string is an action's only if that action encodes back to it (an id
  // missing where the text has none is refused there, as in `e` or `d:`).
  let encoded: string | null
  try {
    encoded = encodeAction(action)
  } catch (error) {
    if (!(error instanceof RedzoneError)) throw error
    encoded = null
  }
  if (encoded !== text || !answersSomething(action)) throw new RedzoneError('invalid-argument', `not an encoded action: "${text}"`)
  return action
}

/** Whether a decoded action is an answer some decision asks for (`decodeAction`'s last check). */
function answersSomething(action: PlayerAction): boolean {
  switch (action.type) {
    case 'discard':
    case 'bottom':
      return action.cards.length > 0
    case 'assignDamage':
      return action.assignments.every((a) => Number.isSafeInteger(a.amount) && a.amount >= 0)
    default:
      return true
  }
}

function decodeLoosely(text: string, player: Eid): PlayerAction {
  const kind = text[0]
  const rest = text.slice(1)
  switch (kind) {
    case 'p':
      return { type: 'pass', player }
    case 'l':
      return { type: 'play', player, card: ids(rest)[0]! }
    case 'c': {
      const plot = rest.endsWith('*')
      const [card, target] = (plot ? rest.slice(0, -1) : rest).split('>')
      return { type: 'cast', player, card: ids(card ?? '')[0]!, target: target === undefined ? 0 : ids(target)[0]!, plot }
    }
    case 'e':
    case 'E': {
      const [object, target] = pair(rest)
      return { type: 'activate', player, object, target, ability: kind === 'e' ? 'equip' : 'equip planeswalker' }
    }
    case 't':
      return { type: 'plot', player, card: ids(rest)[0]! }
    case 'a':
      return { type: 'declareAttackers', player, attackers: pairs(rest).map(([attacker, target]) => ({ attacker, target })) }
    case 'b':
      return { type: 'declareBlockers', player, blockers: pairs(rest).map(([blocker, attacker]) => ({ blocker, attacker })) }
    case 'd':
      return {
        type: 'assignDamage',
        player,
        assignments:
          rest === ''
            ? []
            : rest.split(',').map((entry) => {
                const [between, amount] = entry.split(':')
                const [creature, recipient] = pair(between ?? '')
                return { creature, recipient, amount: Number(amount) }
              }),
      }
    case 's':
      return { type: 'search', player, cards: rest === '-' ? null : ids(rest) }
    case 'x':
      return { type: 'discard', player, cards: ids(rest) }
    case 'm':
      return { type: 'mulligan', player }
    case 'k':
      return { type: 'keep', player }
    case 'o':
      return { type: 'bottom', player, cards: ids(rest) }
    default:
      throw new RedzoneError('invalid-argument', `not an encoded action: "${text}"`)
  }
}
