import { expect } from 'vitest'
import type { Game } from '../../src/api/game.js'
import type { ZoneName } from '../../components/zones.js'
import { expectOk } from '../helpers.js'
import { gameState } from '../../src/api/views.js'

/** The ids of the cards `player` owns in `zone`, in entity order. */
export function cardsIn(game: Game, player: string, zone: ZoneName): string[] {
  return Object.entries(gameState(game).objects)
    .filter(([, o]) => o.owner === player && o.zone === zone)
    .map(([id]) => id)
}

/** Both players keep their opening hands (CR 103.5): the game starts its first turn. */
export function keepBoth(game: Game): void {
  for (let i = 0; i < 2; i++) {
    const d = game.pendingDecision()
    expect(d.kind).toBe('mulligan')
    expectOk(game.keep(d.player!))
  }
  expect(game.pendingDecision().kind).not.toBe('mulligan')
}
