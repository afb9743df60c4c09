/**
 * The state declared once (src/core/state-registry.ts, src/core/state-resources.ts): every field
 * of the game context is a column store, a resource or declared not state; each resource reaches
 * the snapshot, restore, the JSON document, the binary buffer and the digest; the decision
 * mailbox is none of them, and is empty between actions; the position a world was built from
 * travels in the world; a state that is not one is an `invalid-snapshot` error naming what is wrong.
 */
import { describe, expect, it } from 'vitest'
import { act } from '../src/decisions/act.js'
import { legalActions } from '../src/decisions/legal.js'
import { pendingDecision } from '../src/decisions/pending.js'
import { RedzoneError } from '../src/core/errors.js'
import { Rng } from '../src/core/rng.js'
import { ENTITY_STORES } from '../src/core/state-registry.js'
import { NOT_STATE, RESOURCES, type ResourceName } from '../src/core/state-resources.js'
import { addPlayer, createGameWorld, queueStateCheck, type GameWorld } from '../src/core/world.js'
import type { Game } from '../src/api/game.js'
import { randomAction } from '../src/play/agents/random.js'
import { createDeckGame } from '../src/play/setup.js'
import { GameView } from '../src/play/view.js'
import { worldDigest } from '../src/state/digest.js'
import { buildPosition } from '../src/state/position.js'
import { BINARY_VERSION, readBinary, readJson, stateToBinary, stateToJson, worldFromBinary, worldFromJson } from '../src/state/serialize.js'
import { restoreWorld, snapshotWorld } from '../src/state/snapshot.js'
import { worldOf } from '../src/api/game.js'

const EMPTY_MAILBOX = { attackers: null, blockers: null, assignmentGiven: false, assignment: null, discard: null, searchGiven: false, search: null }

/** One random legal action; false once the game is over. */
function step(game: Game, rng: Rng): boolean {
  const decision = pendingDecision(worldOf(game))
  if (decision.kind === 'gameOver') return false
  expect(act(worldOf(game), randomAction(rng, new GameView(worldOf(game), decision.player!), decision, legalActions(worldOf(game))))).toEqual({ ok: true })
  return true
}

/** A deck game some random actions in. */
function midGame(seed: number, actions = 60): Game {
  const game = createDeckGame(['green-white', 'black-red'], { seed })
  const rng = new Rng(seed)
  for (let i = 0; i < actions && step(game, rng); i++);
  return game
}

/** The indexes rebuilt from the resources on restore (not in the digest: they follow from it). */
function derived(world: GameWorld): string {
  // A detached source's null entry in `attachmentEffects` is the same as none (detach keeps the key),
  // and so is an object's empty list in `effectsByTarget` (kept when its last effect ends).
  const byKey = <V>(map: Map<number, V>): [number, V][] => [...map].filter((entry) => entry[1] !== null && !(Array.isArray(entry[1]) && entry[1].length === 0)).sort((a, b) => a[0] - b[0])
  return JSON.stringify([byKey(world.effectsByTarget), byKey(world.attachmentEffects), Array.from(world.sbaQueued.subarray(0, world.labels.length))])
}

function fingerprint(world: GameWorld): { digest: string; derived: string } {
  return { digest: worldDigest(world), derived: derived(world) }
}

function codeOf(fn: () => unknown): string {
  try {
    fn()
  } catch (error) {
    if (!(error instanceof RedzoneError)) throw error
    return error.code
  }
  return 'no error'
}

/** A change to each resource alone (the compiler asks for one for every resource of the registry). */
const CHANGES: Record<ResourceName, (world: GameWorld) => void> = {
  zones: (world) => {
    const library = world.zoneLists[world.playerOrder[0]!]!.library
    library.push(library.shift()!)
  },
  turn: (world) => {
    world.turn.passes += 1
  },
  // A card (a state read back lists only cards in its combat roster).
  roster: (world) => {
    world.roster.blockList.push(world.labels.length - 1)
  },
  effects: (world) => {
    const effect = { timestamp: world.nextTimestamp, target: world.playerOrder[0]!, addKeywords: 1, removeKeywords: 0, power: 2, toughness: 2, duration: 'attached' as const, source: world.labels.length - 1 }
    world.effects.push(effect)
    world.effectsByTarget.set(effect.target, [...(world.effectsByTarget.get(effect.target) ?? []), effect])
    world.attachmentEffects.set(effect.source, effect)
  },
  // An ability its source has (a state read back is checked to agree with its position: a spell
  // on the stack is its card in the stack zone, an ability one its source has).
  stack: (world) => {
    const source = world.abilities.findIndex((list) => list?.some((a) => a.kind === 'equip'))
    const ability = world.abilities[source]!.find((a) => a.kind === 'equip')!
    world.stack.push({ kind: 'equip', source, controller: world.place.owner[source]!, target: world.playerOrder[1]!, ability })
  },
  pendingTriggers: (world) => {
    const source = world.cardData.findIndex((data) => data !== undefined && data.triggers.length > 0)
    world.pendingTriggers.push({ kind: 'trigger', source, controller: world.place.owner[source]!, trigger: world.cardData[source]!.triggers[0]! })
  },
  sbaQueue: (world) => {
    const eid = world.labels.findIndex((_, eid) => eid > 0 && world.sbaQueued[eid] === 0)
    queueStateCheck(world, eid)
  },
  nextTimestamp: (world) => {
    world.nextTimestamp += 1
  },
  nextEntry: (world) => {
    world.nextEntry += 1
  },
  rng: (world) => {
    world.rng.nextUint32()
  },
}

describe('the state registry', () => {
  it('declares every field of the game context once: a column store, a resource, or not state (with why)', () => {
    const declared = [...ENTITY_STORES, ...RESOURCES.flatMap((r) => r.fields), ...Object.keys(NOT_STATE)]
    expect(new Set(declared).size).toBe(declared.length)
    expect([...declared].sort()).toEqual(Object.keys(createGameWorld()).sort())
    expect(NOT_STATE.pending).toBe('transient')
  })

  for (const { name } of RESOURCES) {
    it(`${name}: a change reaches the digest, and a snapshot, the JSON document and the binary buffer carry it`, () => {
      const world = worldOf(midGame(7))
      const before = fingerprint(world)
      const snapshot = snapshotWorld(world)
      CHANGES[name](world)
      const after = fingerprint(world)
      expect(after.digest).not.toBe(before.digest)
      const restored = buildPosition(world.origin!).world
      restoreWorld(restored, snapshotWorld(world))
      const fromJson = worldFromJson(JSON.parse(JSON.stringify(stateToJson(world))))
      const fromBinary = worldFromBinary(stateToBinary(world))
      for (const copy of [restored, fromJson, fromBinary]) expect(fingerprint(copy)).toEqual(after)
      restoreWorld(world, snapshot)
      expect(fingerprint(world)).toEqual(before)
    })
  }

  it('the digest leaves out the decision mailbox, which a restore empties', () => {
    const world = worldOf(midGame(3))
    const digest = worldDigest(world)
    const snapshot = snapshotWorld(world)
    world.pending.discard = [world.labels.length - 1]
    world.pending.searchGiven = true
    expect(worldDigest(world)).toBe(digest)
    restoreWorld(world, snapshot)
    expect(world.pending).toEqual(EMPTY_MAILBOX)
  })

  it('the decision mailbox is empty between actions: it is written and consumed within one action', () => {
    for (let seed = 1; seed <= 12; seed++) {
      const game = createDeckGame(['green-white', 'black-red'], { seed })
      const rng = new Rng(seed)
      for (let i = 0; i < 400 && step(game, rng); i++) expect(worldOf(game).pending, `seed ${seed}, action ${i}`).toEqual(EMPTY_MAILBOX)
    }
  })
})

describe('the position a world was built from (world.origin)', () => {
  it('is recorded by buildPosition, and a sampled world (GameView.sample) serializes with it', () => {
    const game = midGame(5)
    expect(worldOf(game).origin).not.toBeNull()
    const sample = new GameView(worldOf(game), worldOf(game).playerOrder[0]!).sample(new Rng(1))
    expect(sample.origin).toBe(worldOf(game).origin)
    expect(worldDigest(worldFromJson(JSON.parse(JSON.stringify(stateToJson(sample)))))).toBe(worldDigest(sample))
  })

  it('a world built by hand serializes once it is given the position it matches, and not before', () => {
    const world = createGameWorld()
    addPlayer(world, 'A', 20)
    addPlayer(world, 'B', 7)
    world.turn.number = 4
    // A state read back names players where the turn does (the active player, priority: CR 102.1, 117.1).
    world.turn.active = world.turn.priority = world.playerOrder[0]!
    expect(codeOf(() => stateToJson(world))).toBe('invalid-argument')
    world.origin = { players: [{ id: 'A' }, { id: 'B', life: 7 }], objects: [] }
    expect(worldDigest(worldFromJson(JSON.parse(JSON.stringify(stateToJson(world)))))).toBe(worldDigest(world))
    expect(worldDigest(worldFromBinary(stateToBinary(world)))).toBe(worldDigest(world))
  })
})

describe('reading a state that is not one: invalid-snapshot, naming what is wrong', () => {
  const game = midGame(11)
  const entities = worldOf(game).labels.length

  const cases: [string, (state: Record<string, any>) => void, string][] = [
    ['a list of zones with an item that is not an id', (s) => (s.zones[1][2] = ['x']), '$.state.zones[1][2][0]'],
    ['an entity id past the last entity', (s) => (s.sbaQueue = [entities]), '$.state.sbaQueue[0]'],
    ['a step that does not exist', (s) => (s.turn.step = 13), '$.state.turn.step'],
    ['a turn without one of its fields', (s) => delete s.turn.passes, '$.state.turn.passes'],
    ['a stack object missing a field of its kind', (s) => (s.stack = [{ kind: 'spell', card: 1, target: 2 }]), '$.state.stack[0].controller'],
    ['a stack object of no kind', (s) => (s.pendingTriggers = [{ kind: 'mana', source: 1 }]), '$.state.pendingTriggers[0].kind'],
    ['an effect with an unknown field', (s) => (s.effects = [{ timestamp: 1, target: 1, addKeywords: 0, removeKeywords: 0, power: 1, toughness: 1, duration: 'endOfTurn', source: 0, layer: 7 }]), '$.state.effects[0].layer'],
    ['an RNG state of three words', (s) => (s.rng = [1, 2, 3]), '$.state.rng'],
    ['a counter that is not a whole number', (s) => (s.nextTimestamp = 1.5), '$.state.nextTimestamp'],
    ['a field the state does not have', (s) => (s.mana = {}), '$.state.mana'],
    ['a resource left out', (s) => delete s.roster, '$.state.roster'],
    ['a column value its type cannot hold', (s) => (s.columns[0].values[2] = 2 ** 32), '$.state.columns[0].values[2]'],
    ['a column shorter than the entities', (s) => (s.columns[0].values = [0]), '$.state.columns[0]'],
    ['fewer columns than the layout names', (s) => s.columns.pop(), '$.state.columns'],
  ]
  for (const [what, change, path] of cases) {
    it(`JSON: ${what} (${path})`, () => {
      const doc = JSON.parse(JSON.stringify(stateToJson(worldOf(game))))
      change(doc.state)
      expect(() => readJson(doc)).toThrow(RedzoneError)
      expect(codeOf(() => readJson(doc))).toBe('invalid-snapshot')
      expect(() => readJson(doc)).toThrow(`invalid snapshot at ${path}:`)
    })
  }

  it('binary: the header holds the format version; a buffer of another version is rejected', () => {
    const buffer = stateToBinary(worldOf(game))
    const view = new DataView(buffer)
    expect(view.getUint32(4)).toBe(BINARY_VERSION)
    view.setUint32(4, BINARY_VERSION + 1)
    expect(codeOf(() => readBinary(buffer))).toBe('invalid-snapshot')
    expect(() => readBinary(buffer)).toThrow(`this state buffer is of binary version ${BINARY_VERSION + 1}`)
  })

  it('binary: a buffer cut at any length, or with bytes after its last column, is an invalid-snapshot error (never a RangeError)', () => {
    const buffer = stateToBinary(worldOf(game))
    const every = Math.max(1, Math.floor(buffer.byteLength / 400))
    for (let n = 0; n < buffer.byteLength; n += n > buffer.byteLength - 64 ? 1 : every) {
      expect(codeOf(() => worldFromBinary(buffer.slice(0, n))), `cut at ${n} of ${buffer.byteLength}`).toBe('invalid-snapshot')
    }
    const longer = new Uint8Array(buffer.byteLength + 4)
    longer.set(new Uint8Array(buffer))
    expect(codeOf(() => worldFromBinary(longer.buffer))).toBe('invalid-snapshot')
  })

  it('binary: a buffer with corrupted bytes is an invalid-snapshot error (its header or its checksum), never read, never another error', () => {
    const buffer = stateToBinary(worldOf(game))
    const rng = new Rng(17)
    const blank = buildPosition(worldOf(game).origin!).world
    const outcomes = new Set<string>()
    for (let i = 0; i < 400; i++) {
      const copy = buffer.slice(0)
      const bytes = new Uint8Array(copy)
      const at = i < 200 ? rng.int(Math.min(bytes.length, 2000)) : rng.int(bytes.length)
      bytes[at] = bytes[at]! ^ (1 + rng.int(255))
      outcomes.add(codeOf(() => restoreWorld(blank, readBinary(copy).snapshot)))
    }
    expect([...outcomes]).toEqual(['invalid-snapshot'])
  })
})
