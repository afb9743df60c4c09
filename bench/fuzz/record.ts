/** What a case records (faults, tallies, a trace) and the checks shared by scenario and API cases. */
import type { GameState } from '../../src/index.js'

export interface Fault {
  /** The class of fault: the same bug gives the same kind (ids and numbers taken out). */
  kind: string
  detail: string
}

export const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*$/

/** Takes ids, quoted text and numbers out of a message, so one bug is one kind. */
export function normalize(message: string): string {
  return message
    .split('\n')[0]!
    .replace(/"(?:[^"\\]|\\.)*"/g, '"…"')
    .replace(/'(?:[^'\\]|\\.)*'/g, "'…'")
    .replace(/\S+ (is not a player|is not a permanent|has enchant|is an Equipment|is an Aura)/g, '… $1')
    .replace(/-?\d+(\.\d+)?(e[+-]?\d+)?|\bNaN\b|-?Infinity/gi, 'N')
    .slice(0, 90)
}

export function errorKind(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${normalize(error.message)}`
  return `non-error thrown: ${typeof error}`
}

/** "at $.objects[3].attachedTo: ... (CR 702.5c)" -> "attachedTo (CR 702.5c)": one kind per field and rule. */
export function engineIssueKind(message: string): string {
  const line = message.split('\n').find((l) => /^\s*at \$/.test(l)) ?? message
  const field = /^\s*at \$[^:]*?([A-Za-z]+)(\[\d+\])?:/.exec(line)?.[1] ?? '?'
  const rule = /\(CR ([\d.a-z]+)\)/.exec(line)?.[1]
  return `${field}${rule ? ` (CR ${rule})` : ''}`
}

export function errorDetail(error: unknown): string {
  if (error instanceof Error) {
    const frame = (error.stack ?? '').split('\n').find((l) => /^\s+at /.test(l))?.trim() ?? ''
    return `${error.name}: ${error.message.split('\n')[0]!.slice(0, 200)} ${frame}`
  }
  return String(error)
}

export class Recorder {
  faults: Fault[] = []
  tallies: Record<string, number> = {}
  trace: string[] | undefined
  constructor(capture: boolean) {
    this.trace = capture ? [] : undefined
  }
  /** Records a fault; the first of its kind in a case only, when `once`. */
  fault(kind: string, detail: string, once = false): void {
    if (this.faults.some((f) => f.kind === kind && (once || f.detail === detail))) return
    this.faults.push({ kind, detail })
  }
  count(what: string, n = 1): void {
    this.tallies[what] = (this.tallies[what] ?? 0) + n
  }
  log(line: string): void {
    this.trace?.push(line)
  }
}

/** Numbers a JSON result can't carry (NaN, Infinity) or that left the safe integers. */
export function badNumbers(value: unknown, path = '$', out: string[] = []): string[] {
  if (out.length > 3) return out
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) out.push(`${path} = ${value}`)
  } else if (Array.isArray(value)) value.forEach((v, i) => badNumbers(v, `${path}[${i}]`, out))
  else if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) badNumbers(v, `${path}.${k}`, out)
  return out
}

/**
 * Invariants of any game state: finite numbers; and, once state-based actions have been checked
 * (`afterSba`: after an accepted action), no player in the game at 0 or less life (704.5a).
 */
export function checkState(rec: Recorder, state: GameState, where: string, afterSba: boolean): void {
  const bad = badNumbers(state)
  if (bad.length > 0) rec.fault('state-non-finite-number', `${where}: ${bad.join(', ')}`, true)
  if (!afterSba) return
  for (const [id, p] of Object.entries(state.players)) {
    if (!p.lost && p.life <= 0) rec.fault('alive-at-nonpositive-life-after-an-action', `${where}: player ${id} has ${p.life} life and has not lost (704.5a)`, true)
  }
}

/** docs/scenario-format.md: "The starting position has had its state-based actions checked." Returns whether it has. */
export function checkStartingSba(rec: Recorder, state: GameState): boolean {
  const before = rec.faults.length
  for (const [id, p] of Object.entries(state.players)) {
    if (!p.lost && p.life <= 0) rec.fault('starting-sba-not-performed: 704.5a', `player ${id} starts with ${p.life} life and has not lost`, true)
  }
  for (const [id, o] of Object.entries(state.objects)) {
    if (o.zone === 'battlefield' && o.loyalty !== null && o.loyalty <= 0 && o.toughness === null) {
      rec.fault('starting-sba-not-performed: 704.5i', `planeswalker ${id} starts on the battlefield with loyalty ${o.loyalty}`, true)
    }
    if (o.zone !== 'battlefield' || o.toughness === null) continue
    if (o.toughness <= 0) rec.fault('starting-sba-not-performed: 704.5f', `creature ${id} starts on the battlefield with toughness ${o.toughness}`, true)
    else if (o.damage >= o.toughness && !o.keywords.includes('indestructible')) rec.fault('starting-sba-not-performed: 704.5g', `creature ${id} starts on the battlefield with ${o.damage} damage and toughness ${o.toughness}`, true)
  }
  return rec.faults.length === before
}
