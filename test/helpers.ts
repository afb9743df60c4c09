import { expect } from 'vitest'
import type { KeywordName } from '../components/keywords.js'
import type { ActionResult } from '../src/errors.js'
import { Game } from '../src/game.js'
import type { ObjectSpec, Position } from '../src/position.js'

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

/** Players A (active) and B at 20 life, turn 2, precombat main phase, with these objects. */
export function newGame(objects: ObjectSpec[], position: Partial<Position> = {}): Game {
  return new Game({ players: [{ id: 'A' }, { id: 'B' }], objects, ...position })
}

export function expectOk(result: ActionResult): void {
  expect(result).toEqual({ ok: true })
}

export function expectRejected(result: ActionResult, code: string, rule?: string): void {
  expect(result.ok).toBe(false)
  if (!result.ok) {
    expect(result.error.code).toBe(code)
    if (rule !== undefined) expect(result.error.rule).toBe(rule)
  }
}

export function life(game: Game, player: string): number {
  return game.state().players[player]!.life
}

export function obj(game: Game, id: string) {
  return game.state().objects[id]!
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
