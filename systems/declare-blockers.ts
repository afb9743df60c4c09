import { C_BLOCKED, C_BLOCKING } from '../components/combat.js'
import type { GameWorld } from '../src/core/world.js'
import { Await, awaitChoice, choiceMade } from '../src/core/await.js'
import { nextBlockingPlayer } from '../src/rules/combat/options.js'
import { seatIndex } from '../src/core/players.js'

/**
 * CR 509.1, 802.4a: the defending players' block declarations (each already checked by
 * `checkBlockDeclaration`) take effect. Each defending player who has a creature that could block
 * declares for their own creatures, in turn order. Then each blocked attacker is blocked (509.1h)
 * and its blockers are grouped in the order they were declared.
 */
export function declareBlockers(world: GameWorld): boolean {
  const { turn, pending } = world
  const declaration = pending.blockers
  if (declaration !== null) {
    pending.blockers = null
    applyBlocks(world, declaration)
    // The answer covers the decider's creatures: their bit, by their place in turn order.
    turn.blockersDone |= 1 << seatIndex(world, turn.decider)
    choiceMade(world)
  }
  // The next defending player who could block chooses; one who couldn't declares no blocks.
  const next = nextBlockingPlayer(world, turn.blockersDone)
  if (next !== 0) return awaitChoice(world, Await.Blockers, next)
  groupBlockers(world)
  turn.blockersDeclared = true
  turn.blockersDone = 0
  if (world.events.listening) world.events.emit('blockersDeclared', world.roster.blockers.length, '509.1')
  return false
}

/** CR 509.1g-h: each chosen creature becomes a blocking creature; each attacker it blocks becomes blocked. */
function applyBlocks(world: GameWorld, declaration: readonly { blocker: number; attacker: number }[]): void {
  const { combat, roster, events } = world
  // What an observation shows of both changed (`noteChange`, here in the loop's own terms).
  const changed = world.scratch.changed
  // An index loop (as in declareAttackers): no iterator result per blocker in unoptimized code.
  for (let i = 0; i < declaration.length; i++) {
    const { blocker, attacker } = declaration[i]!
    combat.flags[blocker]! |= C_BLOCKING
    combat.blocking[blocker] = attacker
    combat.flags[attacker]! |= C_BLOCKED
    combat.blockCount[attacker]!++
    changed[blocker] = changed[attacker] = 1
    roster.blockers.push(blocker)
    if (events.listening) events.emit('blockerDeclared', blocker, attacker, '509.1a')
  }
}

/** Groups blockers by attacker, keeping declaration order within each group (a counting sort). */
function groupBlockers(world: GameWorld): void {
  const { combat, roster } = world
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
  const blockers = roster.blockers.items
  for (let i = 0; i < roster.blockers.length; i++) {
    const attacker = combat.blocking[blockers[i]!]!
    list[combat.blockStart[attacker]! + combat.blockCount[attacker]!++] = blockers[i]!
  }
}
