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
import { checksum, fromJSON, restore, snapshot, toJSON } from '../src/api/serialization.js'
import { readJson } from '../src/state/serialize.js'
import { putTriggersOnStack } from '../src/rules/spells/resolve.js'
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

/** The snapshot a state document holds (`readJson`). */
function snapshotOf(document: unknown): ReturnType<typeof snapshotWorld> {
  return readJson(document as never).snapshot
}

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
    // Twice: the restored effect is the world's own copy, used again after the bear leaves; the
    // snapshot's stays as taken. Power is restored from the columns, so a new effect on the bear
    // makes the engine recompute it from the effect list (CR 613.4c): +1 from the restored effect.
    for (let round = 0; round < 2; round++) {
      restore(game, saved)
      expect(world.effects).toEqual([{ timestamp: first.timestamp, target: game.eid('bear'), addKeywords: 0, removeKeywords: 0, power: 1, toughness: 0, duration: 'endOfTurn', source: 0 }])
      expect(gameState(game).objects.wolf!.power).toBe(2)
      expectOk(game.exile('bear'))
      expectOk(game.grant('wolf', { power: 2 }))
    }
    restore(game, saved)
    expectOk(game.grant('bear', { toughness: 1 }))
    expect(gameState(game).objects.bear).toMatchObject({ zone: 'battlefield', power: 3, toughness: 3 })
  })

  it('CR 405, 608.2n: a resolved spell\'s stack object is taken by the next spell, and a snapshot from before still holds the first', async () => {
    const { lands, cardInHand } = await import('./helpers.js')
    const game = newGame([...lands('A', 'Plains', 2), cardInHand('lions', 'A', 'Savannah Lions'), cardInHand('cub', 'A', 'Savannah Lions')])
    const world = worldOf(game)
    expectOk(game.cast('A', 'lions'))
    const item = world.stack[0]!
    const saved = snapshot(game)
    const lionsOnStack = [{ kind: 'spell', card: game.eid('lions'), controller: game.eid('A'), target: 0 }]
    // Twice: each time the spell resolves and the cub's cast takes its object (the world's copy of
    // the snapshot's item after the first restore); the snapshot's item stays as taken.
    for (let round = 0; round < 2; round++) {
      expectOk(game.pass())
      expectOk(game.pass())
      expect(gameState(game).objects.lions!.zone).toBe('battlefield')
      expectOk(game.cast('A', 'cub'))
      expect(world.stack).toEqual([{ kind: 'spell', card: game.eid('cub'), controller: game.eid('A'), target: 0 }])
      if (round === 0) expect(world.stack[0]).toBe(item)
      restore(game, saved)
      expect(world.stack).toEqual(lionsOnStack)
      expect(gameState(game).objects.cub!.zone).toBe('hand')
    }
  })

  it('a state document whose effect has its keys in another order restores to the same checksum and JSON into a game whose pool holds objects', () => {
    const objects = [creature('bear', 'A', 2, 2), creature('wolf', 'B', 2, 2)]
    const original = newGame(objects)
    expectOk(original.grant('bear', { power: 1 }))
    const document = toJSON(original)
    const canonical = JSON.parse(JSON.stringify(document)) as { state: { effects: Record<string, unknown>[] } }
    const sorted = JSON.parse(JSON.stringify(document)) as { state: { effects: Record<string, unknown>[] } }
    sorted.state.effects = sorted.state.effects.map((e) => Object.fromEntries(Object.entries(e).sort(([a], [b]) => (a < b ? -1 : 1))))
    expect(Object.keys(sorted.state.effects[0]!)).not.toEqual(Object.keys(canonical.state.effects[0]!))
    const fresh = fromJSON(sorted)
    // A game built from the same position whose effect pool holds an object (an effect that ended).
    const pooled = newGame(objects)
    expectOk(pooled.grant('wolf', { power: 5 }))
    expectOk(pooled.exile('wolf'))
    expect(worldOf(pooled).effectPool.length).toBe(1)
    restoreWorld(worldOf(pooled), snapshotOf(sorted))
    expect(worldOf(pooled).effectPool.length).toBe(0)
    for (const game of [fresh, pooled]) expect(checksum(game)).toBe(checksum(original))
    expect(JSON.stringify(toJSON(pooled).state)).toBe(JSON.stringify(document.state))
    // The same actions on the loaded documents, canonical and sorted: the new effect takes the loaded one's object.
    const games = [fromJSON(document), fromJSON(sorted)]
    for (const game of games) {
      expectOk(game.exile('bear'))
      expectOk(game.grant('wolf', { power: 1 }))
    }
    expect(checksum(games[1]!)).toBe(checksum(games[0]!))
  })

  it('CR 603.3b: while triggers are put on the stack, a listener sees each one on it in turn at its event, none waiting', () => {
    const game = newGame([creature('x', 'A', 2, 2), creature('y', 'B', 2, 2)])
    const world = worldOf(game)
    const trigger = { when: 'enters', effect: { gainLife: 1 } } as const
    // B's trigger waits first; A is active, so A's goes on the stack first (B's resolves first).
    world.pendingTriggers.push({ kind: 'trigger', source: game.eid('y')!, controller: game.eid('B')!, trigger })
    world.pendingTriggers.push({ kind: 'trigger', source: game.eid('x')!, controller: game.eid('A')!, trigger })
    const seen: string[] = []
    world.events.on('abilityTriggered', (source: number) => {
      seen.push(`${world.labels[source]}: stack ${world.stack.map((item) => (item.kind === 'spell' ? item.card : world.labels[item.source])).join(',')}, waiting ${world.pendingTriggers.length}`)
    })
    putTriggersOnStack(world)
    expect(seen).toEqual(['x: stack x, waiting 0', 'y: stack x,y, waiting 0'])
  })
})

describe('the players still in the game across a loss and a restore (CR 104.3, 704.5a)', () => {
  it('a game a player lost is over, and a restore of a snapshot from before the loss is not', () => {
    const game = newGame([])
    const world = worldOf(game)
    const before = snapshotWorld(world)
    expect(game.pendingDecision().kind).toBe('priority')
    expectOk(game.dealDamage({ to: 'B', amount: 20 }))
    expect(game.pendingDecision()).toMatchObject({ kind: 'gameOver', player: 'A', rule: '104.2a' })
    restoreWorld(world, before)
    expect(game.pendingDecision().kind).toBe('priority')
    expectOk(game.pass())
    // And the loss again from the restored state: the count follows it both ways.
    expectOk(game.dealDamage({ to: 'A', amount: 20 }))
    expect(game.pendingDecision()).toMatchObject({ kind: 'gameOver', player: 'B', rule: '104.2a' })
  })
})
