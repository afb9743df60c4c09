import {
  KW_DEATHTOUCH,
  KW_DEFENDER,
  KW_DOUBLE_STRIKE,
  KW_FIRST_STRIKE,
  KW_FLYING,
  KW_HASTE,
  KW_INDESTRUCTIBLE,
  KW_LIFELINK,
  KW_MENACE,
  KW_REACH,
  KW_TRAMPLE,
  KW_TRAMPLE_OVER_PLANESWALKERS,
  KW_VIGILANCE,
} from '../../components/keywords'
import { T_CREATURE, T_PLANESWALKER } from '../../components/types'
import { Zone } from '../../components/zones'
import type { AttackDeclaration } from '../combat/check-attack'
import type { BlockDeclaration } from '../combat/check-block'
import type { Eid } from '../events'
import { Rng } from '../rng'
import { Step } from '../steps'
import { addCard, addPlayer, createGameWorld, type GameWorld } from '../world'

/** How often each keyword appears on a generated creature. */
const KEYWORD_ODDS: readonly [number, number][] = [
  [KW_FLYING, 0.15],
  [KW_REACH, 0.08],
  [KW_FIRST_STRIKE, 0.08],
  [KW_DOUBLE_STRIKE, 0.04],
  [KW_TRAMPLE, 0.12],
  [KW_TRAMPLE_OVER_PLANESWALKERS, 0.02],
  [KW_DEATHTOUCH, 0.07],
  [KW_LIFELINK, 0.07],
  [KW_VIGILANCE, 0.08],
  [KW_MENACE, 0.06],
  [KW_INDESTRUCTIBLE, 0.03],
  [KW_DEFENDER, 0.04],
  [KW_HASTE, 0.08],
]

export interface GeneratedBoard {
  world: GameWorld
  attackingPlayer: Eid
  defendingPlayer: Eid
  /** Every creature of both sides, attacker's first. */
  creatures: Eid[]
  planeswalkers: Eid[]
  attacks: AttackDeclaration[]
  blocks: BlockDeclaration[]
}

export interface BoardOptions {
  /** Creatures on each side. */
  size: number
  seed: number
}

function randomKeywords(rng: Rng): number {
  let mask = 0
  for (const [bit, odds] of KEYWORD_ODDS) if (rng.next() < odds) mask |= bit
  return mask
}

/**
 * A seeded large board for the demo, the benchmarks and property tests: `size` creatures a side
 * with a keyword mix, some planeswalkers of the defending player, summoning-sick creatures (some
 * with haste), and a legal attack and block: single, double and chump blocks, menace respected,
 * flyers blocked only by flying or reach, some attackers unblocked. The world is in the
 * beginning of combat step of player A's turn 2.
 */
export function generateBoard(options: BoardOptions): GeneratedBoard {
  const rng = new Rng(options.seed)
  const n = options.size
  const pwCount = Math.max(1, Math.floor(n / 100))
  const world = createGameWorld({ capacity: 2 * n + pwCount + 4, seed: options.seed })
  const a = addPlayer(world, 'A', 20 + n)
  const b = addPlayer(world, 'B', 20 + 4 * n)
  world.turn.active = a
  world.turn.priority = a
  world.turn.number = 2
  world.turn.step = Step.BeginCombat
  const creatures: Eid[] = []
  const planeswalkers: Eid[] = []
  for (let i = 0; i < pwCount; i++) {
    const loyalty = 2 + rng.int(5)
    planeswalkers.push(
      addCard(world, { label: `pw${i}`, owner: b, controller: b, zone: Zone.Battlefield, types: T_PLANESWALKER, keywords: 0, loyalty }),
    )
  }
  const attacks: AttackDeclaration[] = []
  for (let i = 0; i < n; i++) {
    const keywords = randomKeywords(rng)
    const sick = rng.next() < 0.1
    const eid = addCard(world, {
      label: `a${i}`,
      owner: a,
      controller: a,
      zone: Zone.Battlefield,
      types: T_CREATURE,
      keywords,
      power: rng.int(7),
      toughness: 1 + rng.int(6),
      sick,
    })
    creatures.push(eid)
    const canAttack = (keywords & KW_DEFENDER) === 0 && (!sick || (keywords & KW_HASTE) !== 0)
    if (canAttack && rng.next() < 0.9) {
      const target = rng.next() < 0.05 ? planeswalkers[rng.int(pwCount)]! : b
      attacks.push({ attacker: eid, target })
    }
  }
  const sky: Eid[] = []
  const ground: Eid[] = []
  for (let i = 0; i < n; i++) {
    const keywords = randomKeywords(rng) & ~KW_DEFENDER
    const eid = addCard(world, {
      label: `b${i}`,
      owner: b,
      controller: b,
      zone: Zone.Battlefield,
      types: T_CREATURE,
      keywords,
      power: rng.int(6),
      toughness: 1 + rng.int(6),
      sick: rng.next() < 0.1,
    })
    creatures.push(eid)
    ;(keywords & (KW_FLYING | KW_REACH) ? sky : ground).push(eid)
  }
  const blocks: BlockDeclaration[] = []
  let skyAt = 0
  let groundAt = 0
  const take = (flying: boolean): Eid | 0 => {
    if (!flying && groundAt < ground.length) return ground[groundAt++]!
    if (skyAt < sky.length) return sky[skyAt++]!
    return 0
  }
  for (const { attacker } of attacks) {
    const roll = rng.next()
    const flying = (world.kw.effective[attacker]! & KW_FLYING) !== 0
    const menace = (world.kw.effective[attacker]! & KW_MENACE) !== 0
    const wanted = roll < 0.3 ? 0 : roll < 0.75 ? 1 : roll < 0.95 ? 2 : 3
    const count = menace && wanted === 1 ? 2 : wanted
    const chosen: Eid[] = []
    for (let k = 0; k < count; k++) {
      const blocker = take(flying)
      if (blocker !== 0) chosen.push(blocker)
    }
    if (menace && chosen.length === 1) continue
    for (const blocker of chosen) blocks.push({ blocker, attacker })
  }
  return { world, attackingPlayer: a, defendingPlayer: b, creatures, planeswalkers, attacks, blocks }
}
