import type { Action } from '../decisions/action.js'

/**
 * The same action with every reference to a player or an object mapped by `f` (ids to entities
 * and back): the one id mapping of the API. Numbers, keywords and flags are kept as they are.
 */
export function mapRefs<A, B>(action: Action<A>, f: (ref: A) => B): Action<B> {
  switch (action.type) {
    case 'pass':
    case 'mulligan':
    case 'keep':
      return { type: action.type, player: f(action.player) }
    case 'play':
    case 'plot':
      return { type: action.type, player: f(action.player), card: f(action.card) }
    case 'cast':
      return {
        type: 'cast',
        player: f(action.player),
        card: f(action.card),
        ...(action.target === undefined ? {} : { target: f(action.target) }),
        ...(action.plot === undefined ? {} : { plot: action.plot }),
        ...(action.pay === undefined ? {} : { pay: action.pay.map(f) }),
      }
    case 'activate':
      return {
        type: 'activate',
        player: f(action.player),
        object: f(action.object),
        ability: action.ability,
        target: f(action.target),
        ...(action.pay === undefined ? {} : { pay: action.pay.map(f) }),
      }
    case 'declareAttackers':
      return { type: 'declareAttackers', player: f(action.player), attackers: action.attackers.map((a) => ({ attacker: f(a.attacker), target: f(a.target) })) }
    case 'declareBlockers':
      return { type: 'declareBlockers', player: f(action.player), blockers: action.blockers.map((b) => ({ blocker: f(b.blocker), attacker: f(b.attacker) })) }
    case 'assignDamage':
      return {
        type: 'assignDamage',
        player: f(action.player),
        assignments: action.assignments.map((a) => ({ creature: f(a.creature), recipient: f(a.recipient), amount: a.amount })),
      }
    case 'search':
      return { type: 'search', player: f(action.player), cards: action.cards === null ? null : action.cards.map(f) }
    case 'discard':
    case 'bottom':
      return { type: action.type, player: f(action.player), cards: action.cards.map(f) }
    case 'grant':
      return {
        type: 'grant',
        object: f(action.object),
        ...(action.keywords === undefined ? {} : { keywords: action.keywords }),
        ...(action.power === undefined ? {} : { power: action.power }),
        ...(action.toughness === undefined ? {} : { toughness: action.toughness }),
      }
    case 'lose':
      return { type: 'lose', object: f(action.object), keywords: action.keywords }
    case 'dealDamage': {
      const to = f(action.to)
      return { type: 'dealDamage', ...(action.source === undefined ? {} : { source: f(action.source) }), to, amount: action.amount }
    }
    case 'destroy':
    case 'exile':
    case 'removeFromCombat':
      return { type: action.type, object: f(action.object) }
  }
}
