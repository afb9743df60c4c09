/**
 * The masks' legal set equals what the rules allow, on states sampled from random games and on
 * hand-made combats (menace, CR 702.111b: "A creature with menace can't be blocked except by two
 * or more creatures"; 509.1c; multiple blockers and trample, 510.1c-d, 702.19b).
 *
 * The oracle is the gate itself: actions are enumerated without `legalActions` (every card with
 * every target, every subset of creatures, every assignment of blockers, every set of cards) and
 * each is tried with `act` on the game, then the game is put back. Then:
 *
 * - every accepted action is reachable: its choices (`indicesOf`) are allowed step by step and
 *   build an action to the same effect;
 * - at every step of a random walk through the masks, the allowed set equals the next choices of
 *   the accepted actions that start like the walk so far (so a masked choice always has a legal
 *   completion, and an unmasked one never has);
 * - every allowed choice, completed by the first allowed choice at each later step, is accepted.
 *
 * Damage divisions are compared over the space the encoding offers (default, lethal-first from a
 * recipient, all to a recipient per attacker), each tried with `act`.
 */
import { describe, expect, it } from 'vitest'
import { T_CREATURE, T_PLANESWALKER } from '../../components/types.js'
import { Zone } from '../../components/zones.js'
import type { Eid } from '../../src/core/events.js'
import { Rng } from '../../src/core/rng.js'
import type { GameWorld } from '../../src/core/world.js'
import { act } from '../../src/decisions/act.js'
import type { PlayerAction } from '../../src/decisions/action.js'
import { pendingDecision } from '../../src/decisions/pending.js'
import { encodeAction } from '../../src/play/encode.js'
import { restoreWorld, snapshotWorld } from '../../src/state/snapshot.js'
import { worldOf, type Game } from '../../src/api/game.js'
import { DecisionBuilder } from '../../src/rl/decision-builder.js'
import { ACTION_ALT, ACTION_MULLIGAN, ACTION_SELECT, ACTION_SIZE, ACTION_STOP } from '../../src/rl/layout.js'
import { creature, drive, expectOk, LIBRARIES, newGame } from '../helpers.js'
import { exploreMasked } from './rl-helpers.js'

const GAMES = Number(process.env.REDZONE_PROPERTY_GAMES ?? 16)
/** The most actions enumerated for one decision (larger spaces are sampled). */
const MAX_ENUMERATED = 1500

function subsets<T>(items: readonly T[], rng: Rng): T[][] {
  if (items.length <= 10) {
    const out: T[][] = []
    for (let m = 0; m < 1 << items.length; m++) out.push(items.filter((_, i) => m & (1 << i)))
    return out
  }
  return Array.from({ length: MAX_ENUMERATED }, () => items.filter(() => rng.next() < 0.5))
}

/** Every way to give each of `items` one of `options` or none (sampled beyond MAX_ENUMERATED). */
function assignments<T, O>(items: readonly T[], options: readonly O[], rng: Rng): [T, O][][] {
  const total = (options.length + 1) ** items.length
  const out: [T, O][][] = []
  const pick = (code: number): [T, O][] => {
    const list: [T, O][] = []
    for (const item of items) {
      const k = code % (options.length + 1)
      code = Math.floor(code / (options.length + 1))
      if (k > 0) list.push([item, options[k - 1]!])
    }
    return list
  }
  if (total <= MAX_ENUMERATED) for (let code = 0; code < total; code++) out.push(pick(code))
  else for (let s = 0; s < MAX_ENUMERATED; s++) out.push(pick(Math.floor(rng.next() * total)))
  return out
}

function combinations<T>(items: readonly T[], k: number): T[][] {
  if (k === 0) return [[]]
  if (items.length < k) return []
  const [first, ...rest] = items as [T, ...T[]]
  return [...combinations(rest, k - 1).map((c) => [first, ...c]), ...combinations(rest, k)]
}

/**
 * Every action of the decider of the pending decision, enumerated from the game's objects (not
 * from `legalActions`); damage divisions from the encoding's offered forms.
 */
function candidateActions(world: GameWorld, builder: DecisionBuilder, rng: Rng): { action: PlayerAction; path?: number[] }[] {
  const decision = pendingDecision(world)
  const player = decision.player!
  const lists = world.zoneLists[player]!
  const opponent = world.playerOrder.find((p) => p !== player)!
  const onBattlefield: Eid[] = []
  for (let e = 1; e < world.labels.length; e++) if (world.place.zone[e] === Zone.Battlefield && !world.players.isPlayer[e]) onBattlefield.push(e)
  const targets = [...world.playerOrder, ...onBattlefield]
  const creaturesOf = (p: Eid): Eid[] => onBattlefield.filter((e) => world.place.controller[e] === p && world.types.mask[e]! & T_CREATURE)
  const actions: PlayerAction[] = []
  const out: { action: PlayerAction; path?: number[] }[] = []
  switch (decision.kind) {
    case 'priority':
      actions.push({ type: 'pass', player })
      for (const card of lists.hand) {
        actions.push({ type: 'play', player, card }, { type: 'plot', player, card }, { type: 'cast', player, card, target: 0, plot: false })
        for (const target of targets) actions.push({ type: 'cast', player, card, target, plot: false })
      }
      for (const card of lists.exile) {
        actions.push({ type: 'cast', player, card, target: 0, plot: true })
        for (const target of targets) actions.push({ type: 'cast', player, card, target, plot: true })
      }
      for (const object of onBattlefield) {
        if (world.place.controller[object] !== player) continue
        for (const target of onBattlefield) for (const ability of ['equip', 'equip planeswalker'] as const) actions.push({ type: 'activate', player, object, ability, target })
      }
      break
    case 'declareAttackers': {
      const attackTargets = [opponent, ...onBattlefield.filter((e) => world.types.mask[e]! & T_PLANESWALKER)]
      for (const chosen of subsets(creaturesOf(player), rng)) {
        for (const list of assignments(chosen, attackTargets, rng)) {
          if (list.length === chosen.length) actions.push({ type: 'declareAttackers', player, attackers: list.map(([attacker, target]) => ({ attacker, target })) })
        }
      }
      break
    }
    case 'declareBlockers': {
      const attackers = Array.from(world.roster.attackers.items.subarray(0, world.roster.attackers.length))
      for (const list of assignments(creaturesOf(player), attackers, rng)) actions.push({ type: 'declareBlockers', player, blockers: list.map(([blocker, attacker]) => ({ blocker, attacker })) })
      break
    }
    case 'assignDamage': {
      // The offered divisions, each with its choices: per attacker with a choice, default (0) or
      // a verb on a recipient's slot (lethal-first: select, all to it: alternate).
      const damage = builder['legal']!.damage
      const slot = (r: Eid): number => builder.slots.slot(r)
      // The builder's division (`divide`) into a list of the test's own, as [recipient, amount] pairs.
      const entriesOf = (c: number, verb: number, r: Eid): [Eid, number][] => {
        const list: { creature: Eid; recipient: Eid; amount: number }[] = []
        const n = builder['divide'](c, verb, r, list, [], 0)
        return list.slice(0, n).map((e): [Eid, number] => [e.recipient, e.amount])
      }
      const options = damage.map((d, c) => [
        { index: ACTION_STOP, entries: null },
        ...d.recipients.flatMap((r) => [
          { index: ACTION_SELECT + slot(r), entries: entriesOf(c, 1, r) },
          { index: ACTION_ALT + slot(r), entries: entriesOf(c, 2, r) },
        ]),
      ])
      let combos: { index: number; entries: [Eid, number][] | null }[][] = [[]]
      for (const list of options) combos = combos.flatMap((combo) => list.map((o) => [...combo, o]))
      for (const combo of combos.slice(0, MAX_ENUMERATED)) {
        const assignments = combo.flatMap((o, c) => (o.entries ?? []).map(([recipient, amount]) => ({ creature: damage[c]!.creature, recipient, amount })))
        out.push({ action: { type: 'assignDamage', player, assignments }, path: combo.map((o) => o.index) })
      }
      break
    }
    case 'search':
      actions.push({ type: 'search', player, cards: null })
      for (let k = 0; k <= decision.count; k++) for (const cards of combinations(lists.library, k)) actions.push({ type: 'search', player, cards })
      break
    case 'discard':
    case 'bottom':
      for (const cards of combinations(lists.hand, decision.count)) actions.push({ type: decision.kind, player, cards })
      break
    case 'mulligan':
      actions.push({ type: 'keep', player }, { type: 'mulligan', player })
      break
    case 'gameOver':
      break
  }
  for (const action of actions) out.push({ action })
  return out
}

/** The effect of an action: its encoding, with damage as per-creature sums and picked cards as a set. */
function effect(action: PlayerAction): string {
  if (action.type === 'assignDamage') {
    const sums = new Map<string, number>()
    for (const a of action.assignments) if (a.amount > 0) sums.set(`${a.creature}>${a.recipient}`, (sums.get(`${a.creature}>${a.recipient}`) ?? 0) + a.amount)
    return `d${[...sums].sort().join(',')}`
  }
  if ((action.type === 'discard' || action.type === 'bottom' || action.type === 'search') && action.cards !== null) return `${action.type}:${[...action.cards].sort((a, b) => a - b).join(',')}`
  return encodeAction(action)
}

/** Applies `path` from the start of the decision; the action it builds, or null while incomplete. */
function build(builder: DecisionBuilder, path: readonly number[]): PlayerAction | null {
  builder.begin()
  let action: PlayerAction | null = null
  for (const i of path) action = builder.apply(i)
  return action
}

function allowed(builder: DecisionBuilder): number[] {
  const out: number[] = []
  for (let i = 0; i < ACTION_SIZE; i++) if (builder.mask[i] === 1) out.push(i)
  return out
}

/** The property at one decision (the builder begun on it). Returns the number of accepted actions. */
function checkDecision(world: GameWorld, builder: DecisionBuilder, at: string, rng: Rng): number {
  const saved = snapshotWorld(world)
  const kind = builder.kind
  const picks = kind === 'search' || kind === 'discard' || kind === 'bottom'
  const accepted: { action: PlayerAction; path: number[] }[] = []
  for (const candidate of candidateActions(world, builder, rng)) {
    const { action } = candidate
    const ok = act(world, action).ok
    restoreWorld(world, saved)
    if (!ok) continue
    builder.begin()
    const encoded = builder.indicesOf(action)
    expect(encoded, `${at}: ${encodeAction(action)} is legal but the encoding can't express it`).not.toBeNull()
    for (const path of candidate.path ? [encoded!, candidate.path] : [encoded!]) {
      let built: PlayerAction | null = null
      builder.begin()
      for (const [k, i] of path.entries()) {
        expect(builder.mask[i], `${at}: ${encodeAction(action)} is legal but choice ${k} (${i}) is masked out`).toBe(1)
        built = builder.apply(i)
      }
      expect(built && effect(built), `${at}: the choices of ${encodeAction(action)}`).toBe(effect(action))
    }
    accepted.push({ action, path: candidate.path ?? encoded! })
  }
  expect(accepted.length, `${at}: no legal action found`).toBeGreaterThan(0)

  // A random walk through the masks: at each step the allowed set is exactly the next choices of the legal actions so far.
  const walk: number[] = []
  const chosenCards = new Set<number>()
  for (let depth = 0; ; depth++) {
    expect(build(builder, walk), `${at}: the walk completed early`).toBeNull()
    const mask = allowed(builder)
    let expected: number[]
    if (picks) {
      // Picks in any order: the next card of some legal set that holds the cards picked so far, or stop where the picks are a legal set.
      const next = new Set<number>()
      for (const { path } of accepted) {
        // Declining a search (`null`) is the mulligan index, before any pick; finding nothing (`[]`) is stop before any pick.
        if (kind === 'search' && path.length === 1 && path[0] === ACTION_MULLIGAN) {
          if (chosenCards.size === 0) next.add(ACTION_MULLIGAN)
          continue
        }
        const set = new Set(path.filter((i) => i !== 0))
        if (![...chosenCards].every((i) => set.has(i))) continue
        for (const i of set) if (!chosenCards.has(i)) next.add(i)
        if (set.size === chosenCards.size && path.includes(0)) next.add(0)
      }
      expected = [...next]
    } else expected = [...new Set(accepted.filter(({ path }) => walk.every((i, k) => path[k] === i)).map(({ path }) => path[walk.length]!))]
    expect(mask, `${at}: the allowed set after [${walk.join(',')}]`).toEqual(expected.sort((a, b) => a - b))
    // Every allowed choice, completed by the first allowed choice at each later step, is accepted.
    for (const i of mask) {
      let action = build(builder, [...walk, i])
      while (action === null) action = builder.apply(allowed(builder)[0]!)
      const result = act(world, action)
      restoreWorld(world, saved)
      expect(result.ok, `${at}: [${[...walk, i].join(',')}] completes to ${encodeAction(action)}: ${result.ok ? '' : result.error.message}`).toBe(true)
    }
    const next = mask[rng.int(mask.length)]!
    walk.push(next)
    chosenCards.add(next)
    if (build(builder, walk) !== null) break
  }
  builder.begin()
  return accepted.length
}

describe('the masks allow exactly the legal choices (redzone/rl)', () => {
  it(`in ${GAMES} random games played through the masks: every decision of a rare kind and some of the others`, () => {
    const kinds = new Map<string, number>()
    for (let seed = 1; seed <= GAMES; seed++) {
      const rng = new Rng(seed * 7919)
      exploreMasked(seed, 0.03, (world, builder, at) => {
        checkDecision(world, builder, at, rng)
        kinds.set(builder.kind, (kinds.get(builder.kind) ?? 0) + 1)
      })
    }
    for (const kind of ['priority', 'declareAttackers', 'declareBlockers', 'assignDamage', 'search', 'discard', 'mulligan', 'bottom']) expect(kinds.get(kind) ?? 0, kind).toBeGreaterThan(0)
  }, 300_000)
})

/** A's attack declared; B to block. */
function blocking(objects: Parameters<typeof newGame>[0], attack: Record<string, string>): Game {
  const game = newGame([...objects, ...LIBRARIES])
  expectOk(drive(game).walkToAttack(attack))
  for (let i = 0; i < 4 && game.pendingDecision().kind === 'priority'; i++) expectOk(game.pass())
  return game
}

/** B blocks, then both pass until A divides combat damage (CR 510.1). */
function toDamage(game: Game, blocks: Record<string, string>): void {
  expectOk(game.declareBlockers(blocks))
  for (let i = 0; i < 4 && game.pendingDecision().kind === 'priority'; i++) expectOk(game.pass())
  expect(game.pendingDecision().kind).toBe('assignDamage')
}

function checkGame(game: Game, label: string): number {
  const world = worldOf(game)
  const builder = new DecisionBuilder(world)
  builder.begin()
  return checkDecision(world, builder, label, new Rng(3))
}

describe('CR 702.111b menace and 509.1c: block masks keep the declaration completable', () => {
  it('702.111b two menace attackers (3/2), three 1/1 blockers: one blocker alone on a menace attacker is never a legal end', () => {
    const game = blocking(
      [creature('brute1', 'A', 3, 2, ['menace']), creature('brute2', 'A', 3, 2, ['menace']), creature('bear', 'A', 2, 2), creature('x', 'B', 1, 1), creature('y', 'B', 1, 1), creature('z', 'B', 1, 1)],
      { brute1: 'B', brute2: 'B', bear: 'B' },
    )
    expect(checkGame(game, 'two menace attackers')).toBeGreaterThan(10)
  })

  it('702.111b, 702.9b a menace attacker that only two creatures can block, one of them also able to block a flyer (4/4)', () => {
    const game = blocking(
      [creature('brute', 'A', 3, 2, ['menace']), creature('angel', 'A', 4, 4, ['flying']), creature('spider', 'B', 2, 4, ['reach']), creature('bear', 'B', 2, 2)],
      { brute: 'B', angel: 'B' },
    )
    const world = worldOf(game)
    const builder = new DecisionBuilder(world)
    builder.begin()
    expect(builder.phase).toBe('blocker')
    // None; the spider on the angel; the spider and the bear on the brute.
    expect(checkGame(game, 'menace and a flyer')).toBe(3)
  })

  it('702.111b a menace attacker and one possible blocker: the only block declaration is none', () => {
    const game = blocking([creature('brute', 'A', 3, 2, ['menace']), creature('bear', 'B', 2, 2)], { brute: 'B' })
    expect(game.pendingDecision().kind).not.toBe('declareBlockers')
  })
})

describe('CR 510.1c-d, 702.19b: damage divisions offered to a learner', () => {
  it('510.1c a 6/6 trampler blocked by two 2/2s: default, lethal-first and all-to divisions, each checked by the damage plan', () => {
    const game = blocking([creature('dreadmaw', 'A', 6, 6, ['trample']), creature('bear1', 'B', 2, 2), creature('bear2', 'B', 2, 2)], { dreadmaw: 'B' })
    toDamage(game, { bear1: 'dreadmaw', bear2: 'dreadmaw' })
    expect(checkGame(game, 'a blocked trampler')).toBeGreaterThan(3)
  })

  it('510.1c a 5/5 without trample blocked by three 2/2s: which blockers die is the learner\'s choice', () => {
    const game = blocking([creature('giant', 'A', 5, 5), creature('b1', 'B', 2, 2), creature('b2', 'B', 2, 2), creature('b3', 'B', 2, 2)], { giant: 'B' })
    toDamage(game, { b1: 'giant', b2: 'giant', b3: 'giant' })
    expect(checkGame(game, 'three blockers')).toBeGreaterThan(3)
  })
})
