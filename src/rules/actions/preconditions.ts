import { reject, type Rejection } from '../../core/errors.js'
import { gameOverRule, isGameOver, inGame } from '../../core/players.js'
import { isPlayer, label, type GameWorld } from '../../core/world.js'
import type { Eid } from '../../core/events.js'

/** CR 104.2a, 104.4a: once the game is over (won or drawn: `gameOverRule`), no action is legal. */
export function gameOverError(world: GameWorld): Rejection | null {
  return isGameOver(world) ? reject('game-over', 'the game is over: at most one player is left in it', gameOverRule(world)) : null
}

type ActorCode = 'game-over' | 'not-a-player' | 'left-the-game'

/**
 * CR 104.2a, 102.1, 800.4a: why `player` can't act now: the game is over, it is no player, or a
 * player who has left the game (any action of theirs is rejected); null when they can. The one
 * check of every player's action and of the enumerators.
 */
export function actorCheck(world: GameWorld, player: Eid): ActorCode | null {
  return isGameOver(world) ? 'game-over' : !isPlayer(world, player) ? 'not-a-player' : !inGame(world, player) ? 'left-the-game' : null
}

/** The rejection of `actorCheck`, with its message, or null. */
export function actorError(world: GameWorld, player: Eid): Rejection | null {
  const code = actorCheck(world, player)
  if (code === 'not-a-player') return reject(code, `${label(world, player)} is not a player`, '102.1')
  return code && (gameOverError(world) ?? reject(code, `${label(world, player)} has left the game`, '800.4a'))
}

/** Whether `card` is a card: an object with a card's data (a player has none). */
export function isCard(world: GameWorld, card: Eid): boolean {
  return world.cardData[card] !== undefined
}

/** The rejection of an `actorCheck` code or of `unknown-object` (not a card, `isCard`), with its message. */
export function actorCardRejection(world: GameWorld, player: Eid, card: Eid, code: ActorCode | 'unknown-object'): Rejection {
  return code === 'unknown-object' ? reject(code, `${label(world, card)} is not a card`, null) : actorError(world, player)!
}
