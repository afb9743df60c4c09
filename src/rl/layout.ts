/**
 * The observation and action layouts of the learning environment, as data: what a Python client
 * (or any learner) reads to slice the flat `Float32Array` and to read the integer actions. One
 * table per section; offsets and sizes are computed here once, so the writer (`observe.ts`), the
 * action coder (`decision-builder.ts`) and the README can't disagree.
 */
import { KEYWORD_NAMES } from '../../components/keywords.js'
import { TYPE_NAMES } from '../../components/types.js'
import { STEP_NAMES } from '../core/steps.js'
import { CARD_POOL } from '../rules/cards/pool.js'
import { internalError } from '../core/errors.js'
import { ACTION_MULLIGAN, ACTION_SELECT, ACTION_STOP, HISTOGRAM_SCALE, OBS_CLIP, OBS_VERSION, PLAYER_SLOTS } from './layout-constants.js'

export { ACTION_MULLIGAN, ACTION_SELECT, ACTION_STOP, HISTOGRAM_SCALE, OBS_CLIP, OBS_VERSION, PLAYER_SLOTS }

/**
 * How to read a feature. `bit`: 0 or 1. `scaled`: `raw / scale`, clipped to [-4, 4]. `id`: a card
 * id, an integer (see `OBS_LAYOUT.cards`: 0 for an empty slot, 1 + the card's index in
 * `CARD_POOL` order, `cards.length` for an object not from the pool). `ref`: an integer naming
 * an action slot (`1 + slot`: 1 the viewer, 2 the opponent, 3 and up the object slots), 0 for
 * none, -1 for an object the observation does not hold (hidden, or beyond its section's slots).
 * The histogram sections hold `count / HISTOGRAM_SCALE` of each card id (index `id - 1`).
 */
export type FeatureKind = 'bit' | 'scaled' | 'id' | 'ref'

export interface ObsFeature {
  name: string
  /** Index within its row (an object slot, a player block, the globals). */
  index: number
  kind: FeatureKind
  /** For `scaled`: the raw value is divided by this. */
  scale: number
  description: string
}

export interface ObsSection {
  name: string
  /** First float of the section in the observation. */
  offset: number
  /** Floats in the section. */
  size: number
  /** Object sections: slots (rows of `OBJECT_FEATURES`), and the action slot of the first one. */
  slots?: number
  firstActionSlot?: number
  description: string
}

function features(list: readonly (readonly [string, FeatureKind, number, string])[]): ObsFeature[] {
  return list.map(([name, kind, scale, description], index) => ({ name, index, kind, scale, description }))
}

// Globals
const GLOBAL_LIST: (readonly [string, FeatureKind, number, string])[] = [
  ['turn', 'scaled', 20, 'the turn number (CR 500)'],
  ...STEP_NAMES.map((s) => [`step.${s}`, 'bit', 1, `the current step is ${s} (CR 500.1)`] as const),
  ['landsPlayed', 'scaled', 1, 'lands the active player played this turn (CR 305.2)'],
  ['attackersDeclared', 'bit', 1, 'attackers have been declared this turn (CR 508)'],
  ['blockersDeclared', 'bit', 1, 'blockers have been declared this turn (CR 509)'],
  ['firstStrikeDone', 'bit', 1, 'this combat had a first-strike damage step (CR 510.4)'],
  ['stackSize', 'scaled', 10, 'objects on the stack (CR 405)'],
  ['decision.priority', 'bit', 1, 'the pending decision: priority (CR 117.3)'],
  ['decision.declareAttackers', 'bit', 1, 'the pending decision: declare attackers (CR 508.1)'],
  ['decision.declareBlockers', 'bit', 1, 'the pending decision: declare blockers (CR 509.1)'],
  ['decision.assignDamage', 'bit', 1, 'the pending decision: divide combat damage (CR 510.1)'],
  ['decision.search', 'bit', 1, 'the pending decision: a library search (CR 701.23)'],
  ['decision.discard', 'bit', 1, 'the pending decision: discard to hand size (CR 514.1)'],
  ['decision.mulligan', 'bit', 1, 'the pending decision: mulligan or keep (CR 103.5)'],
  ['decision.bottom', 'bit', 1, 'the pending decision: cards to the bottom after a mulligan (CR 103.5)'],
  ['decision.gameOver', 'bit', 1, 'the game is over'],
  ['decision.count', 'scaled', 10, 'discard and bottom: exactly this many cards; search: up to this many'],
  ['iDecide', 'bit', 1, 'the viewer makes the pending decision (no one once the game is over)'],
  ['phase.priority', 'bit', 1, 'the viewer chooses what to do with priority (a verb on an object, or pass)'],
  ['phase.target', 'bit', 1, 'the viewer chooses the target of the object in focus (its verb in `phase.alternate`)'],
  ['phase.attacker', 'bit', 1, 'the viewer chooses what the creature in focus attacks, or that it does not attack'],
  ['phase.blocker', 'bit', 1, 'the viewer chooses which attacker the creature in focus blocks, or none'],
  ['phase.damage', 'bit', 1, 'the viewer chooses how the attacker in focus divides its combat damage'],
  ['phase.pick', 'bit', 1, 'the viewer picks cards one at a time (search, discard, bottom)'],
  ['phase.mulligan', 'bit', 1, 'the viewer keeps or takes a mulligan'],
  ['phase.alternate', 'bit', 1, 'target phase: the verb is the alternate one (plot, equip planeswalker)'],
  ['phase.picked', 'scaled', 10, 'pick phase: cards picked so far'],
  ['phase.remaining', 'scaled', 10, 'attacker, blocker and damage phases: creatures still to decide after this one'],
]
export const GLOBAL_FEATURES: readonly ObsFeature[] = features(GLOBAL_LIST)

// Players: the viewer's block, then the opponent's
export const PLAYER_FEATURES: readonly ObsFeature[] = features([
  ['life', 'scaled', 20, 'life total (CR 119)'],
  ['handSize', 'scaled', 10, 'cards in hand'],
  ['librarySize', 'scaled', 40, 'cards in library'],
  ['graveyardSize', 'scaled', 40, 'cards in graveyard'],
  ['exileSize', 'scaled', 10, 'cards in exile'],
  ['lands', 'scaled', 10, 'lands on the battlefield they control'],
  ['untappedLands', 'scaled', 10, 'untapped lands they control'],
  ['creatures', 'scaled', 10, 'creatures on the battlefield they control'],
  ['lost', 'bit', 1, 'has lost the game (CR 104.3)'],
  ['mulligans', 'scaled', 7, 'mulligans taken (CR 103.5)'],
  ['kept', 'bit', 1, 'has kept an opening hand'],
  ['active', 'bit', 1, 'is the active player (CR 102.1)'],
  ['priority', 'bit', 1, 'holds priority (CR 117)'],
  ['deciding', 'bit', 1, 'makes the pending decision (no one once the game is over)'],
  ['first', 'bit', 1, 'took the first turn (CR 103.1)'],
])

// Objects: one row per slot
const OBJECT_LIST: (readonly [string, FeatureKind, number, string])[] = [
  ['present', 'bit', 1, 'the slot holds an object'],
  ['card', 'id', 1, 'card id (OBS_LAYOUT.cards)'],
  ['mine', 'bit', 1, 'the viewer controls it (owns it, off the battlefield and the stack)'],
  ['power', 'scaled', 10, 'power (CR 208)'],
  ['toughness', 'scaled', 10, 'toughness (CR 208)'],
  ['damage', 'scaled', 10, 'damage marked (CR 120.3e)'],
  ['loyalty', 'scaled', 10, 'loyalty: a planeswalker\'s, 0 for other objects (CR 306.5b, 209.1)'],
  ['manaValue', 'scaled', 10, 'mana value (CR 202.3)'],
  ['tapped', 'bit', 1, 'tapped (CR 110.5)'],
  ['sick', 'bit', 1, 'summoning sick: not under its controller\'s control since their turn began (CR 302.6)'],
  ['attacking', 'bit', 1, 'an attacking creature (CR 506.4)'],
  ['attackTarget', 'ref', 1, 'what it attacks: a player or a planeswalker (CR 508.1b)'],
  ['blocked', 'bit', 1, 'an attacking creature that has been blocked (CR 509.1h)'],
  ['blocking', 'ref', 1, 'the attacker it blocks (CR 509.1a)'],
  ['attachedTo', 'ref', 1, 'what an Equipment or Aura is attached to (CR 301.5, 303.4)'],
  ['plotted', 'bit', 1, 'a plotted card in exile (CR 702.170)'],
  ['plottedThisTurn', 'bit', 1, 'plotted this turn: not castable before a later turn (CR 702.170d)'],
  ['stackSpell', 'bit', 1, 'stack slot: a spell'],
  ['stackAbility', 'bit', 1, 'stack slot: an activated or triggered ability of this card (CR 113)'],
  ['stackTarget', 'ref', 1, 'stack slot: its target'],
  ['focus', 'bit', 1, 'the object the pending choice is about (a candidate attacker or blocker, an attacker dividing damage, the source of a target choice)'],
  ['chosen', 'ref', 1, 'chosen in the choice being made: what it attacks or blocks (a ref), 1 for a picked card'],
  ...KEYWORD_NAMES.map((k) => [`keyword.${k}`, 'bit', 1, `has ${k} (CR 702)`] as const),
  ...TYPE_NAMES.map((t) => [`type.${t}`, 'bit', 1, `is a ${t} (CR 300.1)`] as const),
]
export const OBJECT_FEATURES: readonly ObsFeature[] = features(OBJECT_LIST)

/** Card ids: 1 + the index in `CARD_POOL` order; the last id is every object not from the pool. */
export const CARD_IDS: readonly string[] = [...CARD_POOL.keys(), '(not from the pool)']
export const CARD_ID_OTHER = CARD_IDS.length

/**
 * The object sections, in slot order: `[name, slots, description]`. Beyond its slots a section
 * drops objects (counted in the environment's `overflow` statistic), keeping the first ones in
 * the stated order.
 */
const OBJECT_SECTIONS: readonly (readonly [string, number, string])[] = [
  ['myHand', 12, "the viewer's hand, in hand order"],
  ['myBattlefield', 28, 'permanents the viewer controls: nonland permanents first, then lands, each by age (entity order)'],
  ['theirBattlefield', 28, 'permanents the opponent controls, in the same order'],
  ['myExile', 4, "the viewer's exiled cards, oldest first (plotted cards are cast from here)"],
  ['theirExile', 4, "the opponent's exiled cards, oldest first"],
  ['stack', 6, 'the stack, top first: spells (the card) and abilities (their source card)'],
  ['myLibrary', 8, "while the viewer searches their library (CR 701.23a): the cards the search may find, by age; never the library's order"],
]

/** Histograms over card ids (index `id - 1`, value `count / 4`). */
const HISTOGRAMS: readonly (readonly [string, string])[] = [
  ['myGraveyard', "the viewer's graveyard"],
  ['theirGraveyard', "the opponent's graveyard"],
  ['myLibrarySeen', "while the viewer searches their library: every card of it they may see (CR 701.23a; empty otherwise)"],
]

export const GLOBAL_SIZE = GLOBAL_FEATURES.length
export const PLAYER_SIZE = PLAYER_FEATURES.length
export const OBJECT_SIZE = OBJECT_FEATURES.length

function buildSections(): { sections: ObsSection[]; size: number; objectSlots: number } {
  const sections: ObsSection[] = []
  let offset = 0
  const push = (section: Omit<ObsSection, 'offset'>): void => {
    sections.push({ ...section, offset })
    offset += section.size
  }
  push({ name: 'global', size: GLOBAL_SIZE, description: 'the turn, the step and the decision in progress (GLOBAL_FEATURES)' })
  push({ name: 'me', size: PLAYER_SIZE, description: 'the viewer (PLAYER_FEATURES)' })
  push({ name: 'opponent', size: PLAYER_SIZE, description: 'the opponent (PLAYER_FEATURES)' })
  let slot = 0
  for (const [name, slots, description] of OBJECT_SECTIONS) {
    push({ name, size: slots * OBJECT_SIZE, slots, firstActionSlot: PLAYER_SLOTS + slot, description: `${description} (OBJECT_FEATURES per slot)` })
    slot += slots
  }
  for (const [name, description] of HISTOGRAMS) push({ name, size: CARD_IDS.length, description: `${description}: count of each card id / ${HISTOGRAM_SCALE}` })
  return { sections, size: offset, objectSlots: slot }
}

const built = buildSections()
export const OBS_SECTIONS: readonly ObsSection[] = built.sections
/** Floats in one observation. */
export const OBS_SIZE = built.size
export const OBJECT_SLOTS = built.objectSlots
/** Every slot an action can name: the two players, then the object slots. */
export const ACTION_SLOTS = PLAYER_SLOTS + OBJECT_SLOTS

function section(name: string): ObsSection {
  return OBS_SECTIONS.find((s) => s.name === name)!
}

/** Offsets the writer uses. */
export const OFFSET = {
  global: section('global').offset,
  me: section('me').offset,
  opponent: section('opponent').offset,
  objects: section('myHand').offset,
  myGraveyard: section('myGraveyard').offset,
  theirGraveyard: section('theirGraveyard').offset,
  myLibrarySeen: section('myLibrarySeen').offset,
} as const

/** The first object slot (0-based among object slots) and the slots of each object section. */
export const OBJECT_SECTION = Object.fromEntries(
  OBJECT_SECTIONS.map(([name, slots]) => [name, { first: section(name).firstActionSlot! - PLAYER_SLOTS, slots }]),
) as Record<'myHand' | 'myBattlefield' | 'theirBattlefield' | 'myExile' | 'theirExile' | 'stack' | 'myLibrary', { first: number; slots: number }>

function indexOf(list: readonly ObsFeature[], name: string): number {
  const i = list.findIndex((f) => f.name === name)
  if (i < 0) throw internalError(`the observation layout has no feature ${name}`)
  return i
}

/** Feature indices the writer uses. */
export const G = {
  turn: indexOf(GLOBAL_FEATURES, 'turn'),
  step: indexOf(GLOBAL_FEATURES, `step.${STEP_NAMES[0]}`),
  landsPlayed: indexOf(GLOBAL_FEATURES, 'landsPlayed'),
  attackersDeclared: indexOf(GLOBAL_FEATURES, 'attackersDeclared'),
  blockersDeclared: indexOf(GLOBAL_FEATURES, 'blockersDeclared'),
  firstStrikeDone: indexOf(GLOBAL_FEATURES, 'firstStrikeDone'),
  stackSize: indexOf(GLOBAL_FEATURES, 'stackSize'),
  decision: indexOf(GLOBAL_FEATURES, 'decision.priority'),
  decisionCount: indexOf(GLOBAL_FEATURES, 'decision.count'),
  iDecide: indexOf(GLOBAL_FEATURES, 'iDecide'),
  phase: indexOf(GLOBAL_FEATURES, 'phase.priority'),
  alternate: indexOf(GLOBAL_FEATURES, 'phase.alternate'),
  picked: indexOf(GLOBAL_FEATURES, 'phase.picked'),
  remaining: indexOf(GLOBAL_FEATURES, 'phase.remaining'),
} as const

export const P = Object.fromEntries(PLAYER_FEATURES.map((f) => [f.name, f.index])) as Record<
  'life' | 'handSize' | 'librarySize' | 'graveyardSize' | 'exileSize' | 'lands' | 'untappedLands' | 'creatures' | 'lost' | 'mulligans' | 'kept' | 'active' | 'priority' | 'deciding' | 'first',
  number
>

export const F = {
  present: indexOf(OBJECT_FEATURES, 'present'),
  card: indexOf(OBJECT_FEATURES, 'card'),
  mine: indexOf(OBJECT_FEATURES, 'mine'),
  power: indexOf(OBJECT_FEATURES, 'power'),
  toughness: indexOf(OBJECT_FEATURES, 'toughness'),
  damage: indexOf(OBJECT_FEATURES, 'damage'),
  loyalty: indexOf(OBJECT_FEATURES, 'loyalty'),
  manaValue: indexOf(OBJECT_FEATURES, 'manaValue'),
  tapped: indexOf(OBJECT_FEATURES, 'tapped'),
  sick: indexOf(OBJECT_FEATURES, 'sick'),
  attacking: indexOf(OBJECT_FEATURES, 'attacking'),
  attackTarget: indexOf(OBJECT_FEATURES, 'attackTarget'),
  blocked: indexOf(OBJECT_FEATURES, 'blocked'),
  blocking: indexOf(OBJECT_FEATURES, 'blocking'),
  attachedTo: indexOf(OBJECT_FEATURES, 'attachedTo'),
  plotted: indexOf(OBJECT_FEATURES, 'plotted'),
  plottedThisTurn: indexOf(OBJECT_FEATURES, 'plottedThisTurn'),
  stackSpell: indexOf(OBJECT_FEATURES, 'stackSpell'),
  stackAbility: indexOf(OBJECT_FEATURES, 'stackAbility'),
  stackTarget: indexOf(OBJECT_FEATURES, 'stackTarget'),
  focus: indexOf(OBJECT_FEATURES, 'focus'),
  chosen: indexOf(OBJECT_FEATURES, 'chosen'),
  keyword: indexOf(OBJECT_FEATURES, `keyword.${KEYWORD_NAMES[0]}`),
  type: indexOf(OBJECT_FEATURES, `type.${TYPE_NAMES[0]}`),
} as const

// Actions

/** Actions 2 + ACTION_SLOTS .. 2 + 2 * ACTION_SLOTS: the alternate verb on a slot. */
export const ACTION_ALT = ACTION_SELECT + ACTION_SLOTS
/** Integer actions: every index below this. */
export const ACTION_SIZE = ACTION_ALT + ACTION_SLOTS

/** What each action means in each phase of a decision (the README's table). */
export const ACTION_MEANINGS: Readonly<Record<'priority' | 'target' | 'attacker' | 'blocker' | 'damage' | 'pick' | 'mulligan', { stop: string; mulligan?: string; select?: string; alt?: string }>> = {
  priority: { stop: 'pass priority (CR 117.3d)', select: 'play the land, cast the spell (from hand, or a plotted card from exile) or activate equip of the permanent in the slot', alt: 'plot the card (CR 702.170a), or activate "equip planeswalker"' },
  target: { stop: '(not legal)', select: 'the target of the spell or ability in focus (CR 601.2c)' },
  attacker: { stop: 'the creature in focus does not attack', select: 'it attacks the player or planeswalker in the slot (CR 508.1b)' },
  blocker: { stop: 'the creature in focus does not block', select: 'it blocks the attacker in the slot (CR 509.1a)' },
  damage: { stop: 'the attacker in focus divides its damage by default', select: 'lethal damage to the recipient in the slot first, then to the others in order (a player takes what is left), the rest to that recipient (CR 510.1c-d, 702.19b)', alt: 'all of its damage to the recipient in the slot' },
  pick: { stop: 'search: stop picking, with the cards picked so far (none: the search finds nothing and the library is still shuffled, CR 701.23b, 701.24); discard and bottom: (not legal)', mulligan: 'search, before any pick: decline the search (a "you may" search; no shuffle)', select: 'pick the card in the slot' },
  mulligan: { stop: 'keep (CR 103.5)', mulligan: 'take a mulligan (CR 103.5)' },
}

/** The observation layout, as data (what the README's table is made from). */
export interface ObsLayout {
  version: number
  /** Floats in one observation. */
  size: number
  clip: number
  sections: readonly ObsSection[]
  global: readonly ObsFeature[]
  player: readonly ObsFeature[]
  object: readonly ObsFeature[]
  /** Card ids: `cards[id - 1]` is the card's name (the last: not from the pool). */
  cards: readonly string[]
  histogramScale: number
}

export const OBS_LAYOUT: ObsLayout = {
  version: OBS_VERSION,
  size: OBS_SIZE,
  clip: OBS_CLIP,
  sections: OBS_SECTIONS,
  global: GLOBAL_FEATURES,
  player: PLAYER_FEATURES,
  object: OBJECT_FEATURES,
  cards: CARD_IDS,
  histogramScale: HISTOGRAM_SCALE,
}

/** The action layout, as data. */
export interface ActionLayout {
  version: number
  size: number
  stop: number
  mulligan: number
  /** First index of the primary verbs, one per action slot. */
  select: number
  /** First index of the alternate verbs, one per action slot. */
  alt: number
  /** Action slots: 0 the viewer, 1 the opponent, then the object slots of the observation's sections. */
  slots: number
  meanings: typeof ACTION_MEANINGS
}

export const ACTION_LAYOUT: ActionLayout = {
  version: OBS_VERSION,
  size: ACTION_SIZE,
  stop: ACTION_STOP,
  mulligan: ACTION_MULLIGAN,
  select: ACTION_SELECT,
  alt: ACTION_ALT,
  slots: ACTION_SLOTS,
  meanings: ACTION_MEANINGS,
}
