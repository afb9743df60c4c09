import { battlefieldOf } from '../src/core/entity-lists.js'
import type { GameWorld } from '../src/core/world.js'

/**
 * CR 502.3: the active player untaps their permanents. The active player's permanents also
 * stop being summoning sick: from now on they have been controlled since this turn began (302.6).
 */
export function untapStep(world: GameWorld): void {
  const active = world.turn.active
  const controller = world.place.controller
  const { tapped, sick } = world.status
  // What an observation shows of a permanent that untaps or stops being sick changed (`noteChange`,
  // here in the loop's own terms); one neither tapped nor sick is unchanged.
  const changed = world.scratch.changed
  let untapped = 0
  // The permanents (`battlefieldOf`: cards on the battlefield).
  for (const eid of battlefieldOf(world)) {
    if (controller[eid] !== active || (tapped[eid]! | sick[eid]!) === 0) continue
    if (tapped[eid]) {
      tapped[eid] = 0
      untapped++
    }
    sick[eid] = 0
    changed[eid] = 1
  }
  if (world.events.listening) world.events.emit('permanentsUntapped', active, untapped, '502.3')
}
