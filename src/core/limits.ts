/**
 * The range of every count the engine stores, in one place. The stores are Int32 (life,
 * power, toughness, loyalty, damage marked) or plain numbers (turn numbers, amounts of effects);
 * a value outside its range is rejected where it comes in (the position checks, the scenario
 * schema, the entity-level API), and arithmetic during play saturates at the ends of the range
 * instead of wrapping (CR 107.1: the game uses only integers; it has no upper bound, the engine
 * does, and a count that reaches it stays there).
 */

/** The largest value an Int32 store holds. Signed ranges are symmetric, so negating never overflows. */
export const INT32_MAX = 2_147_483_647

export interface CountRange {
  readonly min: number
  readonly max: number
  /** What the count is, for messages ("a life total"). */
  readonly what: string
}

export const LIMITS = {
  /** CR 119: a life total; CR 107.1b lets it be negative. */
  life: { min: -INT32_MAX, max: INT32_MAX, what: 'a life total' },
  /** CR 208: power and toughness, printed or after effects (negative values exist, 107.1b). */
  power: { min: -INT32_MAX, max: INT32_MAX, what: 'a power' },
  toughness: { min: -INT32_MAX, max: INT32_MAX, what: 'a toughness' },
  /**
   * Loyalty in a position: a number of counters (CR 122.1), so 0 or more. During play damage
   * removes at most the counters a planeswalker has (120.3c), so its loyalty stays in this range.
   */
  startingLoyalty: { min: 0, max: INT32_MAX, what: 'a loyalty' },
  /** CR 120.3e: damage marked on a creature. */
  damage: { min: 0, max: INT32_MAX, what: 'an amount of damage marked' },
  /**
   * An amount an effect deals, gains or gives (damage dealt, life gained): any whole number a
   * JavaScript number holds exactly. It may exceed what a store holds; applying it saturates.
   */
  amount: { min: 0, max: Number.MAX_SAFE_INTEGER, what: 'an amount' },
  /**
   * A +N/+N change to power or toughness (a pump, an Equipment's or Aura's bonus): no more than
   * power itself holds, so the sum of an object's changes (CR 613.4c) is exact in a JavaScript
   * number for up to 2^21 of them (held to the power range once, after the sum).
   */
  modifier: { min: -INT32_MAX, max: INT32_MAX, what: 'a power or toughness change' },
  /**
   * CR 500: a turn number, and the turn a card became plotted (702.170, stored in an Int32 store).
   * A position starts at most at turn 10^9, so the turns played from it (one at a time) can't
   * carry the number past what the store holds.
   */
  turn: { min: 1, max: 1_000_000_000, what: 'a turn number' },
  /** CR 305.2: lands the active player has played this turn. */
  landsPlayed: { min: 0, max: INT32_MAX, what: 'a number of lands played' },
  /** The seed of a game's random numbers (a 32-bit unsigned integer; `createGame`'s `seed`). */
  seed: { min: 0, max: 2 ** 32 - 1, what: 'a seed' },
  /** Entities a world's stores are first sized for (they grow as needed). */
  capacity: { min: 0, max: 2 ** 28, what: 'a capacity' },
  /**
   * Continuous effects on one object at once (CR 611.2): an engine limit, so that an effect's
   * start, which sums all of the object's (613.4c), stays quick (100,000 took 40 s) and the sum
   * exact. `grant` and `lose` refuse one more.
   */
  effects: { min: 0, max: 10_000, what: 'continuous effects on one object' },
  /** CR 107.4b: generic mana in a cost. */
  genericMana: { min: 0, max: INT32_MAX, what: 'an amount of generic mana' },
} as const satisfies Record<string, CountRange>

export type CountName = keyof typeof LIMITS

/** Why `value` is not a count of the range, or null: a number, whole, within the range. */
export function countError(value: unknown, range: CountRange): string | null {
  if (!Number.isInteger(value)) return `expected ${range.what} (a whole number), got ${describeValue(value)}`
  if ((value as number) < range.min || (value as number) > range.max) {
    return `${range.what} must be from ${range.min} to ${range.max}, got ${value}`
  }
  return null
}

/** A value for a message: strings quoted, NaN and Infinity by name, objects by kind. */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value)
  if (typeof value === 'number' || typeof value === 'boolean' || value === null || value === undefined) return String(value)
  if (Array.isArray(value)) return 'an array'
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`
}

/**
 * `value` moved into the range: the saturating end of every count change during play
 * (`clamp(life - amount, LIMITS.life)`: the sum or difference taken in a JavaScript number, then
 * held to the range, never wrapped).
 */
export function clamp(value: number, range: CountRange): number {
  return value < range.min ? range.min : value > range.max ? range.max : value
}
