/** What a combat's result is, compared across the engine, the baseline and the limit kernel. */
import { Zone } from '../components/zones.js'
import type { GeneratedBoard } from '../src/generate/board.js'
import type { BaselineGame } from './baseline/combat.js'
import type { LimitBoard } from './limit.js'

export interface Outcome {
  life: [number, number]
  /** How many creatures died, and a hash of which. */
  died: number
  diedHash: number
  /** A checksum of the damage marked on the surviving creatures. */
  damageChecksum: number
  /** Loyalty of the planeswalkers still on the battlefield (0 for those gone). */
  loyaltyChecksum: number
}

function mix(h: number, v: number): number {
  return Math.imul(h ^ v, 16777619) >>> 0
}

function finish(life: [number, number], dead: (i: number) => boolean, damage: (i: number) => number, n2: number, loyalty: number[]): Outcome {
  let died = 0
  let diedHash = 2166136261
  let damageChecksum = 0
  for (let i = 0; i < n2; i++) {
    if (dead(i)) {
      died++
      diedHash = mix(diedHash, i)
    } else damageChecksum = (damageChecksum + Math.imul(i + 1, damage(i))) >>> 0
  }
  let loyaltyChecksum = 0
  loyalty.forEach((l, i) => (loyaltyChecksum = (loyaltyChecksum + Math.imul(i + 1, l)) >>> 0))
  return { life, died, diedHash, damageChecksum, loyaltyChecksum }
}

export function engineOutcome(board: GeneratedBoard): Outcome {
  const { world, creatures, planeswalkers } = board
  return finish(
    [world.players.life[board.attackingPlayer]!, world.players.life[board.defendingPlayer]!],
    (i) => world.place.zone[creatures[i]!] !== Zone.Battlefield,
    (i) => world.stats.damage[creatures[i]!]!,
    creatures.length,
    planeswalkers.map((p) => (world.place.zone[p] === Zone.Battlefield ? world.stats.loyalty[p]! : 0)),
  )
}

export function baselineOutcome(game: BaselineGame): Outcome {
  return finish(
    [game.attacker.life, game.defender.life],
    (i) => !game.creatures[i]!.onBattlefield,
    (i) => game.creatures[i]!.damage,
    game.creatures.length,
    game.planeswalkers.map((p) => (p.onBattlefield ? p.loyalty : 0)),
  )
}

export function limitOutcome(board: LimitBoard): Outcome {
  return finish(
    [board.life[0]!, board.life[1]!],
    (i) => board.dead[i] === 1,
    (i) => board.damage[i]!,
    2 * board.spec.size,
    Array.from(board.loyalty, (l) => (l > 0 ? l : 0)),
  )
}
