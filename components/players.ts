/** Players (CR 102) are entities too, so damage and targets can name them by id. */

export const Player = {}

export interface PlayerStats {
  /** 1 for a player entity: a typed-array test for hot loops. */
  isPlayer: Uint8Array
  /** CR 119 Life. */
  life: Int32Array
  /** CR 104.3: the player has lost the game. */
  lost: Uint8Array
  /** CR 704.5b: attempted to draw from an empty library since state-based actions were last checked. */
  drewFromEmpty: Uint8Array
  /** CR 103.5: mulligans taken; whether the player has kept their hand; their choice in this round. */
  mulligans: Uint8Array
  kept: Uint8Array
  mulliganThisRound: Uint8Array
}

export function createPlayerStats(capacity: number): PlayerStats {
  return {
    isPlayer: new Uint8Array(capacity), life: new Int32Array(capacity), lost: new Uint8Array(capacity), drewFromEmpty: new Uint8Array(capacity),
    mulligans: new Uint8Array(capacity),
    kept: new Uint8Array(capacity),
    mulliganThisRound: new Uint8Array(capacity),
  }
}
