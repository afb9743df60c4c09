/**
 * Zones (CR 400). An object keeps its entity when it changes zone; the zone is a field, so
 * no component churn happens and ids stay stable. Ordered zones (library, hand, graveyard,
 * exile) also keep a per-player list on the world (`GameWorld.zoneLists`).
 */

/** Marks a card or permanent entity (as opposed to a player). */
export const Card = {}

export enum Zone {
  Library = 0,
  Hand = 1,
  Battlefield = 2,
  Graveyard = 3,
  Exile = 4,
  Stack = 5,
  /** CR 800.4a: the objects of a player who left a multiplayer game have left the game. */
  Outside = 6,
}
export type ZoneId = Zone

export const ZONE_NAMES = ['library', 'hand', 'battlefield', 'graveyard', 'exile', 'stack', 'outside'] as const
export type ZoneName = (typeof ZONE_NAMES)[number]

export interface Placement {
  zone: Uint8Array
  /** CR 108.3: the owner, a player entity. */
  owner: Int32Array
  /** CR 108.4: the controller, a player entity; off the battlefield and stack it is the owner. */
  controller: Int32Array
}

export function createPlacement(capacity: number): Placement {
  return { zone: new Uint8Array(capacity), owner: new Int32Array(capacity), controller: new Int32Array(capacity) }
}
