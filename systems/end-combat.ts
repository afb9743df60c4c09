import { leaveCombat } from '../src/zone-change'
import type { GameWorld } from '../src/world'

/** CR 511.3: as the end of combat step ends, all creatures and planeswalkers are removed from combat. */
export function endCombat(world: GameWorld): void {
  world.trace?.push('endCombat')
  const { attackers, blockers } = world.roster
  for (const list of [attackers, blockers]) {
    for (let i = 0; i < list.length; i++) {
      const c = list.items[i]!
      const target = world.combat.attackTarget[c]!
      if (target !== 0) leaveCombat(world, target)
      leaveCombat(world, c)
    }
  }
  attackers.clear()
  blockers.clear()
  world.roster.blockList.clear()
}
