/**
 * CR 702.20b: "Attacking doesn't cause creatures with vigilance to tap."
 * CR 702.15b: "Damage dealt by a source with lifelink causes that source's controller to gain
 * that much life (in addition to any other results that damage causes)."
 * CR 702.12b: "A permanent with indestructible can't be destroyed. Such permanents aren't
 * destroyed by lethal damage, and they ignore the state-based action that checks for lethal damage."
 */
import { describe, expect, it } from 'vitest'
import { LIBRARIES, creature, drive, expectOk, life, newGame, obj } from '../helpers.js'

describe('CR 702.20 Vigilance', () => {
  it('702.20b attacking does not tap a creature with vigilance', () => {
    const game = newGame([creature('knight', 'A', 2, 2, ['vigilance']), creature('bear', 'A', 2, 2)])
    expectOk(drive(game).walkToAttack({ knight: 'B', bear: 'B' }))
    expect(obj(game, 'knight').tapped).toBe(false)
    expect(obj(game, 'bear').tapped).toBe(true)
  })
})

describe('CR 702.15 Lifelink', () => {
  it('702.15b combat damage to a player gains its controller that much life', () => {
    const game = newGame([creature('cleric', 'A', 3, 3, ['lifelink'])])
    expectOk(drive(game).walkToAttack({ cleric: 'B' }))
    expectOk(drive(game).walkTo('endCombat'))
    expect(life(game, 'A')).toBe(23)
    expect(life(game, 'B')).toBe(17)
  })

  it('702.15b damage to a blocker and from a blocker with lifelink gains life too', () => {
    const game = newGame([creature('cleric', 'A', 3, 3, ['lifelink']), creature('priest', 'B', 2, 5, ['lifelink'])])
    expectOk(drive(game).walkToAttack({ cleric: 'B' }))
    expectOk(drive(game).walkToBlock({ priest: 'cleric' }))
    expectOk(drive(game).walkToDamage())
    expect(life(game, 'A')).toBe(23)
    expect(life(game, 'B')).toBe(22)
  })

  it('702.15b, 510.2 a lifelink source dealing combat damage to several recipients at once gains once (one life-gaining event), each source its own', () => {
    // A trampling lifelinker blocked by two (lethal to each, the rest to the player: three recipients), and a second lifelinker unblocked; one with an explicit division.
    for (const division of [undefined, { wurm: { w1: 2, w2: 2, B: 2 } }]) {
      const game = newGame([
        creature('wurm', 'A', 6, 6, ['trample', 'lifelink']), creature('cleric', 'A', 2, 2, ['lifelink']),
        creature('w1', 'B', 0, 2), creature('w2', 'B', 0, 2),
      ])
      const gains: string[] = []
      game.on('lifeChanged', (player, delta, total, rule) => {
        if (delta > 0) gains.push(`${game.id(player)} +${delta} = ${total} (${rule})`)
      })
      expectOk(drive(game).walkToAttack({ wurm: 'B', cleric: 'B' }))
      expectOk(drive(game).walkToBlock({ w1: 'wurm', w2: 'wurm' }))
      expectOk(drive(game).walkToDamage(division))
      expect(gains).toEqual(['A +6 = 26 (702.15b)', 'A +2 = 28 (702.15b)'])
      expect(life(game, 'A')).toBe(28)
      expect(life(game, 'B')).toBe(16)
    }
  })

  it('702.15b, 510.2 a division of one entry after a longer one (the damage lists keep the longer one\'s stale entries past their end) still gains once', () => {
    const game = newGame([
      creature('wurm', 'A', 4, 4, ['lifelink', 'vigilance']), creature('a', 'B', 0, 9), creature('b', 'B', 0, 9), creature('c', 'B', 0, 9), creature('d', 'B', 0, 9),
      ...LIBRARIES,
    ])
    const gains: number[] = []
    game.on('lifeChanged', (_player, delta) => {
      if (delta > 0) gains.push(delta)
    })
    expectOk(drive(game).walkToAttack({ wurm: 'B' }))
    expectOk(drive(game).walkToBlock({ a: 'wurm', b: 'wurm' }))
    expectOk(drive(game).walkToDamage({ wurm: { a: 2, b: 2 } }))
    expectOk(drive(game).walkTo('precombatMain', { nextTurn: true }))
    expectOk(drive(game).walkTo('precombatMain', { nextTurn: true }))
    expectOk(drive(game).walkToAttack({ wurm: 'B' }))
    expectOk(drive(game).walkToBlock({ c: 'wurm', d: 'wurm' }))
    expectOk(drive(game).walkToDamage({ wurm: { c: 4 } }))
    expect(gains).toEqual([4, 4])
    expect(life(game, 'A')).toBe(28)
  })

  it('702.15b noncombat damage from a lifelink source gains life', () => {
    const game = newGame([creature('cleric', 'A', 3, 3, ['lifelink']), creature('bear', 'B', 2, 2)])
    expectOk(game.dealDamage({ source: 'cleric', to: 'bear', amount: 2 }))
    expect(life(game, 'A')).toBe(22)
  })
})

describe('CR 702.12 Indestructible', () => {
  it('702.12b lethal damage does not destroy an indestructible creature', () => {
    const game = newGame([creature('giant', 'A', 5, 5), creature('golem', 'B', 1, 2, ['indestructible'])])
    expectOk(drive(game).walkToAttack({ giant: 'B' }))
    expectOk(drive(game).walkToBlock({ golem: 'giant' }))
    expectOk(drive(game).walkToDamage())
    expect(obj(game, 'golem').zone).toBe('battlefield')
    expect(obj(game, 'golem').damage).toBe(5)
  })

  it('702.12b destroy does nothing to an indestructible permanent', () => {
    const game = newGame([creature('golem', 'B', 1, 2, ['indestructible'])])
    expectOk(game.destroy('golem'))
    expect(obj(game, 'golem').zone).toBe('battlefield')
  })

  it('704.5g losing indestructible with lethal damage marked destroys the creature', () => {
    const game = newGame([creature('golem', 'B', 1, 2, ['indestructible'], { damage: 3 })])
    expectOk(game.lose('golem', ['indestructible']))
    expect(obj(game, 'golem').zone).toBe('graveyard')
  })

  it('704.5f an indestructible creature with toughness 0 is put into the graveyard', () => {
    const game = newGame([creature('golem', 'B', 1, 2, ['indestructible'])])
    expectOk(game.grant('golem', { toughness: -2 }))
    expect(obj(game, 'golem').zone).toBe('graveyard')
  })
})
