/**
 * `legalActions()` and `act` agree, in positions reached by random games:
 *
 * - every enumerated action (the factored lists flattened: each priority option, each single
 *   attacker, each single block, each damage recipient, each search, discard or bottom choice,
 *   keep and mulligan) is accepted, tried on the game and then put back with `restore`, and the
 *   digest is back to what it was;
 * - actions that are not enumerated (cards and targets not listed, unknown ids, the wrong player,
 *   an action of another decision kind, wrong counts and amounts) are rejected and leave the
 *   game's digest unchanged.
 *
 * Positions: random-vs-random games from seeds (`randomAction`, as `randomAgent` plays), stopped
 * at a random decision that is not forced. A seeded loop: a failure names the seed and the step.
 */
import { describe, expect, it } from 'vitest'
import type { PlayerAction } from '../../src/decisions/action.js'
import { hasPriorityOption, legalActions as worldLegalActions } from '../../src/decisions/legal.js'
import { worldDigest } from '../../src/state/digest.js'
import type { Game } from '../../src/api/game.js'
import { randomAction } from '../../src/play/agents/random.js'
import { forcedAction, forcedActionInto, forcedActions } from '../../src/play/play-game.js'
import { createDeckGame } from '../../src/play/setup.js'
import { GameView } from '../../src/play/view.js'
import { Rng } from '../../src/core/rng.js'
import type { LegalActions } from '../../src/decisions/legal.js'
import { worldOf } from '../../src/api/game.js'
import { restore, snapshot } from '../../src/api/serialization.js'
import { gameState, legalActions } from '../../src/api/views.js'

/** Random games explored per property (each visits a few dozen decisions). */
const GAMES = Number(process.env.REDZONE_PROPERTY_GAMES ?? 30)
const MAX_STEPS = 3000
const RARE = new Set(['search', 'discard', 'bottom', 'assignDamage'])
const DECKS = [
  ['green-white', 'black-red'],
  ['black-red', 'green-white'],
  ['green-white', 'green-white'],
  ['black-red', 'black-red'],
] as const

type Action = PlayerAction<string>

/**
 * Plays a random game from `seed` and calls `visit` at some of its decisions that are not forced
 * (each with probability `rate`; always at the rare kinds: search, discard, bottom, damage).
 */
function exploreGame(seed: number, rate: number, visit: (game: Game, at: string) => void, every?: (game: Game, at: string) => void): void {
  const game = createDeckGame(DECKS[seed % DECKS.length]!, { seed })
  const world = worldOf(game)
  const rng = new Rng(seed ^ 0x5bd1e995)
  const views = new Map(world.playerOrder.map((p) => [p, new GameView(world, p)]))
  for (let steps = 0; steps < MAX_STEPS; steps++) {
    const decision = game.pendingDecision()
    if (decision.kind === 'gameOver') return
    every?.(game, `seed ${seed}, step ${steps} (${decision.kind})`)
    const legal = worldLegalActions(world)
    const forced = forcedAction(legal)
    if (!forced && (RARE.has(decision.kind) || rng.next() < rate)) {
      const digest = worldDigest(world)
      visit(game, `seed ${seed}, step ${steps} (${decision.kind})`)
      expect(worldDigest(world), `seed ${seed}, step ${steps}: the visit changed the game`).toBe(digest)
    }
    const action = forced ?? randomAction(rng, views.get(legal.player!)!, { ...decision, player: legal.player }, legal)
    const result = game.act(toIds(game, action))
    if (!result.ok) throw new Error(`seed ${seed}: the random game's own action was rejected: ${result.error.code} ${result.error.message}`)
  }
}

function toIds(game: Game, action: PlayerAction): Action {
  const id = (e: number): string => game.id(e)
  const ids = (es: readonly number[]): string[] => es.map(id)
  switch (action.type) {
    case 'pass':
    case 'mulligan':
    case 'keep':
      return { type: action.type, player: id(action.player) }
    case 'play':
    case 'plot':
      return { type: action.type, player: id(action.player), card: id(action.card) }
    case 'cast':
      return { type: 'cast', player: id(action.player), card: id(action.card), ...(action.target ? { target: id(action.target) } : {}), plot: action.plot ?? false }
    case 'activate':
      return { type: 'activate', player: id(action.player), object: id(action.object), ability: action.ability, target: id(action.target) }
    case 'declareAttackers':
      return { type: 'declareAttackers', player: id(action.player), attackers: action.attackers.map((a) => ({ attacker: id(a.attacker), target: id(a.target) })) }
    case 'declareBlockers':
      return { type: 'declareBlockers', player: id(action.player), blockers: action.blockers.map((b) => ({ blocker: id(b.blocker), attacker: id(b.attacker) })) }
    case 'assignDamage':
      return { type: 'assignDamage', player: id(action.player), assignments: action.assignments.map((a) => ({ creature: id(a.creature), recipient: id(a.recipient), amount: a.amount })) }
    case 'search':
      return { type: 'search', player: id(action.player), cards: action.cards === null ? null : ids(action.cards) }
    case 'discard':
    case 'bottom':
      return { type: action.type, player: id(action.player), cards: ids(action.cards) }
  }
}

function hasMenace(game: Game, id: string): boolean {
  return gameState(game).objects[id]!.keywords.includes('menace')
}

/** Every action the factored lists stand for, one option at a time. */
function enumerate(game: Game, legal: LegalActions<string>): Action[] {
  const player = legal.player!
  const out: Action[] = []
  switch (legal.kind) {
    case 'priority':
      out.push({ type: 'pass', player })
      for (const card of legal.play) out.push({ type: 'play', player, card })
      for (const c of legal.cast) {
        if (c.targets.length === 0) out.push({ type: 'cast', player, card: c.card, plot: c.plot })
        for (const target of c.targets) out.push({ type: 'cast', player, card: c.card, target, plot: c.plot })
      }
      for (const a of legal.activate) for (const target of a.targets) out.push({ type: 'activate', player, object: a.object, ability: a.ability, target })
      for (const card of legal.plot) out.push({ type: 'plot', player, card })
      break
    case 'declareAttackers':
      out.push({ type: 'declareAttackers', player, attackers: [] })
      for (const a of legal.attackers) for (const target of a.targets) out.push({ type: 'declareAttackers', player, attackers: [{ attacker: a.attacker, target }] })
      break
    case 'declareBlockers':
      out.push({ type: 'declareBlockers', player, blockers: [] })
      for (const b of legal.blockers) {
        for (const attacker of b.attackers) {
          if (!hasMenace(game, attacker)) {
            out.push({ type: 'declareBlockers', player, blockers: [{ blocker: b.blocker, attacker }] })
            continue
          }
          // CR 702.111b: a menace attacker is listed only where a second blocker exists: block with both.
          const partner = legal.blockers.find((o) => o.blocker !== b.blocker && o.attackers.includes(attacker))
          expect(partner, `menace attacker ${attacker} listed for ${b.blocker} alone`).toBeDefined()
          out.push({ type: 'declareBlockers', player, blockers: [{ blocker: b.blocker, attacker }, { blocker: partner!.blocker, attacker }] })
        }
      }
      break
    case 'assignDamage': {
      out.push({ type: 'assignDamage', player, assignments: [] })
      const players = new Set(Object.keys(gameState(game).players))
      // All of a creature's damage on one blocker or planeswalker is always legal (510.1c-d, 702.19).
      for (const d of legal.damage) {
        for (const recipient of d.recipients) {
          if (!players.has(recipient)) out.push({ type: 'assignDamage', player, assignments: [{ creature: d.creature, recipient, amount: d.amount }] })
        }
      }
      break
    }
    case 'search':
      out.push({ type: 'search', player, cards: null }, { type: 'search', player, cards: [] })
      for (const card of legal.cards) out.push({ type: 'search', player, cards: [card] })
      if (legal.count >= 2 && legal.cards.length >= 2) out.push({ type: 'search', player, cards: legal.cards.slice(0, 2) })
      break
    case 'discard':
    case 'bottom':
      // Each card, in some choice of exactly `count` cards.
      for (let i = 0; i < legal.cards.length; i++) {
        const rest = legal.cards.filter((_, j) => j !== i).slice(0, legal.count - 1)
        if (legal.count > 0) out.push({ type: legal.kind, player, cards: [legal.cards[i]!, ...rest] })
      }
      break
    case 'mulligan':
      out.push({ type: 'keep', player })
      if (legal.mulligan) out.push({ type: 'mulligan', player })
      break
    case 'gameOver':
      break
  }
  return out
}

function pick<T>(rng: Rng, items: readonly T[]): T {
  return items[rng.int(items.length)]!
}

/** Actions that are not among the enumerated ones: each must be rejected. */
function nonEnumerated(game: Game, legal: LegalActions<string>, rng: Rng): Action[] {
  const player = legal.player!
  const other = Object.keys(gameState(game).players).find((p) => p !== player)!
  const objects = Object.keys(gameState(game).objects)
  const everything = [...objects, ...Object.keys(gameState(game).players)]
  const out: Action[] = []
  const some = (n: number): string[] => Array.from({ length: n }, () => pick(rng, everything))

  // Unknown ids, in every kind of action.
  out.push({ type: 'play', player, card: 'no-such-card' }, { type: 'pass', player: 'nobody' }, { type: 'search', player, cards: ['ghost'] })
  // An action of another decision kind.
  const kinds: Action[] = [
    { type: 'pass', player },
    { type: 'declareAttackers', player, attackers: [] },
    { type: 'declareBlockers', player, blockers: [] },
    { type: 'assignDamage', player, assignments: [] },
    { type: 'search', player, cards: null },
    { type: 'discard', player, cards: [] },
    { type: 'keep', player },
    { type: 'bottom', player, cards: [] },
  ]
  const answers: Record<string, string[]> = {
    priority: ['pass'], declareAttackers: ['declareAttackers'], declareBlockers: ['declareBlockers'], assignDamage: ['assignDamage'],
    search: ['search'], discard: ['discard'], mulligan: ['keep', 'mulligan'], bottom: ['bottom'],
  }
  out.push(...kinds.filter((a) => !answers[legal.kind]!.includes(a.type)))
  // The wrong player: every enumerated action, made by the other player.
  for (const a of enumerate(game, legal)) out.push({ ...a, player: other } as Action)

  switch (legal.kind) {
    case 'priority': {
      for (const card of some(4)) if (!legal.play.includes(card)) out.push({ type: 'play', player, card })
      for (const card of some(4)) if (!legal.cast.some((c) => c.card === card)) out.push({ type: 'cast', player, card, target: pick(rng, everything) })
      for (const c of legal.cast) {
        for (const target of some(3)) if (!c.targets.includes(target) && c.targets.length > 0) out.push({ type: 'cast', player, card: c.card, target, plot: c.plot })
        if (c.targets.length > 0) out.push({ type: 'cast', player, card: c.card, plot: c.plot })
        out.push({ type: 'cast', player, card: c.card, ...(c.targets[0] ? { target: c.targets[0] } : {}), plot: !c.plot })
      }
      for (const card of some(3)) if (!legal.plot.includes(card)) out.push({ type: 'plot', player, card })
      for (const object of some(3)) {
        if (!legal.activate.some((a) => a.object === object)) out.push({ type: 'activate', player, object, ability: 'equip', target: pick(rng, everything) })
      }
      for (const a of legal.activate) for (const target of some(3)) if (!a.targets.includes(target)) out.push({ type: 'activate', player, object: a.object, ability: a.ability, target })
      break
    }
    case 'declareAttackers':
      for (const attacker of some(4)) {
        const option = legal.attackers.find((a) => a.attacker === attacker)
        const target = pick(rng, everything)
        if (!option || !option.targets.includes(target)) out.push({ type: 'declareAttackers', player, attackers: [{ attacker, target }] })
      }
      if (legal.attackers[0]) {
        const a = legal.attackers[0]
        out.push({ type: 'declareAttackers', player, attackers: [{ attacker: a.attacker, target: a.targets[0]! }, { attacker: a.attacker, target: a.targets[0]! }] })
      }
      break
    case 'declareBlockers':
      for (const blocker of some(4)) {
        const option = legal.blockers.find((b) => b.blocker === blocker)
        const attacker = pick(rng, everything)
        if (!option || !option.attackers.includes(attacker)) out.push({ type: 'declareBlockers', player, blockers: [{ blocker, attacker }] })
      }
      break
    case 'assignDamage':
      for (const d of legal.damage) {
        out.push({ type: 'assignDamage', player, assignments: [{ creature: d.creature, recipient: d.recipients[0]!, amount: d.amount + 1 }] })
        for (const recipient of some(2)) {
          if (!d.recipients.includes(recipient)) out.push({ type: 'assignDamage', player, assignments: [{ creature: d.creature, recipient, amount: d.amount }] })
        }
      }
      break
    case 'search':
      for (const card of some(4)) if (!legal.cards.includes(card)) out.push({ type: 'search', player, cards: [card] })
      if (legal.cards.length > legal.count) out.push({ type: 'search', player, cards: legal.cards.slice(0, legal.count + 1) })
      break
    case 'discard':
    case 'bottom':
      out.push({ type: legal.kind, player, cards: legal.cards.slice(0, legal.count - 1) })
      if (legal.cards.length > legal.count) out.push({ type: legal.kind, player, cards: legal.cards.slice(0, legal.count + 1) })
      for (const card of some(3)) if (!legal.cards.includes(card)) out.push({ type: legal.kind, player, cards: [card, ...legal.cards.slice(0, legal.count - 1)] })
      if (legal.count >= 2) out.push({ type: legal.kind, player, cards: Array<string>(legal.count).fill(legal.cards[0]!) })
      break
    case 'mulligan':
      if (!legal.mulligan) out.push({ type: 'mulligan', player })
      break
    default:
      break
  }
  return out
}

describe('property: legalActions and act agree in positions of random games', () => {
  it('every enumerated action is accepted; restore puts the game back to the same digest, and the same action again gives the same game', () => {
    let tried = 0
    const kinds = new Set<string>()
    for (let seed = 1; seed <= GAMES; seed++) {
      exploreGame(seed, 0.15, (game, at) => {
        const legal = legalActions(game)
        kinds.add(legal.kind)
        const before = worldDigest(worldOf(game))
        const saved = snapshot(game)
        const actions = enumerate(game, legal)
        const after: string[] = []
        for (const action of actions) {
          expect(game.act(action), `${at}: ${JSON.stringify(action)}`).toEqual({ ok: true })
          after.push(worldDigest(worldOf(game)))
          restore(game, saved)
          expect(worldDigest(worldOf(game)), `${at}: restore after ${JSON.stringify(action)}`).toBe(before)
          tried++
        }
        // A restored game is the same game: each action, tried again in the reverse order (after
        // other actions were tried and undone), leads to the same digest as the first time.
        for (let i = actions.length - 1; i >= 0; i--) {
          expect(game.act(actions[i]!)).toEqual({ ok: true })
          expect(worldDigest(worldOf(game)), `${at}: ${JSON.stringify(actions[i])} again after restores`).toBe(after[i])
          restore(game, saved)
        }
      })
    }
    console.log(`legal-actions property: ${tried} enumerated actions accepted in ${GAMES} games; decision kinds ${[...kinds].sort().join(', ')}`)
    expect(tried).toBeGreaterThan(GAMES * 10)
    for (const kind of ['priority', 'declareAttackers', 'declareBlockers', 'mulligan']) expect([...kinds]).toContain(kind)
  }, 60_000)

  it('actions that are not enumerated are rejected and leave the digest unchanged', () => {
    let rejected = 0
    for (let seed = 1; seed <= GAMES; seed++) {
      const rng = new Rng(seed * 104729)
      exploreGame(seed, 0.15, (game, at) => {
        const legal = legalActions(game)
        const before = worldDigest(worldOf(game))
        for (const action of nonEnumerated(game, legal, rng)) {
          const result = game.act(action)
          expect(result.ok, `${at}: ${JSON.stringify(action)} was accepted`).toBe(false)
          expect(worldDigest(worldOf(game)), `${at}: ${JSON.stringify(action)} changed the game`).toBe(before)
          rejected++
        }
      })
    }
    console.log(`legal-actions property: ${rejected} actions that are not enumerated rejected in ${GAMES} games`)
    expect(rejected).toBeGreaterThan(GAMES * 50)
  }, 60_000)

  it('a player has a priority option (hasPriorityOption) exactly when legalActions lists more than passing', () => {
    let checked = 0
    const none = (): void => {}
    for (let seed = 1; seed <= GAMES; seed++) {
      exploreGame(seed, 0, none, (game, at) => {
        const decision = game.pendingDecision()
        if (decision.kind !== 'priority') return
        const legal = legalActions(game)
        const options = legal.play.length + legal.cast.length + legal.activate.length + legal.plot.length
        expect(hasPriorityOption(worldOf(game), game.eid(decision.player!)!), `${at}: ${JSON.stringify(legal)}`).toBe(options > 0)
        checked++
      })
    }
    expect(checked).toBeGreaterThan(GAMES * 20)
  }, 60_000)

  it('117.3d, 514.1, 103.5: a forced action into kept objects (the learning env\'s) is the forced action, in the kept object of its type', () => {
    const kept = forcedActions()
    const none = (): void => {}
    const seen = new Map<string, number>()
    for (let seed = 1; seed <= GAMES; seed++) {
      exploreGame(seed, 0, none, (game, at) => {
        const legal = worldLegalActions(worldOf(game))
        const fresh = forcedAction(legal)
        const into = forcedActionInto(legal, kept)
        if (fresh === null) return expect(into, at).toBe(null)
        expect(into, at).toBe(kept[fresh.type as keyof typeof kept])
        expect({ ...into }, at).toEqual(fresh)
        seen.set(fresh.type, (seen.get(fresh.type) ?? 0) + 1)
      })
    }
    // Forced passes in every game; a forced keep (after seven mulligans) and a forced bottom (of the
    // whole hand) in these 30 games too; no forced discard (every card in hand) comes in them.
    expect(seen.get('pass')).toBeGreaterThan(GAMES * 20)
    if (GAMES === 30) expect([...seen.keys()].sort()).toEqual(['bottom', 'keep', 'pass'])
  }, 60_000)
})
