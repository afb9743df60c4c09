/**
 * The battlefield list (`battlefieldOf`: the cards on the battlefield, in entity order) is kept in
 * step by `moveToZone` (`battlefieldChanged`) instead of being listed again from every card's zone
 * after each change. After every action of random games (two and four players: mulligans, lands,
 * spells, Auras and Equipment, combat deaths, players leaving a four-player game with their
 * objects, CR 800.4a) and after restores to earlier positions, it is the list made from the zones.
 * And the Equipment and Aura tests (`isEquipment`, `isAura`: read from the subtypes once, as the
 * world is built) answer as each card's subtypes say (CR 301.5, 303.4).
 */
import { describe, expect, it } from 'vitest'
import { Zone } from '../../components/zones.js'
import { Rng } from '../../src/core/rng.js'
import { addCard } from '../../src/core/world.js'
import type { GameWorld } from '../../src/core/world.js'
import { CARDS } from '../../src/core/entity-kinds.js'
import { battlefieldOf, entitiesOf } from '../../src/core/entity-lists.js'
import { act } from '../../src/decisions/act.js'
import { legalActions } from '../../src/decisions/legal.js'
import { pendingDecision } from '../../src/decisions/pending.js'
import { beginGame } from '../../src/decisions/pregame.js'
import { randomAction } from '../../src/play/agents/random.js'
import { forcedAction } from '../../src/play/play-game.js'
import { deckPosition } from '../../src/play/setup.js'
import { GameView } from '../../src/play/view.js'
import { isAura, isEquipment } from '../../src/rules/attachments.js'
import { moveToZone } from '../../src/rules/zone-change.js'
import { buildPosition } from '../../src/state/position.js'
import { restoreWorld, snapshotWorld, type WorldSnapshot } from '../../src/state/snapshot.js'
import { T_CREATURE } from '../../components/types.js'

const GAMES = Number(process.env.REDZONE_PROPERTY_GAMES ?? 12)
const MAX_STEPS = 3000
const DECKS = ['green-white', 'black-red', 'green-white', 'black-red'] as const

/** The cards on the battlefield listed from their zones, in entity order (what the list was made from before it was kept). */
function listedFromZones(world: GameWorld): number[] {
  return [...entitiesOf(world, CARDS)].filter((c) => world.place.zone[c] === Zone.Battlefield)
}

describe('property: the battlefield list kept by zone changes', () => {
  it('is the cards on the battlefield in entity order after every action and every restore of random games', () => {
    let entered = 0
    let left = 0
    let restores = 0
    for (let game = 0; game < GAMES; game++) {
      const players = game % 2 === 0 ? 2 : 4
      const world = buildPosition(deckPosition(DECKS.slice(0, players))).world
      world.rng.setState(new Rng(game + 1).state())
      beginGame(world)
      const rng = new Rng(game * 7919 + 11)
      const views = new Map(world.playerOrder.map((p) => [p, new GameView(world, p)]))
      let saved: WorldSnapshot | null = null
      for (let step = 0; step < MAX_STEPS; step++) {
        const before = battlefieldOf(world).length
        const decision = pendingDecision(world)
        if (decision.kind === 'gameOver') break
        const legal = legalActions(world)
        const action = forcedAction(legal) ?? randomAction(rng, views.get(legal.player!)!, decision, legal)
        const result = act(world, action)
        expect(result.ok, `game ${game}, step ${step}: ${JSON.stringify(action)} ${JSON.stringify(result)}`).toBe(true)
        const list = [...battlefieldOf(world)]
        expect(list, `game ${game}, step ${step}, after ${action.type}`).toEqual(listedFromZones(world))
        if (list.length > before) entered++
        if (list.length < before) left++
        // Now and then back to an earlier position (the list is then made again), and on from there.
        if (step % 97 === 0) saved = snapshotWorld(world)
        else if (saved !== null && step % 211 === 0) {
          restoreWorld(world, saved)
          restores++
          expect([...battlefieldOf(world)], `game ${game}, step ${step}, restored`).toEqual(listedFromZones(world))
        }
      }
    }
    // Cards both entered and left the battlefield, and restores happened.
    expect(entered).toBeGreaterThan(50)
    expect(left).toBeGreaterThan(5)
    expect(restores).toBeGreaterThan(0)
  }, 240_000)

  it('is made again for the entities of the world when a card was added since it was listed, and keeps in step from there', () => {
    const world = buildPosition(deckPosition(['green-white', 'black-red'])).world
    beginGame(world)
    const [a] = world.playerOrder
    expect(battlefieldOf(world)).toEqual(listedFromZones(world))
    // A creature put onto the battlefield by `addCard` (no zone change), then moved off it before the list is asked for again.
    const bear = addCard(world, { label: 'Bear', owner: a!, controller: a!, zone: Zone.Battlefield, types: T_CREATURE, keywords: 0, power: 2, toughness: 2 })
    moveToZone(world, bear, Zone.Graveyard, '704.5g')
    expect(battlefieldOf(world)).toEqual(listedFromZones(world))
    moveToZone(world, bear, Zone.Battlefield, '400.7')
    expect(battlefieldOf(world)).toContain(bear)
    expect(battlefieldOf(world)).toEqual(listedFromZones(world))
  })
})

describe('property: Equipment and Aura by entity', () => {
  it('answer as each card\'s subtypes say (CR 301.5, 303.4), and no for players and ids of no card', () => {
    const world = buildPosition(deckPosition(['green-white', 'black-red'])).world
    let equipment = 0
    let auras = 0
    for (let eid = 0; eid < world.labels.length; eid++) {
      const subtypes = world.cardData[eid]?.subtypes ?? []
      expect(isEquipment(world, eid), world.labels[eid]).toBe(subtypes.includes('Equipment'))
      expect(isAura(world, eid), world.labels[eid]).toBe(subtypes.includes('Aura'))
      if (subtypes.includes('Equipment')) equipment++
      if (subtypes.includes('Aura')) auras++
    }
    expect(equipment).toBeGreaterThan(0)
    expect(auras).toBeGreaterThan(0)
    for (const id of [-1, 0.5, world.labels.length, world.labels.length + 100, Number.NaN]) {
      expect(isEquipment(world, id)).toBe(false)
      expect(isAura(world, id)).toBe(false)
    }
  })
})
