import type { ScenarioRun } from '../scenario/run.js'

/** The human-readable form of `redzone run`: each action, the final state, and a count of events. */
export function formatResult(run: ScenarioRun): string {
  const { result } = run
  const lines: string[] = [`scenario: ${result.name}`, '', 'actions:']
  result.actions.forEach((a, i) => {
    if (a.ok) lines.push(`  ${i + 1}. ok${a.mismatches ? `  (expect: ${a.mismatches.join('; ')})` : ''}`)
    else lines.push(`  ${i + 1}. rejected ${a.error!.code}: ${a.error!.message}${a.error!.rule ? ` (CR ${a.error!.rule})` : ''}`)
  })
  const { turn, players, objects } = result.state
  lines.push('', `turn ${turn.number}, active ${turn.active}, step ${turn.step}`, 'players:')
  for (const [id, p] of Object.entries(players)) lines.push(`  ${id}: life ${p.life}${p.lost ? ' (lost)' : ''}`)
  lines.push('objects:')
  for (const [id, o] of Object.entries(objects)) {
    const stats = o.power !== null ? ` ${o.power}/${o.toughness}` : o.loyalty !== null ? ` loyalty ${o.loyalty}` : ''
    const marks = [o.tapped ? 'tapped' : '', o.damage ? `damage ${o.damage}` : '', o.keywords.join(', ')].filter(Boolean).join('; ')
    lines.push(`  ${id}: ${o.zone}, ${o.controller}${stats}${marks ? ` [${marks}]` : ''}`)
  }
  lines.push('', `${result.events.length} events (see --json)`)
  if (run.failures.length > 0) lines.push('', 'checks that failed:', ...run.failures.map((f) => `  ${f}`))
  return `${lines.join('\n')}\n`
}
