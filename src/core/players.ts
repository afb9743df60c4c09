import type { Eid } from './events.js'
import type { GameWorld } from './world.js'

/**
 * Whether `player` is still in the game (CR 104.3: a player who lost leaves it; 800.4a): the one
 * reading of `players.lost` meaning that (a typed-array read, cheap in hot paths).
 */
export function inGame(world: GameWorld, player: Eid): boolean {
  return world.players.lost[player] === 0
}

/** Players still in the game (CR 104.3: a player who lost leaves it; 800.4a). */
export function playersInGame(world: GameWorld): Eid[] {
  return world.playerOrder.filter((p) => inGame(world, p))
}

/** CR 800.4a: `player`, or when they have left the game the next player in turn order still in it. */
export function stillInGame(world: GameWorld, player: Eid): Eid {
  const order = world.playerOrder
  let i = seatOf(order, player)
  for (let k = 0; k < order.length && !inGame(world, order[i]!); k++) i = (i + 1) % order.length
  return order[i] ?? player
}

/** The next player in turn order after `player` who is still in the game (CR 101.4, 800.4a). */
export function nextInGame(world: GameWorld, player: Eid): Eid {
  const order = world.playerOrder
  return stillInGame(world, order[(seatOf(order, player) + 1) % order.length]!)
}

/** `order.indexOf(player)` (a player's seat in turn order), as a loop the compiler inlines: the players are few, and every pass of priority asks. */
export function seatOf(order: readonly Eid[], player: Eid): number {
  for (let i = 0; i < order.length; i++) if (order[i] === player) return i
  return -1
}

/** How many players are still in the game (CR 104.3, 800.4a: `inGame`), without a list. */
export function playersLeft(world: GameWorld): number {
  const order = world.playerOrder
  const lost = world.players.lost
  let left = 0
  for (let i = 0; i < order.length; i++) if (lost[order[i]!] === 0) left++
  return left
}

/** CR 104.2a: the game is over when at most one player is left in it. */
export function isGameOver(world: GameWorld): boolean {
  return playersLeft(world) <= 1
}

/** The winner of a finished game (the one player left), or 0 for none. */
export function winnerOf(world: GameWorld): Eid {
  let winner = 0
  for (const p of world.playerOrder) {
    if (inGame(world, p)) {
      if (winner !== 0) return 0
      winner = p
    }
  }
  return winner
}
