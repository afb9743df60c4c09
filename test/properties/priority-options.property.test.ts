/**
 * The fast answers of the priority enumerators equal the slow ones, at every priority decision of
 * whole random games (built-in decks, and decks heavy in plot, equipment and instants; mulligans
 * at the start; the world snapshotted and restored into itself along the way):
 *
 * - `hasPriorityOption` (and so `passIfForced`) says there is an option exactly when `legalActions`
 *   lists anything but passing;
 * - `legalActions`' lands, spells, equip abilities and plotted cards are exactly what the actions'
 *   own checks accept when asked of every card in the player's hand and exile, every object with
 *   an equip ability and every entity as a target (`playLandError`, `castCardError` +
 *   `castTargetError` + `castPayment`, `checkActivate`, `checkPlot`): the enumerators' shortcuts
 *   (instant speed first, the plot cards looked for in the hand, equip's candidates among the
 *   player's permanents) leave nothing out and add nothing.
 */
import { describe, expect, it } from 'vitest'
import { Equip } from '../../components/abilities.js'
import { query } from 'bitecs'
import { Rng } from '../../src/core/rng.js'
import type { Eid } from '../../src/core/events.js'
import type { GameWorld } from '../../src/core/world.js'
import { act } from '../../src/decisions/act.js'
import { hasPriorityOption, legalActions } from '../../src/decisions/legal.js'
import { pendingDecision } from '../../src/decisions/pending.js'
import { beginGame } from '../../src/decisions/pregame.js'
import { randomAction } from '../../src/play/agents/random.js'
import { forcedAction } from '../../src/play/play-game.js'
import { deckPosition } from '../../src/play/setup.js'
import { GameView } from '../../src/play/view.js'
import { castCardError, castPayment, castTargetError } from '../../src/rules/actions/cast.js'
import { checkActivate } from '../../src/rules/actions/activate.js'
import { playLandError } from '../../src/rules/actions/play-land.js'
import { checkPlot } from '../../src/rules/actions/plot.js'
import { buildPosition } from '../../src/state/position.js'
import { restoreWorld, snapshotWorld } from '../../src/state/snapshot.js'
import type { DeckSpec } from '../../src/play/decks.js'

const GAMES = Number(process.env.REDZONE_PROPERTY_GAMES ?? 16)
const MAX_STEPS = 3000

/** Plot (Spinewoods Paladin), equipment and instants and flash in numbers, beside the built-in decks. */
const PLOT_EQUIP: DeckSpec = [
  ...Array<string>(9).fill('Forest'), ...Array<string>(8).fill('Plains'),
  ...Array<string>(4).fill('Spinewoods Paladin'), ...Array<string>(4).fill('Short Sword'), ...Array<string>(4).fill('Loxodon Warhammer'),
  ...Array<string>(4).fill('Ambush Viper'), ...Array<string>(4).fill('Giant Growth'), ...Array<string>(4).fill('Grizzly Bears'),
]
const BOLTS: DeckSpec = [
  ...Array<string>(9).fill('Mountain'), ...Array<string>(8).fill('Swamp'),
  ...Array<string>(4).fill('Lightning Bolt'), ...Array<string>(4).fill('Shock'), ...Array<string>(4).fill('Bonesplitter'),
  ...Array<string>(4).fill('Vulshok Morningstar'), ...Array<string>(4).fill('Raging Goblin'), ...Array<string>(4).fill('Gray Ogre'),
]
const PAIRS: readonly (readonly [DeckSpec, DeckSpec])[] = [
  ['green-white', 'black-red'],
  [PLOT_EQUIP, BOLTS],
  [BOLTS, PLOT_EQUIP],
  [PLOT_EQUIP, 'black-red'],
]

/** What the actions' own checks accept now for `player`, asked of everything (as sorted strings). */
function bruteForce(world: GameWorld, player: Eid): { play: string[]; cast: string[]; activate: string[]; plot: string[] } {
  const everything = Array.from({ length: world.labels.length }, (_, i) => i)
  const lists = world.zoneLists[player]!
  const play = lists.hand.filter((card) => playLandError(world, player, card) === null).map(String)
  const cast: string[] = []
  for (const card of [...lists.hand, ...lists.exile]) {
    for (const plot of [false, true]) {
      if (castCardError(world, player, card, plot) !== null) continue
      if (!castPayment(world, player, card, plot).ok) continue
      const targets = [0, ...everything].filter((t) => castTargetError(world, player, card, t) === null)
      if (targets.length > 0) cast.push(`${card}${plot ? 'p' : ''}:${targets.filter((t) => t !== 0).join(',')}`)
    }
  }
  const activate: string[] = []
  for (const object of Array.from(query(world, [Equip])).sort((a, b) => a - b)) {
    for (const ability of ['equip', 'equip planeswalker'] as const) {
      const targets = everything.filter((target) => checkActivate(world, { player, object, ability, target }).ok)
      if (targets.length > 0) activate.push(`${object}:${ability}:${targets.join(',')}`)
    }
  }
  const plot = lists.hand.filter((card) => checkPlot(world, player, card).ok).map(String)
  return { play: play.sort(), cast: cast.sort(), activate: activate.sort(), plot: plot.sort() }
}

describe('property: the priority enumerators equal the rule checks asked of everything', () => {
  it('hasPriorityOption is legalActions having more than a pass, and each priority list is what the checks accept, at every priority of whole games', () => {
    let priorities = 0
    let withOption = 0
    const seen = { plot: 0, activate: 0, cast: 0, restores: 0, mulligans: 0 }
    for (let game = 0; game < GAMES; game++) {
      const decks = PAIRS[game % PAIRS.length]!
      const world = buildPosition(deckPosition(decks)).world
      world.rng.setState(new Rng(game + 1).state())
      beginGame(world)
      const rng = new Rng(game * 7919 + 3)
      const views = new Map(world.playerOrder.map((p) => [p, new GameView(world, p)]))
      for (let step = 0; step < MAX_STEPS; step++) {
        const decision = pendingDecision(world)
        if (decision.kind === 'gameOver') break
        const at = `game ${game}, step ${step}`
        const legal = legalActions(world)
        if (decision.kind === 'mulligan') seen.mulligans++
        if (decision.kind === 'priority') {
          const player = decision.player!
          const options = legal.play.length + legal.cast.length + legal.activate.length + legal.plot.length
          expect(hasPriorityOption(world, player), `${at}: ${JSON.stringify(legal)}`).toBe(options > 0)
          const slow = bruteForce(world, player)
          const fast = {
            play: legal.play.map(String).sort(),
            cast: legal.cast.map((c) => `${c.card}${c.plot ? 'p' : ''}:${c.targets.join(',')}`).sort(),
            activate: legal.activate.map((a) => `${a.object}:${a.ability}:${a.targets.join(',')}`).sort(),
            plot: legal.plot.map(String).sort(),
          }
          expect(fast, at).toEqual(slow)
          priorities++
          if (options > 0) withOption++
          seen.plot += legal.plot.length
          seen.activate += legal.activate.length
          seen.cast += legal.cast.length
        }
        // Now and then the world is snapshotted and restored into itself: the enumerators' derived
        // lists and scratch must not outlive what they were made from.
        if (step % 37 === 36) {
          restoreWorld(world, snapshotWorld(world))
          seen.restores++
        }
        const forced = forcedAction(legal)
        const action = forced ?? randomAction(rng, views.get(legal.player!)!, decision, legal)
        const result = act(world, action)
        expect(result.ok, `${at}: ${JSON.stringify(action)} ${JSON.stringify(result)}`).toBe(true)
      }
    }
    expect(priorities).toBeGreaterThan(GAMES * 50)
    expect(withOption).toBeGreaterThan(GAMES * 5)
    for (const [what, count] of Object.entries(seen)) expect(count, what).toBeGreaterThan(0)
  }, 120_000)
})
