/**
 * CR 305.1: "A player who has priority may play a land card from their hand during a main phase of
 * their turn when the stack is empty. Playing a land is a special action; it doesn't use the stack
 * (see rule 116)."
 * CR 305.2: "A player can normally play one land during their turn; however, continuous effects
 * may increase this number."
 * CR 116.2a: "Playing a land is a special action. ... A player can take this action any time they
 * have priority and the stack is empty during a main phase of their turn." After a special action
 * the player receives priority again (116.3c).
 *
 * Cards: Forest and Mountain (basic lands); Shock ({R} instant, 2 damage to any target); a 2/2 bear.
 */
import { describe, expect, it } from 'vitest'
import { worldDigest } from '../../src/state/digest.js'
import { LIBRARIES, cardInHand, creature, drive, expectOk, expectRejected, newGame, obj } from '../helpers.js'
import { worldOf } from '../../src/api/game.js'
import { gameState, legalActions } from '../../src/api/views.js'

function landGame() {
  return newGame([
    cardInHand('forest', 'A', 'Forest'),
    cardInHand('mountain', 'A', 'Mountain'),
    cardInHand('shock', 'A', 'Shock'),
    cardInHand('forestB', 'B', 'Forest'),
    creature('bear', 'A', 2, 2),
    ...LIBRARIES,
  ])
}

describe('CR 305 Lands', () => {
  it('305.1 the active player plays a land from hand in a main phase with an empty stack; it enters untapped', () => {
    const game = landGame()
    expect(legalActions(game).play).toEqual(['forest', 'mountain'])
    expectOk(game.play('A', 'forest'))
    expect(obj(game, 'forest').zone).toBe('battlefield')
    expect(obj(game, 'forest').controller).toBe('A')
    expect(obj(game, 'forest').tapped).toBe(false)
    expect(gameState(game).turn.landsPlayed).toBe(1)
  })

  it('305.1 playing a land does not use the stack: no spell is cast, the land is on the battlefield at once', () => {
    const game = landGame()
    const cast: string[] = []
    const played: string[] = []
    game.on('spellCast', (_p, card) => cast.push(game.id(card)))
    game.on('landPlayed', (p, card) => played.push(`${game.id(p)}:${game.id(card)}`))
    expectOk(game.play('A', 'forest'))
    expect(played).toEqual(['A:forest'])
    expect(cast).toEqual([])
  })

  it('116.2a 305.1 the player keeps priority after playing a land', () => {
    const game = landGame()
    expectOk(game.play('A', 'mountain'))
    expect(game.pendingDecision()).toEqual({ kind: 'priority', player: 'A', rule: '117.3', count: 0 })
    // The Mountain taps for Shock at once: the player acts again without anyone passing.
    expectOk(game.cast('A', 'shock', { targets: ['B'] }))
  })

  it('305.2 a second land in the same turn is rejected (land-already-played) and changes nothing', () => {
    const game = landGame()
    expectOk(game.play('A', 'forest'))
    expect(legalActions(game).play).toEqual([])
    const before = worldDigest(worldOf(game))
    expectRejected(game.play('A', 'mountain'), 'land-already-played', '305.2')
    expect(worldDigest(worldOf(game))).toBe(before)
    expect(obj(game, 'mountain').zone).toBe('hand')
  })

  it('305.1 505.6b no land in beginning of combat (not-sorcery-timing)', () => {
    const game = landGame()
    expectOk(game.pass())
    expectOk(game.pass())
    expect(gameState(game).turn.step).toBe('beginCombat')
    expect(game.pendingDecision()).toMatchObject({ kind: 'priority', player: 'A' })
    expect(legalActions(game).play).toEqual([])
    const before = worldDigest(worldOf(game))
    expectRejected(game.play('A', 'forest'), 'not-sorcery-timing')
    expect(worldDigest(worldOf(game))).toBe(before)
  })

  it('305.1 the opponent holding priority in the active player\'s main phase can\'t play a land (not-sorcery-timing)', () => {
    const game = landGame()
    expectOk(game.pass())
    expect(game.pendingDecision()).toMatchObject({ kind: 'priority', player: 'B' })
    expect(legalActions(game).play).toEqual([])
    const before = worldDigest(worldOf(game))
    expectRejected(game.play('B', 'forestB'), 'not-sorcery-timing')
    expect(worldDigest(worldOf(game))).toBe(before)
  })

  it('117.3 a player without priority can\'t play a land (not-your-priority)', () => {
    const game = landGame()
    expectRejected(game.play('B', 'forestB'), 'not-your-priority', '117.3')
  })

  it('305.1 a land can\'t be played while a spell is on the stack', () => {
    const game = newGame([
      { id: 'm1', card: 'Mountain', controller: 'A' },
      cardInHand('shock', 'A', 'Shock'),
      cardInHand('forest', 'A', 'Forest'),
      ...LIBRARIES,
    ])
    expectOk(game.cast('A', 'shock', { targets: ['B'] }))
    expect(game.pendingDecision()).toMatchObject({ kind: 'priority', player: 'A' })
    expect(legalActions(game).play).toEqual([])
    expectRejected(game.play('A', 'forest'), 'not-sorcery-timing')
    expect(obj(game, 'forest').zone).toBe('hand')
  })

  it('305.1 a card that is not a land is rejected (not-a-land)', () => {
    const game = landGame()
    const before = worldDigest(worldOf(game))
    expectRejected(game.play('A', 'shock'), 'not-a-land', '305.1')
    expect(worldDigest(worldOf(game))).toBe(before)
  })

  it('305.1 a land that is not in the player\'s hand is rejected (not-in-hand)', () => {
    const game = newGame([
      { id: 'inPlay', card: 'Forest', controller: 'A' },
      { id: 'deep', card: 'Forest', owner: 'A', zone: 'library' },
      cardInHand('forestB', 'B', 'Forest'),
      ...LIBRARIES,
    ])
    const before = worldDigest(worldOf(game))
    expectRejected(game.play('A', 'inPlay'), 'not-in-hand', '305.1')
    expectRejected(game.play('A', 'deep'), 'not-in-hand', '305.1')
    expectRejected(game.play('A', 'forestB'), 'not-in-hand', '305.1')
    expect(worldDigest(worldOf(game))).toBe(before)
  })

  it('305.2 the count of lands played resets next turn', () => {
    const game = landGame()
    expectOk(game.play('A', 'forest'))
    expectOk(drive(game).walkTo('precombatMain', { nextTurn: true }))
    expect(gameState(game).turn).toMatchObject({ active: 'B', landsPlayed: 0 })
    expectOk(game.play('B', 'forestB'))
    expect(gameState(game).turn.landsPlayed).toBe(1)
    expectOk(drive(game).walkTo('precombatMain', { nextTurn: true }))
    expect(gameState(game).turn).toMatchObject({ active: 'A', landsPlayed: 0 })
    // A drew libA1 (a land) this turn.
    expect(legalActions(game).play).toEqual(['mountain', 'libA1'])
    expectOk(game.play('A', 'mountain'))
    expect(obj(game, 'mountain').zone).toBe('battlefield')
  })

  it('305.2 a position can say a land was already played this turn', () => {
    const game = newGame([cardInHand('forest', 'A', 'Forest'), ...LIBRARIES], { turn: { active: 'A', number: 2, step: 'precombatMain', landsPlayed: 1 } })
    expect(legalActions(game).play).toEqual([])
    expectRejected(game.play('A', 'forest'), 'land-already-played')
  })
})
