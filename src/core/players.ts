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
  // Most often they are: a seat still in the game is itself, without a walk round the table.
  return world.players.isPlayer[player] === 1 && inGame(world, player) ? player : fromSeat(world, seatIndex(world, player), player)
}

/** The next player in turn order after `player` who is still in the game (CR 101.4, 800.4a). */
export function nextInGame(world: GameWorld, player: Eid): Eid {
  return fromSeat(world, (seatIndex(world, player) + 1) % world.playerOrder.length, player)
}

/** The first player still in the game in turn order from seat `i`, that seat's player when nobody is (`i` -1, no seat: from seat 0, the last seat's player when nobody is; `player` when there are no seats). */
function fromSeat(world: GameWorld, i: number, player: Eid): Eid {
  const order = world.playerOrder
  for (let k = 0; k < order.length && !inGame(world, order[i]!); k++) i = (i + 1) % order.length
  return order[i] ?? player
}

/**
 * A player's seat: their place in turn order (0 for the first player to take a turn), -1 for no
 * player of the game. A loop the compiler inlines, not `indexOf`: the players are few, and every
 * pass of priority asks.
 */
export function seatIndex(world: GameWorld, player: Eid): number {
  const order = world.playerOrder
  for (let i = 0; i < order.length; i++) if (order[i] === player) return i
  return -1
}

/**
 * How many players are still in the game (CR 104.3, 800.4a: `inGame`), without a list: counted
 * once after each change (`GameContext.left`), since every pass and every decision asks.
 */
export function playersLeft(world: GameWorld): number {
  const known = world.left
  return known >= 0 ? known : (world.left = countLeft(world))
}

function countLeft(world: GameWorld): number {
  const order = world.playerOrder
  let left = 0
  for (let i = 0; i < order.length; i++) if (inGame(world, order[i]!)) left++
  return left
}

/** CR 104.2a, 104.4a: the game is over when at most one player is left in it (none: a draw). */
export function isGameOver(world: GameWorld): boolean {
  return playersLeft(world) <= 1
}

/** The rule that ends a finished game: CR 104.2a, one player is left (the winner); 104.4a, none (all lost at once: a draw). */
export function gameOverRule(world: GameWorld): string {
  return playersLeft(world) ? '104.2a' : '104.4a'
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
