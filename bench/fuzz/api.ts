/**
 * Random call sequences on the id-level Game API: the rules commands (`act`, `pass`, `play`,
 * `cast`, `activate`, `plot`, `declareAttackers`, `declareBlockers`, `assignDamage`, `search`,
 * `discard`, `mulligan`, `keep`, `bottom`), the effects from outside the game (`grant`, `lose`,
 * `dealDamage`, `destroy`, `exile`, `removeFromCombat`), the driver helpers (`game.drive.attack`,
 * `block`, `combatDamage`, `advance`, `cast`, `activate`, `plot`, `play`), `snapshot`/`restore`,
 * `state`, `pendingDecision` and `legalActions`: with wrong types, absurd numbers, unknown ids,
 * out-of-order calls and calls after the game ended, mixed with actions taken from
 * `legalActions()` so that games get somewhere.
 *
 * Every call must return an `ActionResult` (ok, or a rejection with a code of REJECT_CODES that
 * left the game as it was) or throw a `RedzoneError`; queries change nothing; an action listed by
 * `legalActions()` is accepted; accepted damage and +N/+N add up.
 */
import { ACTION_TYPES, createGame, drive, gameState, isRejectCode, legalActions, LIMITS, RedzoneError, restore, snapshot, type Game, type GameState, type Snapshot } from '../../src/index.js'
import { worldDigest } from '../../src/internal.js'
import { generatePosition, KEYWORDS, STEPS, type Json, type JsonObject } from './generate.js'
import { mutateDoc } from './mutate.js'
import { checkStartingSba, checkState, errorDetail, errorKind, KEBAB, type Recorder } from './record.js'
import type { FuzzRng } from './rng.js'
import { worldOf } from '../../src/api/game.js'

/** A JS literal for a value (undefined, NaN, -0, Infinity and snapshots included), for reproductions. */
export function lit(value: unknown, snapshots: unknown[] = []): string {
  if (value === undefined) return 'undefined'
  if (typeof value === 'number') return Object.is(value, -0) ? '-0' : String(value)
  if (typeof value === 'string') return JSON.stringify(value)
  if (value === null || typeof value === 'boolean') return String(value)
  const s = snapshots.indexOf(value)
  if (s >= 0) return `s${s}`
  if (Array.isArray(value)) return `[${value.map((v) => lit(v, snapshots)).join(', ')}]`
  if (typeof value === 'object') {
    return `{ ${Object.entries(value as Record<string, unknown>).map(([k, v]) => `${/^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k)}: ${lit(v, snapshots)}`).join(', ')} }`
  }
  return String(value)
}

interface Flags {
  /** An argument whose type is not the declared one (string for number, null, object for id, ...). */
  ill: boolean
  /** A number of the right type outside its domain (NaN, Infinity, 1.5, a negative amount, beyond 2^53). */
  odd: boolean
}

/** The methods called, `drive.` for the driver helpers; `legal` is `act` with an action listed by `legalActions()`. */
const METHODS = [
  'drive.attack', 'drive.block', 'drive.combatDamage', 'drive.advance', 'drive.cast', 'drive.activate', 'drive.plot', 'drive.play',
  'act', 'legal', 'pass', 'play', 'cast', 'activate', 'plot', 'declareAttackers', 'declareBlockers', 'assignDamage', 'search',
  'discard', 'mulligan', 'keep', 'bottom', 'grant', 'lose', 'dealDamage', 'destroy', 'exile', 'removeFromCombat',
  'snapshot', 'restore', 'state', 'pendingDecision', 'legalActions',
] as const
type Method = (typeof METHODS)[number]
const QUERIES: ReadonlySet<Method> = new Set(['state', 'pendingDecision', 'legalActions'])

interface Call {
  method: Method
  args: unknown[]
  flags: Flags
  /** For `legal`: the action was listed by legalActions() (it must be accepted). */
  listed?: boolean
}

const UNKNOWN_IDS = ['ghost', '', '__proto__', 'constructor', 'toString', 'A ', 'a', '7', 'undefined']

const plain = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v)
const isId = (v: unknown): boolean => typeof v === 'string'
const ids = (v: unknown): boolean => Array.isArray(v) && v.every(isId)
const optional = (v: unknown, test: (v: unknown) => boolean): boolean => v === undefined || test(v)
const idMap = (v: unknown): boolean => plain(v) && Object.values(v).every(isId)
const list = (v: unknown, test: (v: unknown) => boolean): boolean => Array.isArray(v) && v.every(test)

/**
 * Whether the arguments of a call have the types the Game API declares (`ill` when not), and
 * whether a number is outside its domain (`odd`: amounts are safe whole numbers of 0 or more,
 * +N/+N safe whole numbers). Worked out from the arguments, not from how they were made.
 */
function classify(method: Method, args: unknown[], snapshots: unknown[]): Flags {
  const [a, b, c, d, e] = args
  let ill = false
  let odd = false
  const amount = (n: unknown): void => {
    if (typeof n !== 'number') ill = true
    else if (!Number.isSafeInteger(n) || n < 0) odd = true
  }
  const delta = (n: unknown): void => {
    if (n === undefined) return
    if (typeof n !== 'number') ill = true
    else if (!Number.isSafeInteger(n)) odd = true
  }
  const assignMap = (m: unknown): void => {
    if (m === undefined) return
    if (!plain(m) || !Object.values(m).every(plain)) ill = true
    else for (const entries of Object.values(m)) for (const n of Object.values(entries as object)) amount(n)
  }
  const payOptions = (o: unknown): boolean => optional(o, (x) => plain(x) && optional(x.pay, ids))
  const ability = (x: unknown): boolean => x === 'equip' || x === 'equip planeswalker'
  switch (method) {
    case 'drive.attack':
    case 'drive.block':
    case 'declareAttackers':
    case 'declareBlockers':
      ill = !idMap(a)
      break
    case 'drive.combatDamage':
    case 'assignDamage':
      assignMap(a)
      break
    case 'drive.advance':
      ill = !isId(a) || !optional(b, (o) => plain(o) && optional(o.nextTurn, (x) => typeof x === 'boolean'))
      break
    case 'drive.cast':
    case 'cast':
      ill = !isId(a) || !isId(b) || !optional(c, (o) => plain(o) && optional(o.targets, ids) && optional(o.alternative, (x) => x === 'plot') &&
        optional(o.pay, ids) && (method === 'cast' ? o.choices === undefined : optional(o.choices, (ch) => plain(ch) && optional(ch.search, ids))))
      break
    case 'drive.activate':
    case 'activate':
      ill = !isId(a) || !isId(b) || !ability(c) || !ids(d) || !payOptions(e)
      break
    case 'drive.plot':
    case 'drive.play':
    case 'play':
    case 'plot':
      ill = !isId(a) || !isId(b)
      break
    case 'search':
      ill = !isId(a) || !(b === null || ids(b))
      break
    case 'discard':
    case 'bottom':
      ill = !isId(a) || !ids(b)
      break
    case 'mulligan':
    case 'keep':
      ill = !isId(a)
      break
    case 'act':
    case 'legal': {
      if (!plain(a) || !isId(a.player) || !(ACTION_TYPES as readonly unknown[]).includes(a.type)) {
        ill = true
        break
      }
      switch (a.type) {
        case 'play':
        case 'plot':
          ill = !isId(a.card)
          break
        case 'cast':
          ill = !isId(a.card) || !optional(a.target, isId) || !optional(a.plot, (x) => typeof x === 'boolean') || !optional(a.pay, ids)
          break
        case 'activate':
          ill = !isId(a.object) || !ability(a.ability) || !isId(a.target) || !optional(a.pay, ids)
          break
        case 'declareAttackers':
          ill = !list(a.attackers, (x) => plain(x) && isId(x.attacker) && isId(x.target))
          break
        case 'declareBlockers':
          ill = !list(a.blockers, (x) => plain(x) && isId(x.blocker) && isId(x.attacker))
          break
        case 'assignDamage':
          if (!list(a.assignments, (x) => plain(x) && isId(x.creature) && isId(x.recipient))) ill = true
          else for (const x of a.assignments as { amount: unknown }[]) amount(x.amount)
          break
        case 'search':
          ill = !(a.cards === null || ids(a.cards))
          break
        case 'discard':
        case 'bottom':
          ill = !ids(a.cards)
          break
        default:
          break
      }
      break
    }
    case 'grant':
      if (!isId(a) || !plain(b) || !optional(b.keywords, ids)) ill = true
      else {
        delta(b.power)
        delta(b.toughness)
      }
      break
    case 'lose':
      ill = !isId(a) || !ids(b)
      break
    case 'dealDamage':
      if (!plain(a) || !isId(a.to) || !optional(a.source, isId)) ill = true
      else amount(a.amount)
      break
    case 'destroy':
    case 'exile':
    case 'removeFromCombat':
      ill = !isId(a)
      break
    case 'restore':
      ill = !snapshots.includes(a)
      break
    default:
      break
  }
  return { ill, odd }
}

interface Pools {
  players: string[]
  objects: string[]
  creatures: string[]
  all: string[]
}

/** Random arguments for a method: mostly well-typed with known ids, now and then unknown ids, wrong types, absurd numbers. */
function generateArgs(r: FuzzRng, method: Method, p: Pools, snapshots: unknown[]): unknown[] {
  const wrongType = (forWhat: 'id' | 'optional id' | 'object' = 'id'): unknown => {
    if (forWhat === 'object') return r.pick<unknown>([null, 5, 'A', true, ['c0']])
    return r.pick<unknown>([null, forWhat === 'id' ? undefined : null, 5, 0, true, {}, [], ['A'], { id: 'A' }, NaN])
  }
  const idOf = (pool: string[], optionalId = false): unknown => {
    const x = r.float()
    if (x < 0.82 && pool.length > 0) return r.pick(pool)
    if (x < 0.92) return r.pick(UNKNOWN_IDS)
    return wrongType(optionalId ? 'optional id' : 'id')
  }
  const anyId = (): unknown => idOf(p.all)
  const player = (): unknown => idOf(p.players)
  const creature = (): unknown => idOf(p.creatures.length > 0 && r.chance(0.8) ? p.creatures : p.all)
  const num = (domain: 'amount' | 'delta', optionalNum = false): unknown => {
    const x = r.float()
    if (x < 0.75) return domain === 'amount' ? r.int(0, 6) : r.int(-3, 5)
    if (x < 0.85) return r.pick([2 ** 31 - 1, 2 ** 31, 3e9, 2 ** 32, 2 ** 53 - 1, domain === 'delta' ? -3e9 : 1e9])
    if (x < 0.93) return r.pick([NaN, Infinity, -Infinity, 1.5, -0.5, 1e308, domain === 'amount' ? -1 : 0.25])
    return r.pick<unknown>(['5', '3e9', 'NaN', null, optionalNum ? '-1' : undefined, {}, [3], true])
  }
  const map = (key: () => unknown, value: () => unknown, max: number, optionalMap = false): unknown => {
    if (r.chance(0.06)) return r.chance(0.3) && !optionalMap ? undefined : wrongType('object')
    const out: Record<string, unknown> = {}
    const n = r.int(0, max)
    for (let i = 0; i < n; i++) {
      const k = key()
      out[typeof k === 'string' ? k : String(k)] = value()
    }
    return out
  }
  const keywords = (): unknown => {
    if (r.chance(0.05)) return wrongType('object')
    const ks: unknown[] = r.subset(KEYWORDS, 0.15)
    if (r.chance(0.05)) ks.push(r.pick(['Flying', 'banding', '', 'trample ']))
    if (r.chance(0.03)) ks.push(r.pick([null, 5, {}]))
    return ks
  }
  const idList = (pool: string[], max: number): unknown => {
    if (r.chance(0.05)) return wrongType('object')
    const out: unknown[] = []
    const n = r.int(0, max)
    for (let i = 0; i < n; i++) out.push(idOf(pool))
    return out
  }
  const targets = (): unknown => {
    if (r.chance(0.05)) return r.chance(0.5) ? wrongType('object') : 'A'
    return r.weighted<unknown[]>([[8, [anyId()]], [2, []], [1, [anyId(), anyId()]]])
  }
  const pay = (): unknown => idList(p.objects, 3)
  const assign = (): unknown => map(creature, () => map(anyId, () => num('amount'), 3), 2, true)
  switch (method) {
    case 'drive.attack':
    case 'declareAttackers':
      return [map(creature, () => idOf([...p.players, ...p.objects.filter(() => r.chance(0.2))]), 4)]
    case 'drive.block':
    case 'declareBlockers':
      return [map(creature, creature, 4)]
    case 'drive.combatDamage':
    case 'assignDamage':
      return r.chance(0.6) ? [] : [assign()]
    case 'drive.advance': {
      const to = r.chance(0.85) ? r.pick(STEPS) : r.chance(0.5) ? r.pick(['combat', 'Upkeep', '', 'declareattackers']) : wrongType()
      let options = r.weighted<unknown>([[6, undefined], [3, { nextTurn: true }], [2, { nextTurn: false }], [1, {}]])
      if (r.chance(0.05)) options = r.pick<unknown>([null, { nextTurn: 'yes' }, 'next', { nextTurn: 1 }])
      return options === undefined ? [to] : [to, options]
    }
    case 'drive.cast':
    case 'cast': {
      const options: Record<string, unknown> = {}
      if (r.chance(0.6)) options.targets = targets()
      if (r.chance(0.15)) options.alternative = r.chance(0.8) ? 'plot' : r.pick(['flashback', null, 1])
      if (method === 'drive.cast' && r.chance(0.15)) options.choices = r.chance(0.8) ? { search: r.subset(p.objects, 0.15) } : wrongType('object')
      if (r.chance(0.1)) options.pay = pay()
      return r.chance(0.1) ? [player(), anyId()] : [player(), anyId(), r.chance(0.05) ? wrongType('object') : options]
    }
    case 'drive.activate':
    case 'activate': {
      const ab = r.chance(0.9) ? r.pick(['equip', 'equip planeswalker']) : r.pick(['tap', 'Equip', null, 0])
      const args: unknown[] = [player(), anyId(), ab, targets()]
      if (r.chance(0.15)) args.push(r.chance(0.9) ? { pay: pay() } : wrongType('object'))
      return args
    }
    case 'drive.plot':
    case 'drive.play':
    case 'play':
    case 'plot':
      return [player(), anyId()]
    case 'search':
      return [player(), r.chance(0.3) ? null : idList(p.objects, 2)]
    case 'discard':
    case 'bottom':
      return [player(), idList(p.objects, 3)]
    case 'mulligan':
    case 'keep':
      return [player()]
    case 'act': {
      if (r.chance(0.05)) return [wrongType('object')]
      const type = r.chance(0.95) ? r.pick(ACTION_TYPES) : r.pick(['attack', '', 'PASS'])
      const a: Record<string, unknown> = { type, player: player() }
      switch (type) {
        case 'play':
        case 'plot':
          a.card = anyId()
          break
        case 'cast':
          a.card = anyId()
          if (r.chance(0.6)) a.target = anyId()
          if (r.chance(0.2)) a.plot = r.chance(0.9) ? r.chance(0.5) : 'yes'
          if (r.chance(0.1)) a.pay = pay()
          break
        case 'activate':
          a.object = anyId()
          a.ability = r.chance(0.9) ? r.pick(['equip', 'equip planeswalker']) : 'tap'
          a.target = anyId()
          break
        case 'declareAttackers':
          a.attackers = r.chance(0.05) ? wrongType('object') : Array.from({ length: r.int(0, 3) }, () => ({ attacker: creature(), target: idOf(p.players) }))
          break
        case 'declareBlockers':
          a.blockers = r.chance(0.05) ? wrongType('object') : Array.from({ length: r.int(0, 3) }, () => ({ blocker: creature(), attacker: creature() }))
          break
        case 'assignDamage':
          a.assignments = r.chance(0.05) ? wrongType('object') : Array.from({ length: r.int(0, 2) }, () => ({ creature: creature(), recipient: anyId(), amount: num('amount') }))
          break
        case 'search':
          a.cards = r.chance(0.3) ? null : idList(p.objects, 2)
          break
        case 'discard':
        case 'bottom':
          a.cards = idList(p.objects, 3)
          break
        default:
          break
      }
      return [a]
    }
    case 'grant': {
      if (r.chance(0.05)) return [anyId(), wrongType('object')]
      const change: Record<string, unknown> = {}
      if (r.chance(0.6)) change.keywords = keywords()
      if (r.chance(0.6)) change.power = num('delta', true)
      if (r.chance(0.6)) change.toughness = num('delta', true)
      return [creature(), change]
    }
    case 'lose':
      return [creature(), keywords()]
    case 'dealDamage': {
      if (r.chance(0.04)) return [r.chance(0.2) ? undefined : wrongType('object')]
      const d: Record<string, unknown> = { to: anyId(), amount: num('amount') }
      if (r.chance(0.4)) d.source = idOf(p.creatures.length > 0 && r.chance(0.8) ? p.creatures : p.all, true)
      return [d]
    }
    case 'destroy':
    case 'exile':
    case 'removeFromCombat':
      return [anyId()]
    case 'restore':
      if (snapshots.length > 0 && r.chance(0.75)) return [r.pick(snapshots)]
      return [r.pick<unknown>([null, undefined, {}, 5, 'snapshot', { entities: 3 }, []])]
    default:
      return []
  }
}

/** An action that `legalActions()` lists (for `legal`), or null when it lists none. */
function listedAction(r: FuzzRng, game: Game): Record<string, unknown> | null {
  const l = legalActions(game)
  if (l.player === null) return null
  const player = l.player
  const options: (() => Record<string, unknown>)[] = []
  switch (l.kind) {
    case 'priority':
      if (l.pass) options.push(() => ({ type: 'pass', player }))
      if (l.play.length > 0) options.push(() => ({ type: 'play', player, card: r.pick(l.play) }))
      if (l.plot.length > 0) options.push(() => ({ type: 'plot', player, card: r.pick(l.plot) }))
      if (l.cast.length > 0) {
        options.push(() => {
          const c = r.pick(l.cast)
          return { type: 'cast', player, card: c.card, ...(c.targets.length > 0 ? { target: r.pick(c.targets) } : {}), ...(c.plot ? { plot: true } : {}) }
        })
      }
      if (l.activate.length > 0) {
        options.push(() => {
          const a = r.pick(l.activate)
          return { type: 'activate', player, object: a.object, ability: a.ability, target: r.pick(a.targets) }
        })
      }
      break
    case 'declareAttackers':
      options.push(() => ({
        type: 'declareAttackers',
        player,
        attackers: r.shuffle([...l.attackers]).slice(0, r.int(0, 2)).filter((a) => a.targets.length > 0).map((a) => ({ attacker: a.attacker, target: r.pick(a.targets) })),
      }))
      break
    case 'declareBlockers':
      options.push(() => {
        const b = l.blockers.filter((x) => x.attackers.length > 0)
        const one = b.length > 0 && r.chance(0.8) ? r.pick(b) : null
        return { type: 'declareBlockers', player, blockers: one ? [{ blocker: one.blocker, attacker: r.pick(one.attackers) }] : [] }
      })
      break
    case 'assignDamage':
      options.push(() => ({ type: 'assignDamage', player, assignments: [] }))
      break
    case 'search':
      options.push(() => ({ type: 'search', player, cards: r.chance(0.5) ? null : l.cards.slice(0, Math.min(l.count, r.int(0, l.count))) }))
      break
    case 'discard':
    case 'bottom':
      options.push(() => ({ type: l.kind, player, cards: r.shuffle([...l.cards]).slice(0, l.count) }))
      break
    case 'mulligan':
      options.push(() => ({ type: 'keep', player }))
      if (l.mulligan) options.push(() => ({ type: 'mulligan', player }))
      break
    default:
      break
  }
  return options.length === 0 ? null : r.pick(options)()
}

function isOver(state: GameState): boolean {
  return Object.values(state.players).filter((p) => !p.lost).length <= 1
}

/** The scenario format's action names, as the driver's methods are named. */
const DRIVER_METHOD: Readonly<Record<string, string>> = {
  attack: 'walkToAttack', block: 'walkToBlock', combatDamage: 'walkToDamage', advance: 'walkTo',
  cast: 'castAndResolve', activate: 'activateAndResolve', plot: 'plotWhenPriority', play: 'playWhenPriority',
}

/** The calls that are functions over a game rather than its methods. */
const FREE_FUNCTIONS: Readonly<Record<string, (game: Game, ...args: unknown[]) => unknown>> = {
  snapshot: (game) => snapshot(game),
  restore: (game, s) => restore(game, s as Snapshot),
  state: (game) => gameState(game),
  legalActions: (game) => legalActions(game),
}

function invoke(game: Game, method: Method, args: unknown[]): unknown {
  const name = method === 'legal' ? 'act' : method
  if (name.startsWith('drive.')) {
    const driver = drive(game)
    const fn = (driver as unknown as Record<string, (...a: unknown[]) => unknown>)[DRIVER_METHOD[name.slice(6)]!]!
    return fn.apply(driver, args)
  }
  const free = FREE_FUNCTIONS[name]
  if (free) return free(game, ...args)
  const fn = (game as unknown as Record<string, (...a: unknown[]) => unknown>)[name]!
  return fn.apply(game, args)
}

/** The arithmetic of accepted well-typed actions: damage to a player and +N/+N add exactly, saturating at the ends of the declared ranges (src/core/limits.ts); the source of damage is an object. */
function arithmetic(rec: Recorder, call: Call, shown: string, before: GameState, now: GameState): void {
  if (call.method === 'dealDamage') {
    const d = call.args[0] as { to: string; amount: number; source?: string }
    if (d.source !== undefined && before.players[d.source]) {
      rec.fault('player-accepted-as-damage-source', `${shown}: the source is the player ${d.source}; a source of damage is an object (CR 120.1, docs/scenario-format.md: "source (optional object id)")`)
    }
    if (d.source !== undefined) return
    const p = before.players[d.to]
    if (!p || p.lost) return
    // src/core/limits.ts: life saturates at the ends of its range.
    const expected = Math.max(LIMITS.life.min, Math.min(LIMITS.life.max, p.life - d.amount))
    if (now.players[d.to]!.life !== expected) rec.fault('damage-arithmetic', `${shown}: life ${p.life} - ${d.amount} should be ${expected}, is ${now.players[d.to]!.life}`)
  } else if (call.method === 'grant') {
    const [object, change] = call.args as [string, { power?: number; toughness?: number }]
    const b = before.objects[object]
    const a = now.objects[object]
    if (!b || !a || b.zone !== 'battlefield' || a.zone !== 'battlefield') return
    for (const field of ['power', 'toughness'] as const) {
      const was = b[field]
      const is = a[field]
      if (was === null || is === null) continue
      // src/core/limits.ts: the sum saturates at the ends of the range.
      const expected = Math.max(LIMITS[field].min, Math.min(LIMITS[field].max, was + (change[field] ?? 0)))
      if (is !== expected) rec.fault('grant-arithmetic', `${shown}: ${field} ${was} + ${change[field] ?? 0} should be ${expected}, is ${is}`)
    }
  }
}

export function apiCase(rec: Recorder, r: FuzzRng): { outcome: string; input: string } {
  let position: Json = generatePosition(r, { absurd: 0.02 })
  const mutated = r.chance(0.1)
  if (mutated) {
    const m = mutateDoc(r, position)
    position = m.doc
    rec.log(`position: ${m.what}`)
  }
  const gameSeed = r.u32()
  const lines = [`import { createGame } from './src/index.js'`, `const game = createGame(${lit(position)}, { seed: ${gameSeed} })`]
  const input = (): string => lines.join('\n')
  let game: Game
  try {
    game = createGame(position as never, { seed: gameSeed })
  } catch (error) {
    if (error instanceof RedzoneError) {
      rec.log(`createGame: RedzoneError ${error.message.split('\n').slice(0, 3).join(' ')}`)
      return { outcome: 'position-rejected', input: input() }
    }
    rec.fault(`create-game-threw: ${errorKind(error)}`, errorDetail(error))
    return { outcome: 'position-crashed', input: input() }
  }
  // A mutated position the engine took: go on only if it still has the shape the calls need.
  const shaped = (key: string): boolean => {
    const v = plain(position) ? position[key] : undefined
    return Array.isArray(v) && v.every((x) => plain(x) && typeof x.id === 'string')
  }
  if (!shaped('players') || !shaped('objects')) return { outcome: 'api-sequence', input: input() }
  const pos = position as JsonObject
  const players = (pos.players as JsonObject[]).map((p) => p.id as string)
  const objects = (pos.objects as JsonObject[]).map((o) => o.id as string)
  const creatures = (pos.objects as JsonObject[]).filter((o) => (o.types as string[] | undefined)?.includes?.('creature') || (o.card !== undefined && o.power === undefined)).map((o) => o.id as string)
  const pools: Pools = { players, objects, creatures, all: [...players, ...objects] }
  let startClean: boolean
  try {
    startClean = checkStartingSba(rec, gameState(game))
  } catch (error) {
    rec.fault(`state-threw: ${errorKind(error)}`, errorDetail(error))
    return { outcome: 'api-sequence', input: input() }
  }
  const snapshots: unknown[] = []
  const snapshotDigests: string[] = []
  // Once a call with a wrong argument was accepted, the game may hold garbage ("3" + "5"): later arithmetic is not checked.
  let tainted = false
  const steps = r.int(5, 50)
  for (let step = 0; step < steps; step++) {
    const method = r.weighted<Method>([
      [8, 'drive.attack'], [5, 'drive.block'], [5, 'drive.combatDamage'], [5, 'drive.advance'], [3, 'drive.cast'], [2, 'drive.activate'],
      [1, 'drive.plot'], [1, 'drive.play'], [5, 'act'], [14, 'legal'], [4, 'pass'], [2, 'play'], [3, 'cast'], [2, 'activate'], [1, 'plot'],
      [3, 'declareAttackers'], [3, 'declareBlockers'], [2, 'assignDamage'], [1, 'search'], [1, 'discard'], [1, 'mulligan'], [1, 'keep'],
      [1, 'bottom'], [4, 'grant'], [2, 'lose'], [5, 'dealDamage'], [2, 'destroy'], [2, 'exile'], [2, 'removeFromCombat'],
      [2, 'snapshot'], [2, 'restore'], [2, 'state'], [1, 'pendingDecision'], [1, 'legalActions'],
    ])
    let args: unknown[]
    let listed = false
    if (method === 'legal') {
      let action: Record<string, unknown> | null
      try {
        action = listedAction(r, game)
      } catch (error) {
        rec.fault(`legal-actions-threw: ${errorKind(error)}`, errorDetail(error))
        continue
      }
      if (action === null) continue
      args = [action]
      listed = true
    } else args = generateArgs(r, method, pools, snapshots)
    const call: Call = { method, args, flags: classify(method, args, snapshots), listed }
    const name = method === 'legal' ? 'act' : method
    const shown = `game.${name}(${args.map((a) => lit(a, snapshots)).join(', ')})`
    let before: GameState
    let digest: string
    try {
      before = gameState(game)
      digest = worldDigest(worldOf(game))
    } catch (error) {
      rec.fault(`state-threw: ${errorKind(error)}`, errorDetail(error))
      lines.push(`${shown} // game.state() threw before this call`)
      return { outcome: 'api-sequence', input: input() }
    }
    const over = isOver(before)
    let result: unknown
    try {
      result = invoke(game, method, args)
    } catch (error) {
      const changed = worldDigest(worldOf(game)) !== digest
      if (error instanceof RedzoneError) {
        rec.count('redzone-error')
        if (changed) rec.fault(`redzone-error-changed-game: ${name}`, `${shown} threw ${errorDetail(error)} after changing the game`)
        lines.push(`${shown} // throws ${error.message.split('\n')[0]!.slice(0, 120)}`)
      } else {
        const bad = call.flags.ill ? 'threw-on-ill-typed-argument' : call.flags.odd ? 'threw-on-out-of-domain-number' : 'threw'
        rec.fault(`${bad}: ${name}: ${errorKind(error)}`, `${shown} threw ${errorDetail(error)}`)
        lines.push(`${shown} // FAULT: throws ${errorDetail(error).slice(0, 200)}`)
      }
      continue
    }
    const after = worldDigest(worldOf(game))
    if (method === 'snapshot') {
      snapshots.push(result)
      snapshotDigests.push(after)
      lines.push(`const s${snapshots.length - 1} = game.snapshot()`)
      continue
    }
    if (QUERIES.has(method)) {
      if (after !== digest) rec.fault(`query-changed-game: ${name}`, shown)
      lines.push(shown)
      continue
    }
    if (method === 'restore') {
      const s = snapshots.indexOf(args[0])
      if (call.flags.ill) rec.fault('restore-accepted-garbage', `${shown} returned without an error`)
      else if (s >= 0 && after !== snapshotDigests[s]) rec.fault('restore-not-exact', `${shown}: the game differs from the one the snapshot was taken of`)
      lines.push(shown)
      try {
        checkState(rec, gameState(game), `after ${shown}`, false)
      } catch (error) {
        rec.fault(`state-threw: ${errorKind(error)}`, `after ${shown}: ${errorDetail(error)}`)
      }
      continue
    }
    // An action: an ActionResult.
    const res = result as { ok?: unknown; error?: { code?: unknown; message?: unknown; rule?: unknown } } | null
    if (res === null || typeof res !== 'object' || typeof res.ok !== 'boolean') {
      rec.fault(`not-an-action-result: ${name}`, `${shown} returned ${lit(result).slice(0, 100)}`)
      continue
    }
    if (res.ok === false) {
      rec.count('action-rejected')
      const code = res.error?.code
      rec.count(`code:${String(code)}`)
      if (typeof code !== 'string' || !KEBAB.test(code)) rec.fault(`bad-error-code: ${name}`, `${shown} -> code ${lit(code)}`)
      else if (!isRejectCode(code)) rec.fault(`code-not-in-REJECT_CODES: ${code}`, `${shown} -> code ${lit(code)}`)
      if (typeof res.error?.message !== 'string') rec.fault(`rejection-without-message: ${name}`, shown)
      if (after !== digest) rec.fault(`rejection-changed-game: ${name} ${String(code)}`, `${shown} was rejected (${String(code)}) but changed the game`)
      const action = args[0] as { type?: string }
      if (listed && !(action.type === 'declareBlockers' && code === 'menace')) {
        rec.fault(`listed-action-rejected: ${String(action.type)} ${String(code)}`, `${shown}, an action legalActions() listed, was rejected: ${String(code)}: ${String(res.error?.message)}`)
      }
      lines.push(`${shown} // rejected: ${String(code)}${listed ? ' (listed by legalActions())' : ''}`)
    } else {
      rec.count('action-ok')
      lines.push(`${shown} // ok${listed ? ' (listed by legalActions())' : ''}`)
      if (over && after !== digest) rec.fault(`accepted-after-game-over: ${name}`, `${shown} was accepted and changed the game after it ended (104.2a: every later action is rejected)`)
      if (call.flags.ill) rec.fault(`accepted-ill-typed-argument: ${name}`, `${shown} was accepted with an argument of the wrong type`)
      else if (call.flags.odd) rec.fault(`accepted-out-of-domain-number: ${name}`, `${shown} was accepted with a number that is not a whole number in range`)
      if (call.flags.ill || call.flags.odd) tainted = true
      else if (!tainted) {
        try {
          arithmetic(rec, call, shown, before, gameState(game))
        } catch (error) {
          rec.fault(`state-threw: ${errorKind(error)}`, `after ${shown}: ${errorDetail(error)}`)
        }
      }
    }
    try {
      checkState(rec, gameState(game), `after ${shown}`, startClean && !tainted && res.ok && !over)
    } catch (error) {
      rec.fault(`state-threw: ${errorKind(error)}`, `after ${shown}: ${errorDetail(error)}`)
    }
  }
  return { outcome: 'api-sequence', input: input() }
}
