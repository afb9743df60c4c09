/**
 * `onEvent`'s options are a plain object: a Map (whose entries are no own names) was read as an
 * object without any, so `onEvent(game, fn, new Map([['viewer', 'B']]))` gave the omniscient
 * stream, the opponent's hidden cards included (CR 400.2: a player may not see an opponent's
 * hand). A Map, a Set or a Date is `invalid-argument` naming its kind, and nothing is subscribed.
 */
import { describe, expect, it } from 'vitest'
import type { ClientEvent } from '../../src/api/event-stream.js'
import { onEvent } from '../../src/api/views.js'
import { createDeckGame } from '../../src/play/setup.js'
import { thrownRedzoneError } from '../helpers.js'

describe('onEvent: options that are not a plain object', () => {
  it('refuses a Map, a Set and a Date with invalid-argument naming the kind, and subscribes nothing', () => {
    const game = createDeckGame(['green-white', 'black-red'], { seed: 3 })
    const heard: ClientEvent[] = []
    for (const [options, got] of [[new Map([['viewer', 'B']]), 'a Map'], [new Set(['B']), 'a Set'], [new Date(0), 'a Date']] as const) {
      expect(thrownRedzoneError(() => onEvent(game, (e) => heard.push(e), options as never))).toMatchObject({
        code: 'invalid-argument',
        message: `redzone: onEvent: options: expected an object of options (viewer), got ${got}`,
      })
    }
    expect(game.act({ type: 'keep', player: game.pendingDecision().player! })).toEqual({ ok: true })
    expect(heard).toEqual([])
  })
})
