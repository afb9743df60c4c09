/**
 * State that travels, as functions over a `Game` (a bundle that uses none of them carries none):
 * a snapshot to restore (undo, search), a versioned JSON document, one binary buffer (transferable
 * to a Worker), and a checksum for desync checks. A game rebuilt from either continues exactly as
 * the original would, from the same `game.version`.
 */
import { checksum as worldChecksum } from '../state/digest.js'
import { loadState, readBinary, readJson, stateToBinary, stateToJson, type StateDocument, type StateRead } from '../state/serialize.js'
import { checkSnapshot, notMidChange, restoreWorld, snapshotWorld, type Snapshot } from '../state/snapshot.js'
import * as args from './args.js'
import { gameOfBuilt, trackChange, type Game } from './game.js'
import { checkedWorld } from './checked-game.js'

/** The game as a `redzone-state/2` JSON document (the position it was built from, its state, its version, a checksum). */
export function toJSON(game: Game): StateDocument {
  return stateToJson(checkedWorld(game, 'toJSON'), game.version)
}

/** The game as one binary buffer (transferable to a Worker). */
export function toBinary(game: Game): ArrayBuffer {
  return stateToBinary(checkedWorld(game, 'toBinary'), game.version)
}

/** The game of a document or buffer read: built, checked and restored by `loadState` (the one path), at the version it was written at. */
function gameOf(read: StateRead): Game {
  const game = gameOfBuilt(loadState(read))
  game['changes'] = read.gameVersion
  return game
}

/** A new game with the state of a `redzone-state/2` document (or `/1`): it continues exactly as the original would. */
export function fromJSON(doc: unknown): Game {
  return gameOf(readJson(doc))
}

/** A new game with the state of a buffer made by `toBinary` (or a view of its bytes: a `Uint8Array` read from a file or a socket). */
export function fromBinary(buffer: ArrayBuffer | ArrayBufferView): Game {
  const bytes = ArrayBuffer.isView(buffer) ? new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength).slice().buffer : buffer
  return gameOf(readBinary(bytes))
}

/** A 32-bit checksum of the whole game, for desync checks between copies. */
export function checksum(game: Game): number {
  return worldChecksum(checkedWorld(game, 'checksum'))
}

/** A copy of the whole game (typed-array copies), to `restore` later: undo, search. */
export function snapshot(game: Game): Snapshot {
  const world = checkedWorld(game, 'snapshot')
  notMidChange(world, 'snapshot')
  return snapshotWorld(world) as unknown as Snapshot
}

/**
 * Puts the game back to a snapshot taken of it (or of a game built from the same position); one
 * change of its version. Listeners stay subscribed. A snapshot `snapshot()` made is trusted (an
 * opaque value: undo and search at full speed); any other object, and a snapshot read from a
 * buffer, is checked as a document is (`checkSnapshot`).
 */
export function restore(game: Game, snapshot: Snapshot): void {
  const world = checkedWorld(game, 'restore')
  args.object(snapshot, 'snapshot')
  checkSnapshot(world, snapshot)
  trackChange(game, () => restoreWorld(world, snapshot))
}
