import { query } from 'bitecs'
import { describe, expect, it } from 'vitest'
import { Flying } from '../components/keywords.js'
import { walkToAttack as attack, walkToBlock as block, walkToDamage as combatDamage } from '../src/api/drive.js'
import { worldDigest } from '../src/state/digest.js'
import { generateBoard } from '../src/generate/board.js'
import { restoreWorld, snapshotWorld } from '../src/state/snapshot.js'
import { Step } from '../src/core/steps.js'
import { creature, drive, expectOk, newGame } from './helpers.js'
import { worldOf } from '../src/api/game.js'
import { restore, snapshot } from '../src/api/serialization.js'
import { gameState } from '../src/api/views.js'

describe('snapshots', () => {
  it('restoring after a whole combat gives back the exact position, and the combat replays identically', () => {
    const board = generateBoard({ size: 200, seed: 11 })
    const { world } = board
    const snapshot = snapshotWorld(world)
    const before = worldDigest(world)
    const play = () => {
      expect(attack(world, board.attacks).ok).toBe(true)
      expect(block(world, board.blocks).ok).toBe(true)
      while (world.turn.step < Step.RegularDamage) expect(combatDamage(world, null).ok).toBe(true)
      return worldDigest(world)
    }
    const after = play()
    expect(after).not.toBe(before)
    restoreWorld(world, snapshot)
    expect(worldDigest(world)).toBe(before)
    expect(play()).toBe(after)
  })

  it('restores keyword components and effects changed since the snapshot', () => {
    const game = newGame([creature('angel', 'A', 4, 4, ['flying'])])
    const snapshot = snapshotWorld(worldOf(game))
    expectOk(game.lose('angel', ['flying']))
    expectOk(game.grant('angel', { power: 2 }))
    restoreWorld(worldOf(game), snapshot)
    expect(gameState(game).objects.angel).toMatchObject({ keywords: ['flying'], power: 4 })
    expect([...query(worldOf(game), [Flying])]).toEqual([game.eid('angel')])
    expectOk(game.grant('angel', { power: 1 }))
    expect(gameState(game).objects.angel!.power).toBe(5)
  })
})

describe('Game.snapshot / Game.restore', () => {
  it('undoes a cast, an equip and a combat, and the game plays on identically', async () => {
    const { lands, cardInHand } = await import('./helpers.js')
    const game = newGame([
      ...lands('A', 'Plains', 4),
      { id: 'sword', card: 'Vulshok Morningstar', controller: 'A' },
      cardInHand('lions', 'A', 'Savannah Lions'),
      creature('bear', 'A', 2, 2),
      creature('wolf', 'B', 2, 2),
    ])
    const start = snapshot(game)
    const before = JSON.stringify(gameState(game))
    const play = () => {
      expect(drive(game).castAndResolve('A', 'lions').ok).toBe(true)
      expect(drive(game).activateAndResolve('A', 'sword', 'equip', ['bear']).ok).toBe(true)
      expect(drive(game).walkToAttack({ bear: 'B' }).ok).toBe(true)
      expect(drive(game).walkToBlock({ wolf: 'bear' }).ok).toBe(true)
      expect(drive(game).walkToDamage().ok).toBe(true)
      return JSON.stringify(gameState(game))
    }
    const after = play()
    restore(game, start)
    expect(JSON.stringify(gameState(game))).toBe(before)
    expect(play()).toBe(after)
  })
})

describe('objects a world uses again (effects, stack items) and the snapshots that hold them', () => {
  it('CR 611.2: an ended effect\'s object is taken by the next effect, and a snapshot from before still restores the first', () => {
    const game = newGame([creature('bear', 'A', 2, 2), creature('wolf', 'B', 2, 2)])
    const world = worldOf(game)
    expectOk(game.grant('bear', { power: 1 }))
    const first = world.effects[0]!
    const saved = snapshot(game)
    // CR 400.7: the bear leaves the battlefield, its effect ends; the wolf's effect takes its object.
    expectOk(game.exile('bear'))
    expect(world.effects).toEqual([])
    expectOk(game.grant('wolf', { power: 2 }))
    expect(world.effects[0]).toBe(first)
    expect(first.target).toBe(game.eid('wolf'))
    expect(gameState(game).objects.wolf!.power).toBe(4)
    restore(game, saved)
    expect(gameState(game).objects.bear).toMatchObject({ zone: 'battlefield', power: 3 })
    expect(gameState(game).objects.wolf!.power).toBe(2)
    // The restored effect is a copy of the snapshot's: ending it later leaves the snapshot whole.
    expectOk(game.exile('bear'))
    restore(game, saved)
    expect(gameState(game).objects.bear!.power).toBe(3)
  })

  it('CR 405, 608.2n: a resolved spell\'s stack object is taken by the next spell, and a snapshot from before still holds the first', async () => {
    const { lands, cardInHand } = await import('./helpers.js')
    const game = newGame([...lands('A', 'Plains', 2), cardInHand('lions', 'A', 'Savannah Lions'), cardInHand('cub', 'A', 'Savannah Lions')])
    const world = worldOf(game)
    expectOk(game.cast('A', 'lions'))
    const item = world.stack[0]!
    const saved = snapshot(game)
    expectOk(game.pass())
    expectOk(game.pass())
    expect(gameState(game).objects.lions!.zone).toBe('battlefield')
    expectOk(game.cast('A', 'cub'))
    expect(world.stack[0]).toBe(item)
    expect(item).toMatchObject({ kind: 'spell', card: game.eid('cub') })
    restore(game, saved)
    expect(world.stack).toEqual([{ kind: 'spell', card: game.eid('lions'), controller: game.eid('A'), target: 0 }])
    // The restore put the cub's object back to the pool and copied the snapshot's item into it.
    expect(world.stack[0]).toBe(item)
    expect(gameState(game).objects.cub!.zone).toBe('hand')
    expectOk(game.pass())
    expectOk(game.pass())
    expect(gameState(game).objects.lions!.zone).toBe('battlefield')
    // The snapshot's item was never the world's: a second restore finds it as taken.
    restore(game, saved)
    expect(world.stack).toEqual([{ kind: 'spell', card: game.eid('lions'), controller: game.eid('A'), target: 0 }])
  })
})
