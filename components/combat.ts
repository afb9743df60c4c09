/**
 * Combat state (CR 506), in typed arrays indexed by entity id: it changes every combat, so
 * it never lives in components or relations (see BITECS-NOTES.md).
 */

/** Flag bits of `CombatState.flags`. */
export const C_ATTACKING = 1
export const C_BLOCKING = 2
/** CR 509.1h: stays set when the blockers leave combat. */
export const C_BLOCKED = 4
/** CR 510.4: had first strike or double strike as the first combat damage step began. */
export const C_HAD_FIRST_STRIKE = 8
/** A planeswalker that is being attacked and has not been removed from combat (CR 506.4c). */
export const C_ATTACKED_PLANESWALKER = 16
/** Every flag that removal from combat clears (CR 506.4, 511.3). */
export const C_ALL_COMBAT = C_ATTACKING | C_BLOCKING | C_BLOCKED | C_HAD_FIRST_STRIKE | C_ATTACKED_PLANESWALKER

/** bitecs entity ids start at 1, so 0 means "none" and fresh typed arrays need no fill. */
export const NO_ENTITY = 0

export interface CombatState {
  flags: Uint8Array
  /** CR 508.1b: the player or planeswalker each attacking creature attacks. */
  attackTarget: Int32Array
  /** CR 506.2: the defending player of each attacking creature. */
  defendingPlayer: Int32Array
  /** CR 509.1a: the attacking creature each blocking creature blocks. */
  blocking: Int32Array
  /** Blockers of each attacking creature, in declaration order: `Roster.blockList[blockStart .. + blockCount]`. */
  blockStart: Int32Array
  blockCount: Int32Array
}

export function createCombatState(capacity: number): CombatState {
  return {
    flags: new Uint8Array(capacity),
    attackTarget: new Int32Array(capacity),
    defendingPlayer: new Int32Array(capacity),
    blocking: new Int32Array(capacity),
    blockStart: new Int32Array(capacity),
    blockCount: new Int32Array(capacity),
  }
}
