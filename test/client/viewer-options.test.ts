/**
 * The arguments of the client views (`onEvent`, `clientState`) checked before anything is read or
 * subscribed: an unknown option key (a misspelt `viewer`) gave the omniscient stream, an
 * opponent's draws included; a viewer that is not a string was named as one ("0", "[object Object]");
 * a listener that is not a function started the stream, so the first subscriber's seq began past 1.
 */
import { describe, expect, it } from 'vitest'
import type { ClientEvent } from '../../src/api/event-stream.js'
import { clientState, onEvent } from '../../src/api/views.js'
import { createDeckGame } from '../../src/play/setup.js'
import { creature, drive, expectOk, newGame, thrownRedzoneError } from '../helpers.js'

const DECKS = ['green-white', 'black-red'] as const

/** Keeps every mulligan and passes priority `times` times: the players draw. */
function keepAndPass(game: ReturnType<typeof createDeckGame>, times: number): void {
  for (let i = 0; i < times; i++) {
    const d = game.pendingDecision()
    if (d.kind === 'mulligan') game.act({ type: 'keep', player: d.player! })
    else if (d.kind === 'priority') game.act({ type: 'pass', player: d.player! })
    else break
  }
}

describe('onEvent and clientState: their arguments, checked', () => {
  it('onEvent refuses an unknown option key (a misspelt viewer) with invalid-argument naming it and the known options, subscribing nothing', () => {
    const game = createDeckGame(DECKS, { seed: 3 })
    const heard: ClientEvent[] = []
    const error = thrownRedzoneError(() => onEvent(game, (e) => heard.push(e), { veiwer: 'B' } as never))
    expect(error.code).toBe('invalid-argument')
    expect(error.message).toBe('redzone: onEvent: options.veiwer: unknown option; expected one of viewer')
    keepAndPass(game, 30)
    expect(heard).toEqual([])
    for (const [options, got] of [[null, 'null'], ['B', '"B"'], [['B'], 'an array']] as const) {
      expect(thrownRedzoneError(() => onEvent(game, () => undefined, options as never))).toMatchObject({
        code: 'invalid-argument',
        message: `redzone: onEvent: options: expected an object of options (viewer), got ${got}`,
      })
    }
  })

  it('onEvent refuses a viewer that is not a string with invalid-argument describing it', () => {
    const game = newGame([creature('bear', 'A', 2, 2)])
    for (const [viewer, got] of [[0, '0'], [{ id: 'B' }, 'an object'], [null, 'null']] as const) {
      expect(thrownRedzoneError(() => onEvent(game, () => undefined, { viewer } as never))).toMatchObject({
        code: 'invalid-argument',
        message: `redzone: onEvent: options.viewer: expected a player id (a string), got ${got}`,
      })
    }
  })

  it('clientState refuses a viewer that is not a string with invalid-argument describing it (it said the viewer "0", "[object Object]")', () => {
    const game = newGame([creature('bear', 'A', 2, 2)])
    for (const [viewer, got] of [[0, '0'], [{ viewer: 'B' }, 'an object'], [null, 'null'], [['B'], 'an array']] as const) {
      expect(thrownRedzoneError(() => clientState(game, viewer as never))).toMatchObject({
        code: 'invalid-argument',
        message: `redzone: clientState: viewer: expected a player id (a string), got ${got}`,
      })
    }
    expect(clientState(game, 'B').viewer).toBe('B')
    expect(clientState(game).viewer).toBeNull()
  })

  it('a viewer id that is no player\'s is unknown-entity naming it as the id it is (JSON-quoted)', () => {
    const game = newGame([creature('bear', 'A', 2, 2)])
    expect(thrownRedzoneError(() => clientState(game, 'a"b'))).toMatchObject({
      code: 'unknown-entity',
      message: 'redzone: clientState: the viewer "a\\"b" is not a player of this game',
    })
    expect(thrownRedzoneError(() => onEvent(game, () => undefined, { viewer: 'bear' }))).toMatchObject({
      code: 'unknown-entity',
      message: 'redzone: onEvent: the viewer "bear" is not a player of this game',
    })
  })

  it('onEvent refuses a listener that is not a function in the words the worker uses, before the stream starts: the first subscriber\'s first seq is 1', () => {
    const game = newGame([creature('giant', 'A', 4, 4), creature('bear', 'B', 2, 2)])
    expect(thrownRedzoneError(() => onEvent(game, 'x' as never))).toMatchObject({
      code: 'invalid-argument',
      message: 'redzone: onEvent: listener: expected a function, got "x"',
    })
    expectOk(drive(game).walkToAttack({ giant: 'B' }))
    const events: ClientEvent[] = []
    onEvent(game, (e) => events.push(e))
    expectOk(drive(game).walkToBlock({ bear: 'giant' }))
    expect(events.length).toBeGreaterThan(0)
    expect(events[0]!.seq).toBe(1)
  })
})
