/**
 * createGame / buildPosition check a position by hand at run time (no zod in the core) and
 * coerce nothing: each problem is listed in a RedzoneError (`invalid-position`) with a JSON-like
 * path. The scenario loader runs the same function (`checkPosition`) after its schema.
 */
import { describe, expect, it } from 'vitest'
import { createDeckGame } from '../../src/play/setup.js'
import { createGame, type Position } from '../../src/index.js'
import { RedzoneError } from '../../src/core/errors.js'
import { checkPosition } from '../../src/state/position.js'
import { addCard, addPlayer, createGameWorld } from '../../src/core/world.js'
import { Zone } from '../../components/zones.js'
import { creature, obj } from '../helpers.js'
import { gameState } from '../../src/api/views.js'

const players = [{ id: 'A' }, { id: 'B' }]

function issues(position: unknown): { path: string; message: string }[] {
  try {
    createGame(position as Position)
  } catch (error) {
    expect(error).toBeInstanceOf(RedzoneError)
    const e = error as RedzoneError
    expect(e.code).toBe('invalid-position')
    expect(e.message).toMatch(/^redzone: invalid position:\n {2}at \$/)
    // The issues of the error are those of checkPosition, which the scenario loader runs too.
    expect(e.issues).toEqual(checkPosition(position, '$'))
    return [...e.issues]
  }
  throw new Error('expected createGame to throw')
}

const paths = (position: unknown): string[] => issues(position).map((i) => i.path)

describe('createGame checks a position at run time, without coercion', () => {
  it('"5" is not a number', () => {
    expect(issues({ players, objects: [{ ...creature('bear', 'A', 2, 2), power: '5' }] })).toEqual([
      { path: '$.objects[0].power', message: 'expected a power (a whole number), got "5"' },
    ])
  })

  it('NaN, Infinity and fractions are not counts', () => {
    expect(paths({ players: [{ id: 'A', life: Number.NaN }, { id: 'B', life: Number.POSITIVE_INFINITY }], objects: [creature('bear', 'A', 1.5, 2)] })).toEqual([
      '$.players[0].life',
      '$.players[1].life',
      '$.objects[0].power',
    ])
  })

  it('an unknown step name is an error (it used to become precombatMain)', () => {
    expect(issues({ players, objects: [], turn: { step: 'combat' } })).toEqual([
      { path: '$.turn.step', message: expect.stringMatching(/^expected one of "untap", .*got "combat"$/) },
    ])
  })

  it('an unknown zone ("deck") or the stack is an error (it used to be an internal error)', () => {
    expect(paths({ players, objects: [{ ...creature('bear', 'A', 2, 2), zone: 'deck' }, { ...creature('cat', 'A', 2, 2), zone: 'stack' }] })).toEqual([
      '$.objects[0].zone',
      '$.objects[1].zone',
    ])
  })

  it('objects must be an array, players an array of two or more, the position an object', () => {
    expect(issues({ players, objects: { bear: creature('bear', 'A', 2, 2) } })).toEqual([{ path: '$.objects', message: 'expected an array, got an object' }])
    expect(paths({ players: [{ id: 'A' }], objects: [] })).toEqual(['$.players'])
    expect(paths({ objects: [] })).toEqual(['$'])
    expect(paths(null)).toEqual(['$'])
    expect(paths([])).toEqual(['$'])
  })

  it('unknown fields are errors wherever they are', () => {
    expect(
      issues({
        players: [{ id: 'A', lfe: 3 }, { id: 'B' }],
        objects: [{ ...creature('bear', 'A', 2, 2), powr: 3, equipped: { power: 1, haste: true } }],
        turn: { activ: 'A' },
        seed: 3,
      }),
    ).toEqual([
      { path: '$', message: expect.stringMatching(/^unknown field "seed"/) },
      { path: '$.turn', message: expect.stringMatching(/^unknown field "activ"/) },
      { path: '$.players[0]', message: expect.stringMatching(/^unknown field "lfe"/) },
      { path: '$.objects[0]', message: expect.stringMatching(/^unknown field "powr"/) },
      { path: '$.objects[0].equipped', message: expect.stringMatching(/^unknown field "haste"/) },
    ])
  })

  it('types, keywords and booleans are checked too', () => {
    expect(
      paths({
        players,
        objects: [
          { id: 'x', controller: 'A', types: ['creature', 'goblin'], power: 1, toughness: 1, keywords: ['flying', 'flyng', { equip: '{C}' }, 7], tapped: 'yes' },
        ],
      }),
    ).toEqual(['$.objects[0].types[1]', '$.objects[0].keywords[1]', '$.objects[0].keywords[2].equip', '$.objects[0].keywords[3]', '$.objects[0].tapped'])
  })

  it('an id with only digits ("007" too) is an error', () => {
    expect(issues({ players, objects: [creature('007', 'A', 2, 2)] })).toEqual([
      { path: '$.objects[0].id', message: 'the id "007" has only digits; ids must contain a non-digit so JSON keeps their order' },
    ])
    expect(paths({ players: [{ id: '1' }, { id: 'B' }], objects: [] })).toEqual(['$.players[0].id'])
  })

  it('a spell has exactly one effect', () => {
    const spell = (effects: object) => ({ id: 'zap', owner: 'A', zone: 'hand', types: ['instant'], manaCost: '{R}', spell: { target: 'any', ...effects } })
    expect(issues({ players, objects: [spell({ damage: 2, destroy: true })] })).toEqual([
      { path: '$.objects[0].spell', message: 'a spell has exactly one effect ("pump", "damage", "destroy"), not "damage" and "destroy"' },
    ])
    expect(paths({ players, objects: [spell({})] })).toEqual(['$.objects[0].spell'])
  })

  it('costs use generic amounts and the five colored symbols only: {C}, hybrid, Phyrexian and {X} are errors', () => {
    const withCost = (manaCost: string, i: number) => ({ id: `c${i}`, owner: 'A', zone: 'hand', types: ['sorcery'], manaCost })
    expect(paths({ players, objects: ['{C}', '{G/W}', '{G/P}', '{X}{R}', '{2}{G}'].map(withCost) })).toEqual([
      '$.objects[0].manaCost',
      '$.objects[1].manaCost',
      '$.objects[2].manaCost',
      '$.objects[3].manaCost',
    ])
  })

  it('an attachment to an object off the battlefield is an error', () => {
    expect(
      issues({
        players,
        objects: [
          { id: 'sword', controller: 'A', types: ['artifact'], subtypes: ['Equipment'], attachedTo: 'bear' },
          { ...creature('bear', 'A', 2, 2), zone: 'graveyard' },
        ],
      }),
    ).toEqual([{ path: '$.objects[0].attachedTo', message: '"bear" is not on the battlefield; an object is attached to a permanent or a player' }])
  })

  it('a whole scenario document is accepted as a position', () => {
    const game = createGame({ format: 'redzone-scenario/1', name: 'n', rules: [], players, objects: [creature('bear', 'A', 2, 2)], actions: [], expect: {} } as Position)
    expect(obj(game, 'bear').zone).toBe('battlefield')
  })
})

describe('addCard names an unknown owner or controller', () => {
  it('throws a RedzoneError (unknown-entity) instead of a TypeError', () => {
    const world = createGameWorld()
    const a = addPlayer(world, 'A', 20)
    const spec = { label: 'bear', owner: a, controller: a, zone: Zone.Hand, types: 1, keywords: 0, power: 2, toughness: 2 }
    for (const bad of [{ owner: 99 }, { controller: 99 }, { owner: 0 }]) {
      let error: unknown
      try {
        addCard(world, { ...spec, ...bad })
      } catch (e) {
        error = e
      }
      expect(error).toBeInstanceOf(RedzoneError)
      expect((error as RedzoneError).code).toBe('unknown-entity')
      expect((error as RedzoneError).message).toMatch(new RegExp(`addCard: ${Object.keys(bad)[0]} of "bear" is ${Object.values(bad)[0]}, which is not a player`))
    }
    const bear = addCard(world, { ...spec, zone: Zone.Library })
    expect(() => addCard(world, { ...spec, owner: bear })).toThrow(/owner of "bear" is \d+, which is not a player/)
  })

  it('throws on a type or keyword mask with bits the engine does not know (the stores would drop them)', () => {
    const world = createGameWorld()
    const a = addPlayer(world, 'A', 20)
    expect(() => addCard(world, { label: 'x', owner: a, controller: a, zone: Zone.Hand, types: 1 << 7, keywords: 0 })).toThrow(/addCard: types of "x" is 128/)
    expect(() => addCard(world, { label: 'x', owner: a, controller: a, zone: Zone.Hand, types: 1, keywords: -1 })).toThrow(/addCard: keywords of "x" is -1/)
  })

  it('throws on a zone id that is not a zone a card can be added to', () => {
    const world = createGameWorld()
    const a = addPlayer(world, 'A', 20)
    expect(() => addCard(world, { label: 'x', owner: a, controller: a, zone: 9 as never, types: 1, keywords: 0 })).toThrow(/addCard: zone of "x" is 9/)
  })
})

describe('createGame and createGameWorld options', () => {
  it('an unknown option is an invalid argument naming it (a misspelt seed would be the default seed: another game)', () => {
    expect(() => createGame({ players, objects: [] }, { sed: 7 } as never)).toThrow(expect.objectContaining({ code: 'invalid-argument', message: 'redzone: options.sed: unknown option; expected one of seed' }))
    expect(() => createGameWorld({ seeds: 7 } as never)).toThrow(expect.objectContaining({ code: 'invalid-argument', message: 'redzone: options.seeds: unknown option' }))
    expect(gameState(createGame({ players, objects: [] }, { seed: 7 })).players.A!.life).toBe(20)
    expect(() => createDeckGame(['green-white', 'black-red'], { sed: 7 } as never)).toThrow(expect.objectContaining({ code: 'invalid-argument', message: expect.stringMatching(/^redzone: createDeckGame: options.sed: unknown option; expected one of seed, onGame$/) }))
    expect(() => createDeckGame(['green-white', 'black-red'], { onGame: 'x' } as never)).toThrow(expect.objectContaining({ code: 'invalid-argument', message: expect.stringMatching(/^redzone: createDeckGame: options.onGame: expected a function/) }))
    expect(createDeckGame(['green-white', 'black-red'], { seed: 7 }).pendingDecision().kind).toBe('mulligan')
  })

  it('createGame options that are not an object of options (null, a number, a Map) or name a capacity are refused, not taken as none (the default seed)', () => {
    for (const options of [null, 7, 'x', new Map([['seed', 7]]), [], { capacity: 10 }]) {
      expect(() => createGame({ players, objects: [] }, options as never)).toThrow(expect.objectContaining({ code: 'invalid-argument', message: expect.stringMatching(/^redzone: options(\.capacity)?: /) }))
    }
  })

  it('a hole in a list of the position is checked as the undefined it reads as (it passed the check and the builder threw a TypeError)', () => {
    expect(paths({ players: [, { id: 'A' }, { id: 'B' }], objects: [] })).toEqual(['$.players[0]'])
    expect(paths({ players, objects: [, creature('bear', 'A', 2, 2)] })).toEqual(['$.objects[0]'])
    expect(paths({ players, objects: [{ ...creature('bear', 'A', 2, 2), types: [, 'creature'] }] })).toEqual(['$.objects[0].types[0]'])
    expect(paths({ players, objects: [{ ...creature('bear', 'A', 2, 2), keywords: ['flying', , 'reach'] }] })).toEqual(['$.objects[0].keywords[1]'])
  })

  it('a seed or a capacity that is not a whole number in range is an invalid argument (no coercion by >>> 0)', () => {
    for (const options of [{ seed: Number.NaN }, { seed: -1 }, { seed: 2 ** 32 }, { seed: '7' as unknown as number }]) {
      expect(() => createGame({ players, objects: [] }, options)).toThrow(/^redzone: options.seed: expected a seed \(a whole number\)|^redzone: options.seed: a seed must be from 0 to 4294967295/)
    }
    expect(() => createGameWorld({ capacity: 1.5 })).toThrow(/^redzone: options.capacity: expected a capacity \(a whole number\), got 1.5$/)
    expect(gameState(createGame({ players, objects: [] }, { seed: 2 ** 32 - 1 })).players.A!.life).toBe(20)
  })
})
