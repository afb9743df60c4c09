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
} from '../../components/keywords.js'
import { T_CREATURE, T_PLANESWALKER } from '../../components/types.js'
import { Zone } from '../../components/zones.js'
import type { AttackDeclaration } from '../rules/combat/check-attack.js'
import type { BlockDeclaration } from '../rules/combat/check-block.js'
import type { Eid } from '../core/events.js'
import { Rng } from '../core/rng.js'
import { Step } from '../core/steps.js'
import { addCard, addPlayer, createGameWorld, type GameWorld } from '../core/world.js'

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

/**
 * A board as plain numbers, so that every implementation (the engine, the benchmark's
 * baseline, the limit kernel) builds the same one. Creatures `0 .. size-1` are the attacking
 * player's, `size .. 2*size-1` the defending player's; an attack target of -1 is the defending
 * player, else a planeswalker index.
 */
export interface BoardSpec {
  size: number
  attackerLife: number
  defenderLife: number
  loyalty: Int32Array
  keywords: Uint32Array
  power: Int32Array
  toughness: Int32Array
  sick: Uint8Array
  attackers: Int32Array
  attackTargets: Int32Array
  blockers: Int32Array
  blocked: Int32Array
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
 * A seeded board: `size` creatures a side with a keyword mix (flying, reach, first strike,
 * double strike, trample, trample over planeswalkers, deathtouch, lifelink, vigilance, menace,
 * indestructible, defender, haste), summoning-sick creatures (some with haste), planeswalkers
 * of the defending player (some attacked), and a legal attack and block: single, double, triple
 * and chump blocks, menace respected, flyers blocked only by flying or reach, some attackers
 * unblocked.
 */
export function generateBoardSpec(options: BoardOptions): BoardSpec {
  const rng = new Rng(options.seed)
  const n = options.size
  const pwCount = Math.max(1, Math.floor(n / 100))
  const loyalty = new Int32Array(pwCount)
  for (let i = 0; i < pwCount; i++) loyalty[i] = 2 + rng.int(5)
  const keywords = new Uint32Array(2 * n)
  const power = new Int32Array(2 * n)
  const toughness = new Int32Array(2 * n)
  const sick = new Uint8Array(2 * n)
  const attackers: number[] = []
  const attackTargets: number[] = []
  for (let i = 0; i < n; i++) {
    const kw = randomKeywords(rng)
    keywords[i] = kw
    power[i] = rng.int(7)
    toughness[i] = 1 + rng.int(6)
    sick[i] = rng.next() < 0.1 ? 1 : 0
    const canAttack = (kw & KW_DEFENDER) === 0 && (!sick[i] || (kw & KW_HASTE) !== 0)
    if (canAttack && rng.next() < 0.9) {
      attackers.push(i)
      attackTargets.push(rng.next() < 0.05 ? rng.int(pwCount) : -1)
    }
  }
  const sky: number[] = []
  const ground: number[] = []
  for (let i = n; i < 2 * n; i++) {
    const kw = randomKeywords(rng) & ~KW_DEFENDER
    keywords[i] = kw
    power[i] = rng.int(6)
    toughness[i] = 1 + rng.int(6)
    sick[i] = rng.next() < 0.1 ? 1 : 0
    ;(kw & (KW_FLYING | KW_REACH) ? sky : ground).push(i)
  }
  const blockers: number[] = []
  const blocked: number[] = []
  let skyAt = 0
  let groundAt = 0
  const take = (flying: boolean): number => {
    if (!flying && groundAt < ground.length) return ground[groundAt++]!
    if (skyAt < sky.length) return sky[skyAt++]!
    return -1
  }
  for (const attacker of attackers) {
    const roll = rng.next()
    const flying = (keywords[attacker]! & KW_FLYING) !== 0
    const menace = (keywords[attacker]! & KW_MENACE) !== 0
    const wanted = roll < 0.3 ? 0 : roll < 0.75 ? 1 : roll < 0.95 ? 2 : 3
    const count = menace && wanted === 1 ? 2 : wanted
    const chosen: number[] = []
    for (let k = 0; k < count; k++) {
      const blocker = take(flying)
      if (blocker >= 0) chosen.push(blocker)
    }
    if (menace && chosen.length === 1) continue
    for (const blocker of chosen) {
      blockers.push(blocker)
      blocked.push(attacker)
    }
  }
  return {
    size: n,
    attackerLife: 20 + n,
    defenderLife: 20 + 4 * n,
    loyalty,
    keywords,
    power,
    toughness,
    sick,
    attackers: Int32Array.from(attackers),
    attackTargets: Int32Array.from(attackTargets),
    blockers: Int32Array.from(blockers),
    blocked: Int32Array.from(blocked),
  }
}

export interface GeneratedBoard {
  spec: BoardSpec
  world: GameWorld
  attackingPlayer: Eid
  defendingPlayer: Eid
  /** The entity of each creature of the spec, attacker's first. */
  creatures: Eid[]
  planeswalkers: Eid[]
  attacks: AttackDeclaration[]
  blocks: BlockDeclaration[]
}

/** Builds an engine world from a board spec, in the beginning of combat step of player A's turn 2. */
export function buildBoard(spec: BoardSpec, seed = 1): GeneratedBoard {
  const n = spec.size
  const world = createGameWorld({ capacity: 2 * n + spec.loyalty.length + 4, seed })
  const a = addPlayer(world, 'A', spec.attackerLife)
  const b = addPlayer(world, 'B', spec.defenderLife)
  world.turn.active = a
  world.turn.priority = a
  world.turn.number = 2
  world.turn.step = Step.BeginCombat
  const planeswalkers: Eid[] = []
  for (let i = 0; i < spec.loyalty.length; i++) {
    planeswalkers.push(
      addCard(world, { label: `pw${i}`, owner: b, controller: b, zone: Zone.Battlefield, types: T_PLANESWALKER, keywords: 0, loyalty: spec.loyalty[i]! }),
    )
  }
  const creatures: Eid[] = []
  for (let i = 0; i < 2 * n; i++) {
    const player = i < n ? a : b
    creatures.push(
      addCard(world, {
        label: i < n ? `a${i}` : `b${i - n}`,
        owner: player,
        controller: player,
        zone: Zone.Battlefield,
        types: T_CREATURE,
        keywords: spec.keywords[i]!,
        power: spec.power[i]!,
        toughness: spec.toughness[i]!,
        sick: spec.sick[i] === 1,
      }),
    )
  }
  const attacks: AttackDeclaration[] = []
  for (let i = 0; i < spec.attackers.length; i++) {
    const t = spec.attackTargets[i]!
    attacks.push({ attacker: creatures[spec.attackers[i]!]!, target: t < 0 ? b : planeswalkers[t]! })
  }
  const blocks: BlockDeclaration[] = []
  for (let i = 0; i < spec.blockers.length; i++) {
    blocks.push({ blocker: creatures[spec.blockers[i]!]!, attacker: creatures[spec.blocked[i]!]! })
  }
  return { spec, world, attackingPlayer: a, defendingPlayer: b, creatures, planeswalkers, attacks, blocks }
}

/** `generateBoardSpec` then `buildBoard`: for the demo, benchmarks and property tests. */
export function generateBoard(options: BoardOptions): GeneratedBoard {
  return buildBoard(generateBoardSpec(options), options.seed)
}
