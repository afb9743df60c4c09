import { walkTo as advance, walkToAttack as attack, walkToBlock as block, walkToDamage as combatDamage } from '../api/drive.js'
import { generateBoard, type GeneratedBoard } from '../generate/board.js'
import { internalError, type ActionResult } from '../core/errors.js'
import { restoreWorld, snapshotWorld } from '../state/snapshot.js'
import { Step } from '../core/steps.js'

const fmt = new Intl.NumberFormat('en-US')

function check(result: ActionResult, what: string): void {
  if (!result.ok) throw internalError(`demo: ${what} was rejected: ${result.error.message}`)
}

/** One whole combat with default choices: attack, block, the damage steps, end of combat. */
function playCombat(board: GeneratedBoard): void {
  const { world } = board
  check(attack(world, board.attacks), 'the attack')
  if (board.attacks.length === 0) return
  check(block(world, board.blocks), 'the blocks')
  while (world.turn.step < Step.RegularDamage) check(combatDamage(world, null), 'combat damage')
  check(advance(world, Step.PostcombatMain, false), 'the end of combat')
}

/**
 * The main job for now: one generated large-board combat, summarised step by step (with event
 * listeners counting damage and deaths), after warm-up combats on the same position; then the
 * same combat without listeners, as bulk simulation runs it.
 */
export function runDemo(options: { size: number; seed: number; warmup?: number }): string {
  const started = performance.now()
  const board = generateBoard(options)
  const generatedMs = performance.now() - started
  const { world, attackingPlayer: a, defendingPlayer: b } = board
  const snapshot = snapshotWorld(world)
  const warmup = options.warmup ?? 3
  const quiet: number[] = []
  for (let i = 0; i < warmup + 5; i++) {
    restoreWorld(world, snapshot)
    const t0 = performance.now()
    playCombat(board)
    if (i >= warmup) quiet.push(performance.now() - t0)
  }

  let damage = 0
  let died = 0
  let pwDied = 0
  const planeswalkers = new Set(board.planeswalkers)
  world.events.on('damageDealt', (_s, _t, amount) => {
    damage += amount
  })
  world.events.on('creatureDied', () => {
    died++
  })
  world.events.on('zoneChanged', (eid) => {
    if (planeswalkers.has(eid)) pwDied++
  })
  // Warm up the paths that build events too, then count from zero.
  for (let i = 0; i < warmup; i++) {
    restoreWorld(world, snapshot)
    playCombat(board)
  }
  restoreWorld(world, snapshot)
  damage = died = pwDied = 0
  const lines: string[] = [
    `redzone demo: ${fmt.format(options.size)} creatures a side, ${board.planeswalkers.length} planeswalkers, seed ${options.seed}`,
    `board generated in ${generatedMs.toFixed(1)} ms; ${fmt.format(board.attacks.length)} attackers, ${fmt.format(board.blocks.length)} blockers`,
    `step by step after ${warmup} warm-up combats on the same position, with event listeners:`,
    '',
    `${'step'.padEnd(20)}${'time'.padStart(11)}${'damage'.padStart(12)}${'died'.padStart(9)}${'life A'.padStart(10)}${'life B'.padStart(10)}`,
  ]
  let total = 0
  const row = (name: string | (() => string), action: () => ActionResult): void => {
    const d0 = damage
    const k0 = died
    const t0 = performance.now()
    const result = action()
    const ms = performance.now() - t0
    total += ms
    const label = typeof name === 'string' ? name : name()
    check(result, label)
    lines.push(
      `${label.padEnd(20)}${`${ms.toFixed(2)} ms`.padStart(11)}${fmt.format(damage - d0).padStart(12)}${fmt.format(died - k0).padStart(9)}` +
        `${fmt.format(world.players.life[a]!).padStart(10)}${fmt.format(world.players.life[b]!).padStart(10)}`,
    )
  }
  row('declare attackers', () => attack(world, board.attacks))
  if (board.attacks.length > 0) {
    row('declare blockers', () => block(world, board.blocks))
    while (world.turn.step < Step.RegularDamage) {
      row(() => (world.turn.step === Step.FirstStrikeDamage ? 'first-strike damage' : 'regular damage'), () => combatDamage(world, null))
    }
  }
  row('end of combat', () => advance(world, Step.PostcombatMain, false))
  quiet.sort((x, y) => x - y)
  lines.push(
    '',
    `total: ${fmt.format(damage)} damage dealt, ${fmt.format(died)} creatures and ${pwDied} planeswalkers died; ` +
      `life A ${fmt.format(world.players.life[a]!)}, life B ${fmt.format(world.players.life[b]!)}`,
    `whole combat: ${total.toFixed(1)} ms with listeners; ${quiet[quiet.length >> 1]!.toFixed(2)} ms without (median of ${quiet.length}, as bulk simulation runs it)`,
  )
  return `${lines.join('\n')}\n`
}
