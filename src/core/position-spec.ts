/**
 * The shape of a game position (the position part of a `redzone-scenario/1` file,
 * docs/scenario-format.md). A leaf, like `card-spec.ts`: the world records the position it was
 * built from (`GameContext.origin`) without importing the code that builds it.
 */
import type { CardTypeName } from '../../components/types.js'
import type { ZoneName } from '../../components/zones.js'
import type { GrantedCharacteristics, KeywordSpec, SpellSpec } from './card-spec.js'
import type { StepName } from './steps.js'

export interface ObjectSpec {
  id: string
  card?: string
  controller?: string
  owner?: string
  zone?: ZoneName
  types?: CardTypeName[]
  subtypes?: string[]
  manaCost?: string
  power?: number
  toughness?: number
  loyalty?: number
  keywords?: KeywordSpec[]
  equipped?: GrantedCharacteristics
  enchanted?: GrantedCharacteristics
  spell?: SpellSpec
  tapped?: boolean
  damage?: number
  attachedTo?: string
  summoningSick?: boolean
  plotted?: boolean
  plottedTurn?: number
}

/**
 * A game position (the position part of a `redzone-scenario/1` file). A whole scenario document
 * is accepted too: its `format`, `name`, `rules`, `actions` and `expect` are not read here.
 */
export interface Position {
  turn?: { active?: string; number?: number; step?: StepName; landsPlayed?: number }
  players: { id: string; life?: number }[]
  objects: ObjectSpec[]
}
