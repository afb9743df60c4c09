/**
 * The pending decision's kind by what the turn awaits (`Await`, src/core/await.ts): pending.ts reads
 * it from a list in the enum's order, so a member added or moved there must be added or moved there
 * too (CR 117.3: priority; 508.1, 509.1, 510.1, 701.23, 514.1, 103.5: the choices the game stops for).
 */
import { expect, it } from 'vitest'
import { Await } from '../../src/core/await.js'
import { pendingKind } from '../../src/decisions/pending.js'
import { worldOf } from '../../src/api/game.js'
import { creature, newGame } from '../helpers.js'

it('each Await value gives its decision kind (117.3, 508.1, 509.1, 510.1, 701.23, 514.1, 103.5)', () => {
  const world = worldOf(newGame([creature('bear', 'A', 2, 2)]))
  const kinds: [Await, string][] = [
    [Await.None, 'priority'],
    [Await.Attackers, 'declareAttackers'],
    [Await.Blockers, 'declareBlockers'],
    [Await.Damage, 'assignDamage'],
    [Await.Search, 'search'],
    [Await.Discard, 'discard'],
    [Await.Mulligan, 'mulligan'],
    [Await.Bottom, 'bottom'],
  ]
  // Every member of the enum, once (a numeric enum maps its names to numbers and back).
  expect(kinds.map(([a]) => a).sort()).toEqual(Object.values(Await).filter((v) => typeof v === 'number').sort())
  for (const [awaiting, kind] of kinds) {
    world.turn.awaiting = awaiting
    expect(pendingKind(world), Await[awaiting]).toBe(kind)
  }
})
