/**
 * Every count the engine stores has a declared range (src/core/limits.ts). Input outside it is
 * rejected; arithmetic during play saturates at the ends of the range and never wraps around
 * (an Int32 store would turn 2 - 3e9 into a positive life total).
 */
import { describe, expect, it } from 'vitest'
import { addCard, addPlayer, createGameWorld } from '../src/core/world.js'
import { Zone } from '../components/zones.js'
import { INT32_MAX, LIMITS, clamp, countError } from '../src/core/limits.js'
import { worldDigest } from '../src/state/digest.js'
import { LIBRARIES, cardInHand, creature, drive, expectOk, expectRejected, lands, life, newGame, obj, planeswalker, thrownRedzoneError } from './helpers.js'
import { worldOf } from '../src/api/game.js'
import { gameState } from '../src/api/views.js'

describe('saturating arithmetic (src/core/limits.ts)', () => {
  it('adds and subtracts within the range, and stops at its ends', () => {
    expect(clamp(2 + 3, LIMITS.life)).toBe(5)
    expect(clamp(2 - 3e9, LIMITS.life)).toBe(-INT32_MAX)
    expect(clamp(INT32_MAX + 1, LIMITS.damage)).toBe(INT32_MAX)
    expect(clamp(-INT32_MAX - 5, LIMITS.power)).toBe(-INT32_MAX)
  })

  it('a count is a number, whole, in range: no strings, NaN or Infinity', () => {
    expect(countError(5, LIMITS.power)).toBeNull()
    expect(countError('5', LIMITS.power)).toMatch(/whole number.*got "5"/)
    expect(countError(Number.NaN, LIMITS.power)).toMatch(/got NaN/)
    expect(countError(Number.POSITIVE_INFINITY, LIMITS.power)).toMatch(/got Infinity/)
    expect(countError(1.5, LIMITS.power)).toMatch(/got 1.5/)
    expect(countError(3e9, LIMITS.power)).toMatch(/from -2147483647 to 2147483647, got 3000000000/)
  })
})

describe('CR 120.3 damage past the range of a store saturates', () => {
  it('120.3a 3e9 damage to a player at 2 life: the player loses (704.5a), life stops at the bottom of the range', () => {
    const game = newGame([], { players: [{ id: 'A' }, { id: 'B', life: 2 }] })
    expectOk(game.dealDamage({ to: 'B', amount: 3e9 }))
    expect(gameState(game).players.B).toEqual({ life: -INT32_MAX, lost: true })
  })

  it('120.3a a player at the bottom of the range stays there (no wrap to a positive total)', () => {
    const game = newGame([], { players: [{ id: 'A' }, { id: 'B' }, { id: 'C', life: -INT32_MAX }] })
    expect(gameState(game).players.C!.lost).toBe(true)
    expectOk(game.dealDamage({ to: 'B', amount: Number.MAX_SAFE_INTEGER }))
    expect(life(game, 'B')).toBe(-INT32_MAX)
  })

  it('120.3e damage marked stops at the top of its range and the creature dies (704.5g)', () => {
    const game = newGame([creature('wall', 'B', 0, INT32_MAX, ['indestructible'])])
    expectOk(game.dealDamage({ to: 'wall', amount: 3e9 }))
    expectOk(game.dealDamage({ to: 'wall', amount: 3e9 }))
    expect(obj(game, 'wall')).toMatchObject({ zone: 'battlefield', damage: INT32_MAX })
    const bear = newGame([creature('bear', 'B', 2, 2)])
    expectOk(bear.dealDamage({ to: 'bear', amount: 3e9 }))
    expect(obj(bear, 'bear').zone).toBe('graveyard')
  })

  it('120.3c damage to a planeswalker removes loyalty without wrapping; 704.5i puts it into the graveyard', () => {
    const game = newGame([planeswalker('pw', 'B', 4)])
    expectOk(game.dealDamage({ to: 'pw', amount: 3e9 }))
    expect(obj(game, 'pw').zone).toBe('graveyard')
  })

  it('702.15b lifelink gains the damage dealt, saturating at the top of the life range', () => {
    const game = newGame([creature('link', 'A', 1, 1, ['lifelink']), creature('wall', 'B', 0, 5, ['indestructible'])], {
      players: [{ id: 'A', life: INT32_MAX - 1 }, { id: 'B' }],
    })
    expectOk(game.dealDamage({ source: 'link', to: 'wall', amount: 3e9 }))
    expect(life(game, 'A')).toBe(INT32_MAX)
  })

  it('510.2 combat damage of two creatures at the top of the power range to one player saturates', () => {
    const game = newGame([creature('huge1', 'A', INT32_MAX, 1), creature('huge2', 'A', INT32_MAX, 1)])
    expectOk(drive(game).walkToAttack({ huge1: 'B', huge2: 'B' }))
    expectOk(drive(game).walkToDamage())
    expect(gameState(game).players.B).toEqual({ life: -INT32_MAX, lost: true })
  })

  it('119.3 gaining life at the top of the range keeps the top', () => {
    const game = newGame([...lands('A', 'Forest', 5), cardInHand('paladin', 'A', 'Spinewoods Paladin'), ...LIBRARIES], {
      players: [{ id: 'A', life: INT32_MAX }, { id: 'B' }],
    })
    expectOk(drive(game).castAndResolve('A', 'paladin'))
    expect(life(game, 'A')).toBe(INT32_MAX)
  })
})

describe('CR 613.4c power and toughness sums saturate (the sum, once)', () => {
  it('613.4c +2e9 twice on a 2-power creature: power stops at the top of the range, never negative', () => {
    const game = newGame([creature('bear', 'A', 2, 2)])
    expectOk(game.grant('bear', { power: 2e9 }))
    expectOk(game.grant('bear', { power: 2e9 }))
    expect(obj(game, 'bear').power).toBe(INT32_MAX)
  })

  it('613.4c the sum is held to the range once, not at each effect: +2e9 twice then -2e9 twice gives the printed power back (held at each step, +max then -max gave 0)', () => {
    const game = newGame([creature('bear', 'A', 3, 3)])
    expectOk(game.grant('bear', { power: INT32_MAX }))
    expect(obj(game, 'bear').power).toBe(INT32_MAX)
    expectOk(game.grant('bear', { power: -INT32_MAX }))
    expect(obj(game, 'bear').power).toBe(3)
    expectOk(game.grant('bear', { power: 2e9, toughness: 2e9 }))
    expectOk(game.grant('bear', { power: 2e9, toughness: 2e9 }))
    expectOk(game.grant('bear', { power: -2e9, toughness: -2e9 }))
    expectOk(game.grant('bear', { power: -2e9, toughness: -2e9 }))
    expect(obj(game, 'bear')).toMatchObject({ zone: 'battlefield', power: 3, toughness: 3 })
    // A change past what power holds is refused (then the sum of any 2^21 changes is exact: a
    // change of 2^53 - 1 once rounded the sum, and +M, -M on a 2/2 left it 1/1).
    expectRejected(game.grant('bear', { power: INT32_MAX + 1 }), 'illegal-amount', '613.4c')
    expectRejected(game.grant('bear', { toughness: -Number.MAX_SAFE_INTEGER }), 'illegal-amount', '613.4c')
    expect(obj(game, 'bear')).toMatchObject({ power: 3, toughness: 3 })
  })

  it('611.2 an object takes at most LIMITS.effects continuous effects (each start sums them all, 613.4c): one more grant or lose is refused, the game unchanged, and the effects ending (514.2) make room again', () => {
    const game = newGame([creature('bear', 'A', 2, 2), creature('wolf', 'A', 2, 2)])
    const max = LIMITS.effects.max
    for (let i = 0; i < max; i++) expectOk(game.grant('bear', i === 0 ? { power: 1, keywords: ['flying'] } : { power: 1 }))
    expect(obj(game, 'bear')).toMatchObject({ power: 2 + max, toughness: 2, keywords: ['flying'] })
    const version = game.version
    const before = worldDigest(worldOf(game))
    const refused = game.grant('bear', { power: 1 })
    expectRejected(refused, 'illegal-amount', '611.2')
    if (!refused.ok) expect(refused.error.message).toBe(`bear has ${max} continuous effects on one object, the most the engine holds`)
    expectRejected(game.lose('bear', ['flying']), 'illegal-amount', '611.2')
    expect([game.version, worldDigest(worldOf(game))]).toEqual([version, before])
    // Another object is not limited by the bear's effects.
    expectOk(game.grant('wolf', { power: 1 }))
    expect(obj(game, 'wolf').power).toBe(3)
    // CR 514.2: at cleanup the "until end of turn" effects end, and the bear takes effects again.
    expectOk(drive(game).walkTo('cleanup'))
    expect(obj(game, 'bear')).toMatchObject({ power: 2, keywords: [] })
    expectOk(game.grant('bear', { power: 1 }))
  }, 60_000)

  it('704.5f -2e9 toughness twice: toughness stops at the bottom of the range and the creature dies', () => {
    const game = newGame([creature('bear', 'A', 2, 2), creature('other', 'A', 2, 2)])
    expectOk(game.grant('other', { toughness: 2e9 }))
    expectOk(game.grant('other', { toughness: 2e9 }))
    expect(obj(game, 'other').toughness).toBe(INT32_MAX)
    expectOk(game.grant('bear', { toughness: -2e9 }))
    expect(obj(game, 'bear').zone).toBe('graveyard')
  })
})

describe('input outside a declared range is rejected', () => {
  it('createGame: power 3e9 is an invalid position naming $.objects[0].power', () => {
    const error = thrownRedzoneError(() => newGame([creature('bear', 'A', 3e9, 2)]))
    expect(error.code).toBe('invalid-position')
    expect(error.issues).toEqual([{ path: '$.objects[0].power', message: expect.stringMatching(/power must be from .* got 3000000000/) }])
    expect(error.message).toMatch(/at \$\.objects\[0\]\.power: a power must be from/)
  })

  it('createGame: life, damage marked, loyalty and the turn number out of range', () => {
    const error = thrownRedzoneError(() =>
      newGame([creature('bear', 'A', 2, 2, [], { damage: -1 }), { id: 'pw', controller: 'B', types: ['planeswalker'], loyalty: 3e9 }], {
        players: [{ id: 'A', life: 2 ** 31 }, { id: 'B' }],
        turn: { number: 0 },
      }),
    )
    expect(error.issues.map((i) => i.path)).toEqual(['$.turn.number', '$.players[0].life', '$.objects[0].damage', '$.objects[1].loyalty'])
  })

  it('702.170 a turn number beyond 10^9 is invalid, so a card plotted turns later still fits the Int32 store', () => {
    const error = thrownRedzoneError(() => newGame([], { turn: { number: 2 ** 31 - 1 } }))
    expect(error.issues).toEqual([{ path: '$.turn.number', message: 'a turn number must be from 1 to 1000000000, got 2147483647' }])
    expect(gameState(newGame([], { turn: { number: 1e9 } })).turn.number).toBe(1e9)
  })

  it('addPlayer and addCard: a count out of range throws a RedzoneError naming the field, and adds nothing', () => {
    const world = createGameWorld()
    expect(thrownRedzoneError(() => addPlayer(world, 'A', 3e9)).message).toMatch(/addPlayer: life of "A"/)
    const a = addPlayer(world, 'A', 20)
    const before = worldDigest(world)
    const error = thrownRedzoneError(() => addCard(world, { label: 'bear', owner: a, controller: a, zone: Zone.Battlefield, types: 1, keywords: 0, power: 3e9, toughness: 2 }))
    expect(error.code).toBe('invalid-argument')
    expect(error.message).toMatch(/addCard: power of "bear": a power must be from/)
    expect(worldDigest(world)).toBe(before)
  })

  it('120.1 an amount of damage beyond a safe integer is rejected (illegal-amount) and changes nothing', () => {
    const game = newGame([creature('bear', 'B', 2, 2)])
    const before = worldDigest(worldOf(game))
    expectRejected(game.dealDamage({ to: 'bear', amount: 2 ** 53 }), 'illegal-amount', '120.1')
    expectRejected(game.dealDamage({ to: 'bear', amount: Number.POSITIVE_INFINITY }), 'illegal-amount', '120.1')
    expectRejected(game.dealDamage({ to: 'bear', amount: Number.NaN }), 'illegal-amount', '120.1')
    expect(worldDigest(worldOf(game))).toBe(before)
  })
})
