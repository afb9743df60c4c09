/**
 * An entity-level action from outside the engine (`redzone/sim`'s `act`, an agent's choice in
 * `playGame`) is checked for its shape before the gate reads it: a JavaScript caller's Map where a
 * list goes, or a string where an entity id goes, is `invalid-argument` naming the field, and the
 * game is exactly as before (the gate would have read the Map's missing length as an empty
 * declaration). An agent's wrong shape, or an outside effect from an agent, ends its game with
 * `illegal-agent-action`. The rules' refusals stay rejections.
 */
import { describe, expect, it } from 'vitest'
import { createGame } from '../../src/api/game.js'
import type { PlayerAction } from '../../src/decisions/action.js'
import type { AgentFactory } from '../../src/play/agent.js'
import { randomAction, randomAgent } from '../../src/play/agents/random.js'
import { GameTable, playGame } from '../../src/play/play-game.js'
import type { GameRecord } from '../../src/play/record.js'
import { VecEnv } from '../../src/rl/vec-env.js'
import { Rng } from '../../src/core/rng.js'
import * as sim from '../../src/sim.js'
import { worldDigest } from '../../src/state/digest.js'
import type { GameWorld } from '../../src/core/world.js'
import { creature, thrownRedzoneError } from '../helpers.js'

/** A game at A's attack declaration (bear and cub for A, wall for B), its world, and A's and B's entity ids. */
function atAttack() {
  const game = createGame({ players: [{ id: 'A' }, { id: 'B' }], objects: [creature('bear', 'A', 2, 2), creature('cub', 'A', 1, 1), creature('wall', 'B', 0, 4)] })
  while (game.pendingDecision().kind === 'priority') expect(game.pass()).toEqual({ ok: true })
  expect(game.pendingDecision().kind).toBe('declareAttackers')
  const world = sim.worldOf(game)
  const eid = (id: string): number => {
    const e = game.eid(id)
    if (e === undefined) throw new Error(`no entity for ${id}`)
    return e
  }
  return { game, world, A: eid('A'), B: eid('B'), bear: eid('bear'), cub: eid('cub'), wall: eid('wall') }
}

const digest = (world: sim.World): string => worldDigest(world as unknown as GameWorld)

describe("redzone/sim's act checks an action's shape first", () => {
  it('refuses a Map, an object or a string where a declaration lists its entries, naming the field, and changes nothing (before, a Map was an empty attack, taken)', () => {
    const { world, A, bear, B } = atAttack()
    const before = digest(world)
    for (const attackers of [new Map([[bear, B]]), { 0: { attacker: bear, target: B }, length: 1 }, 'bear']) {
      const error = thrownRedzoneError(() => sim.act(world, { type: 'declareAttackers', player: A, attackers } as never))
      expect(error.code).toBe('invalid-argument')
      expect(error.message).toMatch(/^redzone: action\.attackers: expected a list, got /)
      expect(digest(world)).toBe(before)
    }
    expect(sim.pendingDecision(world).kind).toBe('declareAttackers')
  })

  it('names the entry and the field of an entry that is not an object or an id that is not a whole number', () => {
    const { world, A, B, bear, wall } = atAttack()
    const before = digest(world)
    const cases: [unknown, RegExp][] = [
      [{ type: 'declareAttackers', player: A, attackers: [{ attacker: bear, target: B }, 7] }, /action\.attackers\[1\]: expected an object, got 7/],
      [{ type: 'declareAttackers', player: A, attackers: [{ attacker: 'bear', target: B }] }, /action\.attackers\[0\]\.attacker: expected an entity id \(a whole number, 0 or more\), got "bear"/],
      [{ type: 'declareAttackers', player: A, attackers: [{ attacker: bear, target: 1.5 }] }, /action\.attackers\[0\]\.target: .*got 1\.5/],
      [{ type: 'declareAttackers', player: 'A', attackers: [] }, /action\.player: .*got "A"/],
      [{ type: 'declareBlockers', player: B, blockers: [{ blocker: wall }] }, /action\.blockers\[0\]\.attacker: .*got undefined/],
      [{ type: 'assignDamage', player: A, assignments: [{ creature: bear, recipient: wall, amount: '2' }] }, /action\.assignments\[0\]\.amount: expected a number, got "2"/],
      [{ type: 'discard', player: A, cards: new Set([bear]) }, /action\.cards: expected a list of entity ids, got an object/],
      [{ type: 'search', player: A, cards: [-1] }, /action\.cards\[0\]: .*got -1/],
      [{ type: 'cast', player: A, card: bear, pay: [bear, null] }, /action\.pay\[1\]: .*got null/],
      [{ type: 'cast', player: A, card: bear, plot: 'yes' }, /action\.plot: expected true or false, got "yes"/],
      [{ type: 'activate', player: A, object: bear, ability: 'equip' }, /action\.target: .*got undefined/],
      [{ type: 'attack', player: A }, /action\.type: expected one of pass, play, .*removeFromCombat, got "attack"/],
      [null, /^redzone: action: expected an object, got null$/],
      [[{ type: 'pass', player: A }], /^redzone: action: expected an object, got an array$/],
    ]
    for (const [action, message] of cases) {
      const error = thrownRedzoneError(() => sim.act(world, action as never))
      expect(error.code).toBe('invalid-argument')
      expect(error.message).toMatch(message)
      expect(digest(world)).toBe(before)
    }
  })

  it('takes a well-formed action, and an id of no object or a move the rules refuse stays a rejection', () => {
    const { world, A, B, bear, cub } = atAttack()
    const before = digest(world)
    const unknown = sim.act(world, { type: 'declareAttackers', player: A, attackers: [{ attacker: 9_999, target: B }] })
    expect(unknown.ok).toBe(false)
    const twice = sim.act(world, { type: 'declareAttackers', player: A, attackers: [{ attacker: bear, target: B }, { attacker: bear, target: B }] })
    expect(twice.ok).toBe(false)
    expect(digest(world)).toBe(before)
    expect(sim.act(world, { type: 'declareAttackers', player: A, attackers: [{ attacker: bear, target: B }, { attacker: cub, target: B }] })).toEqual({ ok: true })
    expect(sim.pendingDecision(world).kind).not.toBe('declareAttackers')
  })

  it("checks an outside effect's ids and keyword list (before, a null list lost nothing and was taken, a fractional id crashed the exile), and leaves amounts to the effect's rules", () => {
    const { world, wall, bear } = atAttack()
    const before = digest(world)
    const cases: [unknown, RegExp][] = [
      [{ type: 'lose', object: wall, keywords: null }, /action\.keywords: expected a list of keyword names, got null/],
      [{ type: 'grant', object: bear, keywords: 'flying' }, /action\.keywords: expected a list of keyword names, got "flying"/],
      [{ type: 'grant', object: bear, keywords: ['flying', 5] }, /action\.keywords\[1\]: expected a keyword name \(a string\), got 5/],
      [{ type: 'exile', object: 2.5 }, /action\.object: .*got 2\.5/],
      [{ type: 'destroy' }, /action\.object: .*got undefined/],
      [{ type: 'dealDamage', to: 'B', amount: 2 }, /action\.to: .*got "B"/],
      [{ type: 'dealDamage', to: wall, source: {}, amount: 2 }, /action\.source: .*got an object/],
    ]
    for (const [action, message] of cases) {
      const error = thrownRedzoneError(() => sim.act(world, action as never))
      expect(error.code).toBe('invalid-argument')
      expect(error.message).toMatch(message)
      expect(digest(world)).toBe(before)
    }
    // No source: absent or null, as the gate reads it (no deathtouch, no lifelink).
    expect(sim.act(world, { type: 'dealDamage', to: wall, source: null, amount: 1 } as never)).toEqual({ ok: true })
    // An amount of the wrong type is the effect's own rejection (CR 120.1), as before.
    const after = digest(world)
    const amount = sim.act(world, { type: 'dealDamage', to: wall, amount: '2' } as never)
    expect(amount.ok === false && amount.error.code).toBe('illegal-amount')
    expect(digest(world)).toBe(after)
    expect(sim.act(world, { type: 'grant', object: bear, keywords: ['flying'], power: 1 })).toEqual({ ok: true })
    expect(sim.act(world, { type: 'destroy', object: wall })).toEqual({ ok: true })
  })

  it('names entity 0 (no entity) `#0` in a rejection, as an id past the entities is named (before, the message began with nothing: " is not a player")', () => {
    const { world } = atAttack()
    const before = digest(world)
    const cases: [unknown, string][] = [
      [{ type: 'pass', player: 0 }, '#0 is not a player'],
      [{ type: 'destroy', object: 0 }, '#0 is not a permanent on the battlefield'],
      [{ type: 'dealDamage', to: 0, amount: 1 }, '#0 is not a player, creature or planeswalker'],
      [{ type: 'pass', player: 9_999 }, '#9999 is not a player'],
    ]
    for (const [action, start] of cases) {
      const result = sim.act(world, action as never)
      expect(result.ok).toBe(false)
      if (!result.ok) expect(result.error.message.slice(0, start.length)).toBe(start)
    }
    expect(digest(world)).toBe(before)
  })
})

/** An agent that plays at random and passes each action through `bend` (with its count of decisions) before returning it, as a buggy agent's own code would. */
function bentAgent(name: string, bend: (action: PlayerAction, decisions: number) => unknown): AgentFactory {
  return {
    name,
    create(seed) {
      const rng = new Rng(seed)
      let decisions = 0
      return {
        choose(view, decision, legal): PlayerAction {
          return bend(randomAction(rng, view, decision, legal), ++decisions) as PlayerAction
        },
      }
    },
  }
}

describe("an agent's action of the wrong shape ends its game with illegal-agent-action", () => {
  it('a declaration whose list is a Map, naming the agent, its seat, the decision and the field', () => {
    // From its 30th decision on (a declaration comes by then in these games), each declaration it makes lists its entries in a Map.
    const mapping = bentAgent('maps', (action, decisions) =>
      decisions >= 30 && action.type === 'declareAttackers' ? { ...action, attackers: new Map(action.attackers.map((a) => [a.attacker, a.target])) } : action,
    )
    const record = playGame({ seed: 5, agents: [mapping, mapping], decks: ['green-white', 'black-red'] })
    expect(record.reason).toBe('error')
    expect(record.winner).toBeNull()
    expect(record.error).toMatch(/^redzone: agent "maps" \(seat [01]\) returned an action of the wrong shape at a declareAttackers decision: action\.attackers: expected a list, got an object$/)
    expect(new GameTable().play({ seed: 5, agents: [mapping, mapping], decks: ['green-white', 'black-red'] })).toEqual(record)
  })

  it('an outside effect (an agent destroying a permanent) is refused: an agent answers with a player action', () => {
    const cheat = bentAgent('cheats', (action, decisions) => (decisions === 40 ? { type: 'destroy', object: 1 } : action))
    const record = playGame({ seed: 8, agents: [cheat, randomAgent], decks: ['green-white', 'black-red'] })
    expect(record.reason).toBe('error')
    expect(record.error).toMatch(/^redzone: agent "cheats" \(seat 0\) returned the outside effect "destroy" at a \w+ decision: an agent answers with a player's action$/)
    // The 39 actions before it are recorded (the cheat's own ones and its opponent's at least).
    expect(record.actions.length).toBeGreaterThanOrEqual(39)
  })

  it('an action of no type names the types a player may answer with', () => {
    const typo = bentAgent('typo', (action, decisions) => (decisions === 20 ? { ...action, type: 'attack' } : action))
    const record = playGame({ seed: 8, agents: [typo, randomAgent], decks: ['green-white', 'black-red'] })
    expect(record.reason).toBe('error')
    expect(record.error).toMatch(/^redzone: agent "typo" \(seat 0\) returned an action of type "attack" at a \w+ decision: a player's action is one of pass, play, .*, bottom$/)
  })

  it('a string where an entity id goes', () => {
    const named = bentAgent('names', (action, decisions) => (decisions === 25 ? { ...action, player: 'me' } : action))
    const record = playGame({ seed: 9, agents: [randomAgent, named], decks: ['green-white', 'black-red'] })
    expect(record.reason).toBe('error')
    expect(record.error).toMatch(/^redzone: agent "names" \(seat 1\) returned an action of the wrong shape at a \w+ decision: action\.player: expected an entity id \(a whole number, 0 or more\), got "me"$/)
  })
})

describe("the learning env's opponent agent is checked as playGame checks it", () => {
  it('an opponent returning a Map declaration, or an outside effect, ends that game as an error naming the agent (before, the Map was an empty attack and the effect reached the gate)', () => {
    for (const [bend, message] of [
      [(action: PlayerAction) => (action.type === 'declareAttackers' ? { ...action, attackers: new Map() } : action), /^redzone: agent "bent" \(seat [01]\) returned an action of the wrong shape at a declareAttackers decision: action\.attackers: expected a list, got an object$/],
      [(action: PlayerAction, decisions: number) => (decisions === 15 ? { type: 'destroy', object: 1 } : action), /^redzone: agent "bent" \(seat [01]\) returned the outside effect "destroy" at a \w+ decision: an agent answers with a player's action$/],
    ] as const) {
      const records: GameRecord[] = []
      const env = new VecEnv({ n: 1, seed: 3, opponent: bentAgent('bent', bend), onRecord: (record) => records.push(record) })
      env.reset()
      const actions = new Int32Array(1)
      for (let step = 0; step < 20_000 && records.length === 0; step++) {
        actions[0] = env.mask.indexOf(1)
        env.step(actions)
      }
      expect(records.length).toBe(1)
      expect(records[0]!.reason).toBe('error')
      expect(records[0]!.error).toMatch(message)
      expect(env.stats.errors).toBe(1)
    }
  })
})
