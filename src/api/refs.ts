import type { Action } from '../decisions/action.js'

/** The fields of an action that name a player or an object, in the order they are resolved. */
const REFS = ['player', 'card', 'object', 'to', 'target', 'source'] as const
/** The fields that are lists of references (a declined search's `cards` is null). */
const REF_LISTS = ['pay', 'cards'] as const
/** The fields that are lists of pairs, and the references of one pair, in order. */
const PAIRS = ['attackers', 'blockers', 'assignments'] as const
const PAIR_REFS = ['blocker', 'creature', 'attacker', 'target', 'recipient'] as const

/** The references an action may leave out (given as undefined, they are left out). */
const OPTIONAL = ['cast.target', 'dealDamage.source']

type Fields = Record<string, unknown>

/** `from` with its reference fields mapped; a field given but undefined is mapped too (and so rejected as unknown), unless it is optional. */
function mapFields(from: Fields, names: readonly string[], f: (ref: unknown) => unknown, type: unknown): Fields {
  const out: Fields = { ...from }
  for (const name of names) {
    if (name in from && (from[name] !== undefined || !OPTIONAL.includes(`${String(type)}.${name}`))) out[name] = f(from[name])
  }
  return out
}

/**
 * The same action with every reference to a player or an object mapped by `f` (ids to entities
 * and back): the one id mapping of the API. Numbers, keywords and flags are kept as they are.
 * References are mapped in a fixed order (the player first), so the first unknown id is the one
 * a rejection names.
 */
export function mapRefs<A, B>(action: Action<A>, f: (ref: A) => B): Action<B> {
  const g = f as (ref: unknown) => unknown
  const out = mapFields(action as unknown as Fields, REFS, g, action.type)
  for (const name of REF_LISTS) {
    const list = out[name]
    if (Array.isArray(list)) out[name] = list.map(g)
  }
  for (const name of PAIRS) {
    const list = out[name]
    if (Array.isArray(list)) out[name] = list.map((pair: Fields) => mapFields(pair, PAIR_REFS, g, name))
  }
  return out as unknown as Action<B>
}
