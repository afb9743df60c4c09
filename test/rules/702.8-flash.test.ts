/** CR 702.8a: "Flash is a static ability that functions in any zone from which you could play the card it's on. 'Flash' means 'You may play this card any time you could cast an instant.'" */
import { describe, expect, it } from 'vitest'
import { cardInHand, creature, drive, expectOk, expectRejected, lands, newGame, obj, LIBRARIES } from '../helpers.js'
import { gameState } from '../../src/api/views.js'

describe('CR 702.8 Flash', () => {
  it("702.8a a creature with flash is cast during the opponent's combat and blocks", () => {
    const game = newGame([...lands('B', 'Forest', 2), cardInHand('viper', 'B', 'Ambush Viper'), creature('ogre', 'A', 3, 3)])
    expectOk(drive(game).walkToAttack({ ogre: 'B' }))
    expectOk(drive(game).castAndResolve('B', 'viper'))
    expectOk(drive(game).walkToBlock({ viper: 'ogre' }))
    expectOk(drive(game).walkToDamage())
    expect(obj(game, 'ogre').zone).toBe('graveyard')
    expect(obj(game, 'viper').zone).toBe('graveyard')
  })

  it('702.8a without flash the same creature waits for its main phase', () => {
    const game = newGame([...lands('B', 'Forest', 2), cardInHand('bears', 'B', 'Grizzly Bears'), creature('ogre', 'A', 3, 3)])
    expectOk(drive(game).walkToAttack({ ogre: 'B' }))
    expectRejected(drive(game).castAndResolve('B', 'bears'), 'not-sorcery-timing')
  })

  it("702.8a a creature with flash can be cast in its controller's end step", () => {
    const game = newGame([...lands('A', 'Forest', 2), cardInHand('viper', 'A', 'Ambush Viper')])
    expectOk(drive(game).walkTo('end'))
    expectOk(drive(game).castAndResolve('A', 'viper'))
  })

  it("117.1 502.4 no one receives priority in untap: a walk to the next turn's untap stops in the upkeep, where the opponent may cast a flash creature", () => {
    const game = newGame([...lands('B', 'Forest', 2), cardInHand('viper', 'B', 'Ambush Viper'), ...LIBRARIES])
    expectOk(drive(game).walkTo('untap', { nextTurn: true }))
    expect(gameState(game).turn).toMatchObject({ number: 3, active: 'B', step: 'upkeep' })
    expectOk(drive(game).castAndResolve('B', 'viper'))
    expect(gameState(game).objects['viper']!.zone).toBe('battlefield')
  })
})
