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
