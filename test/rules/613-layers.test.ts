/**
 * CR 613.1f (layer 6): ability-adding and ability-removing effects; CR 613.4c (layer 7c):
 * effects that modify power and toughness; CR 613.7: within a layer, effects apply in timestamp
 * order; CR 613.7e: an Equipment or Aura gets a new timestamp when it becomes attached.
 */
import { describe, expect, it } from 'vitest'
import type { ObjectSpec } from '../../src/state/position.js'
import { creature, drive, expectOk, lands, newGame, obj } from '../helpers.js'

const flightAura: ObjectSpec = {
  id: 'flight', owner: 'A', zone: 'hand', card: 'Spectral Flight',
}

describe('CR 613 Interaction of continuous effects', () => {
  it('613.7 an Aura attached after a "loses flying" effect gives flying back', () => {
    const game = newGame([...lands('A', 'Island', 2), creature('bird', 'A', 1, 1, ['flying']), flightAura])
    expectOk(game.lose('bird', ['flying']))
    expectOk(drive(game).castAndResolve('A', 'flight', { targets: ['bird'] }))
    expect(obj(game, 'bird')).toMatchObject({ power: 3, toughness: 3, keywords: ['flying'] })
  })

  it('613.7 a "loses flying" effect after the Aura removes the flying it gives too', () => {
    const game = newGame([...lands('A', 'Island', 2), creature('bear', 'A', 2, 2), flightAura])
    expectOk(drive(game).castAndResolve('A', 'flight', { targets: ['bear'] }))
    expectOk(game.lose('bear', ['flying']))
    expect(obj(game, 'bear')).toMatchObject({ power: 4, keywords: [] })
  })

  it('613.4c power and toughness changes add up whatever their order; removing one removes exactly it', () => {
    const game = newGame([
      ...lands('A', 'Plains', 3),
      creature('bear', 'A', 2, 2, ['vigilance']),
      { id: 'sword', card: 'Vulshok Morningstar', controller: 'A' },
      { id: 'holy', card: 'Holy Strength', owner: 'A', zone: 'hand' },
    ])
    expectOk(game.grant('bear', { power: 1 }))
    expectOk(drive(game).activateAndResolve('A', 'sword', 'equip', ['bear']))
    expectOk(drive(game).castAndResolve('A', 'holy', { targets: ['bear'] }))
    expect(obj(game, 'bear')).toMatchObject({ power: 6, toughness: 6 })
    expectOk(game.destroy('sword'))
    expect(obj(game, 'bear')).toMatchObject({ power: 4, toughness: 4, keywords: ['vigilance'] })
  })

  it('613.1f a printed keyword survives the end of an Equipment that granted the same keyword', () => {
    const game = newGame([
      creature('knight', 'A', 2, 2, ['first strike']),
      { id: 'sword', controller: 'A', types: ['artifact'], subtypes: ['Equipment'], keywords: [{ equip: '{0}' }], equipped: { keywords: ['first strike'] }, attachedTo: 'knight' },
    ])
    expect(obj(game, 'knight').keywords).toEqual(['first strike'])
    expectOk(game.exile('sword'))
    expect(obj(game, 'knight').keywords).toEqual(['first strike'])
  })

  it('613.7e re-equipping gives a new timestamp: it now applies after an earlier "loses" effect', () => {
    const game = newGame([
      ...lands('A', 'Plains', 2),
      creature('bear', 'A', 2, 2),
      creature('ogre', 'A', 3, 3),
      { id: 'hammer', controller: 'A', types: ['artifact'], subtypes: ['Equipment'], keywords: [{ equip: '{1}' }], equipped: { keywords: ['trample'] }, attachedTo: 'bear' },
    ])
    expectOk(game.lose('bear', ['trample']))
    expect(obj(game, 'bear').keywords).toEqual([])
    expectOk(drive(game).activateAndResolve('A', 'hammer', 'equip', ['ogre']))
    expectOk(drive(game).activateAndResolve('A', 'hammer', 'equip', ['bear']))
    expect(obj(game, 'bear').keywords).toEqual(['trample'])
  })
})
