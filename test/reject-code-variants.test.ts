/**
 * Variants of rejections beyond the one case per code of test/decisions/reject-codes.test.ts:
 * through the Game API and the entity-level functions, with the values the run-time checks
 * refuse (NaN, strings, out of range); each rejected action leaves the game exactly as it was
 * (`worldDigest`).
 */
import { describe, expect, it } from 'vitest'
import { Zone } from '../components/zones.js'
import { walkToBlock as block } from '../src/api/drive.js'
import { plotCard } from '../src/rules/actions/plot.js'
import { castSpell } from '../src/rules/actions/cast.js'
import { worldDigest } from '../src/state/digest.js'
import type { ActionResult } from '../src/core/errors.js'
import type { Game } from '../src/api/game.js'
import { LIBRARIES, cardInHand, creature, drive, expectOk, expectRejected, lands, newGame } from './helpers.js'
import { worldOf } from '../src/api/game.js'
import { act } from '../src/decisions/act.js'

/** The action is rejected with `code` (and `rule`) and the game is unchanged. */
function rejectedUnchanged(game: Game, act: () => ActionResult, code: string, rule?: string): void {
  const before = worldDigest(worldOf(game))
  expectRejected(act(), code, rule)
  expect(worldDigest(worldOf(game))).toBe(before)
}

describe('rejection codes', () => {
  it('unknown-object: exiling an entity id past the game\'s entities (the entity level takes ids as given; before, a TypeError or an internal error)', () => {
    const game = newGame([creature('bear', 'A', 2, 2)])
    const world = worldOf(game)
    for (const object of [world.labels.length, world.labels.length + 1, 100, 2 ** 20, 2 ** 31 - 1]) {
      rejectedUnchanged(game, () => act(world, { type: 'exile', object }), 'unknown-object')
    }
    expectOk(game.exile('bear'))
  })

  it('701.13a already-in-exile: exiling a card that is in exile', () => {
    const game = newGame([creature('bear', 'A', 2, 2)])
    expectOk(game.exile('bear'))
    rejectedUnchanged(game, () => game.exile('bear'), 'already-in-exile', '701.13a')
  })

  it('509.1a duplicate-blocker: one creature declared as the blocker of two attackers (entity level)', () => {
    const game = newGame([creature('a1', 'A', 2, 2), creature('a2', 'A', 2, 2), creature('wall', 'B', 0, 4)])
    expectOk(drive(game).walkToAttack({ a1: 'B', a2: 'B' }))
    const [a1, a2, wall] = ['a1', 'a2', 'wall'].map((id) => game.eid(id)!)
    rejectedUnchanged(
      game,
      () => block(worldOf(game), [{ blocker: wall!, attacker: a1! }, { blocker: wall!, attacker: a2! }]),
      'duplicate-blocker',
      '509.1a',
    )
    expectOk(block(worldOf(game), [{ blocker: wall!, attacker: a1! }]))
  })

  it('120.1 illegal-amount: negative, fractional or non-number damage, through the Game API', () => {
    const game = newGame([creature('bear', 'B', 2, 2)])
    for (const amount of [-1, 0.5, Number.NaN, '2' as unknown as number]) {
      rejectedUnchanged(game, () => game.dealDamage({ to: 'bear', amount }), 'illegal-amount', '120.1')
    }
  })

  it('613.4c illegal-amount: a power or toughness change that is not a whole number in range', () => {
    const game = newGame([creature('bear', 'A', 2, 2)])
    rejectedUnchanged(game, () => game.grant('bear', { power: Number.NaN }), 'illegal-amount', '613.4c')
    rejectedUnchanged(game, () => game.grant('bear', { toughness: 2 ** 60 }), 'illegal-amount', '613.4c')
    rejectedUnchanged(game, () => game.grant('bear', { power: '1' as unknown as number }), 'illegal-amount', '613.4c')
    rejectedUnchanged(game, () => game.grant('bear', { power: null as unknown as number }), 'illegal-amount', '613.4c')
    rejectedUnchanged(game, () => game.grant('bear', { toughness: null as unknown as number }), 'illegal-amount', '613.4c')
  })

  it('702.170g illegal-zone: plotting from exile or the stack (entity level)', () => {
    const game = newGame([...lands('A', 'Forest', 4), { ...cardInHand('paladin', 'A', 'Spinewoods Paladin'), zone: 'exile' }, ...LIBRARIES])
    const [player, card] = [game.eid('A')!, game.eid('paladin')!]
    rejectedUnchanged(game, () => plotCard(worldOf(game), player, card, Zone.Exile), 'illegal-zone', '702.170g')
    rejectedUnchanged(game, () => plotCard(worldOf(game), player, card, Zone.Stack), 'illegal-zone', '702.170g')
  })

  it('102.1 not-a-player, 800.4a left-the-game: a creature, or a player who has left the game, casting a spell', () => {
    const game = newGame([...lands('A', 'Mountain', 1), cardInHand('bolt', 'A', 'Lightning Bolt'), creature('bear', 'A', 2, 2)], {
      players: [{ id: 'A' }, { id: 'B' }, { id: 'C', life: 0 }],
    })
    rejectedUnchanged(game, () => drive(game).castAndResolve('bear', 'bolt', { targets: ['B'] }), 'not-a-player', '102.1')
    rejectedUnchanged(game, () => drive(game).castAndResolve('C', 'bolt', { targets: ['B'] }), 'left-the-game', '800.4a')
    const [c, bolt, b] = ['C', 'bolt', 'B'].map((id) => game.eid(id)!)
    rejectedUnchanged(game, () => castSpell(worldOf(game), { player: c!, card: bolt!, target: b!, plot: false }), 'left-the-game', '800.4a')
  })
})
