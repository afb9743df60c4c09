import type { CardTypeName } from '../../components/types'
import type { KeywordSpec } from '../position'

/** A card as printed (CR 200.1): the characteristics a scenario object starts from. */
export interface CardDefinition {
  name: string
  manaCost: string | null
  types: readonly CardTypeName[]
  subtypes: readonly string[]
  power?: number
  toughness?: number
  loyalty?: number
  keywords: readonly KeywordSpec[]
  /** Rules text that is not a plain keyword (implemented with casting, issue 3). */
  text?: string
}

function basicLand(name: string, subtype: string): CardDefinition {
  return { name, manaCost: null, types: ['land'], subtypes: [subtype], keywords: [] }
}

/** The built-in card pool, by exact printed name. */
const CARDS: readonly CardDefinition[] = [
    basicLand('Plains', 'Plains'),
    basicLand('Island', 'Island'),
    basicLand('Swamp', 'Swamp'),
    basicLand('Mountain', 'Mountain'),
    basicLand('Forest', 'Forest'),
    {
      name: 'Brightglass Gearhulk',
      manaCost: '{G}{G}{W}{W}',
      types: ['artifact', 'creature'],
      subtypes: ['Construct'],
      power: 4,
      toughness: 4,
      keywords: ['first strike', 'trample'],
      text:
        'When this creature enters, you may search your library for up to two artifact, creature, and/or enchantment cards with mana value 1 or less, reveal them, put them into your hand, then shuffle.',
    },
    {
      name: 'Spinewoods Paladin',
      manaCost: '{4}{G}',
      types: ['creature'],
      subtypes: ['Human', 'Knight'],
      power: 5,
      toughness: 4,
      keywords: ['trample', { plot: '{3}{G}' }],
      text: 'When Spinewoods Paladin enters, you gain 3 life.',
    },
]

export const CARD_POOL: ReadonlyMap<string, CardDefinition> = new Map(CARDS.map((card) => [card.name, card]))
