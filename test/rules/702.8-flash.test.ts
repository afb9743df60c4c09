/** CR 702.8a: "Flash is a static ability that functions in any zone from which you could play the card it's on. 'Flash' means 'You may play this card any time you could cast an instant.'" */
import { describe, expect, it } from 'vitest'
import { cardInHand, creature, expectOk, expectRejected, lands, newGame, obj } from '../helpers.js'

describe('CR 702.8 Flash', () => {
  it("702.8a a creature with flash is cast during the opponent's combat and blocks", () => {
    const game = newGame([...lands('B', 'Forest', 2), cardInHand('viper', 'B', 'Ambush Viper'), creature('ogre', 'A', 3, 3)])
    game.drive.attack({ ogre: 'B' })
    expectOk(game.drive.cast('B', 'viper'))
    expectOk(game.drive.block({ viper: 'ogre' }))
    game.drive.combatDamage()
    expect(obj(game, 'ogre').zone).toBe('graveyard')
    expect(obj(game, 'viper').zone).toBe('graveyard')
  })

  it('702.8a without flash the same creature waits for its main phase', () => {
    const game = newGame([...lands('B', 'Forest', 2), cardInHand('bears', 'B', 'Grizzly Bears'), creature('ogre', 'A', 3, 3)])
    game.drive.attack({ ogre: 'B' })
    expectRejected(game.drive.cast('B', 'bears'), 'not-sorcery-timing')
  })

  it("702.8a a creature with flash can be cast in its controller's end step", () => {
    const game = newGame([...lands('A', 'Forest', 2), cardInHand('viper', 'A', 'Ambush Viper')])
    game.drive.advance('end')
    expectOk(game.drive.cast('A', 'viper'))
  })

  it('117.1 nothing can be cast in the cleanup step (no priority)', () => {
    const game = newGame([...lands('A', 'Forest', 2), cardInHand('viper', 'A', 'Ambush Viper')])
    game.drive.advance('cleanup')
    expectRejected(game.drive.cast('A', 'viper'), 'no-priority', '117.1')
  })
})
