/**
 * Mana costs (CR 107.4, 202.1): `{4}{G}` strings parsed into generic mana and colored symbols.
 */

import { RedzoneError } from '../../core/errors.js'
import { countError, describeValue, LIMITS } from '../../core/limits.js'
import { COLORS, type Color, type ManaCost, type ManaSymbol } from '../../core/card-spec.js'
export { COLORS }
export type { Color, ManaCost, ManaSymbol }


const SYMBOL = /\{(\d+|[WUBRG])\}/g

/** Why `text` is not a mana cost of the format, or null: a sequence of `{N}` and `{W}` `{U}` `{B}` `{R}` `{G}`. */
export function manaCostError(text: unknown): string | null {
  if (typeof text !== 'string') return `expected a mana cost like "{4}{G}", got ${describeValue(text)}`
  let consumed = 0
  let generic = 0
  for (const match of text.matchAll(SYMBOL)) {
    if (match.index !== consumed) break
    consumed += match[0].length
    if (/^\d+$/.test(match[1]!)) generic += Number(match[1])
  }
  if (consumed !== text.length || text.length === 0) {
    return `"${text}" is not a mana cost like "{4}{G}": generic amounts and {W}, {U}, {B}, {R}, {G} only`
  }
  return countError(generic, LIMITS.genericMana)
}

/** Parses a mana cost; throws a `RedzoneError` (`invalid-mana-cost`) on anything `manaCostError` rejects. */
export function parseManaCost(text: string): ManaCost {
  const error = manaCostError(text)
  if (error !== null) throw new RedzoneError('invalid-mana-cost', error)
  const cost: ManaCost = { generic: 0, symbols: [] }
  for (const match of text.matchAll(SYMBOL)) {
    const s = match[1]!
    if (/^\d+$/.test(s)) cost.generic += Number(s)
    else cost.symbols.push(s as ManaSymbol)
  }
  return cost
}

/** CR 202.3: the mana value, the total amount of mana in the cost. */
export function manaValue(cost: ManaCost | null): number {
  return cost === null ? 0 : cost.generic + cost.symbols.length
}

export function formatManaCost(cost: ManaCost): string {
  const generic = cost.generic > 0 || cost.symbols.length === 0 ? `{${cost.generic}}` : ''
  return generic + cost.symbols.map((s) => `{${s}}`).join('')
}
