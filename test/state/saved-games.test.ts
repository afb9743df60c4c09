/**
 * Saved games: every public way in (`fromJSON`, `fromBinary`, `restore`, a Worker's
 * `createRemoteGame` and `restore`) reads a state through one path that checks it all. A state
 * whose zone lists disagree with its objects, whose turn names a non-player, whose position is not
 * one, or which has a field it shouldn't is `invalid-snapshot` naming the path; a document or
 * buffer changed after it was written fails its checksum; a game read back carries on at the
 * version it was saved at. Each `describe` is one behaviour a trial found broken.
 *
 * CR 400.3: "If an object would go to any library, graveyard, or hand other than its owner's, it
 * goes to its owner's corresponding zone." CR 108.3: "The owner of a card in the game is the
 * player who started the game with it in their deck." CR 102.1: "The active player is the player
 * whose turn it is." CR 117.1: "... which player can take actions at any given time is determined
 * by a system of priority."
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { MessageChannel } from 'node:worker_threads'
import { describe, expect, it } from 'vitest'
import { act } from '../../src/decisions/act.js'
import { legalActions } from '../../src/decisions/legal.js'
import { pendingDecision } from '../../src/decisions/pending.js'
import { Rng } from '../../src/core/rng.js'
import { Zone } from '../../components/zones.js'
import { createGame, worldOf, type Game } from '../../src/api/game.js'
import { checksum, fromBinary, fromJSON, restore, snapshot, toBinary, toJSON } from '../../src/api/serialization.js'
import { gameState, onEvent } from '../../src/api/views.js'
import type { ClientEvent } from '../../src/api/event-stream.js'
import type { GameWorld } from '../../src/core/world.js'
import { randomAction } from '../../src/play/agents/random.js'
import { createDeckGame } from '../../src/play/setup.js'
import { GameView } from '../../src/play/view.js'
import { worldDigest } from '../../src/state/digest.js'
import { buildPosition } from '../../src/state/position.js'
import { readJson, stateToBinary } from '../../src/state/serialize.js'
import { restoreWorld, type Snapshot } from '../../src/state/snapshot.js'
import { createRemoteGame, exposeGame, type MessageEndpoint } from '../../src/worker/index.js'
import { creature, drive, expectOk, newGame, thrownRedzoneError } from '../helpers.js'

type Doc = { format: string; setup: { objects: Record<string, unknown>[] }; state: Record<string, any>; [key: string]: unknown }

/** A deck game some random actions in: cards in every player's library, hand, battlefield and graveyard. */
function midGame(): Game {
  const game = createDeckGame(['green-white', 'black-red'], { seed: 11 })
  const world = worldOf(game)
  const rng = new Rng(11)
  for (let i = 0; i < 120; i++) {
    const d = pendingDecision(world)
    if (d.kind === 'gameOver') break
    expect(act(world, randomAction(rng, new GameView(world, d.player!), d, legalActions(world)))).toEqual({ ok: true })
  }
  return game
}

const game = midGame()
const world = worldOf(game)
const [A, B] = world.playerOrder as [number, number]
const firstOf = (zone: Zone, owner: number): number => world.labels.findIndex((_, eid) => eid > 0 && world.players.isPlayer[eid] === 0 && world.place.zone[eid] === zone && world.place.owner[eid] === owner)
const libraryCard = world.zoneLists[A]!.library[0]!
const battlefieldCard = firstOf(Zone.Battlefield, A)
const handCard = world.zoneLists[A]!.hand[0]!

/** A deep copy of the game's document. */
const docOf = (g: Game = game): Doc => JSON.parse(JSON.stringify(toJSON(g))) as Doc

/** The values of a document's column, by name. */
function column(doc: Doc, name: string): number[] {
  return doc.state.columns[(doc.state.layout as string).split(',').indexOf(name)].values
}
const columnIndex = (name: string): number => (docOf().state.layout as string).split(',').indexOf(name)

/** The world a document describes, restored with no check: what a buggy writer would hold. */
function uncheckedWorld(doc: Doc): GameWorld {
  const read = readJson(doc)
  const w = buildPosition(read.setup).world
  restoreWorld(w, read.snapshot)
  return w
}

function channel(): MessageEndpoint {
  const { port1, port2 } = new MessageChannel()
  exposeGame(port2 as unknown as MessageEndpoint)
  return port1 as unknown as MessageEndpoint
}

async function rejection(promise: Promise<unknown>): Promise<{ code?: string; message: string }> {
  try {
    await promise
  } catch (error) {
    return error as { code?: string; message: string }
  }
  return { message: 'no error' }
}

/** What a case changes, the path a document names, the path a buffer names, what it says. */
type Case = [what: string, change: (doc: Doc) => void, jsonPath: string, binaryPath: string, problem: RegExp]
const zone = columnIndex('place.zone')
const CASES: Case[] = [
  ["a library card's place.zone set to the battlefield while it is in the library list", (d) => void (column(d, 'place.zone')[libraryCard] = Zone.Battlefield), '$.state.zones[0][0][0]', '$.state.zones[0][0][0]', /is not a card A owns in the library/],
  ['a card in zone 99', (d) => void (column(d, 'place.zone')[battlefieldCard] = 99), `$.state.columns[${zone}].values[${battlefieldCard}] (place.zone)`, `place.zone[${battlefieldCard}]`, /is in zone 99, which is none/],
  ["the players' zone lists swapped", (d) => void ([d.state.zones[0], d.state.zones[1]] = [d.state.zones[1], d.state.zones[0]]), '$.state.zones[0][0][0]', '$.state.zones[0][0][0]', /B-\S+ is not a card A owns in the library/],
  ['an entry listed twice', (d) => void d.state.zones[0][1].push(libraryCard), `$.state.zones[0][1][${world.zoneLists[A]!.hand.length}]`, `$.state.zones[0][1][${world.zoneLists[A]!.hand.length}]`, /is listed twice/],
  ['a card whose owner is not the player whose list holds it', (d) => void (column(d, 'place.owner')[libraryCard] = B), `(place.owner)`, `place.owner[${libraryCard}]`, /is owned by A, not \d+ \(player B\) \(CR 108\.3/],
  ['isPlayer set on a card', (d) => void (column(d, 'players.isPlayer')[handCard] = 1), `(players.isPlayer)`, `players.isPlayer[${handCard}]`, /is a card of the position, so 0, not 1/],
  ['a card controlled by a card', (d) => void (column(d, 'place.controller')[battlefieldCard] = handCard), '(place.controller)', `place.controller[${battlefieldCard}]`, /is controlled by \d+ \(card .+\), not a player \(CR 108\.4\)/],
  ['priority held by a card', (d) => void (d.state.turn.priority = battlefieldCard), '$.state.turn.priority', '$.state.turn.priority', /\(card .+\) is not a player \(CR 117\.1/],
  ['priority held by no one (0)', (d) => void (d.state.turn.priority = 0), '$.state.turn.priority', '$.state.turn.priority', /0 \(no entity\) is not a player \(CR 117\.1/],
  ['a card as the active player', (d) => void (d.state.turn.active = handCard), '$.state.turn.active', '$.state.turn.active', /is not a player \(CR 102\.1/],
  ['a decider while the game waits for no choice', (d) => void (d.state.turn.decider = A), '$.state.turn.decider', '$.state.turn.decider', /decides nothing/],
  ['a card as the starting player', (d) => void (d.state.turn.first = handCard), '$.state.turn.first', '$.state.turn.first', /is not a player \(CR 103\.1/],
  ['a spell on the stack whose card is in a hand', (d) => void d.state.stack.push({ kind: 'spell', card: handCard, controller: A, target: 0 }), '$.state.stack[0].card', '$.state.stack[0].card', /is not a card in the stack zone \(CR 405\.1/],
  ['a card in the stack zone that is no spell', (d) => void (column(d, 'place.zone')[battlefieldCard] = Zone.Stack), '$.state.stack', '$.state.stack', /is in the stack zone but is no spell on the stack/],
]

describe('zone lists and turn fields that disagree with the objects are invalid-snapshot, on every way in', () => {
  it('the game the cases start from reads back', () => {
    expect(libraryCard).toBeGreaterThan(0)
    expect(battlefieldCard).toBeGreaterThan(0)
    expect(handCard).toBeGreaterThan(0)
    expect(checksum(fromJSON(docOf()))).toBe(checksum(game))
    expect(checksum(fromBinary(toBinary(game)))).toBe(checksum(game))
  })

  for (const [what, change, jsonPath, binaryPath, problem] of CASES) {
    it(`fromJSON and fromBinary refuse ${what}, naming ${jsonPath}`, () => {
      const doc = docOf()
      change(doc)
      const fromDoc = thrownRedzoneError(() => fromJSON(doc))
      expect(fromDoc.code).toBe('invalid-snapshot')
      expect(fromDoc.message).toContain(jsonPath)
      expect(fromDoc.message).toMatch(problem)
      // A buffer written from that state (its checksum right: a writer's bug, not corruption).
      const fromBuffer = thrownRedzoneError(() => fromBinary(stateToBinary(uncheckedWorld(doc))))
      expect(fromBuffer.code).toBe('invalid-snapshot')
      expect(fromBuffer.message).toContain(binaryPath)
      expect(fromBuffer.message).toMatch(problem)
    })
  }

  it('createRemoteGame refuses such a document and such a buffer, and a remote restore refuses such a buffer leaving the game as it was', async () => {
    const doc = docOf()
    doc.state.turn.priority = battlefieldCard
    expect(await rejection(createRemoteGame(channel(), doc as never))).toMatchObject({ code: 'invalid-snapshot', message: expect.stringContaining('$.state.turn.priority') })
    const lists = docOf()
    lists.state.zones[0][1].push(libraryCard)
    expect(await rejection(createRemoteGame(channel(), stateToBinary(uncheckedWorld(lists))))).toMatchObject({ code: 'invalid-snapshot', message: expect.stringContaining('is listed twice') })
    const remote = await createRemoteGame(channel(), toBinary(game))
    const before = await remote.checksum()
    expect(await rejection(remote.restore(stateToBinary(uncheckedWorld(doc))))).toMatchObject({ code: 'invalid-snapshot', message: expect.stringContaining('$.state.turn.priority') })
    expect(await remote.checksum()).toBe(before)
    remote.dispose()
  })

  it('restore checks a snapshot object it did not make as a document (the same agreement), and changes nothing when it refuses one', () => {
    const copy = fromJSON(docOf())
    const digest = worldDigest(worldOf(copy))
    const made = snapshot(copy) as unknown as { arena: Uint8Array }
    const arena = made.arena.slice()
    // A snapshot's arena is laid out as the world's (whose arena starts its buffer): place.zone, a Uint8 column, at its offset.
    arena[worldOf(copy).place.zone.byteOffset + libraryCard] = Zone.Battlefield
    const error = thrownRedzoneError(() => restore(copy, { ...made, arena } as unknown as Snapshot))
    expect(error.code).toBe('invalid-snapshot')
    expect(error.message).toMatch(/\$\.resources\.zones\[0\]\[0\]\[0\]: A-\S+ is not a card A owns in the library/)
    expect(worldDigest(worldOf(copy))).toBe(digest)
  })
})

describe('a checksum: a document or buffer changed or corrupted after it was written is invalid-snapshot', () => {
  it('a bit flipped anywhere in a toBinary buffer is refused (none loads as another game): every bit of the header and the checksum, a bit of every other byte', () => {
    const buffer = toBinary(game)
    const bytes = new Uint8Array(buffer)
    let loaded = 0
    const codes = new Set<string>()
    for (let i = 0; i < bytes.length; i++) {
      const every = i < 16 || i >= bytes.length - 4
      for (let bit = every ? 0 : i % 8; bit < (every ? 8 : (i % 8) + 1); bit++) {
        bytes[i] = bytes[i]! ^ (1 << bit)
        try {
          fromBinary(buffer)
          loaded++
        } catch (error) {
          codes.add((error as { code?: string }).code ?? String(error))
        }
        bytes[i] = bytes[i]! ^ (1 << bit)
      }
    }
    expect(loaded).toBe(0)
    expect([...codes]).toEqual(['invalid-snapshot'])
    expect(checksum(fromBinary(buffer))).toBe(checksum(game))
  })

  it('a flipped bit in the packed state says "checksum mismatch"', () => {
    const buffer = toBinary(game)
    const bytes = new Uint8Array(buffer)
    bytes[buffer.byteLength - 100] = bytes[buffer.byteLength - 100]! ^ 4
    expect(thrownRedzoneError(() => fromBinary(buffer)).message).toBe('redzone: checksum mismatch: the document was changed or corrupted')
  })

  it('a document with a value changed that leaves it a valid state (a life total, an RNG word) says "checksum mismatch"', () => {
    const life = docOf()
    const lives = column(life, 'players.life')
    lives[A] = lives[A]! + 1
    const rng = docOf()
    rng.state.rng[0] ^= 1
    for (const doc of [life, rng]) {
      const error = thrownRedzoneError(() => fromJSON(doc))
      expect(error.code).toBe('invalid-snapshot')
      expect(error.message).toBe('redzone: checksum mismatch: the document was changed or corrupted')
    }
  })

  it('a document re-serialized with every object\'s keys sorted still checks (the checksum is of the values, not of the text)', () => {
    const sort = (value: unknown): unknown =>
      Array.isArray(value) ? value.map(sort) : typeof value === 'object' && value !== null ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => [k, sort(v)])) : value
    const sorted = sort(docOf()) as Doc
    expect(Object.keys(sorted)).not.toEqual(Object.keys(docOf()))
    expect(checksum(fromJSON(sorted))).toBe(checksum(game))
  })

  it('a redzone-state/1 document (before the checksum and the game version) still loads, at version 0', () => {
    const doc = docOf()
    const old = { format: 'redzone-state/1', setup: doc.setup, state: doc.state }
    const read = fromJSON(old)
    expect(checksum(read)).toBe(checksum(game))
    expect(read.version).toBe(0)
  })
})

describe("a tampered position inside a document or buffer is invalid-snapshot, with the position checker's messages", () => {
  it('fromJSON: an object of the setup in no zone', () => {
    const doc = docOf()
    doc.setup.objects[0]!['zone'] = 'moon'
    const error = thrownRedzoneError(() => fromJSON(doc))
    expect(error.code).toBe('invalid-snapshot')
    expect(error.message).toContain(`at $.setup.objects[0].zone: expected one of "library", "hand", "battlefield", "graveyard", "exile", got "moon"`)
    expect(error.issues.map((i) => i.path)).toEqual(['$.setup.objects[0].zone'])
  })

  it('fromBinary: a buffer written from a world whose position is not one', () => {
    const copy = uncheckedWorld(docOf())
    copy.origin = { ...copy.origin!, objects: copy.origin!.objects.map((o, i) => (i === 1 ? { ...o, power: 'x' as never } : o)) }
    const error = thrownRedzoneError(() => fromBinary(stateToBinary(copy)))
    expect(error.code).toBe('invalid-snapshot')
    expect(error.message).toContain('at $.setup.objects[1].power: ')
  })

  it('createRemoteGame: a document whose position is not one', async () => {
    const doc = docOf()
    doc.setup.objects[0]!['zone'] = 'moon'
    expect(await rejection(createRemoteGame(channel(), doc as never))).toMatchObject({ code: 'invalid-snapshot', message: expect.stringContaining('$.setup.objects[0].zone') })
  })
})

describe('a field a state document does not have is refused at every level, naming its path', () => {
  const cases: [string, (doc: Doc) => void, string][] = [
    ['the document', (d) => void (d['foo'] = 1), '$.foo'],
    // A position's own check, as every position's: the field named at its object.
    ['the setup', (d) => void ((d.setup as Record<string, unknown>)['foo'] = 'x'), '$.setup: unknown field "foo"'],
    ['an object of the setup', (d) => void (d.setup.objects[0]!['shiny'] = true), '$.setup.objects[0]'],
    ['the state', (d) => void (d.state['extra'] = 1), '$.state.extra'],
    ['the turn', (d) => void (d.state.turn.mana = 3), '$.state.turn.mana'],
    ['a column', (d) => void (d.state.columns[0].name = 'kw'), '$.state.columns[0].name'],
  ]
  for (const [where, change, path] of cases) {
    it(`in ${where} (${path})`, () => {
      const doc = docOf()
      change(doc)
      const error = thrownRedzoneError(() => fromJSON(doc))
      expect(error.code).toBe('invalid-snapshot')
      expect(error.message).toContain(path)
    })
  }

  it('in a triggered ability waiting to go on the stack (it must be one its source has)', () => {
    const doc = docOf()
    const source = world.cardData.findIndex((data) => data !== undefined && data.triggers.length > 0)
    doc.state.pendingTriggers = [{ kind: 'trigger', source, controller: world.place.owner[source], trigger: { ...world.cardData[source]!.triggers[0]!, extra: 1 } }]
    const error = thrownRedzoneError(() => fromJSON(doc))
    expect(error.message).toContain('$.state.pendingTriggers[0].trigger: not a triggered ability')
    // The same ability exactly (its keys in any order) is one it has.
    doc.state.pendingTriggers[0].trigger = world.cardData[source]!.triggers[0]!
    expect(() => fromJSON(doc)).toThrow('checksum mismatch')
  })
})

describe('a game read back carries on at the version it was saved at: the same next events', () => {
  it('fromJSON, fromBinary and a Worker started from either have the original game.version, and the next events carry the same versions', async () => {
    const original = newGame([creature('bear', 'A', 2, 2), creature('wolf', 'B', 2, 2)])
    expectOk(original.grant('bear', { power: 1 }))
    expectOk(original.grant('wolf', { toughness: 1 }))
    expect(original.version).toBe(2)
    const copies = [fromJSON(JSON.parse(JSON.stringify(toJSON(original)))), fromBinary(toBinary(original))]
    for (const copy of copies) expect(copy.version).toBe(2)
    const remote = await createRemoteGame(channel(), toBinary(original))
    expect(await remote.version()).toBe(2)
    const fromDoc = await createRemoteGame(channel(), toJSON(original))
    expect(await fromDoc.version()).toBe(2)
    const logs = [original, ...copies].map((g) => {
      const log: ClientEvent[] = []
      onEvent(g, (e) => log.push(e))
      return log
    })
    for (const g of [original, ...copies]) expect(drive(g).walkToAttack({ bear: 'B' })).toEqual({ ok: true })
    expect(logs[0]!.length).toBeGreaterThan(0)
    expect(logs[0]!.every((e) => e.version === 3)).toBe(true)
    expect(logs[1]).toEqual(logs[0])
    expect(logs[2]).toEqual(logs[0])
    remote.dispose()
    fromDoc.dispose()
  })
})

describe('a game built from a whole scenario document (createGame takes one as its position) is saved and loaded back', () => {
  it('through JSON, binary and a Worker\'s snapshot and restore: its setup keeps the scenario\'s fields, which a position may have', async () => {
    const scenario = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'scenarios', 'shared', 'defender-cannot-attack.json'), 'utf8')) as Record<string, unknown>
    expect(Object.keys(scenario)).toEqual(expect.arrayContaining(['format', 'name', 'actions', 'expect']))
    const g = createGame(scenario as never)
    expectOk(drive(g).walkTo('declareAttackers'))
    expect(gameState(fromJSON(toJSON(g)))).toEqual(gameState(g))
    expect(gameState(fromBinary(toBinary(g)))).toEqual(gameState(g))
    // A snapshot of the original restores into the game read back (the same position).
    const back = fromJSON(toJSON(g))
    restore(back, snapshot(g))
    expect(checksum(back)).toBe(checksum(g))
    const remote = await createRemoteGame(channel(), scenario as never)
    const undo = await remote.snapshot()
    expect((await remote.drive.walkTo('declareAttackers')).ok).toBe(true)
    await remote.restore(undo)
    expect(await remote.state()).toEqual(gameState(createGame(scenario as never)))
  })
})
