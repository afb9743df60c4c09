/**
 * The two seed cards exactly as printed: Brightglass Gearhulk ({G}{G}{W}{W} Artifact Creature —
 * Construct 4/4, first strike, trample; "When this creature enters, you may search your library
 * for up to two artifact, creature, and/or enchantment cards with mana value 1 or less, reveal
 * them, put them into your hand, then shuffle.") and Spinewoods Paladin ({4}{G} Creature — Human
 * Knight 5/4, trample; "When Spinewoods Paladin enters, you gain 3 life."; plot {3}{G}).
 */
import { describe, expect, it } from 'vitest'
import type { ObjectSpec } from '../../src/state/position.js'
import { cardInHand, drive, expectOk, expectRejected, lands, life, newGame, obj } from '../helpers.js'
import { worldOf } from '../../src/api/game.js'
import { gameState } from '../../src/api/views.js'

const library: ObjectSpec[] = [
  { id: 'ogre', owner: 'A', zone: 'library', types: ['creature'], manaCost: '{2}{R}', power: 3, toughness: 3 },
  { id: 'mite', owner: 'A', zone: 'library', types: ['artifact', 'creature'], manaCost: '{G}', power: 1, toughness: 1 },
  { id: 'charm', owner: 'A', zone: 'library', types: ['artifact'], manaCost: '{1}' },
  { id: 'aura', owner: 'A', zone: 'library', types: ['enchantment'], subtypes: ['Aura'], manaCost: '{W}', keywords: [{ enchant: 'creature' }] },
  { id: 'bolt', owner: 'A', zone: 'library', card: 'Lightning Bolt' },
  { id: 'zero', owner: 'A', zone: 'library', card: 'Ornithopter' },
]

function gearhulkGame() {
  return newGame([...lands('A', 'Forest', 2), ...lands('A', 'Plains', 2), cardInHand('gearhulk', 'A', 'Brightglass Gearhulk'), cardInHand('handmite', 'A', 'Ornithopter'), ...library])
}

describe('Brightglass Gearhulk', () => {
  it('is printed as a 4/4 artifact creature with first strike and trample costing {G}{G}{W}{W}', () => {
    const game = gearhulkGame()
    expect(obj(game, 'gearhulk')).toMatchObject({ power: 4, toughness: 4, keywords: ['first strike', 'trample'] })
    expectOk(drive(game).castAndResolve('A', 'gearhulk'))
    expect([...lands('A', 'Forest', 2), ...lands('A', 'Plains', 2)].every((l) => obj(game, l.id).tapped)).toBe(true)
  })

  it('finds two qualifying cards and shuffles', () => {
    const game = gearhulkGame()
    const shuffled: string[] = []
    game.on('libraryShuffled', (p) => shuffled.push(game.id(p)))
    expectOk(drive(game).castAndResolve('A', 'gearhulk', { choices: { search: ['mite', 'charm'] } }))
    expect(['mite', 'charm', 'ogre', 'bolt'].map((id) => obj(game, id).zone)).toEqual(['hand', 'hand', 'library', 'library'])
    expect(shuffled).toEqual(['A'])
  })

  it('finds one, or an enchantment, or a mana value 0 card', () => {
    const one = gearhulkGame()
    expectOk(drive(one).castAndResolve('A', 'gearhulk', { choices: { search: ['aura'] } }))
    expect(obj(one, 'aura').zone).toBe('hand')
    const zero = gearhulkGame()
    expectOk(drive(zero).castAndResolve('A', 'gearhulk', { choices: { search: ['zero', 'charm'] } }))
    expect(obj(zero, 'zero').zone).toBe('hand')
  })

  it('finds zero cards with an empty choice (it still searches and shuffles); declines without choices', () => {
    const empty = gearhulkGame()
    const shuffles: number[] = []
    empty.on('libraryShuffled', () => shuffles.push(1))
    expectOk(drive(empty).castAndResolve('A', 'gearhulk', { choices: { search: [] } }))
    expect(shuffles).toHaveLength(1)
    const declined = gearhulkGame()
    declined.on('libraryShuffled', () => shuffles.push(2))
    expectOk(drive(declined).castAndResolve('A', 'gearhulk'))
    expect(shuffles).toEqual([1])
    expect(obj(declined, 'gearhulk').zone).toBe('battlefield')
  })

  it('701.23 an illegal choice rejects the cast and changes nothing', () => {
    for (const search of [['mite', 'bolt'], ['ogre'], ['mite', 'charm', 'aura'], ['handmite'], ['mite', 'mite']]) {
      const game = gearhulkGame()
      const before = gameState(game)
      expectRejected(drive(game).castAndResolve('A', 'gearhulk', { choices: { search } }), 'illegal-choice', '701.23')
      expect(gameState(game)).toEqual(before)
    }
  })

  it('701.23 a card without a search takes no search choices', () => {
    const game = newGame([...lands('A', 'Forest', 2), cardInHand('bears', 'A', 'Grizzly Bears'), ...library])
    expectRejected(drive(game).castAndResolve('A', 'bears', { choices: { search: ['mite'] } }), 'illegal-choice')
  })
})

describe('Spinewoods Paladin', () => {
  it('is a 5/4 trample Human Knight for {4}{G}; when it enters its controller gains 3 life', () => {
    const game = newGame([...lands('A', 'Forest', 5), cardInHand('paladin', 'A', 'Spinewoods Paladin')])
    const rules: string[] = []
    game.on('abilityTriggered', (_s, _c, rule) => rules.push(rule))
    expectOk(drive(game).castAndResolve('A', 'paladin'))
    expect(obj(game, 'paladin')).toMatchObject({ zone: 'battlefield', power: 5, toughness: 4, keywords: ['trample'] })
    expect(life(game, 'A')).toBe(23)
    expect(rules).toEqual(['603.3'])
  })
})

describe("701.24 shuffling with the game's seed", () => {
  it('the same seed shuffles the library the same way', async () => {
    const { Game } = await import('../../src/api/game.js')
    const objects = [
      ...lands('A', 'Forest', 2), ...lands('A', 'Plains', 2), cardInHand('gearhulk', 'A', 'Brightglass Gearhulk'),
      ...Array.from({ length: 12 }, (_, i) => ({ id: `l${i}`, owner: 'A', zone: 'library' as const, card: 'Forest' })),
    ]
    const order = (seed: number) => {
      const game = new Game({ players: [{ id: 'A' }, { id: 'B' }], objects }, { seed })
      expect(drive(game).castAndResolve('A', 'gearhulk', { choices: { search: [] } }).ok).toBe(true)
      return worldOf(game).zoneLists[game.eid('A')!]!.library.map((e) => game.id(e))
    }
    expect(order(7)).toEqual(order(7))
    expect(order(7)).not.toEqual(order(8))
  })
})
