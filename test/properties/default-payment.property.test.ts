/**
 * docs/scenario-format.md's default payment: "the lands tapped are the first set in the order the file lists
 * the objects that pays the cost". Checked against brute force on random lands (one to three
 * colors each) and costs: `findPayment` returns the lexicographically first set of land positions
 * that pays the cost exactly, and null exactly when no set does.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createGame, worldOf } from '../../src/api/game.js'
import { COLORS, type Color, type ManaCost } from '../../src/rules/mana/cost.js'
import { findPayment } from '../../src/rules/mana/payment.js'
import type { ObjectSpec } from '../../src/state/position.js'

const BASIC: Record<Color, string> = { W: 'Plains', U: 'Island', B: 'Swamp', R: 'Mountain', G: 'Forest' }
const color = fc.constantFrom(...COLORS)
const land = fc.uniqueArray(color, { minLength: 1, maxLength: 3 })
const cost = fc.record({ generic: fc.integer({ min: 0, max: 3 }), symbols: fc.array(color, { maxLength: 4 }) })

/** Whether these lands (each making any of its colors) pay the cost with one mana each, all used. */
function paysExactly(lands: readonly Color[][], c: ManaCost): boolean {
  if (lands.length !== c.generic + c.symbols.length) return false
  const used = new Array<boolean>(lands.length).fill(false)
  const place = (i: number): boolean => {
    if (i === c.symbols.length) return true
    for (let l = 0; l < lands.length; l++) {
      if (used[l] || !lands[l]!.includes(c.symbols[i]!)) continue
      used[l] = true
      if (place(i + 1)) return true
      used[l] = false
    }
    return false
  }
  return place(0)
}

/** The first set of positions (in lexicographic order of sorted positions) that pays exactly. */
function firstPayingSet(lands: readonly Color[][], c: ManaCost): number[] | null {
  const size = c.generic + c.symbols.length
  const pick: number[] = []
  const search = (from: number): number[] | null => {
    if (pick.length === size) return paysExactly(pick.map((i) => lands[i]!), c) ? [...pick] : null
    for (let i = from; i < lands.length; i++) {
      pick.push(i)
      const found = search(i + 1)
      pick.pop()
      if (found) return found
    }
    return null
  }
  return search(0)
}

describe('docs/scenario-format.md default payment', () => {
  it('601.2h is the first set of lands in file order that pays the cost (brute force agrees)', () => {
    fc.assert(
      fc.property(fc.array(land, { maxLength: 7 }), cost, (lands, c) => {
        const objects: ObjectSpec[] = lands.map((colors, i) => ({ id: `land${i}`, controller: 'A', types: ['land'], subtypes: colors.map((x) => BASIC[x]) }))
        const game = createGame({ players: [{ id: 'A' }, { id: 'B' }], objects })
        const got = findPayment(worldOf(game), game.eid('A')!, c)
        const expected = firstPayingSet(lands, c)
        expect(got).toEqual(expected === null ? null : expected.map((i) => game.eid(`land${i}`)!))
      }),
      { numRuns: 400 },
    )
  })
})
