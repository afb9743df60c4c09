/**
 * Properties of whole combats on random boards (seeded `generateBoard`): the default assignment
 * is always a legal explicit assignment; every creature that deals combat damage deals exactly
 * its power; players lose exactly the combat damage dealt to them; the same seed plays the same
 * game; a rejected declaration changes nothing.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { C_ATTACKING, C_BLOCKED, C_BLOCKING } from '../../components/combat.js'
import { KW_ANY_TRAMPLE, KW_TRAMPLE_OVER_PLANESWALKERS } from '../../components/keywords.js'
import { Zone } from '../../components/zones.js'
import { walkToAttack as attack, walkToBlock as block, walkToDamage as combatDamage } from '../../src/api/drive.js'
import { firstStrikeStepBegins } from '../../src/rules/combat/combat-queries.js'
import { resetDamagePlan } from '../../src/core/damage-plan-store.js'
import { planCombatDamage } from '../../src/rules/combat/plan-combat-damage.js'
import { worldDigest } from '../../src/state/digest.js'
import type { Eid } from '../../src/core/events.js'
import { generateBoard } from '../../src/generate/board.js'
import { Step } from '../../src/core/steps.js'
import { isPlayer, type GameWorld } from '../../src/core/world.js'

const boards = fc.record({ size: fc.integer({ min: 1, max: 40 }), seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }) })

function declared(size: number, seed: number) {
  const board = generateBoard({ size, seed })
  expect(attack(board.world, board.attacks)).toEqual({ ok: true })
  if (board.attacks.length > 0) expect(block(board.world, board.blocks)).toEqual({ ok: true })
  return board
}

/** The default plan of the coming damage step, written out as an explicit assignment of every dealer. */
function defaultAsExplicit(world: GameWorld): Map<Eid, [Eid, number][]> {
  const kind = world.turn.step < Step.FirstStrikeDamage && firstStrikeStepBegins(world) ? 'first' : 'regular'
  // An empty explicit assignment: every dealer gets its default, and the plan lists the dealers
  // (the plan of no explicit assignment records none of that).
  expect(planCombatDamage(world, kind, [])).toEqual({ ok: true })
  const plan = world.plan
  const explicit = new Map<Eid, [Eid, number][]>()
  for (let i = 0; i < plan.dealers.length; i++) explicit.set(plan.dealers.items[i]!, [])
  for (let i = 0; i < plan.source.length; i++) {
    explicit.get(plan.source.items[i]!)!.push([plan.recipient.items[i]!, plan.amount.items[i]!])
  }
  resetDamagePlan(plan)
  return explicit
}

/** Whether a combatant has anything to deal damage to (an oracle written apart from the engine). */
function hasRecipient(world: GameWorld, c: Eid): boolean {
  const { flags, attackTarget, blocking } = world.combat
  const on = (e: Eid) => world.place.zone[e] === Zone.Battlefield
  if (flags[c]! & C_BLOCKING) return on(blocking[c]!) && (flags[blocking[c]!]! & C_ATTACKING) !== 0
  const target = attackTarget[c]!
  const kw = world.kw.effective[c]!
  const targetThere = isPlayer(world, target) || on(target)
  const towardDefender = targetThere || (kw & KW_TRAMPLE_OVER_PLANESWALKERS) !== 0
  if ((flags[c]! & C_BLOCKED) === 0) return towardDefender
  const blockersLeft = Array.from(world.roster.blockers.items.subarray(0, world.roster.blockers.length)).some((b) => blocking[b] === c && on(b) && (flags[b]! & C_BLOCKING) !== 0)
  return blockersLeft || ((kw & KW_ANY_TRAMPLE) !== 0 && towardDefender)
}

describe('combat properties on random boards', () => {
  it('510.1 the default assignment is always legal when given explicitly, and deals the same damage', () => {
    fc.assert(
      fc.property(boards, ({ size, seed }) => {
        const a = declared(size, seed)
        const b = declared(size, seed)
        if (a.attacks.length === 0) return
        while (a.world.turn.step < Step.RegularDamage) {
          const explicit = defaultAsExplicit(b.world)
          expect(combatDamage(a.world, null)).toEqual({ ok: true })
          expect(combatDamage(b.world, explicit)).toEqual({ ok: true })
          expect(worldDigest(b.world)).toBe(worldDigest(a.world))
        }
      }),
      { numRuns: 60 },
    )
  })

  it('510.2 each creature that deals combat damage deals exactly its power, and only combatants deal it', () => {
    fc.assert(
      fc.property(boards, ({ size, seed }) => {
        const { world, attacks } = declared(size, seed)
        if (attacks.length === 0) return
        while (world.turn.step < Step.RegularDamage) {
          const kind = world.turn.step < Step.FirstStrikeDamage && firstStrikeStepBegins(world) ? 'first' : 'regular'
          expect(planCombatDamage(world, kind, []).ok).toBe(true)
          const dealers = Array.from(world.plan.dealers.items.subarray(0, world.plan.dealers.length))
          resetDamagePlan(world.plan)
          const expected = new Map<Eid, number>()
          for (const d of dealers) if (hasRecipient(world, d)) expected.set(d, world.stats.power[d]!)
          const dealt = new Map<Eid, number>()
          const listener = (source: Eid, _t: Eid, amount: number, combat: boolean) => {
            expect(combat).toBe(true)
            dealt.set(source, (dealt.get(source) ?? 0) + amount)
          }
          world.events.on('damageDealt', listener)
          expect(combatDamage(world, null)).toEqual({ ok: true })
          world.events.off('damageDealt', listener)
          expect(dealt).toEqual(expected)
        }
      }),
      { numRuns: 60 },
    )
  })

  it('120.3a players lose exactly the combat damage dealt to them (lifelink gains counted apart)', () => {
    fc.assert(
      fc.property(boards, ({ size, seed }) => {
        const { world, attacks, attackingPlayer, defendingPlayer } = declared(size, seed)
        if (attacks.length === 0) return
        const damageTo = new Map<Eid, number>()
        const gained = new Map<Eid, number>()
        world.events.on('damageDealt', (_s, target, amount) => {
          if (isPlayer(world, target)) damageTo.set(target, (damageTo.get(target) ?? 0) + amount)
        })
        world.events.on('lifeChanged', (player, delta, _life, rule) => {
          if (rule === '702.15b') gained.set(player, (gained.get(player) ?? 0) + delta)
        })
        const before = [world.players.life[attackingPlayer]!, world.players.life[defendingPlayer]!]
        while (world.turn.step < Step.RegularDamage) expect(combatDamage(world, null).ok).toBe(true)
        for (const [i, p] of [attackingPlayer, defendingPlayer].entries()) {
          expect(before[i]! - world.players.life[p]! + (gained.get(p) ?? 0)).toBe(damageTo.get(p) ?? 0)
        }
      }),
      { numRuns: 60 },
    )
  })

  it('the same seed gives the same game, event for event', () => {
    fc.assert(
      fc.property(boards, ({ size, seed }) => {
        const play = () => {
          const { world, attacks } = declared(size, seed)
          const log: unknown[] = []
          world.events.on('damageDealt', (...args) => log.push(args))
          world.events.on('creatureDied', (...args) => log.push(args))
          if (attacks.length > 0) while (world.turn.step < Step.RegularDamage) combatDamage(world, null)
          return { digest: worldDigest(world), log }
        }
        expect(play()).toEqual(play())
      }),
      { numRuns: 30 },
    )
  })

  it('a rejected attack or block declaration leaves the game exactly as it was', () => {
    fc.assert(
      fc.property(boards, fc.integer({ min: 0, max: 2 ** 31 - 1 }), ({ size, seed }, pick) => {
        const board = generateBoard({ size, seed })
        const { world, creatures, attackingPlayer, defendingPlayer } = board
        // Any creature of either side, at any player: often illegal (wrong side, defender, sick).
        const attackers = [...new Set([creatures[pick % creatures.length]!, creatures[(pick >>> 8) % creatures.length]!])]
        const decl = attackers.map((attacker, i) => ({ attacker, target: i % 2 ? attackingPlayer : defendingPlayer }))
        const before = worldDigest(world)
        const result = attack(world, decl)
        if (!result.ok) expect(worldDigest(world)).toBe(before)
        else {
          const blockers = creatures.filter((c) => world.place.controller[c] === defendingPlayer).slice(0, 3)
          const blockDecl = blockers.map((blocker, i) => ({ blocker, attacker: i === 0 ? blocker : decl[0]!.attacker }))
          const mid = worldDigest(world)
          const blocked = block(world, blockDecl)
          expect(blocked.ok).toBe(false)
          expect(worldDigest(world)).toBe(mid)
        }
      }),
      { numRuns: 100 },
    )
  })
})
