/**
 * What changes on a card during a game besides combat and stats (CR 301.5, 303.4, 702.170),
 * indexed by entity id. The card's printed data (name, cost, subtypes, spell, abilities) never
 * changes and stays in `GameWorld.cardData`.
 */
export interface CardState {
  /** CR 301.5, 303.4: the object or player an Equipment or Aura is attached to (0: none). */
  attachedTo: Int32Array
  /** CR 702.170: a plotted card in exile, and the turn it became plotted. */
  plotted: Uint8Array
  plottedTurn: Int32Array
  /** Order in which permanents came onto the battlefield (the legend rule keeps the newest by default). */
  enteredAt: Int32Array
}

export function createCardState(capacity: number): CardState {
  return {
    attachedTo: new Int32Array(capacity),
    plotted: new Uint8Array(capacity),
    plottedTurn: new Int32Array(capacity),
    enteredAt: new Int32Array(capacity),
  }
}
