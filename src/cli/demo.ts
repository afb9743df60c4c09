import { advance, attack, block, combatDamage } from '../actions/combat-actions'
import { generateBoard } from '../generate/board'
import type { ActionResult } from '../errors'
import { Step } from '../steps'

const fmt = new Intl.NumberFormat('en-US')

/** The main job for now: one generated large-board combat, summarised step by step. */
export function runDemo(options: { size: number; seed: number }): string {
  const started = performance.now()
  const board = generateBoard(options)
  const generatedMs = performance.now() - started
  const { world, attackingPlayer: a, defendingPlayer: b } = board
  let damage = 0
  let died = 0
  let pwDied = 0
  world.events.on('damageDealt', (_s, _t, amount) => {
    damage += amount
  })
  world.events.on('creatureDied', () => {
    died++
  })
  world.events.on('zoneChanged', (eid) => {
    if (board.planeswalkers.includes(eid)) pwDied++
  })
  const lines: string[] = [
    `redzone demo: ${fmt.format(options.size)} creatures a side, ${board.planeswalkers.length} planeswalkers, seed ${options.seed}`,
    `board generated in ${generatedMs.toFixed(1)} ms; ${fmt.format(board.attacks.length)} attackers, ${fmt.format(board.blocks.length)} blockers`,
    '',
    `${'step'.padEnd(20)}${'time'.padStart(11)}${'damage'.padStart(12)}${'died'.padStart(9)}${'life A'.padStart(10)}${'life B'.padStart(10)}`,
  ]
  const row = (name: string | (() => string), action: () => ActionResult): void => {
    const d0 = damage
    const k0 = died
    const t0 = performance.now()
    const result = action()
    const ms = performance.now() - t0
    const label = typeof name === 'string' ? name : name()
    if (!result.ok) throw new Error(`demo: ${label} was rejected: ${result.error.message}`)
    lines.push(
      `${label.padEnd(20)}${`${ms.toFixed(2)} ms`.padStart(11)}${fmt.format(damage - d0).padStart(12)}${fmt.format(died - k0).padStart(9)}` +
        `${fmt.format(world.players.life[a]!).padStart(10)}${fmt.format(world.players.life[b]!).padStart(10)}`,
    )
  }
  row('declare attackers', () => attack(world, board.attacks))
  row('declare blockers', () => block(world, board.blocks))
  while (world.turn.step < Step.RegularDamage) {
    row(() => (world.turn.step === Step.FirstStrikeDamage ? 'first-strike damage' : 'regular damage'), () => combatDamage(world, null))
  }
  row('end of combat', () => advance(world, Step.PostcombatMain, false))
  lines.push(
    '',
    `total: ${fmt.format(damage)} damage dealt, ${fmt.format(died)} creatures and ${pwDied} planeswalkers died; ` +
      `life A ${fmt.format(world.players.life[a]!)}, life B ${fmt.format(world.players.life[b]!)}`,
    `whole combat: ${(performance.now() - started - generatedMs).toFixed(1)} ms`,
  )
  return `${lines.join('\n')}\n`
}
