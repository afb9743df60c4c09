import { reject, type Rejection } from '../../core/errors.js'
import { isGameOver } from '../../core/players.js'
import { isPlayer, label, type GameWorld } from '../../core/world.js'
import type { Eid } from '../../core/events.js'

/** CR 104.2a: once the game is over, no action is legal. */
export function gameOverError(world: GameWorld): Rejection | null {
  return isGameOver(world) ? reject('game-over', 'the game is over: at most one player is left in it', '104.2a') : null
}

/** CR 104.2a, 102.1: the game is on, `player` is a player still in it, `card` is a card: the reject code, or null. */
export function actorCardCheck(world: GameWorld, player: Eid, card: Eid): 'game-over' | 'not-a-player' | 'unknown-object' | null {
  if (isGameOver(world)) return 'game-over'
  if (!isPlayer(world, player) || world.players.lost[player]) return 'not-a-player'
  if (isPlayer(world, card) || !world.cardData.has(card)) return 'unknown-object'
  return null
}

/** The rejection of an `actorCardCheck` code, with its message. */
export function actorCardRejection(world: GameWorld, player: Eid, card: Eid, code: 'game-over' | 'not-a-player' | 'unknown-object'): Rejection {
  if (code === 'game-over') return gameOverError(world)!
  if (code === 'not-a-player') return reject(code, `${label(world, player)} is not a player in the game`, '102.1')
  return reject(code, `${label(world, card)} is not a card`, null)
}
