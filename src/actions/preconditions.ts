import { reject, type Rejection } from '../errors.js'
import { isGameOver } from '../turn.js'
import type { GameWorld } from '../world.js'

/** CR 104.2a: once the game is over, no action is legal. */
export function gameOverError(world: GameWorld): Rejection | null {
  return isGameOver(world) ? reject('game-over', 'the game is over: at most one player is left in it', '104.2a') : null
}
