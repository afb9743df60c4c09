/**
 * `VecEnv`: N games in lockstep into preallocated buffers. Seeds (`envSeed`), same-step
 * auto-reset and terminal rewards, the learner's seat, built-in opponents and self-play, misuse
 * refused before any game moves, records that `replay` reproduces exactly (CR 103: the same
 * seed and choices give the same game), and the final observations of games that ended.
 */
import { describe, expect, it } from 'vitest'
import { query } from 'bitecs'
import { KEYWORD_TAGS } from '../../components/keywords.js'
import { RedzoneError } from '../../src/core/errors.js'
import { Rng } from '../../src/core/rng.js'
import { worldOf } from '../../src/api/game.js'
import { mixSeed, replay } from '../../src/play/play-game.js'
import type { GameRecord } from '../../src/play/record.js'
import { worldDigest } from '../../src/state/digest.js'
import { ACTION_SIZE, G, OBS_LAYOUT, OBS_SIZE, OFFSET } from '../../src/rl/layout.js'
import { envBuilder, envSeed, envWorld, VecEnv, type VecEnvOptions } from '../../src/rl/vec-env.js'
import { DecisionBuilder } from '../../src/rl/decision-builder.js'
import type { Decision, PlayerAction } from '../../src/decisions/action.js'
import { pendingDecision, pendingDecisionInto } from '../../src/decisions/pending.js'
import { firstDifference, observation, randomMasked } from './rl-helpers.js'
import type { Agent, AgentFactory } from '../../src/play/agent.js'
import { randomAgent } from '../../src/play/agents/random.js'

const GAME_OVER = OBS_LAYOUT.global.find((f) => f.name === 'decision.gameOver')!.index

function randomActions(env: VecEnv, rng: Rng, out: Int32Array): Int32Array {
  for (let i = 0; i < env.n; i++) out[i] = randomMasked(rng, env.mask, i * ACTION_SIZE)
  return out
}

/** Everything a refused call must leave as it was: the buffers, the counters and each game's state. */
function envState(env: VecEnv): unknown {
  return {
    buffers: [env.obs, env.mask, env.reward, env.terminated, env.truncated, env.seat, env.winner, env.finalObs].map((b) => Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('base64')),
    stats: { ...env.stats },
    worlds: Array.from({ length: env.n }, (_, i) => worldDigest(envWorld(env, i))),
  }
}

/** Runs `steps` random masked steps; each finished game's record with the digest of its final state. */
function run(options: VecEnvOptions, steps: number, seed = 1): { env: VecEnv; games: { record: GameRecord; env: number; digest: string }[] } {
  const games: { record: GameRecord; env: number; digest: string }[] = []
  const env: VecEnv = new VecEnv({ ...options, onRecord: (record, i) => games.push({ record, env: i, digest: worldDigest(envWorld(env, i)) }) })
  const rng = new Rng(seed)
  const actions = new Int32Array(env.n)
  for (let s = 0; s < steps; s++) env.step(randomActions(env, rng, actions))
  return { env, games }
}

describe('VecEnv (redzone/rl)', () => {
  it('fills preallocated buffers of n x OBS_SIZE floats and n x ACTION_SIZE mask bytes, and keeps them', () => {
    const env = new VecEnv({ n: 4, seed: 3 })
    const buffers = [env.obs, env.mask, env.reward, env.terminated, env.truncated, env.seat, env.winner]
    expect(env.obs).toHaveLength(4 * OBS_SIZE)
    expect(env.mask).toHaveLength(4 * ACTION_SIZE)
    for (let i = 0; i < 4; i++) {
      expect(env.mask.subarray(i * ACTION_SIZE, (i + 1) * ACTION_SIZE).reduce((a, b) => a + b, 0)).toBeGreaterThan(1)
      expect(env.obs[i * OBS_SIZE + OFFSET.global + G.iDecide]).toBe(1)
    }
    const rng = new Rng(1)
    const actions = new Int32Array(4)
    for (let s = 0; s < 200; s++) env.step(randomActions(env, rng, actions))
    const after = [env.obs, env.mask, env.reward, env.terminated, env.truncated, env.seat, env.winner]
    after.forEach((b, k) => expect(b, `buffer ${k}`).toBe(buffers[k]))
  })

  it('rewrites only the object rows whose values changed, and every observation equals one written afresh', () => {
    for (const opponent of ['self', 'random'] as const) {
      const env = new VecEnv({ n: 3, seed: 11, opponent })
      const rng = new Rng(3)
      const actions = new Int32Array(3)
      const fresh = new Float32Array(OBS_SIZE)
      let games = 0
      for (let s = 0; s < 1500; s++) {
        for (let i = 0; i < 3; i++) {
          fresh.fill(-7)
          envBuilder(env, i).observe(fresh)
          expect(firstDifference(env.obs.subarray(i * OBS_SIZE, (i + 1) * OBS_SIZE), fresh), `${opponent}, step ${s}, env ${i}`).toBe(-1)
        }
        randomActions(env, rng, actions)
        env.step(actions)
        for (let i = 0; i < 3; i++) if (env.terminated[i] || env.truncated[i]) games++
      }
      // Long enough to cross games (auto-reset) as well as steps within one.
      expect(games).toBeGreaterThan(0)
    }
  })

  it("keeps no keyword tag components in its worlds, which no caller queries: the effective keywords alone (replay's worlds keep them and play the same games, below)", () => {
    const env = new VecEnv({ n: 4, seed: 3, opponent: 'self' })
    const rng = new Rng(3)
    const actions = new Int32Array(env.n)
    let keyworded = 0
    for (let s = 0; s < 400; s++) {
      env.step(randomActions(env, rng, actions))
      for (let i = 0; i < env.n; i++) {
        const world = envWorld(env, i)
        for (const tag of KEYWORD_TAGS) expect(query(world, [tag]).length).toBe(0)
        keyworded += world.kw.effective.some((mask) => mask !== 0) ? 1 : 0
      }
    }
    expect(keyworded).toBeGreaterThan(0)
  })

  it('is deterministic: the same seed and choices give the same bytes', () => {
    const a = new VecEnv({ n: 8, seed: 42, opponent: 'heuristic' })
    const b = new VecEnv({ n: 8, seed: 42, opponent: 'heuristic' })
    const rng = new Rng(5)
    const actions = new Int32Array(8)
    for (let s = 0; s < 150; s++) {
      expect(Buffer.compare(Buffer.from(a.obs.buffer), Buffer.from(b.obs.buffer))).toBe(0)
      expect(Buffer.compare(Buffer.from(a.mask), Buffer.from(b.mask))).toBe(0)
      randomActions(a, rng, actions)
      a.step(actions)
      b.step(actions)
      expect(Array.from(b.reward)).toEqual(Array.from(a.reward))
    }
  })

  it('plays game k of env i with envSeed(seed, i, k), auto-resetting in the same step: terminal reward, winner, and the next game\'s observation', () => {
    const { env, games } = run({ n: 6, seed: 9, opponent: 'random' }, 1500)
    expect(games.length).toBeGreaterThan(6)
    const perEnv = new Map<number, number>()
    for (const { record, env: i } of games) {
      const k = perEnv.get(i) ?? 0
      perEnv.set(i, k + 1)
      expect(record.seed).toBe(envSeed(9, i, k))
      // The learner's seat alternates: game k of env i, seat (i + k) % 2.
      expect(record.agents[(i + k) % 2]).toBe('rl')
      expect(record.agents[(i + k + 1) % 2]).toBe('random')
    }
    expect(envSeed(9, 2, 3)).not.toBe(envSeed(9, 3, 2))
    expect(env.stats.games).toBe(games.length)
  })

  it('gives +1 / -1 to the learner\'s seat when a game ends, and the new game\'s first observation', () => {
    const env = new VecEnv({ n: 8, seed: 4, opponent: 'random', seat: 1 })
    const rng = new Rng(2)
    const actions = new Int32Array(8)
    let ended = 0
    for (let s = 0; s < 3000 && ended < 10; s++) {
      env.step(randomActions(env, rng, actions))
      for (let i = 0; i < 8; i++) {
        expect(env.seat[i]).toBe(1)
        if (!env.terminated[i]) {
          expect(env.reward[i]).toBe(0)
          continue
        }
        ended++
        expect(env.reward[i]).toBe(env.winner[i] === 1 ? 1 : -1)
        // Same-step reset: the observation is already of a game in its first turn (or its mulligans).
        expect(env.obs[i * OBS_SIZE + OFFSET.global + G.turn]).toBeLessThanOrEqual(1 / 20)
      }
    }
    expect(ended).toBe(10)
  })

  it('in self-play gives the reward to the seat that made the step\'s choice', () => {
    const env = new VecEnv({ n: 8, seed: 6, opponent: 'self' })
    const rng = new Rng(3)
    const actions = new Int32Array(8)
    let ended = 0
    for (let s = 0; s < 4000 && ended < 8; s++) {
      const seats = Array.from(env.seat)
      env.step(randomActions(env, rng, actions))
      for (let i = 0; i < 8; i++) {
        if (!env.terminated[i]) continue
        ended++
        expect(env.reward[i]).toBe(env.winner[i] === seats[i] ? 1 : -1)
      }
    }
    expect(ended).toBe(8)
  })

  it('plays against the search agent (flat Monte Carlo on determinized copies)', () => {
    const { env, games } = run({ n: 2, seed: 31, opponent: 'search' }, 60)
    expect(env.stats.errors).toBe(0)
    expect(env.stats.rejected).toBe(0)
    expect(env.stats.decisions).toBeGreaterThan(60)
    for (const { record } of games) expect(record.agents).toContain('search')
  }, 60_000)

  it('refuses an action its mask does not allow, before any game moves', () => {
    const env = new VecEnv({ n: 3, seed: 1 })
    const before = Float32Array.from(env.obs)
    const actions = new Int32Array(3)
    for (let i = 0; i < 3; i++) actions[i] = randomMasked(new Rng(i), env.mask, i * ACTION_SIZE)
    actions[2] = env.mask.subarray(2 * ACTION_SIZE, 3 * ACTION_SIZE).indexOf(0)
    expect(() => env.step(actions)).toThrow(RedzoneError)
    expect(() => env.step(actions)).toThrow(/action \d+ of env 2 is not allowed/)
    expect(() => env.step(new Int32Array(2))).toThrow(/3 actions needed/)
    expect(env.stats.steps).toBe(0)
    expect(Array.from(env.obs)).toEqual(Array.from(before))
  })

  it('with firstEnv plays the games of those envs of the whole batch: a batch split over envs plays what one env of it plays', () => {
    // Envs 0..7 in one env, and the same batch as 0..2 and 3..7 (firstEnv 3): the same choices give the same bytes.
    const options = { seed: 17, opponent: 'random' } as const
    const whole = new VecEnv({ ...options, n: 8 })
    const parts = [new VecEnv({ ...options, n: 3 }), new VecEnv({ ...options, n: 5, firstEnv: 3 })]
    expect(parts[1]!.firstEnv).toBe(3)
    const rng = new Rng(3)
    const actions = new Int32Array(8)
    let ended = 0
    for (let s = 0; s < 400; s++) {
      for (const [part, first] of [[parts[0]!, 0], [parts[1]!, 3]] as const) {
        expect(Buffer.compare(Buffer.from(part.obs.buffer), Buffer.from(whole.obs.buffer, first * OBS_SIZE * 4, part.n * OBS_SIZE * 4))).toBe(0)
        expect(Buffer.compare(Buffer.from(part.mask), Buffer.from(whole.mask.buffer, first * ACTION_SIZE, part.n * ACTION_SIZE))).toBe(0)
        expect(Array.from(part.seat)).toEqual(Array.from(whole.seat.subarray(first, first + part.n)))
        expect(Array.from(part.reward)).toEqual(Array.from(whole.reward.subarray(first, first + part.n)))
      }
      randomActions(whole, rng, actions)
      whole.step(actions)
      parts[0]!.step(actions.subarray(0, 3))
      parts[1]!.step(actions.subarray(3))
      for (let i = 0; i < 8; i++) ended += whole.terminated[i]! | whole.truncated[i]!
    }
    // Games ended (and the next ones began from their own seeds) along the way.
    expect(ended).toBeGreaterThan(4)
    expect(parts[0]!.stats.games + parts[1]!.stats.games).toBe(whole.stats.games)
  })

  it('DecisionBuilder.apply gives every call an action of its own (the env\'s step reuses the builder\'s, through take)', () => {
    const env = new VecEnv({ n: 2, seed: 5, opponent: 'self' })
    const rng = new Rng(5)
    const actions = new Int32Array(env.n)
    const complete = (builder: DecisionBuilder, first: number): PlayerAction => {
      builder.begin()
      let action = builder.apply(first)
      while (action === null) action = builder.apply(builder.mask.indexOf(1))
      return action
    }
    const kinds = new Set<string>()
    const kept: Decision = { kind: 'gameOver', player: null, rule: '', count: 0 }
    for (let s = 0; s < 600; s++) {
      // A builder of its own on env 0's game (the env's may be part way through a decision).
      const builder = new DecisionBuilder(envWorld(env, 0))
      builder.begin()
      const allowed: number[] = []
      for (let i = 0; i < ACTION_SIZE; i++) if (builder.mask[i] === 1) allowed.push(i)
      for (const i of allowed) {
        const a = complete(builder, i)
        const b = complete(builder, i)
        kinds.add(a.type)
        expect(b).not.toBe(a)
        expect(b).toEqual(a)
        const lists = [['attackers', 'declareAttackers'], ['blockers', 'declareBlockers'], ['assignments', 'assignDamage'], ['cards', 'discard'], ['cards', 'bottom'], ['cards', 'search']] as const
        for (const [field, type] of lists) {
          if (a.type !== type) continue
          const [x, y] = [(a as Record<string, unknown>)[field] as unknown[] | null, (b as Record<string, unknown>)[field] as unknown[] | null]
          if (x === null) continue
          expect(y).not.toBe(x)
          x.forEach((entry, k) => {
            if (typeof entry === 'object') expect(y![k]).not.toBe(entry)
          })
        }
      }
      env.step(randomActions(env, rng, actions))
      // The game keeps nothing of the builder's kept actions the env handed to `act`; the kept
      // decision's fields are the pending decision's.
      for (let i = 0; i < env.n; i++) {
        const { attackers, blockers, assignment, discard, search } = envWorld(env, i).pending
        expect([attackers, blockers, assignment, discard, search]).toEqual([null, null, null, null, null])
        expect(pendingDecisionInto(envWorld(env, i), kept)).toEqual(pendingDecision(envWorld(env, i)))
      }
    }
    expect([...kinds].sort()).toEqual(expect.arrayContaining(['assignDamage', 'bottom', 'cast', 'declareAttackers', 'declareBlockers', 'pass', 'play', 'search']))
    expect(env.stats.rejected).toBe(0)
    expect(env.stats.errors).toBe(0)
  })

  it('refuses bad options', () => {
    expect(() => new VecEnv({ firstEnv: -1 })).toThrow(/firstEnv/)
    expect(() => new VecEnv({ firstEnv: 1.5 })).toThrow(/firstEnv/)
    expect(() => new VecEnv({ n: 2, firstEnv: 2 ** 31 - 1 })).toThrow(/firstEnv/)
    expect(() => new VecEnv({ n: 0 })).toThrow(/n: the number of games/)
    expect(() => new VecEnv({ seed: -1 })).toThrow(/seed/)
    expect(() => new VecEnv({ maxSteps: 0 })).toThrow(/maxSteps/)
    expect(() => new VecEnv({ opponent: 'nobody' as never })).toThrow(/opponent/)
    expect(() => new VecEnv({ seat: 2 as never })).toThrow(/seat/)
    expect(() => new VecEnv({ decks: ['green-white', 'no-such-deck'] })).toThrow(/unknown deck/)
  })

  it('refuses options that are not an object (null, a string, a list), and takes none as the defaults', () => {
    const make = (options: unknown): VecEnv => new VecEnv(options as VecEnvOptions)
    expect(() => make(null)).toThrow(RedzoneError)
    expect(() => make(null)).toThrow(/options: expected an object of VecEnv options .*got null/)
    expect(() => make('n=4')).toThrow(/options: expected an object of VecEnv options .*got "n=4"/)
    expect(() => make([4])).toThrow(/options: expected an object of VecEnv options .*got an array/)
    const env = new VecEnv()
    expect([env.n, env.firstEnv]).toEqual([1, 0])
  })

  it('refuses an unknown option name (a misspelt n or seed), naming it and the known ones', () => {
    const make = (options: object): VecEnv => new VecEnv(options as VecEnvOptions)
    const known = 'expected one of n, seed, firstEnv, decks, opponent, seat, maxSteps, name, onRecord'
    expect(() => make({ nn: 4, sed: 3 })).toThrow(RedzoneError)
    expect(() => make({ nn: 4, sed: 3 })).toThrow(`options.nn: unknown option; ${known}`)
    expect(() => make({ n: 2, sed: 3 })).toThrow(`options.sed: unknown option; ${known}`)
    expect(() => make({ 'max steps': 3 })).toThrow(`options["max steps"]: unknown option; ${known}`)
    // A known option given as undefined is its default (redzone serve passes every option it was given, some undefined).
    expect(new VecEnv({ n: undefined, seed: undefined, onRecord: undefined }).n).toBe(1)
  })

  it('refuses options of the wrong kind by name: a string n, a name not a string, an onRecord not a function, an opponent not an AgentFactory, decks not a pair', () => {
    const make = (options: Record<string, unknown>): VecEnv => new VecEnv(options as VecEnvOptions)
    expect(() => make({ n: '4' })).toThrow(/^redzone: n: the number of games is a whole number from 1 to 16,384, not "4"$/)
    expect(() => make({ seed: '3' })).toThrow(/^redzone: seed: a whole number from 0 to 4294967295, not "3"$/)
    expect(() => make({ maxSteps: 1.5 })).toThrow(/^redzone: maxSteps: a whole number of 1 or more, not 1.5$/)
    expect(() => make({ name: 5 })).toThrow(/^redzone: name: expected the learner's name in records \(a string\), got 5$/)
    expect(() => make({ onRecord: 'log' })).toThrow(/^redzone: onRecord: expected a function \(record, env\) => void, got "log"$/)
    expect(() => make({ opponent: {} })).toThrow(/^redzone: opponent: one of random, heuristic, search, self or an AgentFactory; expected an AgentFactory, got an object without a create function/)
    expect(() => make({ opponent: 'toString' })).toThrow(/^redzone: opponent: one of random, heuristic, search, self or an AgentFactory; expected an AgentFactory, got the string "toString"/)
    // An agent factory as playGame takes one (the same check): a class with a static create is one.
    class Bot {
      static create(): Agent {
        return randomAgent.create(1)
      }
    }
    expect(() => make({ opponent: Bot as unknown as AgentFactory })).not.toThrow()
    expect(() => make({ decks: ['green-white', 'black-red', 'green-white'] })).toThrow(/^redzone: decks: expected a pair \[seat 0's deck, seat 1's deck\], got a list of 3$/)
    expect(() => make({ decks: 'green-white' })).toThrow(/^redzone: decks: expected a pair .*, got "green-white"$/)
  })

  it('refuses n above 16,384 (more games exhaust the default heap), saying why and how to get a larger batch', () => {
    for (const n of [65_537, 65_536, 16_385]) {
      let error: unknown
      try {
        new VecEnv({ n })
      } catch (e) {
        error = e
      }
      expect(error, `n ${n}`).toBeInstanceOf(RedzoneError)
      const message = (error as Error).message
      expect(message).toMatch(`n: the number of games is a whole number from 1 to 16,384, not ${n}: `)
      expect(message).toMatch(/about 150 KB.*exhaust Node's default heap/)
      expect(message).toMatch(/several VecEnvs, each with its firstEnv, in several processes \(redzone.Workers in Python\) or worker threads/)
    }
  })

  it('refuses actions that are not an array or typed array of n entries (none, null, a number, a string, an array-like object, more or fewer), stepping no game', () => {
    const env = new VecEnv({ n: 4, seed: 3 })
    const before = envState(env)
    const step = env.step.bind(env) as (actions?: unknown) => void
    const list = /^redzone: step: actions: expected an array or typed array of 4 action indexes \(one per env\), got (.*); no game was stepped$/
    expect(() => step()).toThrow(RedzoneError)
    for (const [actions, got] of [[undefined, 'undefined'], [null, 'null'], [7, '7'], ['0000', '"0000"'], [{ length: 4, 0: 0, 1: 0, 2: 0, 3: 0 }, 'an object']] as const) {
      expect(() => step(actions)).toThrow(list)
      expect(() => step(actions)).toThrow(`got ${got};`)
    }
    expect(() => step(new Int32Array(5))).toThrow(/^redzone: step: 4 actions needed \(one per env\), got 5; no game was stepped$/)
    expect(() => step([0, 0, 0])).toThrow(/^redzone: step: 4 actions needed \(one per env\), got 3; no game was stepped$/)
    expect(envState(env)).toEqual(before)
  })

  it('refuses an action that is not a whole number (a string, a fraction, null, true, a bigint), naming it, stepping no game', () => {
    const env = new VecEnv({ n: 4, seed: 3 })
    // Each env's first allowed action: a whole number in the same place is stepped.
    const allowed = Array.from({ length: 4 }, (_, i) => env.mask.subarray(i * ACTION_SIZE, (i + 1) * ACTION_SIZE).indexOf(1))
    const before = envState(env)
    const step = env.step.bind(env) as (actions: unknown) => void
    const at = (k: number, value: unknown): unknown[] => allowed.map((a, i) => (i === k ? value : a))
    const whole = (k: number, got: string): RegExp => new RegExp(`^redzone: step: actions\\[${k}\\]: expected a whole number \\(an action index\\), got ${got}; no game was stepped$`)
    expect(() => step(at(0, String(allowed[0])))).toThrow(RedzoneError)
    expect(() => step(at(0, String(allowed[0])))).toThrow(whole(0, `"${allowed[0]}"`))
    expect(() => step(allowed.map(String))).toThrow(whole(0, `"${allowed[0]}"`))
    expect(() => step(at(2, allowed[2]! + 0.5))).toThrow(whole(2, String(allowed[2]! + 0.5)))
    expect(() => step(Float64Array.from(at(3, 0.5) as number[]))).toThrow(whole(3, '0.5'))
    // null and true would index the mask as 0 and 1 (and 0 is often allowed): refused, not taken as those actions.
    expect(() => step(at(1, null))).toThrow(whole(1, 'null'))
    expect(() => step(at(1, true))).toThrow(whole(1, 'true'))
    expect(() => step(new BigInt64Array(4))).toThrow(whole(0, '0n'))
    expect(envState(env)).toEqual(before)
    // The mask check is as before, after the whole-number one.
    expect(() => step(at(0, -1))).toThrow(/^redzone: step: action -1 of env 0 is not allowed by its mask; no game was stepped$/)
    env.step(allowed)
    expect(env.stats.steps).toBe(4)
  })

  it('envSeed refuses a seed, env or game number that is not a whole number in its range, naming it', () => {
    const seedOf = envSeed as (...args: unknown[]) => number
    expect(() => seedOf(-1, 1.5, 'x')).toThrow(RedzoneError)
    expect(() => seedOf(-1, 0, 0)).toThrow(/^redzone: envSeed: seed: a whole number from 0 to 4294967295, not -1$/)
    expect(() => seedOf(2 ** 32, 0, 0)).toThrow(/^redzone: envSeed: seed: .*, not 4294967296$/)
    expect(() => seedOf('3', 0, 0)).toThrow(/^redzone: envSeed: seed: .*, not "3"$/)
    expect(() => seedOf(1, 1.5, 0)).toThrow(/^redzone: envSeed: env: expected an env's number in a batch \(a whole number from 0 to 2\^31 - 1\), got 1.5$/)
    expect(() => seedOf(1, -1, 0)).toThrow(/^redzone: envSeed: env: .*, got -1$/)
    expect(() => seedOf(1, 2 ** 31, 0)).toThrow(/^redzone: envSeed: env: .*, got 2147483648$/)
    expect(() => seedOf(1, 0, 'x')).toThrow(/^redzone: envSeed: game: expected a game's number in its env \(a whole number, 0 or more\), got "x"$/)
    expect(() => seedOf(1, 0, -1)).toThrow(/^redzone: envSeed: game: .*, got -1$/)
    expect(() => seedOf(1, 0, NaN)).toThrow(/^redzone: envSeed: game: .*, got NaN$/)
    expect(envSeed(4_294_967_295, 2 ** 31 - 1, 1e6)).toBe(mixSeed(mixSeed(4_294_967_295, 2 ** 31 - 1), 1e6))
  })

  it('restart, reset and observeSeat name a value of the wrong kind (a string env, a string seed, no place or a plain array to write into), changing nothing', () => {
    const env = new VecEnv({ n: 2, seed: 3 })
    const before = envState(env)
    const call = (f: (...args: never[]) => unknown, ...args: unknown[]): unknown => (f as (...a: unknown[]) => unknown).apply(env, args)
    expect(() => call(env.restart, '1')).toThrow(/^redzone: restart: env "1" is not one of 0..1$/)
    expect(() => call(env.reset, '3')).toThrow(/^redzone: seed: a whole number from 0 to 4294967295, not "3"$/)
    for (const seat of [0, 1]) {
      expect(() => call(env.observeSeat, 0, seat, null)).toThrow(/^redzone: observeSeat: out: expected a typed array \(a Float32Array\) of 4156 or more, got null$/)
      expect(() => call(env.observeSeat, 0, seat, new Array(OBS_SIZE).fill(0))).toThrow(/^redzone: observeSeat: out: expected a typed array \(a Float32Array\) of 4156 or more, got an array$/)
      expect(() => call(env.observeSeat, 0, seat, new Float64Array(OBS_SIZE - 1))).toThrow(/^redzone: observeSeat: out: 4156 values from offset 0 do not fit in a Float64Array of 4155$/)
      expect(() => call(env.observeSeat, 0, seat, new Float32Array(OBS_SIZE + 1), 0.5)).toThrow(/^redzone: observeSeat: offset: expected a whole number, 0 or more, got 0.5$/)
    }
    expect(() => call(env.observeSeat, 0, '1', new Float32Array(OBS_SIZE))).toThrow(/^redzone: observeSeat: seat is 0 or 1, not "1"$/)
    expect(envState(env)).toEqual(before)
  })

  for (const [what, options] of [
    ['won or lost', { n: 6, seed: 41, opponent: 'random' }],
    ['self-play', { n: 6, seed: 42, opponent: 'self' }],
    ['truncated at a step cap', { n: 6, seed: 43, opponent: 'heuristic', maxSteps: 120 }],
  ] as const) {
    it(`keeps each seat's view of a game that ended in finalObs, while obs is the next game's (${what})`, () => {
      const env = new VecEnv({ ...options, onRecord: (record, i) => ended.push({ record, env: i }) })
      let ended: { record: GameRecord; env: number }[] = []
      const rng = new Rng(7)
      const actions = new Int32Array(env.n)
      let checked = 0
      for (let s = 0; s < 4000 && checked < 8; s++) {
        const seats = Array.from(env.seat)
        ended = []
        env.step(randomActions(env, rng, actions))
        for (const { record, env: i } of ended) {
          checked++
          const world = worldOf(replay(record))
          for (const seat of [0, 1] as const) {
            const final = env.finalObs.subarray((2 * i + seat) * OBS_SIZE, (2 * i + seat + 1) * OBS_SIZE)
            expect(firstDifference(final, observation(world, world.playerOrder[seat]!)), `env ${i} seat ${seat}`).toBe(-1)
            // Nobody decides in a finished game (its decision names the winner); a truncated one stops at a decision.
            if (record.reason !== 'step-cap') expect(final[OFFSET.global + G.iDecide]).toBe(0)
          }
          // The reward is for the seat that chose, and obs is already the next game's first decision.
          const mine = env.finalObs.subarray((2 * i + seats[i]!) * OBS_SIZE, (2 * i + seats[i]! + 1) * OBS_SIZE)
          expect(env.reward[i]).toBe(record.winner === null ? 0 : record.winner === seats[i] ? 1 : -1)
          expect(env.obs[i * OBS_SIZE + OFFSET.global + G.turn]).toBeLessThanOrEqual(1 / 20)
          expect(firstDifference(mine, env.obs.subarray(i * OBS_SIZE, (i + 1) * OBS_SIZE))).not.toBe(-1)
          const over = env.finalObs[2 * i * OBS_SIZE + OFFSET.global + GAME_OVER]
          if (record.reason === 'step-cap') {
            expect([env.terminated[i], env.truncated[i], env.reward[i], env.winner[i], over]).toEqual([0, 1, 0, -1, 0])
          } else {
            expect(record.reason).toMatch(/^(life|empty-library)$/)
            expect([env.terminated[i], env.truncated[i], over]).toEqual([1, 0, 1])
          }
        }
      }
      expect(checked).toBe(8)
      expect(env.stats.truncations).toBe('maxSteps' in options ? env.stats.games : 0)
      expect(env.stats.errors).toBe(0)
    }, 60_000)
  }

  for (const [what, options] of [
    ['self-play', { n: 8, seed: 21, opponent: 'self' }],
    ['against the heuristic', { n: 8, seed: 22, opponent: 'heuristic' }],
    ['truncated at a step cap', { n: 4, seed: 23, opponent: 'random', maxSteps: 150 }],
  ] as const) {
    it(`records games that replay byte-identically through replay (${what})`, () => {
      const { env, games } = run(options, 800)
      expect(games.length).toBeGreaterThan(3)
      expect(env.stats.rejected).toBe(0)
      for (const { record, digest } of games) {
        expect(record.reason).not.toBe('error')
        const game = replay(record, { maxSteps: options.maxSteps ?? 20_000 })
        expect(worldDigest(worldOf(game)), `seed ${record.seed}`).toBe(digest)
        expect(worldOf(game).turn.number).toBe(record.turns)
      }
      if ('maxSteps' in options) expect(games.every((g) => g.record.reason === 'step-cap')).toBe(true)
    }, 60_000)
  }
})
