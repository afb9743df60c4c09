/**
 * CR 400.2: "Library and hand are hidden zones ... battlefield, graveyard, stack, exile ... are
 * public zones." An observation holds what its player may know (built with `canSee`, the one
 * visibility rule) and nothing else:
 *
 * - re-dealing the hidden cards at random (`GameView.sampleInto`, `sample`) leaves every byte of
 *   the player's observation unchanged, with or without a decision being built;
 * - changing the identity of a hidden card (an opponent's hand or library, the player's own
 *   library) changes no byte; changing a visible one does (the check can fail);
 * - what it holds: every zone (hand, battlefield, graveyards, exile, the stack, the library while
 *   searching), card ids, characteristics, tapped, sick, damage, attacking what, blocking what,
 *   attached to, plotted; life and sizes; the turn, the step and the decision.
 */
import { describe, expect, it } from 'vitest'
import { KEYWORD_NAMES, keywordMask } from '../../components/keywords.js'
import { T_CREATURE } from '../../components/types.js'
import type { Eid } from '../../src/core/events.js'
import { Rng } from '../../src/core/rng.js'
import { parseManaCost } from '../../src/rules/mana/cost.js'
import { Await } from '../../src/core/await.js'
import type { GameWorld } from '../../src/core/world.js'
import { GameView } from '../../src/play/view.js'
import { restoreWorld, snapshotWorld } from '../../src/state/snapshot.js'
import { worldOf, idsOf } from '../../src/api/game.js'
import { objectState } from '../../src/api/game-state.js'
import { DecisionBuilder } from '../../src/rl/decision-builder.js'
import { fillSlots } from '../../src/rl/observe.js'
import { CARD_IDS, F, G, OBJECT_SECTION, OBJECT_SIZE, OBS_SECTIONS, OBS_SIZE, OFFSET, P, PLAYER_FEATURES } from '../../src/rl/layout.js'
import { observe } from '../../src/rl.js'
import type { World } from '../../src/sim.js'
import type { ObjectSpec } from '../../src/state/position.js'
import { cardInHand, creature, drive, expectOk, LIBRARIES, newGame, planeswalker } from '../helpers.js'
import { exploreMasked, firstDifference, observation, randomMasked } from './rl-helpers.js'

const GAMES = Number(process.env.REDZONE_PROPERTY_GAMES ?? 12)

/** A copy of the game (same entities, same state) to change. */
function copyOf(world: GameWorld): GameWorld {
  const copy = new GameView(world, world.playerOrder[0]!).blankCopy()
  restoreWorld(copy, snapshotWorld(world))
  return copy
}

/** Gives `eid` another card's identity: name, cost, types, keywords, power and toughness. */
function flip(world: GameWorld, eid: Eid): void {
  const data = world.cardData[eid]!
  const other = data.name === 'Serra Angel' ? 'Shock' : 'Serra Angel'
  world.cardData[eid] = { ...data, name: other, manaCost: parseManaCost(other === 'Shock' ? '{R}' : '{3}{W}{W}') }
  world.types.mask[eid] = world.types.mask[eid]! ^ T_CREATURE
  world.kw.effective[eid] = world.kw.effective[eid]! ^ keywordMask(['flying', 'vigilance'])
  world.stats.power[eid] = world.stats.power[eid]! + 3
  world.stats.toughness[eid] = world.stats.toughness[eid]! + 3
}

function expectSame(a: Float32Array, b: Float32Array, what: string): void {
  const at = firstDifference(a, b)
  const float = at >> 2
  const section = OBS_SECTIONS.find((s) => float >= s.offset && float < s.offset + s.size)
  expect(at, `${what}: first difference at float ${float} (${section?.name} +${float - (section?.offset ?? 0)})`).toBe(-1)
}

describe('CR 400.2: an observation is what its player may know', () => {
  it(`re-dealing the hidden cards leaves every byte of each player's observation unchanged (${GAMES} random games)`, () => {
    let checked = 0
    let redealt = 0
    for (let seed = 1; seed <= GAMES; seed++) {
      const rng = new Rng(seed)
      exploreMasked(seed, 0.05, (world, builder, at) => {
        for (const player of world.playerOrder) {
          const view = new GameView(world, player)
          const before = observation(world, player)
          const copy = view.blankCopy()
          for (let k = 0; k < 3; k++) {
            view.sampleInto(copy, rng)
            const opponent = world.playerOrder.find((p) => p !== player)!
            if (copy.zoneLists[opponent]!.hand.some((c, i) => c !== world.zoneLists[opponent]!.hand[i])) redealt++
            expectSame(observation(copy, player), before, `${at}, player ${player}, sample ${k}`)
            checked++
          }
          if (player !== builder.decider) continue
          // The decision being built: the same choices on the game and on a re-dealt copy give the same bytes.
          const mine = new DecisionBuilder(world)
          const theirs = new DecisionBuilder(copy)
          mine.begin()
          theirs.begin()
          for (let step = 0; step < 6; step++) {
            const a = new Float32Array(OBS_SIZE)
            const b = new Float32Array(OBS_SIZE)
            mine.observe(a)
            theirs.observe(b)
            expectSame(b, a, `${at}, decision step ${step}`)
            expect(Array.from(theirs.mask)).toEqual(Array.from(mine.mask))
            const index = randomMasked(rng, mine.mask)
            if (mine.apply(index) !== null) break
            expect(theirs.apply(index)).toBeNull()
          }
        }
        builder.begin()
      })
    }
    expect(checked).toBeGreaterThan(500)
    expect(redealt).toBeGreaterThan(100)
  }, 120_000)

  it('view.sample builds a re-dealt world whose observation is the same', () => {
    exploreMasked(3, 0, (world, _builder, at) => {
      for (const player of world.playerOrder) expectSame(observation(new GameView(world, player).sample(new Rng(9)), player), observation(world, player), at)
    }, 400)
  })

  it('changing a hidden card (an opponent\'s hand or library, one\'s own library) changes no byte; a visible one does', () => {
    let flips = 0
    let controls = 0
    for (let seed = 1; seed <= 6; seed++) {
      exploreMasked(seed, 0.05, (world, _builder, at) => {
        for (const player of world.playerOrder) {
          const opponent = world.playerOrder.find((p) => p !== player)!
          const before = observation(world, player)
          const searching = world.turn.awaiting === Await.Search && world.turn.decider === player
          const hidden = [...world.zoneLists[opponent]!.hand, ...world.zoneLists[opponent]!.library, ...(searching ? [] : world.zoneLists[player]!.library)]
          for (const eid of hidden.slice(0, 12)) {
            const copy = copyOf(world)
            flip(copy, eid)
            expectSame(observation(copy, player), before, `${at}: a hidden card ${eid} changed, seen by ${player}`)
            flips++
          }
          const visible = world.zoneLists[player]!.hand[0]
          if (visible !== undefined) {
            const copy = copyOf(world)
            flip(copy, visible)
            expect(firstDifference(observation(copy, player), before), `${at}: a card in ${player}'s own hand changed`).not.toBe(-1)
            controls++
          }
        }
      }, 600)
    }
    expect(flips).toBeGreaterThan(200)
    expect(controls).toBeGreaterThan(10)
  }, 120_000)
})

/** Object slot rows of an observation, by entity (the slots the builder's table gives). */
function rowOf(out: Float32Array, builder: DecisionBuilder, eid: Eid): Float32Array {
  const slot = builder.slots.slot(eid)
  expect(slot, `entity ${eid} has a slot`).toBeGreaterThanOrEqual(2)
  const at = OFFSET.objects + (slot - 2) * OBJECT_SIZE
  return out.subarray(at, at + OBJECT_SIZE)
}

describe('what an observation holds (OBS_LAYOUT)', () => {
  it('508.1b, 509.1a, 301.5: attacking what, blocking what, attached to, tapped, damage, keywords, card ids', () => {
    const game = newGame([
      { ...creature('knight', 'A', 2, 2, ['first strike']), card: 'Youthful Knight' },
      { id: 'sword', controller: 'A', card: 'Short Sword', attachedTo: 'knight' },
      creature('ogre', 'A', 3, 3, [], { damage: 1 }),
      creature('wall', 'B', 0, 4, ['defender']),
      creature('bear', 'B', 2, 2, [], { tapped: true }),
      cardInHand('bolt', 'A', 'Lightning Bolt'),
      cardInHand('hidden', 'B', 'Shock'),
      ...LIBRARIES,
    ])
    expectOk(drive(game).walkToAttack({ knight: 'B', ogre: 'B' }))
    for (let i = 0; i < 4 && game.pendingDecision().kind === 'priority'; i++) expectOk(game.pass())
    expectOk(game.declareBlockers({ wall: 'ogre' }))
    const world = worldOf(game)
    const ids = idsOf(game)
    const id = (name: string): Eid => ids.get(name)!
    const builder = new DecisionBuilder(world)
    const A = id('A')
    // Read from A's side (B decides blocks... now priority): `observe` of the public entry, and A's slots filled the same way.
    const out = new Float32Array(OBS_SIZE)
    observe(world as unknown as World, A, out)
    const slots = builder.slots
    fillSlots(world, A, slots)
    const knight = rowOf(out, builder, id('knight'))
    const ogre = rowOf(out, builder, id('ogre'))
    const wall = rowOf(out, builder, id('wall'))
    const sword = rowOf(out, builder, id('sword'))
    const bear = rowOf(out, builder, id('bear'))
    const bolt = rowOf(out, builder, id('bolt'))
    expect(knight[F.card]).toBe(CARD_IDS.indexOf('Youthful Knight') + 1)
    expect(sword[F.card]).toBe(CARD_IDS.indexOf('Short Sword') + 1)
    expect(ogre[F.card]).toBe(CARD_IDS.length)
    expect(bolt[F.card]).toBe(CARD_IDS.indexOf('Lightning Bolt') + 1)
    expect([knight[F.attacking], knight[F.attackTarget]]).toEqual([1, 2])
    expect([ogre[F.attacking], ogre[F.blocked], ogre[F.damage]]).toEqual([1, 1, Math.fround(0.1)])
    expect(wall[F.blocking]).toBe(slots.slot(id('ogre')) + 1)
    expect(sword[F.attachedTo]).toBe(slots.slot(id('knight')) + 1)
    expect(knight[F.power]).toBe(Math.fround(0.3))
    expect(knight[F.keyword + KEYWORD_NAMES.indexOf('first strike')]).toBe(1)
    expect(wall[F.keyword + KEYWORD_NAMES.indexOf('defender')]).toBe(1)
    expect([bear[F.tapped], bear[F.mine], knight[F.mine]]).toEqual([1, 0, 1])
    // B's hand: only its size.
    expect(slots.slot(id('hidden'))).toBe(-1)
    expect(out[OFFSET.opponent + P.handSize]).toBe(Math.fround(0.1))
    expect(out[OFFSET.me + P.life]).toBe(1)
    expect(out[OFFSET.global + G.step + 6]).toBe(1)
    expect(PLAYER_FEATURES).toHaveLength(15)
  })

  it('306.5b, 209.1: a planeswalker\'s loyalty is observed, through damage; a creature given a loyalty in its position observes none, as the views say', () => {
    const game = newGame([
      creature('bear', 'A', 2, 2),
      planeswalker('walker', 'B', 4),
      creature('odd', 'B', 1, 1, [], { loyalty: 3 }),
      ...LIBRARIES,
    ])
    const ids = idsOf(game)
    const id = (name: string): Eid => ids.get(name)!
    // The position holds what it was given; the views show a loyalty for the planeswalker only.
    expect(worldOf(game).stats.loyalty[id('odd')]).toBe(3)
    expect(objectState(worldOf(game), id('odd')).loyalty).toBeNull()
    expect(objectState(worldOf(game), id('walker')).loyalty).toBe(4)
    const read = (): { walker: Float32Array; odd: Float32Array } => {
      const world = worldOf(game)
      const builder = new DecisionBuilder(world)
      const out = new Float32Array(OBS_SIZE)
      observe(world as unknown as World, id('A'), out)
      fillSlots(world, id('A'), builder.slots)
      return { walker: rowOf(out, builder, id('walker')), odd: rowOf(out, builder, id('odd')) }
    }
    let rows = read()
    expect(rows.walker[F.loyalty]).toBe(Math.fround(0.4))
    expect(rows.odd[F.loyalty]).toBe(0)
    // CR 120.3c: combat damage to a planeswalker removes loyalty; the observation follows it.
    expectOk(drive(game).walkToAttack({ bear: 'walker' }))
    expectOk(drive(game).walkToDamage())
    expect(worldOf(game).stats.loyalty[id('walker')]).toBe(2)
    rows = read()
    expect(rows.walker[F.loyalty]).toBe(Math.fround(0.2))
  })

  it('702.170, 405: a plotted card in exile and a spell on the stack with its target', () => {
    const game = newGame([
      { id: 'paladin', owner: 'A', zone: 'exile', card: 'Spinewoods Paladin', plotted: true, plottedTurn: 1 },
      creature('bear', 'B', 2, 2),
      { id: 'm1', controller: 'A', card: 'Mountain' },
      cardInHand('shock', 'A', 'Shock'),
      ...LIBRARIES,
    ])
    const world = worldOf(game)
    const ids = idsOf(game)
    expectOk(game.cast('A', 'shock', { targets: ['bear'] }))
    const builder = new DecisionBuilder(world)
    builder.begin()
    const out = new Float32Array(OBS_SIZE)
    builder.observe(out)
    const paladin = rowOf(out, builder, ids.get('paladin')!)
    expect([paladin[F.plotted], paladin[F.plottedThisTurn], paladin[F.mine]]).toEqual([1, 0, 1])
    expect(builder.slots.slot(ids.get('paladin')!) - 2).toBe(OBJECT_SECTION.myExile.first)
    const shock = rowOf(out, builder, ids.get('shock')!)
    expect(builder.slots.slot(ids.get('shock')!) - 2).toBe(OBJECT_SECTION.stack.first)
    expect([shock[F.stackSpell], shock[F.stackTarget]]).toEqual([1, builder.slots.slot(ids.get('bear')!) + 1])
    expect(out[OFFSET.global + G.stackSize]).toBe(Math.fround(0.1))
  })

  it('the battlefield sections: nonland permanents first, then lands, each by age; past a section\'s 28 slots counted as overflow; lands, untapped lands and creatures counted per side', () => {
    // A's permanents interleaved (a land, two creatures, a tapped land, ...: 20 creatures, 12 lands), B's few.
    const objects: ObjectSpec[] = []
    for (let k = 0; k < 32; k++) {
      if (k % 8 === 0 || k % 8 === 3 || k % 8 === 5) objects.push({ id: `landA${k}`, card: 'Forest', controller: 'A', tapped: k % 8 === 3 })
      else objects.push(creature(`bearA${k}`, 'A', 2, 2))
    }
    objects.push({ id: 'landB1', card: 'Plains', controller: 'B', tapped: true }, creature('bearB1', 'B', 1, 1), { id: 'landB2', card: 'Plains', controller: 'B' }, creature('bearB2', 'B', 1, 1), { id: 'landB3', card: 'Plains', controller: 'B' })
    const game = newGame(objects)
    const world = worldOf(game)
    const ids = (prefix: string): Eid[] => objects.filter((o) => o.id.startsWith(prefix)).map((o) => game.eid(o.id)!)
    for (const [viewer, mineLands, mineOthers, theirLands, theirOthers] of [['A', 'landA', 'bearA', 'landB', 'bearB'], ['B', 'landB', 'bearB', 'landA', 'bearA']] as const) {
      const builder = new DecisionBuilder(world)
      fillSlots(world, game.eid(viewer)!, builder.slots)
      const section = (name: 'myBattlefield' | 'theirBattlefield'): Eid[] => {
        const { first, slots: room } = OBJECT_SECTION[name]
        return Array.from(builder.slots.eid.subarray(2 + first, 2 + first + room)).filter((eid) => eid !== 0)
      }
      const byAge = (list: Eid[]): Eid[] => [...list].sort((a, b) => a - b)
      expect(section('myBattlefield'), viewer).toEqual([...byAge(ids(mineOthers)), ...byAge(ids(mineLands))].slice(0, 28))
      expect(section('theirBattlefield'), viewer).toEqual([...byAge(ids(theirOthers)), ...byAge(ids(theirLands))].slice(0, 28))
      // A's 32 permanents fill 28 slots: 4 of its lands left out, in either section.
      expect(builder.slots.overflow, viewer).toBe(4)
      const untapped = (prefix: string): number => ids(prefix).filter((eid) => world.status.tapped[eid] === 0).length
      expect([...builder.slots.counts], viewer).toEqual([ids(mineLands).length, untapped(mineLands), ids(mineOthers).length, ids(theirLands).length, untapped(theirLands), ids(theirOthers).length])
    }
  })

  it('701.23a while searching, the library section holds the cards the search may find by age, never in the library\'s order, few or many', () => {
    for (const count of [3, 70]) {
      const library = Array.from({ length: count }, (_, i) => ({ id: `lions${i}`, card: 'Savannah Lions', owner: 'A', zone: 'library' as const }))
      const game = newGame([
        { id: 'forest1', card: 'Forest', controller: 'A' },
        { id: 'forest2', card: 'Forest', controller: 'A' },
        { id: 'plains1', card: 'Plains', controller: 'A' },
        { id: 'plains2', card: 'Plains', controller: 'A' },
        cardInHand('gearhulk', 'A', 'Brightglass Gearhulk'),
        ...library,
        { id: 'forestLib', card: 'Forest', owner: 'A', zone: 'library' },
      ])
      expectOk(game.cast('A', 'gearhulk'))
      for (let i = 0; i < 6 && game.pendingDecision().kind === 'priority'; i++) expectOk(game.pass())
      expect(game.pendingDecision().kind).toBe('search')
      const world = worldOf(game)
      const A = game.eid('A')!
      // The library's order reversed: the section must not follow it.
      world.zoneLists[A]!.library.reverse()
      const builder = new DecisionBuilder(world)
      fillSlots(world, A, builder.slots)
      const { first, slots: room } = OBJECT_SECTION.myLibrary
      const held = Array.from(builder.slots.eid.subarray(2 + first, 2 + first + room)).filter((eid) => eid !== 0)
      const found = library.map((card) => game.eid(card.id)!).sort((a, b) => a - b)
      expect(held).toEqual(found.slice(0, room))
      expect(builder.slots.overflow).toBe(Math.max(0, count - room))
    }
  })
})
