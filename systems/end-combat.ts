import { C_ALL_COMBAT, C_ATTACKED_PLANESWALKER, NO_ENTITY } from '../components/combat.js'
import type { GameWorld } from '../src/core/world.js'

/** CR 511.3: as the end of combat step ends, all creatures and planeswalkers are removed from combat. */
export function endCombat(world: GameWorld): void {
  const { flags, attackTarget, defendingPlayer, blocking } = world.combat
  const { attackers, blockers } = world.roster
  // What an observation shows of them changed (`noteChange`, here in the loops' own terms).
  const changed = world.scratch.changed
  for (let i = 0, items = attackers.items; i < attackers.length; i++) {
    const c = items[i]!
    flags[attackTarget[c]!]! &= ~C_ATTACKED_PLANESWALKER
    flags[c]! &= ~C_ALL_COMBAT
    attackTarget[c] = NO_ENTITY
    defendingPlayer[c] = NO_ENTITY
    changed[c] = 1
  }
  for (let i = 0, items = blockers.items; i < blockers.length; i++) {
    const c = items[i]!
    flags[c]! &= ~C_ALL_COMBAT
    blocking[c] = NO_ENTITY
    changed[c] = 1
  }
  attackers.clear()
  blockers.clear()
  world.roster.blockList.clear()
}
