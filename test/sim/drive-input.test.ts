/**
 * The scenario driver (`drive(game)`) refuses a caller's mistake as `invalid-argument`: a value that
 * is not a game (a TypeError from its weak map, or from inside a walk), and option names it does not
 * have (a misspelt `nextTurn` walked this turn; a misspelt `search` declined the search). A walk
 * that meets the end of the game with an intention it never gave (a damage division)
 * is a `game-over` rejection and leaves the game as it was, as `walkToAttack` already was.
 */
import { describe, expect, it } from 'vitest'
import { drive as driveGame } from '../../src/api/game-driver.js'
import { walkToBlock, walkToDamage } from '../../src/api/drive.js'
import { worldOf } from '../../src/api/game.js'
import { worldDigest } from '../../src/state/digest.js'
import { creature, drive, expectOk, expectRejected, LIBRARIES, newGame } from '../helpers.js'
import { thrownRedzoneError } from '../helpers.js'

describe('drive(game) refuses what is not a game, and option names it does not have', () => {
  it('null, a number, an object: invalid-argument "expected a game"', () => {
    for (const value of [null, 5, {}, undefined, 'game']) {
      const error = thrownRedzoneError(() => driveGame(value as never).walkTo('end'))
      expect(error.code).toBe('invalid-argument')
      expect(error.message).toMatch(/^redzone: drive: game: expected a game/)
    }
  })

  it('walkTo, castAndResolve (and its choices) and activateAndResolve name an unknown option', () => {
    const game = newGame([creature('bear', 'A', 2, 2), ...LIBRARIES])
    const cases: [() => unknown, string][] = [
      [() => drive(game).walkTo('end', { nextturn: true } as never), 'walkTo options.nextturn: unknown option; expected one of nextTurn'],
      [() => drive(game).castAndResolve('A', 'bear', { foo: 1 } as never), 'cast options.foo: unknown option; expected one of targets, alternative, pay, choices'],
      [() => drive(game).castAndResolve('A', 'bear', { choices: { serch: [] } } as never), 'choices.serch: unknown option; expected one of search'],
      [() => drive(game).activateAndResolve('A', 'bear', 'equip', ['bear'], { foo: 1 } as never), 'activate options.foo: unknown option; expected one of pay'],
    ]
    const before = worldDigest(worldOf(game))
    for (const [call, text] of cases) {
      const error = thrownRedzoneError(call)
      expect(error.code).toBe('invalid-argument')
      expect(error.message).toBe(`redzone: ${text}`)
    }
    expect(worldDigest(worldOf(game))).toBe(before)
    expect(game.version).toBe(0)
  })
})

describe('a walk that meets the end of the game', () => {
  /** A game at A's declare attackers step, the bear attacking, where B is at 0 life and has not lost yet: the walk's first state-based actions end the game. */
  function endingOnTheWay(): { game: ReturnType<typeof newGame>; world: ReturnType<typeof worldOf> } {
    const game = newGame([creature('bear', 'A', 2, 2), creature('wall', 'B', 0, 4), ...LIBRARIES])
    expectOk(drive(game).walkToAttack({ bear: 'B' }))
    const world = worldOf(game)
    world.players.life[game.eid('B')!] = 0
    return { game, world }
  }

  it('walkToDamage with a damage division the game ended before: game-over, and the game as it was', () => {
    const { game, world } = endingOnTheWay()
    const before = worldDigest(world)
    expectRejected(walkToDamage(world, new Map([[game.eid('bear')!, [[game.eid('B')!, 2] as const]]])), 'game-over', '104.2a')
    expect(worldDigest(world)).toBe(before)
  })

  it('without an intention to give, a walk stops where the game ended (docs/scenario-format.md: an advance stops there)', () => {
    for (const walk of [(w: ReturnType<typeof worldOf>) => walkToBlock(w, []), (w: ReturnType<typeof worldOf>) => walkToDamage(w, null)]) {
      const { game, world } = endingOnTheWay()
      expectOk(walk(world))
      expect(game.pendingDecision().kind).toBe('gameOver')
    }
  })
})
