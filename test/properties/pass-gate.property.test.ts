/**
 * CR 117.3d, 117.3, 800.4a: the gate takes a pass on its own short path (`act`'s `pass`: the
 * game's most frequent action, without the general dispatch) and every other pass through the
 * general check. At every decision of whole random games (two and four players, mulligans at the
 * start, players leaving a four-player game), a pass by each seat and by ids that are no player is
 * tried on the game: accepted exactly when the pending decision is priority and the one passing
 * holds it (then the game is where `passPriority` alone takes it), else rejected (by the general
 * check, `answer`'s: each of its codes met is counted, and must be) with the game unchanged to the
 * byte. And a holder who has left the game (a position restored so) can't pass.
 */
import { describe, expect, it } from 'vitest'
import { Rng } from '../../src/core/rng.js'
import type { Eid } from '../../src/core/events.js'
import { act } from '../../src/decisions/act.js'
import { legalActions } from '../../src/decisions/legal.js'
import { pendingDecision } from '../../src/decisions/pending.js'
import { beginGame } from '../../src/decisions/pregame.js'
import { randomAction } from '../../src/play/agents/random.js'
import { forcedAction } from '../../src/play/play-game.js'
import { deckPosition } from '../../src/play/setup.js'
import { GameView } from '../../src/play/view.js'
import { buildPosition } from '../../src/state/position.js'
import { worldDigest } from '../../src/state/digest.js'
import { restoreWorld, snapshotWorld } from '../../src/state/snapshot.js'
import { passPriority } from '../../src/turn/runner.js'
import { inGame } from '../../src/core/players.js'

const GAMES = Number(process.env.REDZONE_PROPERTY_GAMES ?? 12)
const MAX_STEPS = 3000
/** Passes are tried at each of a game's first decisions, then at one in `SPARSE` (and always once it is over). */
const DENSE = 300
const SPARSE = 7
const DECKS = ['green-white', 'black-red', 'green-white', 'black-red'] as const

describe('property: a pass through the gate', () => {
  it('is accepted exactly from the priority holder (the game then as passPriority leaves it), else rejected as the general check says, the game unchanged', () => {
    const seen = { accepted: 0, 'not-your-priority': 0, 'not-awaited': 0, 'not-a-player': 0, 'left-the-game': 0, 'game-over': 0 } as Record<string, number>
    for (let game = 0; game < GAMES; game++) {
      const players = game % 2 === 0 ? 2 : 4
      const world = buildPosition(deckPosition(DECKS.slice(0, players))).world
      world.rng.setState(new Rng(game + 1).state())
      beginGame(world)
      const rng = new Rng(game * 7919 + 5)
      const views = new Map(world.playerOrder.map((p) => [p, new GameView(world, p)]))
      // Every seat, entity 0 (no player) and an id past the entities.
      const passers: Eid[] = [...world.playerOrder, 0, world.capacity + 3]
      for (let step = 0; ; step++) {
        const decision = pendingDecision(world)
        const at = `game ${game}, step ${step}, ${decision.kind}`
        const tried = step < DENSE || step % SPARSE === 0 || decision.kind === 'gameOver' ? passers : []
        for (const player of tried) {
          const before = snapshotWorld(world)
          const digest = worldDigest(world)
          const holds = decision.kind === 'priority' && decision.player === player && inGame(world, player)
          const result = act(world, { type: 'pass', player })
          if (holds) {
            expect(result.ok, `${at}: a pass by the holder ${player}: ${JSON.stringify(result)}`).toBe(true)
            seen.accepted!++
            // The same as the pass itself, from the same game.
            const after = worldDigest(world)
            restoreWorld(world, before)
            passPriority(world)
            expect(worldDigest(world), `${at}: the pass went further than passPriority`).toBe(after)
          } else {
            expect(result.ok, `${at}: a pass by ${player} was accepted`).toBe(false)
            if (!result.ok) seen[result.error.code] = (seen[result.error.code] ?? 0) + 1
            expect(worldDigest(world), `${at}: a rejected pass by ${player} changed the game`).toBe(digest)
          }
          restoreWorld(world, before)
        }
        if (decision.kind === 'gameOver' || step >= MAX_STEPS) break
        const legal = legalActions(world)
        const action = forcedAction(legal) ?? randomAction(rng, views.get(legal.player!)!, decision, legal)
        const result = act(world, action)
        expect(result.ok, `${at}: ${JSON.stringify(action)} ${JSON.stringify(result)}`).toBe(true)
      }
    }
    // Each way a pass is answered was met.
    for (const [what, count] of Object.entries(seen)) expect(count, what).toBeGreaterThan(0)
  }, 240_000)

  it('800.4a a player who left the game while holding priority (a position restored so) is refused the pass, the game unchanged', () => {
    const world = buildPosition(deckPosition(DECKS.slice(0, 4))).world
    world.rng.setState(new Rng(3).state())
    beginGame(world)
    const rng = new Rng(11)
    const views = new Map(world.playerOrder.map((p) => [p, new GameView(world, p)]))
    // On to a priority decision of the game proper.
    while (pendingDecision(world).kind !== 'priority') {
      const legal = legalActions(world)
      const action = forcedAction(legal) ?? randomAction(rng, views.get(legal.player!)!, pendingDecision(world), legal)
      expect(act(world, action).ok, JSON.stringify(action)).toBe(true)
    }
    const holder = pendingDecision(world).player!
    // The holder has lost (as a snapshot taken so would restore them); the count of players left is worked out again.
    world.players.lost[holder] = 1
    world.left = -1
    const digest = worldDigest(world)
    const result = act(world, { type: 'pass', player: holder })
    expect(result.ok).toBe(false)
    if (!result.ok) {
      expect(result.error.code).toBe('left-the-game')
      expect(result.error.rule).toBe('800.4a')
    }
    expect(worldDigest(world)).toBe(digest)
  })
})
