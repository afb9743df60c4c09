/**
 * State that travels, as functions over a `Game` (a bundle that uses none of them carries none):
 * a snapshot to restore (undo, search), a versioned JSON document, one binary buffer (transferable
 * to a Worker), and a checksum for desync checks. A game rebuilt from either continues exactly as
 * the original would.
 */
import { checksum as worldChecksum } from '../state/digest.js'
import { readBinary, readJson, stateToBinary, stateToJson, type StateDocument } from '../state/serialize.js'
import { checkSnapshot, restoreWorld, snapshotWorld, type Snapshot } from '../state/snapshot.js'
import * as args from './args.js'
import { Game, trackChange, worldOf } from './game.js'
import { checkedWorld } from './checked-game.js'

/** The game as a `redzone-state/1` JSON document (the position it was built from, and its state). */
export function toJSON(game: Game): StateDocument {
  return stateToJson(checkedWorld(game, 'toJSON'))
}

/** The game as one binary buffer (transferable to a Worker). */
export function toBinary(game: Game): ArrayBuffer {
  return stateToBinary(checkedWorld(game, 'toBinary'))
}

/** A new game with the state of a `redzone-state/1` document: it continues exactly as the original would. */
export function fromJSON(doc: unknown): Game {
  const { setup, snapshot } = readJson(doc)
  const game = new Game(setup)
  restoreWorld(worldOf(game), snapshot)
  return game
}

/** A new game with the state of a buffer made by `toBinary` (or a view of its bytes: a `Uint8Array` read from a file or a socket). */
export function fromBinary(buffer: ArrayBuffer | ArrayBufferView): Game {
  const bytes = ArrayBuffer.isView(buffer) ? new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength).slice().buffer : buffer
  const { setup, snapshot } = readBinary(bytes)
  const game = new Game(setup)
  restoreWorld(worldOf(game), snapshot)
  return game
}

/** A 32-bit checksum of the whole game, for desync checks between copies. */
export function checksum(game: Game): number {
  return worldChecksum(checkedWorld(game, 'checksum'))
}

/** A copy of the whole game (typed-array copies), to `restore` later: undo, search. */
export function snapshot(game: Game): Snapshot {
  return snapshotWorld(checkedWorld(game, 'snapshot')) as unknown as Snapshot
}

/** Puts the game back to a snapshot taken of it (or of a game built from the same position); one change of its version. Listeners stay subscribed. */
export function restore(game: Game, snapshot: Snapshot): void {
  const world = checkedWorld(game, 'restore')
  args.object(snapshot, 'snapshot')
  checkSnapshot(world, snapshot)
  trackChange(game, () => restoreWorld(world, snapshot))
}
