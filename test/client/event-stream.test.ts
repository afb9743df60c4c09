/**
 * The client event stream (`Game.onEvent`): every event numbered, no gaps, each with its CR rule
 * and the state version (`Game.version`: one per accepted API call, none for a rejected one).
 */
import { describe, expect, it } from 'vitest'
import type { ClientEvent } from '../../src/api/event-stream.js'
import { EVENT_FIELDS } from '../../src/core/events.js'
import { act } from '../../src/decisions/act.js'
import { legalActions } from '../../src/decisions/legal.js'
import { pendingDecision } from '../../src/decisions/pending.js'
import { randomAction } from '../../src/play/agents/random.js'
import { createDeckGame } from '../../src/play/setup.js'
import { GameView } from '../../src/play/view.js'
import { Rng } from '../../src/core/rng.js'
import { creature, drive, expectOk, expectRejected, newGame } from '../helpers.js'
import { onEvent } from '../../src/api/views.js'
import { trackChange, worldOf } from '../../src/api/game.js'
import { restore, snapshot } from '../../src/api/serialization.js'

function expectNoGaps(events: readonly ClientEvent[], firstSeq = 1): void {
  events.forEach((e, i) => expect(e.seq).toBe(firstSeq + i))
  for (let i = 1; i < events.length; i++) expect(events[i]!.version).toBeGreaterThanOrEqual(events[i - 1]!.version)
}

describe('Game.onEvent: numbered events with the state version', () => {
  it('numbers a combat\'s events 1, 2, 3 ... with named fields, ids and the rule; one version per accepted call', () => {
    const game = newGame([creature('giant', 'A', 4, 4), creature('bear', 'B', 2, 2)])
    const events: ClientEvent[] = []
    onEvent(game, (e) => events.push(e))
    expect(game.version).toBe(0)
    expectOk(drive(game).walkToAttack({ giant: 'B' }))
    expect(game.version).toBe(1)
    expectRejected(drive(game).walkToBlock({ giant: 'giant' }), 'tapped')
    expect(game.version).toBe(1)
    expectOk(drive(game).walkToBlock({ bear: 'giant' }))
    expectOk(drive(game).walkToDamage())
    expect(game.version).toBe(3)
    expectNoGaps(events)
    expect(events.find((e) => e.type === 'attackerDeclared')).toMatchObject({ attacker: 'giant', target: 'B', rule: '508.1', version: 1 })
    expect(events.find((e) => e.type === 'blockerDeclared')).toMatchObject({ blocker: 'bear', attacker: 'giant', version: 2 })
    expect(events.find((e) => e.type === 'damageDealt' && e['source'] === 'giant')).toMatchObject({ target: 'bear', combat: true, version: 3 })
    expect(events.find((e) => e.type === 'creatureDied')).toMatchObject({ creature: 'bear', reason: 'lethal-damage', rule: '704.5g' })
    for (const e of events) {
      expect(e.rule).toMatch(/^\d{3}(\.\d+[a-z]?)?$/)
      expect(Object.keys(e).sort()).toEqual(['seq', 'version', 'type', ...EVENT_FIELDS[e.type].map((f) => f.replace('@', ''))].sort())
      expect(JSON.parse(JSON.stringify(e))).toEqual(e)
    }
  })

  it('gives every subscriber the same numbers; unsubscribing stops delivery', () => {
    const game = newGame([creature('giant', 'A', 4, 4)])
    const first: ClientEvent[] = []
    const second: ClientEvent[] = []
    const stop = onEvent(game, (e) => first.push(e))
    onEvent(game, (e) => second.push(e))
    expectOk(drive(game).walkToAttack({ giant: 'B' }))
    stop()
    expectOk(drive(game).walkToDamage())
    expect(first.length).toBeGreaterThan(0)
    expect(second.slice(0, first.length)).toEqual(first)
    expectNoGaps(second)
    expect(second.length).toBeGreaterThan(first.length)
  })

  it('counts restore (undo) as a change, and outside effects and rules commands once each', () => {
    const game = newGame([creature('giant', 'A', 4, 4), creature('bear', 'B', 2, 2)])
    const versions: number[] = []
    onEvent(game, (e) => versions.push(e.version))
    const before = snapshot(game)
    expectOk(game.dealDamage({ to: 'bear', amount: 1 }))
    expectOk(game.grant('giant', { keywords: ['flying'] }))
    expect(game.version).toBe(2)
    restore(game, before)
    expect(game.version).toBe(3)
    expectOk(game.pass())
    expect(game.version).toBe(4)
    expect(versions).toEqual([...versions].sort((a, b) => a - b))
  })

  it('has no gaps and a monotone version over whole random games', () => {
    for (const seed of [1, 2, 3]) {
      const game = createDeckGame(['green-white', 'black-red'], { seed })
      const events: ClientEvent[] = []
      onEvent(game, (e) => events.push(e))
      const world = worldOf(game)
      const rng = new Rng(seed)
      const views = new Map(world.playerOrder.map((p) => [p, new GameView(world, p)]))
      let accepted = 0
      for (let i = 0; i < 3000; i++) {
        const decision = pendingDecision(world)
        if (decision.kind === 'gameOver') break
        const versionBefore = game.version
        const seqBefore = events.length
        const result = trackChange(game, () => act(world, randomAction(rng, views.get(decision.player!)!, decision, legalActions(world))))
        expect(result).toEqual({ ok: true })
        accepted++
        expect(game.version).toBe(versionBefore + 1)
        for (const e of events.slice(seqBefore)) expect(e.version).toBe(game.version)
      }
      expect(game.version).toBe(accepted)
      expect(events.length).toBeGreaterThan(100)
      expectNoGaps(events)
    }
  })

  it('a player\'s stream names no card that player may not see where it is after the event (CR 400.2), with the same seq as everyone\'s', () => {
    const game = createDeckGame(['green-white', 'black-red'], { seed: 4 })
    const world = worldOf(game)
    const all: ClientEvent[] = []
    const seen = new Map<string, ClientEvent[]>([['A', []], ['B', []]])
    let leaks = 0
    const hiddenNow = (viewer: string): Set<string> => {
      const me = game.eid(viewer)!
      const out = new Set<string>()
      for (const p of world.playerOrder) {
        const lists = world.zoneLists[p]!
        for (const e of lists.library) out.add(game.id(e))
        if (p !== me) for (const e of lists.hand) out.add(game.id(e))
      }
      return out
    }
    onEvent(game, (e) => all.push(e))
    for (const viewer of ['A', 'B']) {
      onEvent(game, (e) => {
        seen.get(viewer)!.push(e)
        const hidden = hiddenNow(viewer)
        for (const value of Object.values(e)) if (typeof value === 'string' && hidden.has(value)) leaks++
      }, { viewer })
    }
    const rng = new Rng(4)
    const views = new Map(world.playerOrder.map((p) => [p, new GameView(world, p)]))
    for (let i = 0; i < 1500; i++) {
      const decision = pendingDecision(world)
      if (decision.kind === 'gameOver') break
      trackChange(game, () => act(world, randomAction(rng, views.get(decision.player!)!, decision, legalActions(world))))
    }
    expect(leaks).toBe(0)
    for (const [, events] of seen) expect(events.map((e) => e.seq)).toEqual(all.map((e) => e.seq))
    const drawsSeenByA = seen.get('A')!.filter((e) => e.type === 'cardDrawn')
    expect(drawsSeenByA.some((e) => e['player'] === 'A' && typeof e['card'] === 'string')).toBe(true)
    expect(drawsSeenByA.filter((e) => e['player'] === 'B').every((e) => e['card'] === null)).toBe(true)
    expect(all.some((e) => e.type === 'cardDrawn' && e['player'] === 'B' && typeof e['card'] === 'string')).toBe(true)
    expect(() => onEvent(game, () => {}, { viewer: 'nobody' })).toThrow('redzone: onEvent: the viewer "nobody" is not a player of this game')
  })
})
