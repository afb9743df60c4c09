/**
 * The baseline: the same combat rules written the way an experienced developer would write them
 * for clarity without an ECS: creature objects with keyword flags, arrays of blockers, a loop per
 * step, a full scan for state-based actions. Not deliberately slow. Same rules and default
 * damage assignment as the engine (docs/scenario-format.md), so the outcomes must be equal.
 */
import {
  KW_DEATHTOUCH, KW_DEFENDER, KW_DOUBLE_STRIKE, KW_FIRST_STRIKE, KW_FLYING, KW_HASTE, KW_INDESTRUCTIBLE,
  KW_LIFELINK, KW_MENACE, KW_REACH, KW_TRAMPLE, KW_TRAMPLE_OVER_PLANESWALKERS, KW_VIGILANCE,
} from '../../components/keywords.js'
import type { BoardSpec } from '../../src/generate/board.js'

export interface Player {
  name: string
  life: number
  lost: boolean
}

export interface Planeswalker {
  index: number
  controller: Player
  loyalty: number
  onBattlefield: boolean
  attacked: boolean
  assigned: number
}

export interface Creature {
  index: number
  controller: Player
  power: number
  toughness: number
  damage: number
  tapped: boolean
  summoningSick: boolean
  onBattlefield: boolean
  deathtouched: boolean
  flying: boolean
  reach: boolean
  firstStrike: boolean
  doubleStrike: boolean
  trample: boolean
  trampleOverPlaneswalkers: boolean
  deathtouch: boolean
  lifelink: boolean
  vigilance: boolean
  menace: boolean
  indestructible: boolean
  defender: boolean
  haste: boolean
  // combat
  attacking: Player | Planeswalker | null
  defendingPlayer: Player | null
  blockers: Creature[]
  blocked: boolean
  blocking: Creature | null
  hadFirstStrike: boolean
  assigned: number
  deathtouchAssigned: boolean
}

export interface BaselineGame {
  attacker: Player
  defender: Player
  creatures: Creature[]
  planeswalkers: Planeswalker[]
  attackers: Creature[]
  blockingCreatures: Creature[]
  /** The declarations to make, built with the board (as the engine's are), outside the timed combat. */
  attackDeclarations: { creature: Creature; target: Player | Planeswalker }[]
  blockDeclarations: { blocker: Creature; attacker: Creature }[]
}

interface Assignment {
  source: Creature
  target: Creature | Player | Planeswalker
  amount: number
}

export function createBaselineGame(spec: BoardSpec): BaselineGame {
  const attacker: Player = { name: 'A', life: spec.attackerLife, lost: false }
  const defender: Player = { name: 'B', life: spec.defenderLife, lost: false }
  const planeswalkers: Planeswalker[] = []
  for (let i = 0; i < spec.loyalty.length; i++) {
    planeswalkers.push({ index: i, controller: defender, loyalty: spec.loyalty[i]!, onBattlefield: true, attacked: false, assigned: 0 })
  }
  const creatures: Creature[] = []
  for (let i = 0; i < 2 * spec.size; i++) {
    const kw = spec.keywords[i]!
    creatures.push({
      index: i,
      controller: i < spec.size ? attacker : defender,
      power: spec.power[i]!,
      toughness: spec.toughness[i]!,
      damage: 0,
      tapped: false,
      summoningSick: spec.sick[i] === 1,
      onBattlefield: true,
      deathtouched: false,
      flying: (kw & KW_FLYING) !== 0,
      reach: (kw & KW_REACH) !== 0,
      firstStrike: (kw & KW_FIRST_STRIKE) !== 0,
      doubleStrike: (kw & KW_DOUBLE_STRIKE) !== 0,
      trample: (kw & KW_TRAMPLE) !== 0,
      trampleOverPlaneswalkers: (kw & KW_TRAMPLE_OVER_PLANESWALKERS) !== 0,
      deathtouch: (kw & KW_DEATHTOUCH) !== 0,
      lifelink: (kw & KW_LIFELINK) !== 0,
      vigilance: (kw & KW_VIGILANCE) !== 0,
      menace: (kw & KW_MENACE) !== 0,
      indestructible: (kw & KW_INDESTRUCTIBLE) !== 0,
      defender: (kw & KW_DEFENDER) !== 0,
      haste: (kw & KW_HASTE) !== 0,
      attacking: null,
      defendingPlayer: null,
      blockers: [],
      blocked: false,
      blocking: null,
      hadFirstStrike: false,
      assigned: 0,
      deathtouchAssigned: false,
    })
  }
  const attackDeclarations = Array.from(spec.attackers, (a, i) => {
    const t = spec.attackTargets[i]!
    return { creature: creatures[a]!, target: t < 0 ? defender : planeswalkers[t]! }
  })
  const blockDeclarations = Array.from(spec.blockers, (b, i) => ({ blocker: creatures[b]!, attacker: creatures[spec.blocked[i]!]! }))
  return { attacker, defender, creatures, planeswalkers, attackers: [], blockingCreatures: [], attackDeclarations, blockDeclarations }
}

/** Puts a game back to the board it was created from (between combats), reusing its objects. */
export function resetBaselineGame(game: BaselineGame, spec: BoardSpec): void {
  game.attacker.life = spec.attackerLife
  game.attacker.lost = false
  game.defender.life = spec.defenderLife
  game.defender.lost = false
  for (const p of game.planeswalkers) {
    p.loyalty = spec.loyalty[p.index]!
    p.onBattlefield = true
    p.attacked = false
    p.assigned = 0
  }
  for (const c of game.creatures) {
    c.power = spec.power[c.index]!
    c.toughness = spec.toughness[c.index]!
    c.damage = 0
    c.tapped = false
    c.summoningSick = spec.sick[c.index] === 1
    c.onBattlefield = true
    c.deathtouched = false
    c.attacking = null
    c.defendingPlayer = null
    c.blockers.length = 0
    c.blocked = false
    c.blocking = null
    c.hadFirstStrike = false
    c.assigned = 0
    c.deathtouchAssigned = false
  }
  game.attackers.length = 0
  game.blockingCreatures.length = 0
}

/** CR 508.1: checks every attacker, then taps them (unless vigilance). */
function declareAttackers(game: BaselineGame, declarations: { creature: Creature; target: Player | Planeswalker }[]): void {
  for (const { creature, target } of declarations) {
    if (!creature.onBattlefield || creature.controller !== game.attacker) throw new Error('illegal attacker')
    if (creature.tapped) throw new Error('tapped creature cannot attack')
    if (creature.summoningSick && !creature.haste) throw new Error('summoning sick')
    if (creature.defender) throw new Error('defender cannot attack')
    if ('life' in target ? target === game.attacker : target.controller === game.attacker || !target.onBattlefield) {
      throw new Error('illegal attack target')
    }
  }
  for (const { creature, target } of declarations) {
    creature.attacking = target
    creature.defendingPlayer = 'life' in target ? target : target.controller
    if (!('life' in target)) target.attacked = true
    if (!creature.vigilance) creature.tapped = true
    game.attackers.push(creature)
  }
}

/** CR 509.1: checks every blocker (flying, reach, menace), then records the blocks. */
function declareBlockers(game: BaselineGame, declarations: { blocker: Creature; attacker: Creature }[]): void {
  const counts = new Map<Creature, number>()
  for (const { blocker, attacker } of declarations) {
    if (!blocker.onBattlefield || blocker.tapped || blocker.controller !== attacker.defendingPlayer) throw new Error('illegal blocker')
    if (attacker.attacking === null) throw new Error('not attacking')
    if (attacker.flying && !blocker.flying && !blocker.reach) throw new Error('cannot block flying')
    counts.set(attacker, (counts.get(attacker) ?? 0) + 1)
  }
  for (const [attacker, count] of counts) if (attacker.menace && count < 2) throw new Error('menace')
  for (const { blocker, attacker } of declarations) {
    blocker.blocking = attacker
    attacker.blocked = true
    attacker.blockers.push(blocker)
    game.blockingCreatures.push(blocker)
  }
}

function lethalNeeded(creature: Creature, deathtouch: boolean): number {
  if (creature.deathtouchAssigned) return 0
  const remaining = creature.toughness - creature.damage - creature.assigned
  if (remaining <= 0) return 0
  return deathtouch ? 1 : remaining
}

function assign(list: Assignment[], source: Creature, target: Creature | Player | Planeswalker, amount: number): void {
  if (amount <= 0) return
  list.push({ source, target, amount })
  if ('toughness' in target) {
    target.assigned += amount
    if (source.deathtouch) target.deathtouchAssigned = true
  } else if ('loyalty' in target) {
    target.assigned += amount
  }
}

function targetStillThere(creature: Creature): boolean {
  const target = creature.attacking!
  return 'life' in target || (target.onBattlefield && target.attacked)
}

function assignToDefender(list: Assignment[], creature: Creature, amount: number, firstBlocker: Creature | undefined): void {
  const target = creature.attacking!
  if (targetStillThere(creature)) {
    if ('life' in target || !creature.trampleOverPlaneswalkers) {
      assign(list, creature, target, amount)
    } else {
      const toPlaneswalker = Math.min(amount, Math.max(0, target.loyalty - target.assigned))
      assign(list, creature, target, toPlaneswalker)
      assign(list, creature, creature.defendingPlayer!, amount - toPlaneswalker)
    }
  } else if (creature.trampleOverPlaneswalkers) {
    assign(list, creature, creature.defendingPlayer!, amount)
  } else if (firstBlocker) {
    assign(list, creature, firstBlocker, amount)
  }
}

function dealsDamageInStep(creature: Creature, firstStep: boolean, hadFirstStrikeStep: boolean): boolean {
  if (firstStep) return creature.firstStrike || creature.doubleStrike
  if (!hadFirstStrikeStep) return true
  return !creature.hadFirstStrike || creature.doubleStrike
}

/** CR 510: one combat damage step with the default assignment, then damage dealt at once. */
function combatDamageStep(game: BaselineGame, firstStep: boolean, hadFirstStrikeStep: boolean): void {
  const assignments: Assignment[] = []
  for (const attacker of game.attackers) {
    if (attacker.attacking === null || !attacker.onBattlefield || attacker.power <= 0) continue
    if (!dealsDamageInStep(attacker, firstStep, hadFirstStrikeStep)) continue
    let rest = attacker.power
    if (!attacker.blocked) {
      assignToDefender(assignments, attacker, rest, undefined)
      continue
    }
    const blockers = attacker.blockers.filter((b) => b.onBattlefield && b.blocking === attacker)
    for (const blocker of blockers) {
      const give = Math.min(lethalNeeded(blocker, attacker.deathtouch), rest)
      assign(assignments, attacker, blocker, give)
      rest -= give
    }
    if (rest > 0) {
      if (attacker.trample || attacker.trampleOverPlaneswalkers) assignToDefender(assignments, attacker, rest, blockers[0])
      else if (blockers.length > 0) assign(assignments, attacker, blockers[0]!, rest)
    }
  }
  for (const blocker of game.blockingCreatures) {
    if (blocker.blocking === null || !blocker.onBattlefield || blocker.power <= 0) continue
    if (!dealsDamageInStep(blocker, firstStep, hadFirstStrikeStep)) continue
    const attacker = blocker.blocking
    if (attacker.onBattlefield && attacker.attacking !== null) assign(assignments, blocker, attacker, blocker.power)
  }
  for (const { source, target, amount } of assignments) {
    if ('toughness' in target) {
      target.damage += amount
      target.assigned = 0
      target.deathtouchAssigned = false
      if (source.deathtouch) target.deathtouched = true
    } else if ('loyalty' in target) {
      target.loyalty -= amount
      target.assigned = 0
    } else {
      target.life -= amount
    }
    if (source.lifelink) source.controller.life += amount
  }
}

function leaveCombat(creature: Creature): void {
  creature.attacking = null
  creature.blocking = null
  creature.blocked = false
  creature.blockers = []
}

/** CR 704.5a, f, g, h, i: a full scan, repeated until nothing happens. */
function stateBasedActions(game: BaselineGame): void {
  for (;;) {
    const dying = game.creatures.filter(
      (c) => c.onBattlefield && (c.toughness <= 0 || (!c.indestructible && (c.damage >= c.toughness || c.deathtouched))),
    )
    for (const c of game.creatures) if (c.onBattlefield) c.deathtouched = false
    const emptied = game.planeswalkers.filter((p) => p.onBattlefield && p.loyalty <= 0)
    for (const player of [game.attacker, game.defender]) if (player.life <= 0) player.lost = true
    if (dying.length === 0 && emptied.length === 0) return
    for (const c of dying) {
      c.onBattlefield = false
      c.damage = 0
      c.tapped = false
      leaveCombat(c)
    }
    for (const p of emptied) {
      p.onBattlefield = false
      p.attacked = false
    }
  }
}

/** One whole combat: declare attackers and blockers, first-strike and regular damage, state-based actions, end of combat. */
export function runBaselineCombat(game: BaselineGame): void {
  declareAttackers(game, game.attackDeclarations)
  stateBasedActions(game)
  if (game.attackers.length === 0) return
  declareBlockers(game, game.blockDeclarations)
  stateBasedActions(game)
  const combatants = [...game.attackers, ...game.blockingCreatures]
  const firstStrike = combatants.some((c) => c.onBattlefield && (c.firstStrike || c.doubleStrike))
  if (firstStrike) {
    for (const c of combatants) c.hadFirstStrike = c.firstStrike || c.doubleStrike
    combatDamageStep(game, true, false)
    stateBasedActions(game)
  }
  combatDamageStep(game, false, firstStrike)
  stateBasedActions(game)
  // CR 511.3: end of combat.
  for (const c of combatants) {
    leaveCombat(c)
    c.hadFirstStrike = false
  }
  for (const p of game.planeswalkers) p.attacked = false
  game.attackers = []
  game.blockingCreatures = []
}
