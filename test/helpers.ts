import { afterEach, expect } from 'vitest'
import type { KeywordName } from '../components/keywords.js'
import { RedzoneError, type ActionResult } from '../src/core/errors.js'
import { Game } from '../src/api/game.js'
import { drive as driverOf, type GameDriver } from '../src/api/game-driver.js'
import type { ObjectSpec, Position } from '../src/state/position.js'
import { gameState } from '../src/api/views.js'

/** A creature on the battlefield. */
export function creature(
  id: string,
  controller: string,
  power: number,
  toughness: number,
  keywords: KeywordName[] = [],
  extra: Partial<ObjectSpec> = {},
): ObjectSpec {
  return { id, controller, types: ['creature'], power, toughness, keywords, ...extra }
}

export function planeswalker(id: string, controller: string, loyalty: number): ObjectSpec {
  return { id, controller, types: ['planeswalker'], loyalty }
}

/**
 * Rejections no test has claimed. A game made by `newGame` is strict: every action it rejects is
 * recorded here, and the test fails unless the rejection is checked with `expectRejected` — a
 * rejected setup action can't let a test pass for the wrong reason.
 */
const unclaimed = new Set<ActionResult>()

afterEach(() => {
  const left = [...unclaimed].map((r) => (r.ok ? null : `${r.error.code}: ${r.error.message}`))
  unclaimed.clear()
  expect(left, 'actions were rejected that the test did not expect (use expectRejected)').toEqual([])
})

/** How many rejections no test has claimed yet (for the test of the strict games themselves). */
export function unclaimedRejections(): number {
  return unclaimed.size
}

/** The games `newGame` made: their drivers are strict too. */
const strictGames = new WeakSet<object>()

function strict<T extends object>(target: T): T {
  return new Proxy(target, {
    get(object, property, receiver) {
      const value = Reflect.get(object, property, receiver) as unknown
      if (typeof value !== 'function') return value
      return (...args: unknown[]) => {
        const result = (value as (...a: unknown[]) => unknown).apply(object, args)
        if (typeof result === 'object' && result !== null && 'ok' in result && (result as ActionResult).ok === false) unclaimed.add(result as ActionResult)
        return result
      }
    },
  })
}

/** Players A (active) and B at 20 life, turn 2, precombat main phase, with these objects. A strict game (see `unclaimed`). */
export function newGame(objects: ObjectSpec[], position: Partial<Position> = {}): Game {
  const game = strict(new Game({ players: [{ id: 'A' }, { id: 'B' }], objects, ...position }))
  strictGames.add(game)
  return game
}

/** The scenario driver of a game (`drive` of the engine); strict for a game made by `newGame`. */
export function drive(game: Game): GameDriver {
  const driver = driverOf(game)
  return strictGames.has(game) ? strict(driver) : driver
}

export function expectOk(result: ActionResult): void {
  expect(result).toEqual({ ok: true })
}

export function expectRejected(result: ActionResult, code: string, rule?: string): void {
  unclaimed.delete(result)
  expect(result.ok).toBe(false)
  if (!result.ok) {
    expect(result.error.code).toBe(code)
    if (rule !== undefined) expect(result.error.rule).toBe(rule)
  }
}

export function life(game: Game, player: string): number {
  return gameState(game).players[player]!.life
}

export function obj(game: Game, id: string) {
  return gameState(game).objects[id]!
}

/** `count` basic lands named `name` for `controller`, ids `<prefix>1..count`. */
export function lands(controller: string, name: 'Plains' | 'Island' | 'Swamp' | 'Mountain' | 'Forest', count: number, prefix = name.toLowerCase()): ObjectSpec[] {
  return Array.from({ length: count }, (_, i) => ({ id: `${prefix}${i + 1}`, card: name, controller }))
}

/** A card in its owner's hand. */
export function inHand(id: string, owner: string, spec: Partial<ObjectSpec>): ObjectSpec {
  return { id, owner, zone: 'hand', ...spec }
}

/** A card of the pool in its owner's hand. */
export function cardInHand(id: string, owner: string, card: string): ObjectSpec {
  return { id, owner, zone: 'hand', card }
}

/** Two cards in each player's library, so that passing turns doesn't lose the game. */
export const LIBRARIES: ObjectSpec[] = [
  { id: 'libA1', owner: 'A', zone: 'library', types: ['land'] },
  { id: 'libA2', owner: 'A', zone: 'library', types: ['land'] },
  { id: 'libB1', owner: 'B', zone: 'library', types: ['land'] },
  { id: 'libB2', owner: 'B', zone: 'library', types: ['land'] },
]

/** The `RedzoneError` that `fn` throws (the test fails if it throws anything else, or nothing). */
/** What `fn` throws, or null when it returns. */
export function thrown(fn: () => unknown): unknown {
  try {
    fn()
  } catch (error) {
    return error
  }
  return null
}

export function thrownRedzoneError(fn: () => unknown): RedzoneError {
  try {
    fn()
  } catch (error) {
    expect(error).toBeInstanceOf(RedzoneError)
    return error as RedzoneError
  }
  throw new Error('expected a RedzoneError, and nothing was thrown')
}
