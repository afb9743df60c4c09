/**
 * CR 702.5a: "Enchant is a static ability, written 'Enchant [object or player].' The enchant
 * ability restricts what an Aura spell can target and what an Aura can enchant."
 * CR 702.5c: "If an Aura has multiple instances of enchant, all of them apply."
 * CR 702.5d: "Auras that can enchant a player can target and be attached to players. Such Auras
 * can't target permanents and can't be attached to permanents."
 * CR 704.5m: "If an Aura is attached to an illegal object or player, or is not attached to an
 * object or player, that Aura is put into its owner's graveyard."
 */
import { describe, expect, it } from 'vitest'
import type { ObjectSpec } from '../../src/state/position.js'
import { cardInHand, creature, drive, expectOk, expectRejected, inHand, lands, newGame, obj } from '../helpers.js'

function aura(id: string, owner: string, enchant: string[], extra: Partial<ObjectSpec> = {}): ObjectSpec {
  return inHand(id, owner, {
    types: ['enchantment'],
    subtypes: ['Aura'],
    manaCost: '{W}',
    keywords: enchant.map((e) => ({ enchant: e as 'creature' })),
    enchanted: { power: 1, toughness: 1 },
    ...extra,
  })
}

const board: ObjectSpec[] = [
  ...lands('A', 'Plains', 3),
  creature('bear', 'A', 2, 2),
  creature('wolf', 'B', 2, 2),
  { id: 'pw', controller: 'A', types: ['planeswalker'], loyalty: 3 },
  { id: 'rock', controller: 'A', types: ['artifact'] },
  { id: 'golem', controller: 'A', types: ['artifact', 'creature'], power: 3, toughness: 3 },
]

describe('CR 702.5 Enchant', () => {
  it('702.5a enchant creature targets only a creature, and the Aura gives its bonus', () => {
    const game = newGame([...board, aura('a', 'A', ['creature'])])
    expectRejected(drive(game).castAndResolve('A', 'a', { targets: ['B'] }), 'illegal-target', '702.5b')
    expectRejected(drive(game).castAndResolve('A', 'a', { targets: ['pw'] }), 'illegal-target')
    expectRejected(drive(game).castAndResolve('A', 'a', { targets: ['rock'] }), 'illegal-target')
    expectOk(drive(game).castAndResolve('A', 'a', { targets: ['wolf'] }))
    expect(obj(game, 'a')).toMatchObject({ zone: 'battlefield', attachedTo: 'wolf', controller: 'A' })
    expect(obj(game, 'wolf')).toMatchObject({ power: 3, toughness: 3 })
  })

  it('702.5a enchant creature you control', () => {
    const game = newGame([...board, aura('a', 'A', ['creature you control'])])
    expectRejected(drive(game).castAndResolve('A', 'a', { targets: ['wolf'] }), 'illegal-target')
    expectOk(drive(game).castAndResolve('A', 'a', { targets: ['bear'] }))
  })

  it('702.5d enchant player targets and attaches to a player, not a permanent', () => {
    const game = newGame([...board, aura('a', 'A', ['player'], { enchanted: {} })])
    expectRejected(drive(game).castAndResolve('A', 'a', { targets: ['bear'] }), 'illegal-target')
    expectOk(drive(game).castAndResolve('A', 'a', { targets: ['B'] }))
    expect(obj(game, 'a').attachedTo).toBe('B')
  })

  it('702.5a enchant planeswalker, land, artifact', () => {
    const game = newGame([
      ...board,
      aura('p', 'A', ['planeswalker'], { enchanted: {} }),
      aura('l', 'A', ['land'], { enchanted: {} }),
      aura('r', 'A', ['artifact'], { enchanted: {} }),
    ])
    expectRejected(drive(game).castAndResolve('A', 'p', { targets: ['bear'] }), 'illegal-target')
    expectOk(drive(game).castAndResolve('A', 'p', { targets: ['pw'] }))
    expectRejected(drive(game).castAndResolve('A', 'l', { targets: ['rock'] }), 'illegal-target')
    expectOk(drive(game).castAndResolve('A', 'l', { targets: ['plains1'] }))
    expectRejected(drive(game).castAndResolve('A', 'r', { targets: ['bear'] }), 'illegal-target')
    expectOk(drive(game).castAndResolve('A', 'r', { targets: ['rock'] }))
  })

  it('702.5a enchant permanent takes any permanent but not a player', () => {
    const game = newGame([...board, aura('any', 'A', ['permanent'], { enchanted: {} })])
    expectRejected(drive(game).castAndResolve('A', 'any', { targets: ['A'] }), 'illegal-target')
    expectOk(drive(game).castAndResolve('A', 'any', { targets: ['rock'] }))
    expect(obj(game, 'any').attachedTo).toBe('rock')
  })

  it('702.5c with several enchant abilities the target must satisfy all of them', () => {
    const game = newGame([...board, aura('a', 'A', ['creature', 'artifact'])])
    expectRejected(drive(game).castAndResolve('A', 'a', { targets: ['bear'] }), 'illegal-target')
    expectRejected(drive(game).castAndResolve('A', 'a', { targets: ['rock'] }), 'illegal-target')
    expectOk(drive(game).castAndResolve('A', 'a', { targets: ['golem'] }))
  })

  it('704.5m the Aura goes to the graveyard when the enchanted creature leaves', () => {
    const game = newGame([...board, aura('a', 'A', ['creature'])])
    expectOk(drive(game).castAndResolve('A', 'a', { targets: ['wolf'] }))
    expectOk(game.destroy('wolf'))
    expect(obj(game, 'a')).toMatchObject({ zone: 'graveyard', attachedTo: null })
  })

  it('704.5m the Aura goes to the graveyard when the enchanted permanent stops qualifying', () => {
    const game = newGame([...board, aura('a', 'A', ['creature you control'])], { turn: { step: 'precombatMain' } })
    expectOk(drive(game).castAndResolve('A', 'a', { targets: ['bear'] }))
    expect(obj(game, 'bear').power).toBe(3)
    expectOk(game.grant('bear', { toughness: -3 }))
    expect(obj(game, 'bear').zone).toBe('graveyard')
    expect(obj(game, 'a').zone).toBe('graveyard')
  })

  it('303.4 an Aura from the pool: Spectral Flight gives +2/+2 and flying', () => {
    const game = newGame([...lands('A', 'Island', 2), creature('bear', 'A', 2, 2), cardInHand('flight', 'A', 'Spectral Flight')])
    expectOk(drive(game).castAndResolve('A', 'flight', { targets: ['bear'] }))
    expect(obj(game, 'bear')).toMatchObject({ power: 4, toughness: 4, keywords: ['flying'] })
  })

  it('704.5m a position with an Aura attached to nothing puts it into the graveyard at the first check', () => {
    const game = newGame([{ id: 'a', controller: 'A', types: ['enchantment'], subtypes: ['Aura'], keywords: [{ enchant: 'creature' }] }, creature('bear', 'A', 2, 2)])
    expectOk(game.grant('bear', {}))
    expect(obj(game, 'a').zone).toBe('graveyard')
  })
})
