/**
 * A `VecEnv`'s worlds share what never changes in a game and follows from its position (the card
 * data and abilities, `shareSetup`; the lists of entities by kind, `shareKinds`; the observation's
 * card ids, `shareIdentities`). Each refuses worlds that are not of one position, where sharing
 * would give a game another game's cards.
 */
import { describe, expect, it } from 'vitest'
import { entitiesOf, shareKinds } from '../../src/core/entity-lists.js'
import { CREATURES } from '../../src/core/entity-kinds.js'
import { deckPosition } from '../../src/play/setup.js'
import { shareIdentities } from '../../src/rl/observe.js'
import { buildPosition, shareSetup } from '../../src/state/position.js'

const world = (decks: readonly ['green-white' | 'black-red', 'green-white' | 'black-red']) => buildPosition(deckPosition(decks)).world

describe('worlds of one position share their setup data', () => {
  it('share one copy of the card data, abilities and entity lists', () => {
    const a = world(['green-white', 'black-red'])
    const b = world(['green-white', 'black-red'])
    const card = a.cardData.findIndex((d) => d !== undefined)
    expect(card).toBeGreaterThan(0)
    expect(b.cardData[card]).not.toBe(a.cardData[card])
    shareSetup(a, b)
    shareIdentities(a, b)
    shareKinds(a, b)
    expect(b.cardData[card]).toBe(a.cardData[card])
    expect(b.abilities.every((x, eid) => x === a.abilities[eid])).toBe(true)
    expect(entitiesOf(b, CREATURES)).toBe(entitiesOf(a, CREATURES))
  })

  it('refuse worlds of different positions, before sharing anything', () => {
    const a = world(['green-white', 'black-red'])
    const b = world(['black-red', 'green-white'])
    const before = b.cardData.slice()
    expect(() => shareSetup(a, b)).toThrow(/shareSetup: entity \d+ .* differs between the worlds/)
    expect(b.cardData.every((d, eid) => d === before[eid])).toBe(true)
    expect(() => shareIdentities(a, b)).toThrow(/shareIdentities: the worlds do not share their card data/)
    expect(() => shareKinds(a, b)).toThrow(/shareKinds: the worlds' \w+ differ/)
  })

  it('refuse worlds that differ only in their last object, leaving the others unshared', () => {
    const position = deckPosition(['green-white', 'black-red'])
    const other = { ...position, objects: position.objects.map((o, i) => (i === position.objects.length - 1 ? { ...o, id: 'renamed' } : o)) }
    const a = buildPosition(position).world
    const b = buildPosition(other).world
    const before = b.cardData.slice()
    expect(() => shareSetup(a, b)).toThrow(/differs between the worlds/)
    expect(b.cardData.every((d, eid) => d === before[eid])).toBe(true)
  })
})
