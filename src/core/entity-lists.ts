import { query } from 'bitecs'
import { Creature, Land, Planeswalker } from '../../components/types.js'
import { Card } from '../../components/zones.js'
import type { GameWorld } from './world.js'

/**
 * The entities of a kind (cards, creatures, lands, planeswalkers) as typed arrays, listed once per
 * world and again whenever entities were added: a card's types never change, so these queries'
 * answers only grow with the world. Hot loops (each step's untap, cleanup, the enumerator) read
 * them instead of asking bitecs every time.
 */
type Kind = 'cards' | 'creatures' | 'lands' | 'planeswalkers'
const TAGS: Record<Kind, object> = { cards: Card, creatures: Creature, lands: Land, planeswalkers: Planeswalker }
const CACHE = new WeakMap<GameWorld, { entities: number; lists: Partial<Record<Kind, Int32Array>> }>()

export function entitiesOf(world: GameWorld, kind: Kind): Int32Array {
  let cached = CACHE.get(world)
  if (cached === undefined || cached.entities !== world.labels.length) {
    cached = { entities: world.labels.length, lists: {} }
    CACHE.set(world, cached)
  }
  let list = cached.lists[kind]
  if (list === undefined) {
    // In entity order (the order a position lists its objects; the default payment follows it for lands).
    list = Int32Array.from(query(world, [TAGS[kind]])).sort()
    cached.lists[kind] = list
  }
  return list
}
