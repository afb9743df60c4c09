import { KEYWORD_COUNT } from '../../components/keywords.js'
import { TYPE_NAMES } from '../../components/types.js'
import { Zone, ZONE_NAMES } from '../../components/zones.js'
import { RedzoneError } from './errors.js'
import { countError, LIMITS, type CountRange } from './limits.js'
import type { CardSpec } from './card-spec.js'

/** What the checks read of a world: which entities are players. */
interface PlayerTable {
  players: { isPlayer: ArrayLike<number> }
}

/**
 * Checks of the entity-level constructors (`addPlayer`, `addCard`): what they store must be in
 * range (`src/core/limits.ts`) and name players of the world. Misuse throws a `RedzoneError` naming
 * the field, before anything is added.
 */

function checkCount(fn: string, label: string, field: string, value: unknown, range: CountRange): void {
  const error = countError(value, range)
  if (error !== null) throw new RedzoneError('invalid-argument', `${fn}: ${field} of "${label}": ${error}`)
}

export function checkWorldOptions(options: Record<string, unknown>): void {
  for (const field in options) {
    // A misspelt option (`sed`) would be its default, taken silently: a different game.
    if (field !== 'capacity' && field !== 'seed') throw new RedzoneError('invalid-argument', `options.${field}: unknown option`)
    const error = options[field] === undefined ? null : countError(options[field], LIMITS[field])
    if (error !== null) throw new RedzoneError('invalid-argument', `options.${field}: ${error}`)
  }
}

export function checkPlayerArgs(label: string, life: unknown): void {
  checkCount('addPlayer', label, 'life', life, LIMITS.life)
}

export function checkCardSpec(world: PlayerTable, spec: CardSpec): void {
  for (const field of ['owner', 'controller'] as const) {
    const eid = spec[field]
    if (!Number.isInteger(eid) || world.players.isPlayer[eid] !== 1) {
      throw new RedzoneError('unknown-entity', `addCard: ${field} of "${spec.label}" is ${String(eid)}, which is not a player of this world`)
    }
  }
  if (!Number.isInteger(spec.zone) || spec.zone < Zone.Library || spec.zone > Zone.Exile) {
    throw new RedzoneError('invalid-argument', `addCard: zone of "${spec.label}" is ${String(spec.zone)}; expected a zone id for ${ZONE_NAMES.slice(0, Zone.Stack).join(', ')}`)
  }
  // The masks are stored in Uint8 (types) and Uint32 (keywords) arrays: a bit beyond the known ones would be dropped or kept silently.
  const masks = [['types', spec.types, TYPE_NAMES.length], ['keywords', spec.keywords, KEYWORD_COUNT]] as const
  for (const [field, mask, bits] of masks) {
    if (!Number.isInteger(mask) || mask < 0 || mask >= 2 ** bits) {
      throw new RedzoneError('invalid-argument', `addCard: ${field} of "${spec.label}" is ${String(mask)}; expected a mask of the ${bits} known bits`)
    }
  }
  if (spec.power !== undefined) checkCount('addCard', spec.label, 'power', spec.power, LIMITS.power)
  if (spec.toughness !== undefined) checkCount('addCard', spec.label, 'toughness', spec.toughness, LIMITS.toughness)
  if (spec.loyalty !== undefined) checkCount('addCard', spec.label, 'loyalty', spec.loyalty, LIMITS.startingLoyalty)
  if (spec.printedLoyalty !== undefined) checkCount('addCard', spec.label, 'printedLoyalty', spec.printedLoyalty, LIMITS.startingLoyalty)
  if (spec.damage !== undefined) checkCount('addCard', spec.label, 'damage', spec.damage, LIMITS.damage)
}
