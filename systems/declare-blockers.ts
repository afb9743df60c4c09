import { C_BLOCKED, C_BLOCKING } from '../components/combat.js'
import type { GameWorld } from '../src/world.js'
import { Await } from '../src/decisions/await.js'
import { firstPossibleBlocker } from '../src/decisions/combat-options.js'
import { awaitChoice, choiceMade } from '../src/turn.js'

/**
 * CR 509.1: the defending players' block declaration (already checked by
 * `checkBlockDeclaration`) takes effect. Each blocked attacker becomes blocked (509.1h) and
 * its blockers are grouped in the order they were declared.
 */
export function declareBlockers(world: GameWorld): boolean {
  let declaration = world.pending.blockers
  if (declaration === null) {
    // The defending players choose, unless no creature could block: then the only declaration is none.
    const decider = firstPossibleBlocker(world)
    if (decider !== 0) return awaitChoice(world, Await.Blockers, decider)
    declaration = []
  }
  world.pending.blockers = null
  choiceMade(world)
  const { combat, roster, events } = world
  for (const { blocker, attacker } of declaration) {
    combat.flags[blocker]! |= C_BLOCKING
    combat.blocking[blocker] = attacker
    combat.flags[attacker]! |= C_BLOCKED
    combat.blockCount[attacker]!++
    roster.blockers.push(blocker)
    if (events.listening) events.emit('blockerDeclared', blocker, attacker, '509.1a')
  }
  // Group blockers by attacker, keeping declaration order within each group (a counting sort).
  const attackers = roster.attackers.items
  let offset = 0
  for (let i = 0; i < roster.attackers.length; i++) {
    const a = attackers[i]!
    combat.blockStart[a] = offset
    offset += combat.blockCount[a]!
    combat.blockCount[a] = 0
  }
  roster.blockList.clear()
  roster.blockList.reserve(offset)
  roster.blockList.length = offset
  const list = roster.blockList.items
  for (const { blocker, attacker } of declaration) {
    list[combat.blockStart[attacker]! + combat.blockCount[attacker]!++] = blocker
  }
  world.turn.blockersDeclared = true
  if (events.listening) events.emit('blockersDeclared', declaration.length, '509.1')
  return false
}
