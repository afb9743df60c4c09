import { CARD_POOL, CARD_TEXT, DECKS, type CardDefinition } from '../rules/cards/pool.js'

function keywordText(card: CardDefinition): string {
  return card.keywords
    .map((k) => {
      if (typeof k === 'string') return k
      if ('equip' in k) return `equip${k.quality ? ` ${k.quality}` : ''} ${k.equip}`
      if ('equip planeswalker' in k) return `equip planeswalker ${k['equip planeswalker']}`
      if ('enchant' in k) return `enchant ${k.enchant}`
      return `plot ${k.plot}`
    })
    .join(', ')
}

function grantText(g: { power?: number; toughness?: number; keywords?: string[] } | undefined): string {
  if (!g) return ''
  const pt = g.power || g.toughness ? `+${g.power ?? 0}/+${g.toughness ?? 0}` : ''
  return [pt, ...(g.keywords ?? [])].filter(Boolean).join(', ')
}

/** `redzone cards`: the built-in card pool, one card a line, and the two self-play decks. */
export function formatCardPool(): string {
  const lines = ['name | cost | type | P/T | keywords and text']
  for (const card of CARD_POOL.values()) {
    const type = `${(card.supertypes ?? []).map((t) => `${t} `).join('')}${card.types.join(' ')}${card.subtypes.length ? ` — ${card.subtypes.join(' ')}` : ''}`
    const pt = card.power !== undefined ? `${card.power}/${card.toughness}` : card.loyalty !== undefined ? `loyalty ${card.loyalty}` : ''
    const extra = [
      keywordText(card),
      card.equipped ? `equipped: ${grantText(card.equipped)}` : '',
      card.enchanted ? `enchanted: ${grantText(card.enchanted)}` : '',
      card.spell
        ? `target ${card.spell.target}: ${card.spell.damage !== undefined ? `${card.spell.damage} damage` : card.spell.destroy ? 'destroy' : `${grantText(card.spell.pump)} until end of turn`}`
        : '',
      CARD_TEXT[card.name]?.text ?? '',
      CARD_TEXT[card.name]?.unimplemented ? `(not implemented: ${CARD_TEXT[card.name]!.unimplemented})` : '',
    ].filter(Boolean)
    lines.push(`${card.name} | ${card.manaCost ?? '-'} | ${type} | ${pt || '-'} | ${extra.join('; ')}`)
  }
  lines.push('', `${CARD_POOL.size} cards.`, '')
  for (const [name, deck] of Object.entries(DECKS)) {
    lines.push(`deck ${name} (${deck.reduce((n, [, c]) => n + c, 0)} cards): ${deck.map(([card, count]) => `${count} ${card}`).join(', ')}`)
  }
  return `${lines.join('\n')}\n`
}
