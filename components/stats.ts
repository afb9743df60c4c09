/**
 * Numeric characteristics and marks of objects, indexed by entity id.
 * `printed*` are the card's own values (CR 208, 306.5b); `power` / `toughness` are the
 * effective ones after continuous effects (CR 613.4), recomputed in one place.
 */
export interface Stats {
  printedPower: Int32Array
  printedToughness: Int32Array
  power: Int32Array
  toughness: Int32Array
  /** CR 120.3e: damage marked on a creature; removed in cleanup (514.2). */
  damage: Int32Array
  /** CR 306.5b: printed loyalty, the loyalty counters a planeswalker enters with. */
  printedLoyalty: Int32Array
  /** CR 306.5b: loyalty, the number of loyalty counters on a planeswalker. */
  loyalty: Int32Array
  /** CR 702.2b: dealt damage by a deathtouch source since state-based actions were last checked. */
  deathtouched: Uint8Array
}

export function createStats(capacity: number): Stats {
  return {
    printedPower: new Int32Array(capacity),
    printedToughness: new Int32Array(capacity),
    power: new Int32Array(capacity),
    toughness: new Int32Array(capacity),
    damage: new Int32Array(capacity),
    printedLoyalty: new Int32Array(capacity),
    loyalty: new Int32Array(capacity),
    deathtouched: new Uint8Array(capacity),
  }
}

/** Status of permanents (CR 110.5) and summoning sickness (CR 302.6). */
export interface Status {
  tapped: Uint8Array
  /** CR 302.6: not continuously controlled by its controller since their most recent turn began. */
  sick: Uint8Array
}

export function createStatus(capacity: number): Status {
  return { tapped: new Uint8Array(capacity), sick: new Uint8Array(capacity) }
}
