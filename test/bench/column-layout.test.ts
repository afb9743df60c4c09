/**
 * `npm run bench:layout` compares the engine's `blockerCheck` with a copy written over one strided
 * record (bench/column-layout.ts); the comparison means something only while the copy answers as
 * the engine does. The probe checks every pair of its board before timing; here the same on
 * boards of several sizes and seeds, and on pairs it must refuse for each of its reasons.
 */
import { expect, it } from 'vitest'
import { layoutProbe, stridedBlockerCheck, stridedRecord } from '../../bench/column-layout.js'
import { blockerCheck } from '../../src/rules/combat/check-block.js'
import { KW_FLYING } from '../../components/keywords.js'
import { Step } from '../../src/core/steps.js'

it('builds the board with its attackers declared, with its pairs, both layouts agreeing on each', () => {
  for (const [size, seed] of [[10, 1], [20, 1], [20, 7], [200, 3]] as const) {
    const p = layoutProbe(size, seed)
    expect(p.world.turn.step, `${size} a side`).toBe(Step.DeclareAttackers)
    expect(p.world.turn.attackersDeclared).toBe(true)
    // Every defending creature against every attacker on a small board, each against one on a big one.
    const attackers = new Set(p.attackers).size
    expect(attackers).toBeGreaterThan(0)
    expect(p.blockers.length).toBe(size <= 100 ? size * attackers : size)
  }
})

it('answers every reason of CR 509.1a and 702.9b as blockerCheck does, including refusals', () => {
  const p = layoutProbe(20, 1)
  const { world } = p
  const record = p.record
  const entities = Array.from({ length: world.capacity }, (_, e) => e)
  const codes = new Set<string | null>()
  // Every pair of entities (players, creatures of both sides, planeswalkers, unused ids).
  for (const b of entities) {
    for (const a of entities) {
      const expected = blockerCheck(world, b, a)
      codes.add(expected)
      expect(stridedBlockerCheck(record, b, a), `${b} blocking ${a}`).toBe(expected)
    }
  }
  // The pairs reach every answer (attackers without vigilance are tapped; planeswalkers are no creatures).
  for (const code of [null, 'not-on-battlefield', 'not-a-creature', 'tapped', 'not-attacking', 'not-defending-player', 'cannot-block-flying']) {
    expect(codes.has(code), String(code)).toBe(true)
  }
  // Tapped and flying: set on the world, copied again, still the same answers.
  const blocker = p.blockers[0]!
  const attacker = p.attackers[0]!
  world.status.tapped[blocker] = 1
  expect(stridedBlockerCheck(stridedRecord(world), blocker, attacker)).toBe('tapped')
  expect(blockerCheck(world, blocker, attacker)).toBe('tapped')
  world.status.tapped[blocker] = 0
  world.kw.effective[attacker] = KW_FLYING
  world.kw.effective[blocker] = 0
  expect(stridedBlockerCheck(stridedRecord(world), blocker, attacker)).toBe('cannot-block-flying')
  expect(blockerCheck(world, blocker, attacker)).toBe('cannot-block-flying')
})
