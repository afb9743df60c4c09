/**
 * A client's listener runs inside the engine's change (an event is emitted mid-action). An error it
 * throws, or a change it tries to make, must not leave the game half changed: before, a listener
 * that threw on `attackerDeclared` left the attacker tapped, the version unchanged and no decision
 * pending ("no decision in declareAttackers ... please report a bug") until a restore. Now the
 * change completes and is counted, the other listeners hear the event, and the error is thrown by
 * the call that made the change; a change from a listener is refused.
 */
import { describe, expect, it } from 'vitest'
import { createGame, type Game } from '../../src/api/game.js'
import { checksum, fromBinary, toBinary } from '../../src/api/serialization.js'
import { clientState, gameState, legalActions, onEvent } from '../../src/api/views.js'
import { isPlayerAction } from '../../src/decisions/action.js'
import { heuristicAgent } from '../../src/play/agents/heuristic.js'
import { randomAgent } from '../../src/play/agents/random.js'
import { playGame } from '../../src/play/play-game.js'
import * as sim from '../../src/sim.js'
import { creature, thrownRedzoneError } from '../helpers.js'

/** A at the attack declaration: viper (A) attacks; w1 (B) may block. */
function atAttack(): Game {
  const game = createGame({ players: [{ id: 'A' }, { id: 'B' }], objects: [creature('viper', 'A', 3, 3), creature('w1', 'B', 1, 4)] })
  while (game.pendingDecision().kind === 'priority') expect(game.pass()).toEqual({ ok: true })
  expect(game.pendingDecision().kind).toBe('declareAttackers')
  return game
}

/** The same game after the attack with no listener at all: what a listener's failure must not change. */
function expectedAfterAttack(): { checksum: number; version: number; decision: string } {
  const game = atAttack()
  expect(game.declareAttackers({ viper: 'B' })).toEqual({ ok: true })
  return { checksum: checksum(game), version: game.version, decision: game.pendingDecision().kind }
}

describe('a listener that throws during a change', () => {
  it('Game.on: the change completes and is counted, the other listeners hear the event, and the call throws the listener\'s error', () => {
    const expected = expectedAfterAttack()
    const game = atAttack()
    const heard: string[] = []
    game.on('attackerDeclared', () => {
      throw new Error('animation bug')
    })
    game.on('attackerDeclared', (attacker) => heard.push(game.id(attacker)))
    game.on('attackersDeclared', (count) => heard.push(`count ${count}`))
    expect(() => game.declareAttackers({ viper: 'B' })).toThrow('animation bug')
    expect(heard).toEqual(['viper', 'count 1'])
    expect({ checksum: checksum(game), version: game.version, decision: game.pendingDecision().kind }).toEqual(expected)
    // The game goes on, and the error is not thrown again by the next call.
    expect(game.pass()).toEqual({ ok: true })
  })

  it('onEvent: the same, for a subscriber of the numbered stream', () => {
    const expected = expectedAfterAttack()
    const game = atAttack()
    const seqs: number[] = []
    onEvent(game, (e) => {
      if (e.type === 'attackerDeclared') throw new Error('render failed')
    })
    onEvent(game, (e) => seqs.push(e.seq))
    expect(() => game.declareAttackers({ viper: 'B' })).toThrow('render failed')
    expect(seqs.length).toBeGreaterThanOrEqual(2)
    expect(seqs).toEqual(seqs.map((_, i) => seqs[0]! + i))
    expect({ checksum: checksum(game), version: game.version, decision: game.pendingDecision().kind }).toEqual(expected)
  })

  it('a listener that is not a function is refused when subscribing (it failed mid-action: "listener is not a function")', () => {
    const game = atAttack()
    const before = checksum(game)
    for (const listener of ['x', undefined, null, {}]) {
      expect(thrownRedzoneError(() => game.on('damageDealt', listener as never)).message).toContain('listener: expected a function')
      expect(thrownRedzoneError(() => onEvent(game, listener as never)).message).toContain('onEvent: listener: expected a function')
    }
    expect(game.declareAttackers({ viper: 'B' })).toEqual({ ok: true })
    expect(checksum(game)).not.toBe(before)
  })

  it('a listener that changes the game is refused (its change landed mid-action); the outer change completes and the call throws the refusal', () => {
    const expected = expectedAfterAttack()
    const game = atAttack()
    game.on('attackerDeclared', () => void game.pass())
    const error = thrownRedzoneError(() => game.declareAttackers({ viper: 'B' }))
    expect(error.code).toBe('invalid-argument')
    expect(error.message).toContain('a listener may not act')
    expect({ checksum: checksum(game), version: game.version, decision: game.pendingDecision().kind }).toEqual(expected)
  })

  it("redzone/sim's act throws a listener's error once its change is done", () => {
    const expected = expectedAfterAttack()
    const game = atAttack()
    game.on('attackerDeclared', () => {
      throw new Error('bot log full')
    })
    const world = sim.worldOf(game)
    const viper = game.eid('viper')!
    const B = game.eid('B')!
    const A = game.eid('A')!
    expect(() => sim.act(world, { type: 'declareAttackers', player: A, attackers: [{ attacker: viper, target: B }] })).toThrow('bot log full')
    expect(checksum(game)).toBe(expected.checksum)
    expect(game.pendingDecision().kind).toBe(expected.decision)
  })

  it('a listener that acts through redzone/sim, or through its game during playGame (whose changes are the engine\'s own), is refused the same way', () => {
    const game = atAttack()
    const world = sim.worldOf(game)
    game.on('attackerDeclared', () => void sim.act(world, { type: 'pass', player: game.eid('A')! }))
    const error = thrownRedzoneError(() => game.declareAttackers({ viper: 'B' }))
    expect(error.message).toContain('a listener may not act')
    expect(game.pendingDecision().kind).toBe(expectedAfterAttack().decision)
    const during = thrownRedzoneError(() =>
      playGame({ seed: 3, agents: [heuristicAgent, randomAgent], decks: ['green-white', 'black-red'], onGame: (g) => g.on('landPlayed', () => void g.pass()) }),
    )
    expect(during.code).toBe('invalid-argument')
    expect(during.message).toContain('a listener may not act')
  })

  it('an error thrown while a deck game begins (the draws) is thrown by createDeckGame, and one during a forced pass by passIfForced: never by a later call', () => {
    const drawing = (game: Game): void =>
      void game.on('cardDrawn', () => {
        throw new Error('draw animation broke')
      })
    expect(() => sim.createDeckGame(['green-white', 'black-red'], { seed: 5, onGame: drawing })).toThrow('draw animation broke')
    // A forced pass that begins a step: its listener's error is passIfForced's (the listener fails only then).
    const game = sim.createDeckGame(['green-white', 'black-red'], { seed: 5 })
    const world = sim.worldOf(game)
    let forcing = false
    game.on('stepStarted', (step) => {
      if (forcing) throw new Error(`step ${step}`)
    })
    let thrown: unknown = null
    for (let i = 0; i < 500 && thrown === null; i++) {
      const decision = sim.pendingDecision(world)
      forcing = true
      try {
        if (sim.passIfForced(world)) continue
      } catch (e) {
        thrown = e
        break
      } finally {
        forcing = false
      }
      const legal = sim.legalActions(world)
      const action = decision.kind === 'mulligan' ? { type: 'keep' as const, player: decision.player! } : sim.forcedAction(legal) ?? { type: 'pass' as const, player: decision.player! }
      expect(sim.act(world, action as never).ok).toBe(true)
    }
    expect((thrown as Error | null)?.message).toMatch(/^step /)
    // Nothing left over for the next call.
    expect(() => sim.pendingDecision(world)).not.toThrow()
  })

  it('playGame throws an onGame listener\'s error, as it throws an onGame that throws (it is the caller\'s, not the agents\' game failing)', () => {
    const options = { seed: 3, agents: [heuristicAgent, randomAgent], decks: ['green-white', 'black-red'] } as const
    expect(() =>
      playGame({
        ...options,
        onGame: (game) =>
          game.on('landPlayed', () => {
            throw new Error('listener broke')
          }),
      }),
    ).toThrow('listener broke')
    // The same game without the failing listener plays to its end.
    expect(playGame(options).reason).not.toBe('error')
  })
})

describe('a plain-JavaScript client\'s wrong arguments are named, not TypeErrors', () => {
  it('a declaration without its list is invalid-argument naming the list (it was "Cannot read properties of undefined (reading \'length\')")', () => {
    const game = atAttack()
    const before = checksum(game)
    for (const [type, list] of [['declareAttackers', 'attackers'], ['declareBlockers', 'blockers'], ['assignDamage', 'assignments']] as const) {
      const error = thrownRedzoneError(() => game.act({ type, player: 'A' } as never))
      expect(error.code).toBe('invalid-argument')
      expect(error.message).toBe(`redzone: action.${list}: expected a list, got undefined`)
    }
    expect(checksum(game)).toBe(before)
  })

  it('the functions over a game name the call when given no game or another value (they read `.world` of undefined)', () => {
    const calls: [string, (g: never) => unknown][] = [
      ['legalActions', legalActions],
      ['gameState', gameState],
      ['clientState', clientState],
      ['checksum', checksum],
      ['toBinary', toBinary],
      ['onEvent', (g) => onEvent(g, () => {})],
    ]
    for (const [name, call] of calls) {
      for (const value of [undefined, {}, 'game']) {
        const error = thrownRedzoneError(() => call(value as never))
        expect(error.code).toBe('invalid-argument')
        expect(error.message).toContain(`${name}: expected a game`)
      }
    }
  })

  it('isPlayerAction answers false for null, a string or nothing (a server filtering untrusted moves got a TypeError)', () => {
    for (const value of [null, undefined, 'pass', 5]) expect(isPlayerAction(value as never)).toBe(false)
    expect(isPlayerAction({ type: 'pass', player: 'A' })).toBe(true)
  })

  it('fromBinary takes a view of the bytes toBinary made (a Uint8Array read from a file or a socket) as well as the buffer', () => {
    const game = atAttack()
    const buffer = toBinary(game)
    const padded = new Uint8Array(buffer.byteLength + 8)
    padded.set(new Uint8Array(buffer), 4)
    expect(checksum(fromBinary(new Uint8Array(buffer)))).toBe(checksum(game))
    expect(checksum(fromBinary(padded.subarray(4, 4 + buffer.byteLength)))).toBe(checksum(game))
  })
})
