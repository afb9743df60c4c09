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
 */
export function encodeAction<R extends Eid | string = Eid>(action: PlayerAction<R>): string {
  if (typeof action !== 'object' || action === null) throw new RedzoneError('invalid-argument', `encodeAction: expected a player's action, got ${describeValue(action)}`)
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
 * The action an encoded string stands for, made by `player`; throws `invalid-argument` on any
 * string that is not exactly an action's encoding (`l09`, `l9 `, `p5`, `c76>` are not: each read
 * as some action, a tampered record would replay).
 */
export function decodeAction(text: string, player: Eid): PlayerAction {
  if (typeof text !== 'string') throw new RedzoneError('invalid-argument', `decodeAction: expected an encoded action (a string), got ${describeValue(text)}`)
  const action = decodeLoosely(text, player)
  // The one encoding: a string is an action's only if that action encodes back to it.
  if (encodeAction(action) !== text) throw new RedzoneError('invalid-argument', `not an encoded action: "${text}"`)
  return action
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
