import type { Eid } from './events.js'

/**
 * A map from entity ids to values, kept in an array indexed by id: the hot reads of a game (a
 * card's data and abilities on every check) are an array load, not a hash lookup. Iterates in id
 * order.
 */
export class ByEntity<T> implements Iterable<[Eid, T]> {
  private readonly byId: (T | undefined)[] = []
  /** The ids with a value, ascending. */
  private readonly ids: Eid[] = []

  get size(): number {
    return this.ids.length
  }

  get(eid: Eid): T | undefined {
    return eid < this.byId.length ? this.byId[eid] : undefined
  }

  has(eid: Eid): boolean {
    return eid < this.byId.length && this.byId[eid] !== undefined
  }

  set(eid: Eid, value: T): this {
    while (this.byId.length <= eid) this.byId.push(undefined)
    if (this.byId[eid] === undefined) {
      let i = this.ids.length
      while (i > 0 && this.ids[i - 1]! > eid) i--
      this.ids.splice(i, 0, eid)
    }
    this.byId[eid] = value
    return this
  }

  /** The ids with a value, ascending (read it, never change it). */
  keys(): readonly Eid[] {
    return this.ids
  }

  *[Symbol.iterator](): Iterator<[Eid, T]> {
    for (const eid of this.ids) yield [eid, this.byId[eid]!]
  }
}
