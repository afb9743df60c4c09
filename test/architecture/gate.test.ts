/**
 * One gate (CR 117: priority; 508.1, 509.1, 510.1, ...: the decisions a game stops for): every
 * change to a game goes through `act`, which answers only the pending decision by its decider.
 * For every function any public entry exports (`redzone`, `redzone/sim`, `redzone/rl`,
 * `redzone/scenario`, `redzone/node`, `redzone/worker`), and every method of `Game` and of the scenario driver:
 * called for a player without priority, or out of turn, the answer is a rejection and the game is
 * unchanged (digest). A function that can't change a game is listed with why; a new export that
 * is in no list fails this test.
 */
import { MessageChannel } from 'node:worker_threads'
import { describe, expect, it } from 'vitest'
import * as client from '../../src/index.js'
import * as sim from '../../src/sim.js'
import * as rl from '../../src/rl.js'
import * as scenario from '../../src/scenario/index.js'
import * as node from '../../src/node/index.js'
import * as worker from '../../src/worker/index.js'
import { worldDigest } from '../../src/state/digest.js'
import { worldOf as worldBehind, type Game } from '../../src/api/game.js'
import type { ActionResult } from '../../src/core/errors.js'
import { cardInHand, inHand, lands, LIBRARIES, creature } from '../helpers.js'

/** A holds priority in their precombat main phase; B has an instant, a land, a creature, a plot card and an Equipment to use. */
function game(): Game {
  return client.createGame({
    players: [{ id: 'A' }, { id: 'B' }],
    objects: [
      creature('bear', 'A', 2, 2),
      cardInHand('forestA', 'A', 'Forest'),
      ...lands('B', 'Mountain', 4, 'mountainB'),
      ...lands('B', 'Forest', 1, 'forestBF'),
      creature('wall', 'B', 0, 4),
      { id: 'sword', controller: 'B', card: 'Short Sword' },
      cardInHand('shock', 'B', 'Shock'),
      cardInHand('forestB', 'B', 'Forest'),
      cardInHand('paladin', 'B', 'Spinewoods Paladin'),
      inHand('ogre', 'B', { types: ['creature'], manaCost: '{1}', power: 2, toughness: 2 }),
      ...LIBRARIES,
    ],
  })
}

const digest = (g: Game): string => worldDigest(worldBehind(g))

/** The call is rejected (with one of `codes`, when given) and the game is exactly as it was. */
function rejectedUnchanged(call: (g: Game) => ActionResult, codes?: readonly string[]): void {
  const g = game()
  expect(g.pendingDecision()).toEqual({ kind: 'priority', player: 'A', rule: '117.3', count: 0 })
  const before = digest(g)
  const version = g.version
  const result = call(g)
  expect(result.ok, JSON.stringify(result)).toBe(false)
  if (codes && !result.ok) expect(codes).toContain(result.error.code)
  expect(digest(g)).toBe(before)
  expect(g.version).toBe(version)
}

/** The call changes no game (it reads, or builds something of its own). */
function unchanged(call: (g: Game) => unknown): void {
  const g = game()
  const before = digest(g)
  call(g)
  expect(digest(g)).toBe(before)
}

const NOT_PRIORITY = ['not-your-priority']
const NOT_AWAITED = ['not-awaited']

/** Every method of `Game`, with a call for a player who may not make it now. */
const GAME_METHODS: Record<string, { gate: (g: Game) => ActionResult; codes?: readonly string[] } | { why: string; check?: (g: Game) => unknown }> = {
  act: { gate: (g) => g.act({ type: 'cast', player: 'B', card: 'shock', target: 'bear' }), codes: NOT_PRIORITY },
  play: { gate: (g) => g.play('B', 'forestB'), codes: NOT_PRIORITY },
  cast: { gate: (g) => g.cast('B', 'shock', { targets: ['bear'] }), codes: NOT_PRIORITY },
  activate: { gate: (g) => g.activate('B', 'sword', 'equip', ['wall']), codes: NOT_PRIORITY },
  plot: { gate: (g) => g.plot('B', 'paladin'), codes: NOT_PRIORITY },
  declareAttackers: { gate: (g) => g.declareAttackers({ bear: 'B' }), codes: NOT_AWAITED },
  declareBlockers: { gate: (g) => g.declareBlockers({ wall: 'bear' }), codes: NOT_AWAITED },
  assignDamage: { gate: (g) => g.assignDamage({}), codes: NOT_AWAITED },
  search: { gate: (g) => g.search('B', null), codes: NOT_AWAITED },
  discard: { gate: (g) => g.discard('B', ['shock']), codes: NOT_AWAITED },
  mulligan: { gate: (g) => g.mulligan('B'), codes: NOT_AWAITED },
  keep: { gate: (g) => g.keep('B'), codes: NOT_AWAITED },
  bottom: { gate: (g) => g.bottom('B', []), codes: NOT_AWAITED },
  // Effects from outside the game belong to no player: they are `act`s too, checked in full.
  grant: { gate: (g) => g.grant('shock', { power: 1 }), codes: ['not-on-battlefield'] },
  lose: { gate: (g) => g.lose('shock', ['flying']), codes: ['not-on-battlefield'] },
  dealDamage: { gate: (g) => g.dealDamage({ to: 'shock', amount: 2 }), codes: ['illegal-target'] },
  destroy: { gate: (g) => g.destroy('forestA'), codes: ['not-on-battlefield'] },
  exile: { gate: (g) => g.exile('A'), codes: ['illegal-target'] },
  removeFromCombat: { gate: (g) => g.removeFromCombat('forestA'), codes: ['not-on-battlefield'] },
  pass: { why: 'passes for the player who holds priority (no player to give): an answer of the decider', check: (g) => g.pendingDecision() },
  constructor: { why: 'builds a new game' },
  eid: { why: 'reads', check: (g) => g.eid('bear') },
  id: { why: 'reads', check: (g) => g.id(g.eid('bear')!) },
  version: { why: 'reads', check: (g) => g.version },
  pendingDecision: { why: 'reads', check: (g) => g.pendingDecision() },
  on: { why: 'subscribes to events (listeners must not change the game)', check: (g) => g.on('damageDealt', () => {})() },
  track: { why: 'private: counts a change made through the gate' },
  idOrNull: { why: 'private: reads' },
  decider: { why: 'private: reads' },
}

/** Every method of the scenario driver: the scenario format's actions walk the turn through `act` and can't do what the rules forbid. */
const DRIVER_METHODS: Record<string, { gate: (g: Game) => ActionResult; codes?: readonly string[] } | { why: string }> = {
  walkToAttack: { gate: (g) => client.drive(g).walkToAttack({ wall: 'A' }), codes: ['not-your-creature'] },
  walkToBlock: { gate: (g) => client.drive(g).walkToBlock({ wall: 'bear' }), codes: ['attackers-not-declared'] },
  walkToDamage: { gate: (g) => client.drive(g).walkToDamage(), codes: ['attackers-not-declared'] },
  walkTo: { gate: (g) => client.drive(g).walkTo('upkeep'), codes: ['not-a-later-step'] },
  castAndResolve: { gate: (g) => client.drive(g).castAndResolve('B', 'ogre'), codes: ['not-sorcery-timing'] },
  activateAndResolve: { gate: (g) => client.drive(g).activateAndResolve('B', 'sword', 'equip', ['wall']), codes: ['not-sorcery-timing'] },
  playWhenPriority: { gate: (g) => client.drive(g).playWhenPriority('B', 'forestB'), codes: ['not-sorcery-timing'] },
  plotWhenPriority: { gate: (g) => client.drive(g).plotWhenPriority('B', 'paladin'), codes: ['not-sorcery-timing'] },
  constructor: { why: 'a driver of a game (`drive(game)`)' },
}

type Classified = { gate: (g: Game) => ActionResult; codes?: readonly string[] } | { why: string; check?: (g: Game) => unknown }

/** Every run-time export of the public entries that is a function or a class. */
const EXPORTS: Record<string, Classified> = {
  // redzone
  'redzone.Game': { why: 'the class: its methods are listed in GAME_METHODS' },
  'redzone.createGame': { why: 'builds a new game' },
  'redzone.checkPosition': { why: 'checks a position (pure)' },
  'redzone.isPlayerAction': { why: 'pure' },
  'redzone.isRejectCode': { why: 'pure' },
  'redzone.RedzoneError': { why: 'an error class' },
  'redzone.legalActions': { why: 'reads', check: (g) => client.legalActions(g) },
  'redzone.gameState': { why: 'reads', check: (g) => client.gameState(g) },
  'redzone.clientState': { why: 'reads', check: (g) => client.clientState(g, 'B') },
  'redzone.onEvent': { why: 'subscribes (listeners must not change the game)', check: (g) => client.onEvent(g, () => {}, { viewer: 'A' })() },
  'redzone.snapshot': { why: 'reads (a copy)', check: (g) => client.snapshot(g) },
  'redzone.restore': {
    why: 'state management: puts back a snapshot of a game built from the same position (undo), checked first; a snapshot of another position is refused',
    check: (g) => expect(() => client.restore(g, client.snapshot(client.createGame({ players: [{ id: 'A' }, { id: 'B' }], objects: [] })))).toThrow(/another position/),
  },
  'redzone.toJSON': { why: 'reads', check: (g) => client.toJSON(g) },
  'redzone.toBinary': { why: 'reads', check: (g) => client.toBinary(g) },
  'redzone.checksum': { why: 'reads', check: (g) => client.checksum(g) },
  'redzone.fromJSON': { why: 'builds a new game', check: (g) => client.fromJSON(client.toJSON(g)) },
  'redzone.fromBinary': { why: 'builds a new game', check: (g) => client.fromBinary(client.toBinary(g)) },
  'redzone.drive': { why: 'the driver of a game: its methods are listed in DRIVER_METHODS' },
  'redzone.parseManaCost': { why: 'pure' },
  'redzone.formatManaCost': { why: 'pure' },
  'redzone.manaValue': { why: 'pure' },
  // redzone/sim
  'redzone/sim.act': {
    gate: (g) => sim.act(sim.worldOf(g), { type: 'cast', player: g.eid('B')!, card: g.eid('shock')!, target: g.eid('bear')! }),
    codes: NOT_PRIORITY,
  },
  'redzone/sim.passIfForced': {
    // A could play a land: passing is not forced, so nothing happens.
    why: 'passes only for the priority holder with nothing else to do (CR 117.3d)',
    check: (g) => expect(sim.passIfForced(sim.worldOf(g))).toBe(false),
  },
  'redzone/sim.restore': {
    why: 'state management: puts back a snapshot of a world built from the same position, checked first',
    check: (g) => expect(() => sim.restore(sim.worldOf(g), {} as never)).toThrow(/snapshot/),
  },
  'redzone/sim.snapshot': { why: 'reads (a copy)', check: (g) => sim.snapshot(sim.worldOf(g)) },
  'redzone/sim.worldOf': { why: 'reads', check: (g) => sim.worldOf(g) },
  'redzone/sim.pendingDecision': { why: 'reads', check: (g) => sim.pendingDecision(sim.worldOf(g)) },
  'redzone/sim.legalActions': { why: 'reads', check: (g) => sim.legalActions(sim.worldOf(g)) },
  'redzone/sim.winnerOf': { why: 'reads', check: (g) => sim.winnerOf(sim.worldOf(g)) },
  'redzone/sim.viewOf': { why: 'reads (a view)', check: (g) => sim.viewOf(sim.worldOf(g), g.eid('B')!).hand() },
  'redzone/sim.randomAction': {
    why: 'chooses an action (returns it, takes none)',
    check: (g) => sim.randomAction(new sim.Rng(1), sim.viewOf(sim.worldOf(g), g.eid('A')!), sim.pendingDecision(sim.worldOf(g)), sim.legalActions(sim.worldOf(g))),
  },
  'redzone/sim.heuristicAction': {
    why: 'chooses an action (returns it, takes none)',
    check: (g) => sim.heuristicAction(new sim.Rng(1), sim.viewOf(sim.worldOf(g), g.eid('A')!), sim.pendingDecision(sim.worldOf(g)), sim.legalActions(sim.worldOf(g))),
  },
  'redzone/sim.forcedAction': { why: 'pure', check: (g) => sim.forcedAction(sim.legalActions(sim.worldOf(g))) },
  'redzone/sim.createDeckGame': { why: 'builds a new game' },
  'redzone/sim.deckPosition': { why: 'pure' },
  'redzone/sim.deckCards': { why: 'pure' },
  'redzone/sim.deckIssues': { why: 'pure' },
  'redzone/sim.parseDeckList': { why: 'pure' },
  'redzone/sim.engineVersion': { why: 'pure' },
  'redzone/sim.playGame': { why: 'plays a game of its own (through act)' },
  'redzone/sim.replay': { why: 'replays a game of its own (through act)' },
  'redzone/sim.GameTable': { why: 'plays games of its own (through act)' },
  'redzone/sim.encodeAction': { why: 'pure' },
  'redzone/sim.decodeAction': { why: 'pure' },
  'redzone/sim.mixSeed': { why: 'pure' },
  'redzone/sim.searchAgentFactory': { why: 'makes an agent (agents return actions; their playouts run on copies)' },
  'redzone/sim.Rng': { why: 'a random stream of its own' },
  // redzone/rl
  'redzone/rl.observe': { why: 'reads', check: (g) => rl.observe(sim.worldOf(g), g.eid('B')!, new Float32Array(rl.OBS_SIZE)) },
  'redzone/rl.DecisionBuilder': {
    why: 'builds the action of a decision from masked choices (returns it for act, takes none; checks damage divisions on the plan scratch only)',
    check: (g) => {
      const builder = new rl.DecisionBuilder(sim.worldOf(g))
      builder.begin()
      builder.observe(new Float32Array(rl.OBS_SIZE))
      expect(builder.apply(rl.ACTION_LAYOUT.stop)).toEqual({ type: 'pass', player: g.eid('A') })
    },
  },
  'redzone/rl.VecEnv': { why: 'plays games of its own (through act)' },
  'redzone/rl.envSeed': { why: 'pure' },
  // redzone/scenario
  'redzone/scenario.loadScenario': { why: 'pure' },
  'redzone/scenario.runScenario': { why: 'plays a scenario on a game of its own (through act and the driver)' },
  'redzone/scenario.compareExpect': { why: 'pure' },
  // redzone/node
  'redzone/node.loadScenarioFile': { why: 'reads a file' },
  'redzone/node.checkScenarioFile': { why: 'plays a scenario file on a game of its own' },
  'redzone/node.scenarioFiles': { why: 'lists files' },
  'redzone/node.readDeckFile': { why: 'reads a file' },
  'redzone/node.runSelfPlay': { why: 'plays games of its own (through act)' },
  'redzone/node.benchSelfPlay': { why: 'plays games of its own (through act)' },
  'redzone/node.exportGames': { why: 'replays records on games of its own (through act)' },
  // redzone/worker
  'redzone/worker.exposeGame': { why: "serves a game to a page: its game changes only through Game's methods, and runAgents's choices through act (tested below)" },
  'redzone/worker.createRemoteGame': { why: "a remote game: Game's methods over a channel (tested below)" },
  'redzone/worker.RedzoneError': { why: 'an error class' },
}

function run(entry: Classified): void {
  if ('gate' in entry) rejectedUnchanged(entry.gate, entry.codes)
  else if (entry.check) unchanged(entry.check)
}

describe('one gate: every change to a game goes through act', () => {
  it('every function and class of the public entries is listed', () => {
    const entries = { redzone: client, 'redzone/sim': sim, 'redzone/rl': rl, 'redzone/scenario': scenario, 'redzone/node': node, 'redzone/worker': worker }
    const functions = Object.entries(entries).flatMap(([entry, module]) =>
      Object.entries(module as Record<string, unknown>).filter(([, value]) => typeof value === 'function').map(([name]) => `${entry}.${name}`),
    )
    expect(functions.filter((f) => !(f in EXPORTS))).toEqual([])
    expect(Object.keys(EXPORTS).filter((f) => !functions.includes(f))).toEqual([])
  })

  it('every method of Game and of the driver is listed', () => {
    const g = game()
    const methods = (o: object): string[] => Object.getOwnPropertyNames(Object.getPrototypeOf(o))
    expect(methods(g).sort()).toEqual(Object.keys(GAME_METHODS).sort())
    expect(methods(client.drive(g)).sort()).toEqual(Object.keys(DRIVER_METHODS).sort())
  })

  for (const [name, entry] of Object.entries(GAME_METHODS)) {
    it(`Game.${name}: ${'gate' in entry ? 'rejected for a player without priority (or out of turn), the game unchanged' : entry.why}`, () => run(entry))
  }
  for (const [name, entry] of Object.entries(DRIVER_METHODS)) {
    it(`drive(game).${name}: ${'gate' in entry ? "can't act for a player out of turn: rejected, the game unchanged" : entry.why}`, () => run(entry))
  }
  for (const [name, entry] of Object.entries(EXPORTS)) {
    if ('gate' in entry || entry.check) {
      it(`${name}: ${'gate' in entry ? 'rejected for a player without priority, the game unchanged' : `${entry.why}: the game unchanged`}`, () => run(entry))
    }
  }

  it('the gate can fail: the same cast is accepted from the player who holds priority', () => {
    const g = game()
    const before = digest(g)
    const result = g.act({ type: 'pass', player: 'A' })
    expect(result).toEqual({ ok: true })
    expect(g.cast('B', 'shock', { targets: ['bear'] })).toEqual({ ok: true })
    expect(digest(g)).not.toBe(before)
  })

  it('redzone/worker: a remote act for a player without priority is rejected and the remote game is unchanged', async () => {
    const { port1, port2 } = new MessageChannel()
    worker.exposeGame(port2 as unknown as worker.MessageEndpoint)
    const remote = await worker.createRemoteGame(port1 as unknown as worker.MessageEndpoint, client.toBinary(game()))
    const before = await remote.checksum()
    expect(await remote.act({ type: 'cast', player: 'B', card: 'shock', target: 'bear' })).toMatchObject({ ok: false, error: { code: 'not-your-priority' } })
    expect(await remote.drive.castAndResolve('B', 'ogre')).toMatchObject({ ok: false, error: { code: 'not-sorcery-timing' } })
    expect(await remote.checksum()).toBe(before)
    remote.dispose()
    port1.close()
  })
})
