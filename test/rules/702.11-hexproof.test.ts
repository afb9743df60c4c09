/**
 * CR 702.11b: "'Hexproof' on a permanent means 'This permanent can't be the target of spells or
 * abilities your opponents control.'" CR 608.2b: a spell whose targets are all illegal as it
 * resolves doesn't resolve.
 */
import { describe, expect, it } from 'vitest'
import { castSpell } from '../../src/rules/actions/cast.js'
import { grant } from '../../src/rules/actions/outside-effects.js'
import { keywordBit } from '../../components/keywords.js'
import { cardInHand, creature, drive, expectOk, expectRejected, lands, newGame, obj } from '../helpers.js'
import { worldOf } from '../../src/api/game.js'
import { gameState } from '../../src/api/views.js'

describe('CR 702.11 Hexproof', () => {
  it("702.11b an opponent's spell can't target a hexproof creature, and nothing is paid", () => {
    const game = newGame([...lands('A', 'Mountain', 1), cardInHand('shock', 'A', 'Shock'), { id: 'scout', card: 'Gladecover Scout', controller: 'B' }])
    const before = gameState(game)
    expectRejected(drive(game).castAndResolve('A', 'shock', { targets: ['scout'] }), 'hexproof', '702.11b')
    expect(gameState(game)).toEqual(before)
  })

  it("702.11b its controller's spells can target it", () => {
    const game = newGame([...lands('B', 'Forest', 1), cardInHand('growth', 'B', 'Giant Growth'), { id: 'scout', card: 'Gladecover Scout', controller: 'B' }])
    expectOk(drive(game).castAndResolve('B', 'growth', { targets: ['scout'] }))
    expect(obj(game, 'scout').power).toBe(4)
  })

  it("702.11b an opponent's Aura spell can't target a hexproof creature", () => {
    const game = newGame([...lands('A', 'Swamp', 1), cardInHand('unholy', 'A', 'Unholy Strength'), { id: 'scout', card: 'Gladecover Scout', controller: 'B' }])
    expectRejected(drive(game).castAndResolve('A', 'unholy', { targets: ['scout'] }), 'hexproof')
  })

  it("702.11b hexproof granted until end of turn (Ranger's Guile) protects from then on", () => {
    const game = newGame([
      ...lands('A', 'Mountain', 1),
      ...lands('B', 'Forest', 1),
      cardInHand('shock', 'A', 'Shock'),
      cardInHand('guile', 'B', "Ranger's Guile"),
      creature('bear', 'B', 2, 2),
    ])
    expectOk(drive(game).castAndResolve('B', 'guile', { targets: ['bear'] }))
    expect(obj(game, 'bear')).toMatchObject({ power: 3, keywords: ['hexproof'] })
    expectRejected(drive(game).castAndResolve('A', 'shock', { targets: ['bear'] }), 'hexproof')
  })

  it('608.2b an Aura spell whose target gains hexproof before it resolves does not resolve and goes to the graveyard', () => {
    const game = newGame([...lands('A', 'Swamp', 1), cardInHand('unholy', 'A', 'Unholy Strength'), creature('bear', 'B', 2, 2)])
    const w = worldOf(game)
    expectOk(castSpell(w, { player: game.eid('A')!, card: game.eid('unholy')!, target: game.eid('bear')!, plot: false }))
    expectOk(grant(w, game.eid('bear')!, keywordBit('hexproof'), 0, 0))
    expectOk(game.pass())
    expectOk(game.pass())
    expect(obj(game, 'unholy').zone).toBe('graveyard')
    expect(obj(game, 'bear')).toMatchObject({ power: 2, toughness: 2 })
  })

  it('608.2b a damage spell whose target died before it resolves does nothing', () => {
    const game = newGame([...lands('A', 'Mountain', 1), cardInHand('shock', 'A', 'Shock'), creature('bear', 'B', 2, 2)])
    const w = worldOf(game)
    expectOk(castSpell(w, { player: game.eid('A')!, card: game.eid('shock')!, target: game.eid('bear')!, plot: false }))
    worldOf(game).events.on('damageDealt', () => {
      throw new Error('no damage may be dealt')
    })
    expectOk(game.destroy('bear'))
    expectOk(game.pass())
    expectOk(game.pass())
    expect(obj(game, 'shock').zone).toBe('graveyard')
  })
})
