/** One whole combat through the engine's public entity-level actions, as the benchmark times it. */
import { walkTo as advance, walkToAttack as attack, walkToBlock as block, walkToDamage as combatDamage } from '../src/api/drive.js'
import type { GeneratedBoard } from '../src/generate/board.js'
import { Step } from '../src/core/steps.js'

function ok(result: { ok: boolean }, what: string): void {
  if (!result.ok) throw new Error(`engine rejected ${what}: ${JSON.stringify(result)}`)
}

export function runEngineCombat(board: GeneratedBoard): void {
  const { world } = board
  ok(attack(world, board.attacks), 'the attack')
  if (board.attacks.length > 0) {
    ok(block(world, board.blocks), 'the blocks')
    while (world.turn.step < Step.RegularDamage) ok(combatDamage(world, null), 'combat damage')
  }
  ok(advance(world, Step.PostcombatMain, false), 'the end of combat')
}
