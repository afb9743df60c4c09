/**
 * CR 601.2g: "If the total cost includes a mana payment, the player then has a chance to activate
 * mana abilities." CR 601.2h: "The player pays the total cost in any order."
 * docs/scenario-format.md: "`cast` and `activate` may name the lands to tap in `pay` (a list of land ids); they
 * must pay the cost exactly, or the action is rejected (`illegal-payment`)." The rules commands
 * take the same `pay` (PlayerAction `cast.pay`, `activate.pay`).
 * Cards: Shock ({R} instant, 2 damage to any target), Short Sword (equip {1}), basic lands.
 */
import { describe, expect, it } from 'vitest'
import { worldDigest } from '../../src/state/digest.js'
import { cardInHand, creature, expectOk, expectRejected, lands, newGame, obj } from '../helpers.js'
import { worldOf } from '../../src/api/game.js'

describe('CR 601.2h Paying with chosen lands (pay)', () => {
  it('601.2h without pay, the default payment taps the first lands that pay the cost', () => {
    const game = newGame([...lands('A', 'Mountain', 2), cardInHand('shock', 'A', 'Shock')])
    expectOk(game.cast('A', 'shock', { targets: ['B'] }))
    expect([obj(game, 'mountain1').tapped, obj(game, 'mountain2').tapped]).toEqual([true, false])
  })

  it('601.2h the lands named in pay are the ones tapped', () => {
    const game = newGame([...lands('A', 'Mountain', 2), cardInHand('shock', 'A', 'Shock')])
    expectOk(game.cast('A', 'shock', { targets: ['B'], pay: ['mountain2'] }))
    expect([obj(game, 'mountain1').tapped, obj(game, 'mountain2').tapped]).toEqual([false, true])
  })

  it('601.2h lands that can\'t pay the cost are rejected (illegal-payment) and nothing changes', () => {
    const game = newGame([...lands('A', 'Mountain', 1), ...lands('A', 'Forest', 1), cardInHand('shock', 'A', 'Shock')])
    const before = worldDigest(worldOf(game))
    expectRejected(game.cast('A', 'shock', { targets: ['B'], pay: ['forest1'] }), 'illegal-payment')
    expect(worldDigest(worldOf(game))).toBe(before)
  })

  it('602.2b 702.6a an equip paid with more lands than its cost is rejected (illegal-payment)', () => {
    const game = newGame([...lands('A', 'Plains', 3), { id: 'sword', card: 'Short Sword', controller: 'A' }, creature('bear', 'A', 2, 2)])
    expectRejected(game.activate('A', 'sword', 'equip', ['bear'], { pay: ['plains2', 'plains3'] }), 'illegal-payment')
  })
})
