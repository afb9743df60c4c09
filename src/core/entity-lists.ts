import { query } from 'bitecs'
import { T_CREATURE, T_LAND, T_PLANESWALKER, typeTag } from '../../components/types.js'
import { Card, Zone } from '../../components/zones.js'
import type { Eid } from './events.js'
import type { GameWorld } from './world.js'
import { internalError } from './errors.js'
import { cutTo, removeItem } from './lists.js'
import { CARDS, CREATURES, LANDS, PLANESWALKERS } from './entity-kinds.js'

/**
 * The entities of a kind (cards, creatures, lands, planeswalkers) as typed arrays, listed once per
 * world and again whenever entities were added: a card's types never change, so these queries'
 * answers only grow with the world. Hot loops (each step's untap, cleanup, the enumerator) read
 * them instead of asking bitecs every time. The kinds' indexes are in `entity-kinds.ts`.
 */
/** A kind's index in `GameWorld['derived'].kinds`: a number, so that the list is an element read (a read by a name that varies goes megamorphic in V8). */
type Kind = typeof CARDS | typeof CREATURES | typeof LANDS | typeof PLANESWALKERS
const TAGS = [Card, typeTag(T_CREATURE), typeTag(T_LAND), typeTag(T_PLANESWALKER)]
const KIND_NAMES = ['cards', 'creatures', 'lands', 'planeswalkers']

export function entitiesOf(world: GameWorld, kind: Kind): Int32Array {
  const derived = derivedLists(world)
  let list = derived.kinds[kind]
  if (list === undefined) {
    // In entity order (the order a position lists its objects; the default payment follows it for lands).
    list = Int32Array.from(query(world, [TAGS[kind]!])).sort()
    derived.kinds[kind] = list
  }
  return list
}

/** The world's derived lists (`GameContext.derived`), emptied when entities were added since they were made. */
export function derivedLists(world: GameWorld): GameWorld['derived'] {
  let derived = world.derived
  if (derived.entities !== world.labels.length) {
    derived = { entities: world.labels.length, kinds: [], battlefield: null, store: [] }
    world.derived = derived
  }
  return derived
}

/**
 * The cards on the battlefield, in entity order (read it, never change it, and read it again
 * after a zone change: the list changes in place): listed from the cards' zones when first asked
 * after entities were added or the world was restored, and kept in step by `moveToZone` since
 * (`battlefieldChanged`).
 */
export function battlefieldOf(world: GameWorld): readonly Eid[] {
  const derived = derivedLists(world)
  let list = derived.battlefield
  if (list === null) {
    const zone = world.place.zone
    const cards = entitiesOf(world, CARDS)
    // Into the world's one list, written by index and cut (`cutTo`): no new list at a zone change.
    // By index: a typed array's iterator costs twice as much here.
    list = derived.battlefield = derived.store
    let n = 0
    for (let k = 0; k < cards.length; k++) if (zone[cards[k]!] === Zone.Battlefield) list[n++] = cards[k]!
    cutTo(list, n)
  }
  return list
}

/**
 * Makes `world` use `from`'s lists of entities by kind (`entitiesOf`, and what other modules derive
 * per entity into `kinds`, as the land masks): worlds built from one position have the same
 * entities with the same types, so one copy serves them all (and stays in cache when N games
 * step in lockstep). Checked on the four kinds; a world built otherwise is a bug.
 */
export function shareKinds(from: GameWorld, world: GameWorld): void {
  for (let kind = CARDS; kind <= PLANESWALKERS; kind++) {
    const a = entitiesOf(from, kind as Kind)
    const b = entitiesOf(world, kind as Kind)
    if (a.length !== b.length || a.some((eid, i) => b[i] !== eid)) throw internalError(`shareKinds: the worlds' ${KIND_NAMES[kind]} differ`)
  }
  derivedLists(world).kinds = derivedLists(from).kinds
}

/**
 * `moveToZone`'s update of the battlefield list, when it is listed for the world's entities
 * (`battlefieldOf`): `card` left the battlefield (`entered` false) or entered it, kept in entity
 * order in place (a battlefield of a few dozen permanents: a shift, where listing it again read
 * every card's zone).
 */
export function battlefieldChanged(world: GameWorld, card: Eid, entered: boolean): void {
  const derived = world.derived
  const list = derived.battlefield
  // Not listed, or listed for fewer entities (a card added since is not on it): listed again when asked.
  if (list === null || derived.entities !== world.labels.length) return
  if (entered) {
    let at = list.push(card) - 1
    for (; at > 0 && list[at - 1]! > card; at--) list[at] = list[at - 1]!
    list[at] = card
    return
  }
  if (!removeItem(list, card)) throw internalError(`battlefieldChanged: ${card} was not listed`)
}
