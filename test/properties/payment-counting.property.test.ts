/**
 * CR 601.2g-h, the default payment (docs/scenario-format.md): with lands that each make one colour
 * the payment is found by counting (`singleColourPayment`); it must tap exactly the lands the
 * general matching (`defaultPayment`) taps, or find no payment exactly when it finds none.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { ManaSymbol } from '../../src/rules/mana/cost.js'
import { defaultPayment, singleColourPayment, type ManaSource } from '../../src/rules/mana/payment.js'

const colour = fc.constantFrom<ManaSymbol>('W', 'U', 'B', 'R', 'G')

describe('CR 601.2g-h: the default payment with one-colour lands', () => {
  it('counting taps the same lands as the general matching, for any lands and cost', () => {
    fc.assert(
      fc.property(fc.array(colour, { maxLength: 12 }), fc.array(colour, { maxLength: 5 }), fc.integer({ min: 0, max: 7 }), (lands, symbols, generic) => {
        const sources: ManaSource[] = lands.map((c, k) => ({ land: 100 + k, makes: [c] }))
        const cost = { symbols, generic }
        expect(singleColourPayment(sources, cost)).toEqual(defaultPayment(sources, cost))
      }),
      { numRuns: 20_000 },
    )
  })

  it('finds a payment in a case where tapping greedily by colour would not (the rest must stay payable)', () => {
    // {1}{G} from Forest, Forest, Mountain: the first Forest pays G, the second would pay the generic.
    const sources: ManaSource[] = [
      { land: 1, makes: ['G'] },
      { land: 2, makes: ['G'] },
      { land: 3, makes: ['R'] },
    ]
    expect(singleColourPayment(sources, { symbols: ['G'], generic: 1 })).toEqual([1, 2])
    expect(singleColourPayment(sources, { symbols: ['R', 'R'], generic: 0 })).toBeNull()
    expect(singleColourPayment(sources, { symbols: ['R'], generic: 2 })).toEqual([1, 2, 3])
  })
})
