/**
 * State that travels: a game in any random mid-game state, turned into a redzone-state/2 JSON
 * document (through JSON text) or a binary buffer and rebuilt as a new game, has the same digest
 * and continues exactly as the original: the same actions give the same events.
 */
import { describe, expect, it } from 'vitest'
import { act } from '../../src/decisions/act.js'
import { legalActions } from '../../src/decisions/legal.js'
import { pendingDecision } from '../../src/decisions/pending.js'
import { worldDigest } from '../../src/state/digest.js'
import { EVENT_NAMES } from '../../src/core/events.js'
import { Game, worldOf } from '../../src/api/game.js'
import { randomAction } from '../../src/play/agents/random.js'
import { createDeckGame } from '../../src/play/setup.js'
import { GameView } from '../../src/play/view.js'
import { Rng } from '../../src/core/rng.js'
import { checksum, fromBinary, fromJSON, restore, snapshot, toBinary, toJSON } from '../../src/api/serialization.js'

/** One random legal action; false once the game is over. */
function step(game: Game, rng: Rng): boolean {
  const decision = pendingDecision(worldOf(game))
  if (decision.kind === 'gameOver') return false
  const result = act(worldOf(game), randomAction(rng, new GameView(worldOf(game), decision.player!), decision, legalActions(worldOf(game))))
  expect(result).toEqual({ ok: true })
  return true
}

function recordEvents(game: Game): string[] {
  const log: string[] = []
  for (const name of EVENT_NAMES) game.on(name, ((...args: unknown[]) => log.push(`${name}${JSON.stringify(args)}`)) as never)
  return log
}

describe('serialization round trips (redzone-state/2 JSON and binary)', () => {
  for (let seed = 1; seed <= 40; seed++) {
    it(`seed ${seed}: a random mid-game state round-trips exactly and plays on identically`, () => {
      const rng = new Rng(seed)
      const original = createDeckGame(['green-white', 'black-red'], { seed })
      const steps = 20 + rng.int(400)
      for (let i = 0; i < steps && step(original, rng); i++);
      const fromJson = fromJSON(JSON.parse(JSON.stringify(toJSON(original))))
      const fromBuffer = fromBinary(toBinary(original).slice(0))
      const digest = worldDigest(worldOf(original))
      expect(worldDigest(worldOf(fromJson))).toBe(digest)
      expect(worldDigest(worldOf(fromBuffer))).toBe(digest)
      expect(checksum(fromJson)).toBe(checksum(original))
      expect(worldOf(fromJson).rng.state()).toEqual(worldOf(original).rng.state())
      const games = [original, fromJson, fromBuffer]
      const logs = games.map(recordEvents)
      const rngs = games.map(() => new Rng(seed * 7919))
      for (let i = 0; i < 200; i++) {
        const alive = games.map((g, k) => step(g, rngs[k]!))
        expect(alive[1]).toBe(alive[0])
        expect(alive[2]).toBe(alive[0])
        if (!alive[0]) break
      }
      expect(logs[1]).toEqual(logs[0])
      expect(logs[2]).toEqual(logs[0])
      expect(worldDigest(worldOf(fromBuffer))).toBe(worldDigest(worldOf(original)))
    })
  }

  it('rejects a document of another format and a buffer that is not a state, with a RedzoneError', () => {
    expect(() => fromJSON({ format: 'redzone-state/0' })).toThrow(/redzone: expected a "redzone-state\/2" document \(or "redzone-state\/1"\)/)
    expect(() => fromBinary(new ArrayBuffer(16))).toThrow(/redzone: this buffer is not a redzone state/)
  })

  it('a snapshot restores into another game built from the same position', () => {
    const a = createDeckGame(['green-white', 'black-red'], { seed: 5 })
    const rng = new Rng(5)
    for (let i = 0; i < 150 && step(a, rng); i++);
    const b = createDeckGame(['green-white', 'black-red'], { seed: 99 })
    restore(b, snapshot(a))
    expect(worldDigest(worldOf(b))).toBe(worldDigest(worldOf(a)))
  })
})
