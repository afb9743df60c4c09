import { drawCard, turnDrawSkipped } from '../src/rules/draw.js'
import type { GameWorld } from '../src/core/world.js'

/**
 * CR 504.1: the active player draws a card, except on turn 1 of a two-player game: the starting
 * player, whose turn it is, skips that draw (103.8a).
 */
export function drawStep(world: GameWorld): void {
  if (turnDrawSkipped(world)) return
  drawCard(world, world.turn.active)
}
