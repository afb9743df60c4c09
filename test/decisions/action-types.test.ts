import { describe, expect, it } from 'vitest'
import { ACTION_TYPES, EFFECT_TYPES, isPlayerAction, type Action } from '../../src/decisions/action.js'

describe('isPlayerAction: the player actions (CR 117.1, 508.1, 509.1, 510.1, ...) and no others', () => {
  it('is true for every type in ACTION_TYPES, false for every effect from outside the game', () => {
    for (const type of ACTION_TYPES) expect(isPlayerAction({ type } as Action), type).toBe(true)
    for (const type of EFFECT_TYPES) expect(isPlayerAction({ type } as Action), type).toBe(false)
  })

  it('is false for a type no action has, whatever its case or value', () => {
    for (const type of ['Pass', 'attack', '', 'constructor', 'toString', 0, null, undefined]) expect(isPlayerAction({ type } as unknown as Action)).toBe(false)
  })
})
