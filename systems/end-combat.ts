import { C_ATTACKED_PLANESWALKER, C_ATTACKING, C_BLOCKED, C_BLOCKING, C_HAD_FIRST_STRIKE, NO_ENTITY } from '../components/combat'
import type { GameWorld } from '../src/world'

const COMBAT_FLAGS = C_ATTACKING | C_BLOCKING | C_BLOCKED | C_HAD_FIRST_STRIKE | C_ATTACKED_PLANESWALKER

/** CR 511.3: as the end of combat step ends, all creatures and planeswalkers are removed from combat. */
export function endCombat(world: GameWorld): void {
  world.trace?.push('endCombat')
  const { flags, attackTarget, defendingPlayer, blocking } = world.combat
  const { attackers, blockers } = world.roster
  for (let i = 0, items = attackers.items; i < attackers.length; i++) {
    const c = items[i]!
    flags[attackTarget[c]!]! &= ~C_ATTACKED_PLANESWALKER
    flags[c]! &= ~COMBAT_FLAGS
    attackTarget[c] = NO_ENTITY
    defendingPlayer[c] = NO_ENTITY
  }
  for (let i = 0, items = blockers.items; i < blockers.length; i++) {
    const c = items[i]!
    flags[c]! &= ~COMBAT_FLAGS
    blocking[c] = NO_ENTITY
  }
  attackers.clear()
  blockers.clear()
  world.roster.blockList.clear()
}
