/**
 * CR 704.3: "Whenever a player would get priority, the game checks for any of the listed
 * conditions for state-based actions, then performs all applicable state-based actions
 * simultaneously as a single event." CR 117.5 puts that check before a player receives
 * priority, and a starting position is one where the active player holds priority, so
 * (docs/scenario-format.md) "the starting position has had its state-based actions checked".
 */
import { describe, expect, it } from 'vitest'
import type { ObjectSpec } from '../../src/state/position.js'
import { creature, drive, expectRejected, newGame, obj, planeswalker } from '../helpers.js'
import { gameState } from '../../src/api/views.js'

const equipment = (id: string, attachedTo: string): ObjectSpec => ({
  id,
  controller: 'A',
  types: ['artifact'],
  subtypes: ['Equipment'],
  keywords: [{ equip: '{1}' }],
  equipped: { power: 2, toughness: 2 },
  attachedTo,
})
const aura = (id: string, attachedTo: string, enchant: 'creature' | 'player' | 'land' = 'creature'): ObjectSpec => ({
  id,
  controller: 'A',
  types: ['enchantment'],
  subtypes: ['Aura'],
  keywords: [{ enchant }],
  enchanted: { power: 1, toughness: 1 },
  attachedTo,
})

describe('CR 704.3 the starting position has had its state-based actions performed', () => {
  it('704.5g a creature with lethal damage marked is in the graveyard and can\'t attack', () => {
    const game = newGame([creature('bear', 'A', 2, 2, [], { damage: 2 }), creature('wolf', 'A', 2, 2, [], { damage: 1 })])
    expect(obj(game, 'bear')).toMatchObject({ zone: 'graveyard', damage: 0 })
    expect(obj(game, 'wolf')).toMatchObject({ zone: 'battlefield', damage: 1 })
    expectRejected(drive(game).walkToAttack({ bear: 'B' }), 'not-on-battlefield')
  })

  it('704.5f a creature with toughness 0 is in the graveyard; 704.5i so is a planeswalker with loyalty 0', () => {
    const game = newGame([creature('husk', 'A', 1, 0), planeswalker('pw', 'B', 0)])
    expect(obj(game, 'husk').zone).toBe('graveyard')
    expect(obj(game, 'pw').zone).toBe('graveyard')
  })

  it('704.5a a player at 0 life has lost; in a two-player game it is over (104.2a)', () => {
    const game = newGame([creature('bear', 'A', 2, 2)], { players: [{ id: 'A' }, { id: 'B', life: 0 }] })
    expect(gameState(game).players.B).toEqual({ life: 0, lost: true })
    expectRejected(drive(game).walkToAttack({ bear: 'B' }), 'game-over', '104.2a')
  })

  it('704.5m an Aura attached to what it can\'t enchant is in its owner\'s graveyard, and its host has no bonus', () => {
    const game = newGame([
      { id: 'forest', card: 'Forest', controller: 'A' },
      creature('bear', 'A', 2, 2),
      aura('onLand', 'forest'),
      aura('onPlayer', 'B'),
      aura('onBear', 'bear'),
      aura('curse', 'B', 'player'),
    ])
    expect(obj(game, 'onLand')).toMatchObject({ zone: 'graveyard', attachedTo: null })
    expect(obj(game, 'onPlayer')).toMatchObject({ zone: 'graveyard', attachedTo: null })
    expect(obj(game, 'onBear')).toMatchObject({ zone: 'battlefield', attachedTo: 'bear' })
    expect(obj(game, 'curse')).toMatchObject({ zone: 'battlefield', attachedTo: 'B' })
    expect(obj(game, 'bear')).toMatchObject({ power: 3, toughness: 3 })
  })

  it('704.5n an Equipment attached to a player or a noncreature becomes unattached and stays', () => {
    const game = newGame([{ id: 'rock', controller: 'A', types: ['artifact'] }, equipment('onRock', 'rock'), equipment('onPlayer', 'A')])
    expect(obj(game, 'onRock')).toMatchObject({ zone: 'battlefield', attachedTo: null })
    expect(obj(game, 'onPlayer')).toMatchObject({ zone: 'battlefield', attachedTo: null })
  })

  it('704.5m the Aura on a creature that dies in the starting position goes too', () => {
    const game = newGame([creature('bear', 'A', 2, 2, [], { damage: 5 }), aura('onBear', 'bear')])
    expect(obj(game, 'bear').zone).toBe('graveyard')
    expect(obj(game, 'onBear').zone).toBe('graveyard')
  })

  it('704.5g an Aura\'s toughness bonus counts: 2 damage on an enchanted 2/2 (now 3/3) is not lethal, 3 is', () => {
    const lethal = newGame([creature('bear', 'A', 2, 2, [], { damage: 3 }), aura('onBear', 'bear')])
    expect(obj(lethal, 'bear').zone).toBe('graveyard')
    const survives = newGame([creature('bear', 'A', 2, 2, [], { damage: 2 }), aura('onBear', 'bear')])
    expect(obj(survives, 'bear')).toMatchObject({ zone: 'battlefield', damage: 2, toughness: 3 })
  })
})
