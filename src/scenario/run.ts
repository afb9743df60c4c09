import { worldDigest } from '../state/digest.js'
import { RedzoneError, type ActionResult, type RuleViolation } from '../core/errors.js'
import { describeValue } from '../core/limits.js'
import { isPlainObject } from '../api/args.js'
import { fieldPath } from '../state/check-position.js'
import { EVENT_FIELDS, EVENT_NAMES, type GameEventName } from '../core/events.js'
import { Game, worldOf } from '../api/game.js'
import { drive } from '../api/game-driver.js'
import { gameState } from '../api/views.js'
import type { GameState } from '../api/game-state.js'
import { expectSchema, type Scenario, type ScenarioAction, type ScenarioExpect } from './schema.js'
import { describeIssue, jsonPath } from './load.js'

export interface ActionOutcome {
  ok: boolean
  error?: RuleViolation
  /** For `expect` actions: the checks that did not hold. */
  mismatches?: string[]
}

/** The `redzone-result/1` document printed by `redzone run --json`. */
export interface ScenarioResult {
  format: 'redzone-result/1'
  name: string
  actions: ActionOutcome[]
  state: GameState
  events: Record<string, unknown>[]
  /**
   * Why the scenario fails its own `expect`/`expectError` (the lines `check` prints; empty when it
   * passes): a tool reading `run --json` tells a failing scenario from a passing one here.
   */
  failures: string[]
}

export interface ScenarioRun {
  result: ScenarioResult
  /** Why the scenario fails its own `expect`/`expectError` (empty when it passes). */
  failures: string[]
}

function perform(game: Game, action: ScenarioAction): ActionResult {
  switch (action.do) {
    case 'attack':
      return drive(game).walkToAttack(action.attackers)
    case 'block':
      return drive(game).walkToBlock(action.blockers)
    case 'combatDamage':
      return drive(game).walkToDamage(action.assign)
    case 'advance':
      return drive(game).walkTo(action.to, { nextTurn: action.turn === 'next' })
    case 'grant':
      return game.grant(action.object, { keywords: action.keywords ?? [], power: action.power ?? 0, toughness: action.toughness ?? 0 })
    case 'lose':
      return game.lose(action.object, action.keywords)
    case 'dealDamage':
      return game.dealDamage(action.source === undefined ? { to: action.to, amount: action.amount } : { source: action.source, to: action.to, amount: action.amount })
    case 'destroy':
      return game.destroy(action.object)
    case 'exile':
      return game.exile(action.object)
    case 'removeFromCombat':
      return game.removeFromCombat(action.object)
    case 'cast':
      return drive(game).castAndResolve(action.player, action.card, {
        ...(action.targets ? { targets: action.targets } : {}),
        ...(action.alternative ? { alternative: action.alternative } : {}),
        ...(action.choices ? { choices: action.choices } : {}),
        ...(action.pay ? { pay: action.pay } : {}),
      })
    case 'activate':
      return drive(game).activateAndResolve(action.player, action.object, action.ability, action.targets ?? [], action.pay ? { pay: action.pay } : {})
    case 'plot':
      return drive(game).plotWhenPriority(action.player, action.card)
    case 'play':
      return drive(game).playWhenPriority(action.player, action.card)
    case 'expect':
      return { ok: true }
  }
}

/**
 * The parts of a game state `compareExpect` reads, each of its shape, else `invalid-argument` naming
 * it: a state of the wrong kind must not read as one where every expectation holds.
 */
function checkState(state: unknown): asserts state is GameState {
  const fail = (path: string, expected: string, value: unknown): never => {
    throw new RedzoneError('invalid-argument', `compareExpect: ${path}: expected ${expected}, got ${describeValue(value)}`)
  }
  if (!isPlainObject(state)) fail('state', "a game state (gameState(game), or a redzone-result/1 document's state)", state)
  const { players, objects, turn, legal } = state as Record<string, unknown>
  if (!isPlainObject(players)) return fail('state.players', 'an object of players by id', players)
  if (!isPlainObject(objects)) return fail('state.objects', 'an object of objects by id', objects)
  if (!isPlainObject(turn)) return fail('state.turn', 'an object ({ number, active, step, landsPlayed })', turn)
  if (!isPlainObject(legal)) return fail('state.legal', 'an object ({ canPlay, canCast, canAttack, canBlock })', legal)
  for (const [id, player] of Object.entries(players)) if (!isPlainObject(player)) fail(`state.players${fieldPath(id)}`, 'a player ({ life, lost })', player)
  for (const [id, object] of Object.entries(objects)) if (!isPlainObject(object)) fail(`state.objects${fieldPath(id)}`, 'an object state ({ zone, power, ... })', object)
  for (const name of ['canPlay', 'canCast'] as const) if (!Array.isArray(legal[name])) fail(`state.legal.${name}`, 'a list of ids', legal[name])
  for (const name of ['canAttack', 'canBlock'] as const) {
    const record = legal[name]
    if (!isPlainObject(record)) return fail(`state.legal.${name}`, 'an object of lists of ids by id', record)
    for (const [id, list] of Object.entries(record)) if (!Array.isArray(list)) fail(`state.legal.${name}${fieldPath(id)}`, 'a list of ids', list)
  }
}

/**
 * Compares the state with an expectation; each mismatch as a sentence. A `state` that is not a game
 * state or an `expect` that is not an expectation of the format (`expect` of docs/scenario-format.md,
 * without `do`: unknown fields, wrong types) throws `RedzoneError` `invalid-argument` with its path.
 */
export function compareExpect(state: GameState, expect: ScenarioExpect): string[] {
  checkState(state)
  if (!isPlainObject(expect)) {
    throw new RedzoneError('invalid-argument', `compareExpect: expect: expected an expectation (an object such as { "life": { "A": 20 } }), got ${describeValue(expect)}`)
  }
  const parsed = expectSchema.safeParse(expect)
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `${jsonPath(issue.path, 'expect')}: ${describeIssue(issue)}`)
    throw new RedzoneError('invalid-argument', `compareExpect: ${issues.join('; ')}`)
  }
  return compareChecked(state, expect)
}

/** `compareExpect` of a state and an expectation known to be of their shapes (a played scenario's). */
function compareChecked(state: GameState, expect: ScenarioExpect): string[] {
  const out: string[] = []
  const eq = (what: string, actual: unknown, expected: unknown): void => {
    if (JSON.stringify(actual) !== JSON.stringify(expected)) out.push(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`)
  }
  for (const [id, life] of Object.entries(expect.life ?? {})) eq(`life of ${id}`, state.players[id]?.life, life)
  if (expect.lost) {
    const lost = Object.entries(state.players).filter(([, p]) => p.lost).map(([id]) => id).sort()
    eq('players who lost', lost, [...expect.lost].sort())
  }
  const objectField = <K extends 'zone' | 'damage' | 'loyalty' | 'power' | 'toughness' | 'tapped' | 'attachedTo' | 'plotted'>(field: K): void => {
    for (const [id, value] of Object.entries(expect[field] ?? {})) eq(`${field} of ${id}`, state.objects[id]?.[field], value)
  }
  objectField('zone')
  objectField('damage')
  objectField('loyalty')
  objectField('power')
  objectField('toughness')
  objectField('tapped')
  objectField('attachedTo')
  objectField('plotted')
  for (const [id, keywords] of Object.entries(expect.keywords ?? {})) {
    eq(`keywords of ${id}`, state.objects[id]?.keywords, [...keywords].sort())
  }
  if (expect.step !== undefined) eq('step', state.turn.step, expect.step)
  // What is legal now: each compared whole, lists as sets.
  const sorted = (list: readonly string[]): string[] => [...list].sort()
  const sortedRecord = (record: Readonly<Record<string, readonly string[]>>): Record<string, string[]> =>
    Object.fromEntries(Object.keys(record).sort().map((k) => [k, sorted(record[k]!)]))
  if (expect.canPlay) eq('canPlay', sorted(state.legal.canPlay), sorted(expect.canPlay))
  if (expect.canCast) eq('canCast', sorted(state.legal.canCast), sorted(expect.canCast))
  if (expect.canAttack) eq('canAttack', sortedRecord(state.legal.canAttack), sortedRecord(expect.canAttack))
  if (expect.canBlock) eq('canBlock', sortedRecord(state.legal.canBlock), sortedRecord(expect.canBlock))
  return out
}

/** Plays a (validated) scenario: every action in order, recording events, then the final state and checks. */
export function runScenario(scenario: Scenario, options: { seed?: number } = {}): ScenarioRun {
  const game = new Game(scenario, options)
  const events: Record<string, unknown>[] = []
  for (const name of EVENT_NAMES) {
    game.on(name as GameEventName, ((...args: unknown[]) => events.push(eventJson(game, name, args))) as never)
  }
  const failures: string[] = []
  const outcomes: ActionOutcome[] = []
  ;(scenario.actions ?? []).forEach((action, i) => {
    const where = `actions[${i}] (${action.do})`
    // Every rejection must leave the game exactly as it was: checked for each action.
    const before = action.do === 'expect' ? null : worldDigest(worldOf(game))
    const result = perform(game, action)
    const outcome: ActionOutcome = result.ok ? { ok: true } : { ok: false, error: result.error }
    if (action.do === 'expect') {
      const { do: _do, ...expect } = action
      const mismatches = compareChecked(gameState(game), expect)
      if (mismatches.length > 0) {
        outcome.mismatches = mismatches
        failures.push(...mismatches.map((m) => `${where}: ${m}`))
      }
    } else {
      const expected = action.expectError
      if (expected) {
        if (result.ok) failures.push(`${where}: expected an error${typeof expected === 'string' ? ` "${expected}"` : ''}, but the action was accepted`)
        else {
          if (typeof expected === 'string' && result.error.code !== expected) {
            failures.push(`${where}: expected error "${expected}", got "${result.error.code}": ${result.error.message}`)
          }
        }
      } else if (!result.ok) {
        failures.push(`${where}: rejected with "${result.error.code}": ${result.error.message}${result.error.rule ? ` (CR ${result.error.rule})` : ''}`)
      }
      if (!result.ok && before !== null && worldDigest(worldOf(game)) !== before) {
        failures.push(`${where}: the rejected action changed the game`)
      }
    }
    outcomes.push(outcome)
  })
  const state = gameState(game)
  if (scenario.expect) failures.push(...compareExpect(state, scenario.expect).map((m) => `expect: ${m}`))
  return {
    result: { format: 'redzone-result/1', name: scenario.name, actions: outcomes, state, events, failures },
    failures,
  }
}

/** An event as JSON: `type` ("damage" for damageDealt, as in docs/scenario-format.md, else the event name), `event`, named fields. */
function eventJson(game: Game, name: GameEventName, args: readonly unknown[]): Record<string, unknown> {
  const out: Record<string, unknown> = { type: name === 'damageDealt' ? 'damage' : name, event: name }
  EVENT_FIELDS[name].forEach((field, i) => {
    const value = args[i]
    if (field.startsWith('@')) out[field.slice(1)] = value === 0 ? null : game.id(value as number)
    else out[field] = value
  })
  return out
}
