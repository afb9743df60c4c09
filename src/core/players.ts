import type { Eid } from './events.js'
import type { GameWorld } from './world.js'

/** Players still in the game (CR 104.3: a player who lost leaves it; 800.4a). */
export function playersInGame(world: GameWorld): Eid[] {
  return world.playerOrder.filter((p) => world.players.lost[p] === 0)
}

/** CR 104.2a: the game is over when at most one player is left in it. */
export function isGameOver(world: GameWorld): boolean {
  let left = 0
  for (const p of world.playerOrder) if (world.players.lost[p] === 0) left++
  return left <= 1
}

/** The winner of a finished game (the one player left), or 0 for none. */
export function winnerOf(world: GameWorld): Eid {
  let winner = 0
  for (const p of world.playerOrder) {
    if (world.players.lost[p] === 0) {
      if (winner !== 0) return 0
      winner = p
    }
  }
  return winner
}
