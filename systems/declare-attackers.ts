import { C_ATTACKED_PLANESWALKER, C_ATTACKING } from '../components/combat.js'
import { KW_VIGILANCE } from '../components/keywords.js'
import { internalError } from '../src/core/errors.js'
import { isPlayer, type GameWorld } from '../src/core/world.js'
import { Await, awaitChoice, choiceMade } from '../src/core/await.js'
import { anyAttackerPossible } from '../src/rules/combat/options.js'
import type { AttackDeclaration } from '../src/rules/combat/check-attack.js'

/** The declaration of no attackers, made once. */
const NO_ATTACKERS: readonly AttackDeclaration[] = []

/**
 * CR 508.1: the active player's attack declaration (already checked by
 * `checkAttackDeclaration`) takes effect: each creature attacks its player or planeswalker and
 * taps unless it has vigilance (508.1f, 702.20b). Without a declaration the step waits for one,
 * unless no creature could attack.
 */
export function declareAttackers(world: GameWorld): boolean {
  let declaration = world.pending.attackers
  if (declaration === null) {
    // The active player chooses, unless no creature could attack: then the only declaration is none.
    if (anyAttackerPossible(world)) return awaitChoice(world, Await.Attackers, world.turn.active)
    declaration = NO_ATTACKERS
  }
  world.pending.attackers = null
  choiceMade(world)
  const { combat, roster, events } = world
  const tapped = world.status.tapped
  // What an observation shows of each attacker changed (`noteChange`, here in the loop's own terms).
  const changed = world.scratch.changed
  roster.attackers.clear()
  roster.blockers.clear()
  roster.blockList.clear()
  // An index loop: an array iterator allocates a result per element until the optimizing compiler removes it.
  for (let i = 0; i < declaration.length; i++) {
    const { attacker, target } = declaration[i]!
    if (combat.flags[attacker]! & C_ATTACKING) throw internalError(`${attacker} declared twice`)
    combat.flags[attacker]! |= C_ATTACKING
    combat.attackTarget[attacker] = target
    combat.blockCount[attacker] = 0
    if (isPlayer(world, target)) combat.defendingPlayer[attacker] = target
    else {
      combat.defendingPlayer[attacker] = world.place.controller[target]!
      combat.flags[target]! |= C_ATTACKED_PLANESWALKER
    }
    if ((world.kw.effective[attacker]! & KW_VIGILANCE) === 0) tapped[attacker] = 1
    changed[attacker] = 1
    roster.attackers.push(attacker)
    if (events.listening) events.emit('attackerDeclared', attacker, target, '508.1')
  }
  world.turn.attackersDeclared = true
  if (events.listening) events.emit('attackersDeclared', declaration.length, '508.1')
  return false
}
