/**
 * One whole combat through the engine's public entity-level actions, as the benchmark times it:
 * decision by decision through the one gate, `act`, as a client plays it (pass while the game asks
 * for priority, declare attackers when asked, then blockers, pass and take the default damage
 * division to the postcombat main phase). `runDriverCombat` plays the same combat with the
 * scenario format's walk helpers (src/api/drive.ts), which also check each declaration before
 * walking to it (so that a rejected helper leaves no trace): the same outcome, a little more work.
 */
import { walkTo as advance, walkToAttack as attack, walkToBlock as block, walkToDamage as combatDamage } from '../src/api/drive.js'
import { act } from '../src/decisions/act.js'
import type { PlayerAction } from '../src/decisions/action.js'
import { pendingKind, pendingPlayer } from '../src/decisions/pending.js'
import type { GeneratedBoard } from '../src/generate/board.js'
import { Step } from '../src/core/steps.js'

function ok(result: { ok: boolean }, what: string): void {
  if (!result.ok) throw new Error(`engine rejected ${what}: ${JSON.stringify(result)}`)
}

const NO_ASSIGNMENTS: readonly [] = []

/** A board's actions, made once (so that the bench's allocation figure is the engine's alone). */
interface BoardActions {
  passA: PlayerAction
  passD: PlayerAction
  attack: PlayerAction
  block: PlayerAction
  /** The default division, by the attacking and the defending player. */
  assignA: PlayerAction
  assignD: PlayerAction
}

const ACTIONS = new WeakMap<GeneratedBoard, BoardActions>()
/** The last board's actions: the bench plays one board many times in a row, and a weak map's lookup costs a combat of 10 a side about 0.4% of its instructions. */
let last: { board: GeneratedBoard; actions: BoardActions } | null = null

function actionsOf(board: GeneratedBoard): BoardActions {
  if (last !== null && last.board === board) return last.actions
  let actions = ACTIONS.get(board)
  if (actions === undefined) {
    const { attackingPlayer: a, defendingPlayer: d } = board
    actions = {
      passA: { type: 'pass', player: a },
      passD: { type: 'pass', player: d },
      attack: { type: 'declareAttackers', player: a, attackers: board.attacks },
      block: { type: 'declareBlockers', player: d, blockers: board.blocks },
      assignA: { type: 'assignDamage', player: a, assignments: NO_ASSIGNMENTS },
      assignD: { type: 'assignDamage', player: d, assignments: NO_ASSIGNMENTS },
    }
    ACTIONS.set(board, actions)
  }
  last = { board, actions }
  return actions
}

export function runEngineCombat(board: GeneratedBoard): void {
  const { world, attackingPlayer: a } = board
  const actions = actionsOf(board)
  const turn = world.turn
  for (;;) {
    const kind = pendingKind(world)
    if (kind === 'priority') {
      if (turn.step >= Step.PostcombatMain) return
      ok(act(world, turn.priority === a ? actions.passA : actions.passD), 'a pass')
    } else if (kind === 'declareAttackers') ok(act(world, actions.attack), 'the attack')
    else if (kind === 'declareBlockers') ok(act(world, actions.block), 'the blocks')
    else if (kind === 'assignDamage') ok(act(world, pendingPlayer(world, kind) === a ? actions.assignA : actions.assignD), 'the default damage division')
    else if (kind === 'gameOver') return
    else throw new Error(`unexpected decision ${kind} in a combat`)
  }
}

export function runDriverCombat(board: GeneratedBoard): void {
  const { world } = board
  ok(attack(world, board.attacks), 'the attack')
  if (board.attacks.length > 0) {
    ok(block(world, board.blocks), 'the blocks')
    while (world.turn.step < Step.RegularDamage) ok(combatDamage(world, null), 'combat damage')
  }
  ok(advance(world, Step.PostcombatMain, false), 'the end of combat')
}
