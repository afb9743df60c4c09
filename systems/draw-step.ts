import { drawCard } from '../src/draw'
import type { GameWorld } from '../src/world'

/** CR 504.1: the active player draws a card, except the starting player on turn 1 of a two-player game (103.8a). */
export function drawStep(world: GameWorld): void {
  world.trace?.push('drawStep')
  if (world.turn.number === 1 && world.playerOrder.length === 2 && world.turn.active === world.playerOrder[0]) return
  drawCard(world, world.turn.active)
}
