import type { CardTypeName } from '../../../components/types.js'
import type { GrantedCharacteristics, KeywordSpec, SearchSpec, SpellSpec, TriggerSpec } from '../../core/card-spec.js'
export type { SearchSpec, TriggerSpec }


/** A card as printed (CR 200.1): the characteristics a scenario object starts from. */
export interface CardDefinition {
  name: string
  manaCost: string | null
  /** CR 205.4: Basic, Legendary (the legend rule, 704.5j, applies to Legendary). */
  supertypes?: readonly ('Basic' | 'Legendary')[]
  types: readonly CardTypeName[]
  subtypes: readonly string[]
  power?: number
  toughness?: number
  loyalty?: number
  keywords: readonly KeywordSpec[]
  /** Instants and sorceries: the effect on the target. */
  spell?: SpellSpec
  /** Equipment: what the equipped creature gets and has. */
  equipped?: GrantedCharacteristics
  /** Auras: what the enchanted object gets and has. */
  enchanted?: GrantedCharacteristics
  triggers?: readonly TriggerSpec[]
}

function basicLand(name: string): CardDefinition {
  return { name, manaCost: null, supertypes: ['Basic'], types: ['land'], subtypes: [name], keywords: [] }
}

function creature(
  name: string,
  manaCost: string,
  subtypes: string[],
  power: number,
  toughness: number,
  keywords: KeywordSpec[] = [],
): CardDefinition {
  return { name, manaCost, types: ['creature'], subtypes, power, toughness, keywords }
}

function equipment(name: string, manaCost: string, equip: string, equipped: GrantedCharacteristics): CardDefinition {
  return { name, manaCost, types: ['artifact'], subtypes: ['Equipment'], keywords: [{ equip }], equipped }
}

function aura(name: string, manaCost: string, enchanted: GrantedCharacteristics): CardDefinition {
  return { name, manaCost, types: ['enchantment'], subtypes: ['Aura'], keywords: [{ enchant: 'creature' }], enchanted }
}

function instant(name: string, manaCost: string, spell: SpellSpec): CardDefinition {
  return { name, manaCost, types: ['instant'], subtypes: [], keywords: [], spell }
}

const CARDS: readonly CardDefinition[] = [
  basicLand('Plains'),
  basicLand('Island'),
  basicLand('Swamp'),
  basicLand('Mountain'),
  basicLand('Forest'),
  {
    ...creature('Brightglass Gearhulk', '{G}{G}{W}{W}', ['Construct'], 4, 4, ['first strike', 'trample']),
    types: ['artifact', 'creature'],
    triggers: [{ when: 'enters', effect: { search: { upTo: 2, types: ['artifact', 'creature', 'enchantment'], maxManaValue: 1 } } }],
  },
  {
    ...creature('Spinewoods Paladin', '{4}{G}', ['Human', 'Knight'], 5, 4, ['trample', { plot: '{3}{G}' }]),
    triggers: [{ when: 'enters', effect: { gainLife: 3 } }],
  },
  // White
  creature('Savannah Lions', '{W}', ['Cat'], 2, 1),
  creature('Glory Seeker', '{1}{W}', ['Human', 'Soldier'], 2, 2),
  creature('Youthful Knight', '{1}{W}', ['Human', 'Knight'], 2, 1, ['first strike']),
  creature('Fencing Ace', '{1}{W}', ['Human', 'Soldier'], 1, 1, ['double strike']),
  creature('Serra Angel', '{3}{W}{W}', ['Angel'], 4, 4, ['flying', 'vigilance']),
  aura('Holy Strength', '{W}', { power: 1, toughness: 2 }),
  // Green
  creature('Gladecover Scout', '{G}', ['Elf', 'Scout'], 1, 1, ['hexproof']),
  creature('Wall of Wood', '{G}', ['Wall'], 0, 3, ['defender']),
  creature('Grizzly Bears', '{1}{G}', ['Bear'], 2, 2),
  creature('Ambush Viper', '{1}{G}', ['Snake'], 2, 1, ['flash', 'deathtouch']),
  creature('Giant Spider', '{3}{G}', ['Spider'], 2, 4, ['reach']),
  creature('Colossal Dreadmaw', '{4}{G}{G}', ['Dinosaur'], 6, 6, ['trample']),
  {
    ...creature("Thrasta, Tempest's Roar", '{10}{G}{G}', ['Dinosaur'], 7, 7, ['trample', 'haste', 'trample over planeswalkers']),
    supertypes: ['Legendary'],
  },
  instant('Giant Growth', '{G}', { target: 'creature', pump: { power: 3, toughness: 3 } }),
  instant("Ranger's Guile", '{G}', { target: 'creature you control', pump: { power: 1, toughness: 1, keywords: ['hexproof'] } }),
  // Blue
  aura('Spectral Flight', '{1}{U}', { power: 2, toughness: 2, keywords: ['flying'] }),
  // Black
  creature('Typhoid Rats', '{B}', ['Rat'], 1, 1, ['deathtouch']),
  creature('Walking Corpse', '{1}{B}', ['Zombie'], 2, 2),
  creature('Vampire Nighthawk', '{1}{B}{B}', ['Vampire', 'Shaman'], 2, 3, ['flying', 'deathtouch', 'lifelink']),
  aura('Unholy Strength', '{B}', { power: 2, toughness: 1 }),
  instant('Murder', '{1}{B}{B}', { target: 'creature', destroy: true }),
  // Red
  creature('Raging Goblin', '{R}', ['Goblin', 'Berserker'], 1, 1, ['haste']),
  creature('Gray Ogre', '{2}{R}', ['Ogre'], 2, 2),
  creature('Boggart Brute', '{2}{R}', ['Goblin', 'Warrior'], 3, 2, ['menace']),
  creature('Wall of Stone', '{1}{R}{R}', ['Wall'], 0, 8, ['defender']),
  creature('Hill Giant', '{3}{R}', ['Giant'], 3, 3),
  instant('Shock', '{R}', { target: 'any', damage: 2 }),
  instant('Lightning Bolt', '{R}', { target: 'any', damage: 3 }),
  // Artifacts
  { ...creature('Ornithopter', '{0}', ['Thopter'], 0, 2, ['flying']), types: ['artifact', 'creature'] },
  { ...creature('Darksteel Myr', '{3}', ['Myr'], 0, 1, ['indestructible']), types: ['artifact', 'creature'] },
  equipment('Short Sword', '{1}', '{1}', { power: 1, toughness: 1 }),
  equipment('Bonesplitter', '{1}', '{1}', { power: 2, toughness: 0 }),
  equipment('Vulshok Morningstar', '{2}', '{2}', { power: 2, toughness: 2 }),
  equipment('Loxodon Warhammer', '{3}', '{3}', { power: 3, toughness: 0, keywords: ['trample', 'lifelink'] }),
]

export const CARD_POOL: ReadonlyMap<string, CardDefinition> = new Map(CARDS.map((card) => [card.name, card]))

/** Two 40-card decks of different colours for self-play: 17 basic lands and 23 spells each. */
export const DECKS: Readonly<Record<'green-white' | 'black-red', readonly [string, number][]>> = {
  'green-white': [
    ['Forest', 9], ['Plains', 8],
    ['Savannah Lions', 2], ['Glory Seeker', 2], ['Youthful Knight', 2], ['Fencing Ace', 1], ['Serra Angel', 1],
    ['Gladecover Scout', 1], ['Grizzly Bears', 2], ['Ambush Viper', 2], ['Giant Spider', 1], ['Colossal Dreadmaw', 1],
    ['Spinewoods Paladin', 1], ['Brightglass Gearhulk', 1], ['Giant Growth', 2], ["Ranger's Guile", 1],
    ['Holy Strength', 1], ['Short Sword', 1], ['Loxodon Warhammer', 1],
  ],
  'black-red': [
    ['Swamp', 9], ['Mountain', 8],
    ['Typhoid Rats', 2], ['Walking Corpse', 2], ['Vampire Nighthawk', 2], ['Raging Goblin', 2], ['Gray Ogre', 2],
    ['Boggart Brute', 2], ['Wall of Stone', 1], ['Hill Giant', 2], ['Shock', 2], ['Lightning Bolt', 2], ['Murder', 1],
    ['Unholy Strength', 1], ['Bonesplitter', 1], ['Vulshok Morningstar', 1],
  ],
}

/**
 * The printed rules text of the cards whose text goes beyond their keywords, and what of it the
 * engine does not implement. Kept apart from `CARD_POOL` so a bundle that doesn't show card text
 * doesn't carry it.
 */
export const CARD_TEXT: Readonly<Record<string, { text: string; unimplemented?: string }>> = {
  'Brightglass Gearhulk': {
    text: 'When this creature enters, you may search your library for up to two artifact, creature, and/or enchantment cards with mana value 1 or less, reveal them, put them into your hand, then shuffle.',
  },
  'Spinewoods Paladin': { text: 'When Spinewoods Paladin enters, you gain 3 life.' },
  "Thrasta, Tempest's Roar": {
    text: 'This spell costs {3} less to cast for each other spell cast this turn. Trample, haste. Trample over planeswalkers. Thrasta has hexproof as long as it entered this turn.',
    unimplemented: 'the cost reduction and the hexproof it has the turn it entered',
  },
}
