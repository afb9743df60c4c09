/**
 * Mana costs (CR 107.4, 202.1): `{4}{G}` strings parsed into generic mana and colored symbols.
 */

export const COLORS = ['W', 'U', 'B', 'R', 'G'] as const
export type Color = (typeof COLORS)[number]
/** A symbol a source of mana must match: a color, or C for colorless mana (CR 107.4c). */
export type ManaSymbol = Color | 'C'

export interface ManaCost {
  generic: number
  /** Colored (and colorless {C}) symbols, one entry per symbol, in printed order. */
  symbols: ManaSymbol[]
}

const SYMBOL = /\{(\d+|[WUBRGC])\}/g

/** Parses a mana cost; throws on anything that is not a sequence of `{N}` and `{W}`..`{G}`, `{C}`. */
export function parseManaCost(text: string): ManaCost {
  const cost: ManaCost = { generic: 0, symbols: [] }
  let consumed = 0
  for (const match of text.matchAll(SYMBOL)) {
    if (match.index !== consumed) break
    consumed += match[0].length
    const s = match[1]!
    if (/^\d+$/.test(s)) cost.generic += Number(s)
    else cost.symbols.push(s as ManaSymbol)
  }
  if (consumed !== text.length || text.length === 0) throw new Error(`redzone: "${text}" is not a mana cost like "{4}{G}"`)
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
