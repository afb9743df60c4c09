import { C_HAD_FIRST_STRIKE } from '../components/combat.js'
import { KW_ANY_FIRST_STRIKE } from '../components/keywords.js'
import type { GameWorld } from '../src/core/world.js'

/**
 * CR 510.4, 702.7b: as the first-strike combat damage step begins, records which attacking and
 * blocking creatures have first strike or double strike; those without deal damage in the
 * second step, whatever they gain later (702.7c).
 */
export function recordFirstStrikers(world: GameWorld): void {
  const { flags } = world.combat
  const eff = world.kw.effective
  for (let l = 0; l < 2; l++) {
    const list = l === 0 ? world.roster.attackers : world.roster.blockers
    for (let i = 0, items = list.items; i < list.length; i++) {
      const c = items[i]!
      if (eff[c]! & KW_ANY_FIRST_STRIKE) flags[c]! |= C_HAD_FIRST_STRIKE
    }
  }
}
