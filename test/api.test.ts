/** The public API as a client uses it, and the promise that the engine core runs in a browser. */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createGame, type GameEventName } from '../src/index.js'
import { Flying, keywordBit } from '../src/internal.js'
import { dropKeywordTags } from '../src/core/world.js'
import { worldDigest } from '../src/state/digest.js'
import { loadScenario, runScenario } from '../src/scenario/index.js'
import { query } from 'bitecs'
import { creature, drive, expectRejected, newGame, unclaimedRejections } from './helpers.js'
import { build } from 'esbuild'
import { expectOk } from './helpers.js'
import { worldOf } from '../src/api/game.js'
import { gameState } from '../src/api/views.js'

const root = join(import.meta.dirname, '..')

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry)
    return statSync(path).isDirectory() ? sources(path) : path.endsWith('.ts') ? [path] : []
  })
}

describe('public API', () => {
  it('plays a full combat from a position, one action at a time, with events', () => {
    const game = createGame({
      players: [{ id: 'A' }, { id: 'B' }],
      objects: [
        { id: 'angel', controller: 'A', types: ['creature'], power: 4, toughness: 4, keywords: ['flying', 'lifelink'] },
        { id: 'spider', controller: 'B', types: ['creature'], power: 2, toughness: 4, keywords: ['reach'] },
      ],
    })
    const seen: GameEventName[] = []
    game.on('attackerDeclared', () => seen.push('attackerDeclared'))
    game.on('creatureDied', (creature, reason, rule) => {
      expect([game.id(creature), reason, rule]).toEqual(['spider', 'lethal-damage', '704.5g'])
      seen.push('creatureDied')
    })
    expect(drive(game).walkToAttack({ angel: 'B' })).toEqual({ ok: true })
    expect(drive(game).walkToBlock({ spider: 'angel' })).toEqual({ ok: true })
    expect(drive(game).walkToDamage()).toEqual({ ok: true })
    expect(gameState(game).players.A!.life).toBe(24)
    expect(seen).toEqual(['attackerDeclared', 'creatureDied'])
  })

  it('grant takes its own fields only: a "type" or an "object" in the change (a destroy and another creature\'s pump went through) or a misspelt field is refused by name, and nothing changes', () => {
    const game = newGame([creature('viper', 'A', 1, 1, ['deathtouch']), creature('bear', 'B', 2, 2)])
    const version = game.version
    const smuggled = { type: 'destroy', object: 'bear', power: 1 } as unknown as { power: number }
    expect(() => game.grant('viper', smuggled)).toThrow(expect.objectContaining({ code: 'invalid-argument', message: 'redzone: grant change.type: unknown option; expected one of keywords, power, toughness' }))
    const dealt = { type: 'dealDamage', to: 'B', amount: 7 } as unknown as { power: number }
    expect(() => game.grant('viper', dealt)).toThrow(/grant change\.type: unknown option/)
    expect(() => game.grant('viper', { keyword: ['flying'] } as never)).toThrow(/grant change\.keyword: unknown option; expected one of keywords, power, toughness/)
    expect(game.version).toBe(version)
    expect(gameState(game).objects.viper).toMatchObject({ zone: 'battlefield', power: 1, keywords: ['deathtouch'] })
    expect(gameState(game).objects.bear).toMatchObject({ zone: 'battlefield', power: 2 })
    expect(gameState(game).players.B!.life).toBe(20)
    expectOk(game.grant('viper', { power: 1 }))
    expect(gameState(game).objects.viper).toMatchObject({ power: 2 })
  })

  it('the options of cast and activate and the fields of dealDamage are checked by name: a misspelt one (payment for pay) is refused, not its default taken silently', () => {
    const game = newGame([creature('viper', 'A', 1, 1), creature('bear', 'B', 2, 2)])
    const version = game.version
    expect(() => game.cast('A', 'viper', { payment: ['x'] } as never)).toThrow(expect.objectContaining({ code: 'invalid-argument', message: 'redzone: cast options.payment: unknown option; expected one of targets, alternative, pay' }))
    expect(() => game.cast('A', 'viper', { target: ['bear'] } as never)).toThrow(/cast options\.target: unknown option/)
    expect(() => game.activate('A', 'viper', 'equip', ['bear'], { lands: [] } as never)).toThrow(/activate options\.lands: unknown option; expected one of pay$/)
    expect(() => game.dealDamage({ to: 'bear', amount: 2, deathtouch: true } as never)).toThrow(/damage\.deathtouch: unknown option; expected one of source, to, amount$/)
    expect(game.version).toBe(version)
    expectOk(game.dealDamage({ to: 'bear', amount: 1 }))
    expect(gameState(game).objects.bear).toMatchObject({ damage: 1 })
  })

  it('id names an entity by its entity id alone: a string ("3", "length") or a BigInt is unknown-entity, where "3" read entity 3 and "length" gave a number', () => {
    const game = newGame([creature('bear', 'A', 2, 2)])
    const bear = game.eid('bear')!
    expect(game.id(bear)).toBe('bear')
    for (const eid of [String(bear), 'length', BigInt(bear), 1.5, -1]) {
      expect(() => game.id(eid as never), String(eid)).toThrow(expect.objectContaining({ code: 'unknown-entity' }))
    }
  })

  it('keyword components are queryable with bitecs', () => {
    const game = createGame({
      players: [{ id: 'A' }, { id: 'B' }],
      objects: [
        { id: 'angel', controller: 'A', types: ['creature'], power: 4, toughness: 4, keywords: ['flying'] },
        { id: 'bear', controller: 'A', types: ['creature'], power: 2, toughness: 2 },
      ],
    })
    expect([...query(worldOf(game), [Flying])].map((e) => game.id(e))).toEqual(['angel'])
    expectOk(game.grant('bear', { keywords: ['flying'] }))
    expect([...query(worldOf(game), [Flying])].map((e) => game.id(e)).sort()).toEqual(['angel', 'bear'])
    expectOk(game.lose('angel', ['flying']))
    expect([...query(worldOf(game), [Flying])].map((e) => game.id(e))).toEqual(['bear'])
  })

  it("a world whose keyword tags are dropped (the learning environment's own) keeps none, and plays the same game from its effective keywords", () => {
    const build = () =>
      createGame({
        players: [{ id: 'A' }, { id: 'B' }],
        objects: [
          { id: 'angel', controller: 'A', types: ['creature'], power: 4, toughness: 4, keywords: ['flying'] },
          { id: 'bear', controller: 'A', types: ['creature'], power: 2, toughness: 2 },
        ],
      })
    const kept = build()
    const dropped = build()
    dropKeywordTags(worldOf(dropped))
    expect([...query(worldOf(dropped), [Flying])]).toEqual([])
    for (const game of [kept, dropped]) {
      expectOk(game.grant('bear', { keywords: ['flying'] }))
      expectOk(game.lose('angel', ['flying']))
    }
    expect([...query(worldOf(kept), [Flying])].map((e) => kept.id(e))).toEqual(['bear'])
    expect([...query(worldOf(dropped), [Flying])]).toEqual([])
    expect(worldOf(dropped).kw.effective[dropped.eid('bear')!]! & keywordBit('flying')).not.toBe(0)
    expect(worldDigest(worldOf(dropped))).toBe(worldDigest(worldOf(kept)))
  })

  it('an invalid position throws a RedzoneError naming each problem', () => {
    expect(() =>
      createGame({ players: [{ id: 'A' }, { id: 'B' }], objects: [{ id: 'x', controller: 'C', types: ['creature'], power: 1, toughness: 1 }] }),
    ).toThrow(/redzone: invalid position:\n {2}at \$\.objects\[0\]\.controller: expected a player id/)
  })

  it('loads and runs a scenario from text without the file system', () => {
    const loaded = loadScenario(
      JSON.stringify({
        format: 'redzone-scenario/1',
        name: 'api',
        players: [{ id: 'A' }, { id: 'B' }],
        objects: [{ id: 'bear', controller: 'A', types: ['creature'], power: 2, toughness: 2 }],
        actions: [{ do: 'attack', attackers: { bear: 'B' } }, { do: 'advance', to: 'endCombat' }],
        expect: { life: { B: 18 } },
      }),
    )
    expect(loaded.ok).toBe(true)
    if (loaded.ok) expect(runScenario(loaded.scenario).failures).toEqual([])
  })

  it('the engine core imports nothing from node: (it runs in a browser)', () => {
    const core = [...sources(join(root, 'src')), ...sources(join(root, 'systems')), ...sources(join(root, 'components'))].filter(
      (f) => !f.includes(join('src', 'cli')) && !f.includes(join('src', 'node')),
    )
    expect(core.length).toBeGreaterThan(20)
    const offenders = core.filter((f) => /from ['"]node:|require\(['"]node:|from ['"](fs|path|os|child_process)['"]/.test(readFileSync(f, 'utf8')))
    expect(offenders.map((f) => relative(root, f))).toEqual([])
  })

  it('the public entry bundles for the browser', async () => {
    const result = await build({
      entryPoints: [join(root, 'src', 'index.ts')],
      bundle: true,
      platform: 'browser',
      format: 'esm',
      write: false,
      logLevel: 'silent',
    })
    expect(result.errors).toEqual([])
    expect(result.outputFiles[0]!.text).not.toMatch(/from "node:/)
  })
})

describe('strict test games (test/helpers.ts)', () => {
  it('record every rejected action until a test claims it with expectRejected', () => {
    const game = newGame([creature('wall', 'A', 0, 4, ['defender'])])
    const before = unclaimedRejections()
    const result = drive(game).walkToAttack({ wall: 'B' })
    expect(unclaimedRejections()).toBe(before + 1)
    expectRejected(result, 'defender-cannot-attack', '702.3b')
    expect(unclaimedRejections()).toBe(before)
  })
})
