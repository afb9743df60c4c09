import { Zone } from '../../components/zones.js'
import { T_CREATURE, T_LAND } from '../../components/types.js'
import { C_ATTACKING, C_BLOCKED, C_BLOCKING } from '../../components/combat.js'
import { RedzoneError } from '../core/errors.js'
import type { Eid } from '../core/events.js'
import { manaValue } from '../rules/mana/cost.js'
import { canSee } from '../rules/visibility.js'
import { Rng } from '../core/rng.js'
import { restoreWorld, snapshotWorld, type WorldSnapshot } from '../state/snapshot.js'
import { buildPosition } from '../state/position.js'
import type { GameWorld } from '../core/world.js'
import { inGame } from '../core/players.js'
import { battlefieldOf } from '../core/entity-lists.js'

/**
 * What one player may know of a game (`canSee`, CR 400.2: hidden zones): their own hand, every
 * public zone (battlefield, graveyards, exile, the stack), their library while they search it
 * (CR 701.23a), life totals and the sizes of hands and libraries — never an opponent's hand or
 * the order of any library. Reads the game as it is (no copy); an agent decides from this only.
 * `sample` deals the hidden cards at random for search agents.
 */
export class GameView {
  /** The snapshot `sampleInto` copies the game through, reused. */
  private sampled: WorldSnapshot | undefined = undefined
  /** `sampleInto`'s scratch, reused: a player's hidden cards, and where each was (`at` in the hand, `-1 - at` in the library). */
  private readonly hidden: Eid[] = []
  private readonly hiddenAt: number[] = []
  constructor(
    private readonly world: GameWorld,
    readonly player: Eid,
  ) {}

  /** The players in turn order. */
  get players(): readonly Eid[] {
    return this.world.playerOrder
  }

  get opponents(): Eid[] {
    return this.world.playerOrder.filter((p) => p !== this.player && inGame(this.world, p))
  }

  get turn(): { number: number; active: Eid; step: number; landsPlayed: number } {
    const t = this.world.turn
    return { number: t.number, active: t.active, step: t.step, landsPlayed: t.landsPlayed }
  }

  life(player: Eid): number {
    return this.world.players.life[player]!
  }

  handSize(player: Eid): number {
    return this.world.zoneLists[player]!.hand.length
  }

  librarySize(player: Eid): number {
    return this.world.zoneLists[player]!.library.length
  }

  /** The cards of a hand the viewer may see: all of their own (in hand order), none of another's. */
  hand(player: Eid = this.player): readonly Eid[] {
    return this.seen(this.world.zoneLists[player]!.hand)
  }

  /**
   * The cards of a library the viewer may see, in creation order (never the library's order):
   * none, but their own while they search it (CR 701.23a).
   */
  library(player: Eid = this.player): Eid[] {
    return this.world.zoneLists[player]!.library.filter((c) => this.canSee(c)).sort((a, b) => a - b)
  }

  graveyard(player: Eid): readonly Eid[] {
    return this.seen(this.world.zoneLists[player]!.graveyard)
  }

  /** The permanents on the battlefield controlled by `player`. */
  battlefield(player: Eid): Eid[] {
    const out: Eid[] = []
    const controller = this.world.place.controller
    for (const eid of battlefieldOf(this.world)) if (controller[eid] === player && this.canSee(eid)) out.push(eid)
    return out
  }

  /** Whether the viewer may see this object's characteristics now (`canSee`). */
  canSee(eid: Eid): boolean {
    return canSee(this.world, this.player, eid)
  }

  /** The cards of a zone list the viewer may see: the list itself when they see all of it. */
  private seen(cards: readonly Eid[]): readonly Eid[] {
    return cards.every((c) => this.canSee(c)) ? cards : cards.filter((c) => this.canSee(c))
  }

  private visible(eid: Eid): void {
    if (!this.canSee(eid)) throw new RedzoneError('hidden-object', `object ${eid} is in a hidden zone the viewing player can't see`)
  }

  name(eid: Eid): string | null {
    this.visible(eid)
    return this.world.cardData[eid]?.name ?? null
  }

  power(eid: Eid): number {
    this.visible(eid)
    return this.world.stats.power[eid]!
  }

  toughness(eid: Eid): number {
    this.visible(eid)
    return this.world.stats.toughness[eid]!
  }

  damage(eid: Eid): number {
    this.visible(eid)
    return this.world.stats.damage[eid]!
  }

  keywords(eid: Eid): number {
    this.visible(eid)
    return this.world.kw.effective[eid]!
  }

  isCreature(eid: Eid): boolean {
    this.visible(eid)
    return (this.world.types.mask[eid]! & T_CREATURE) !== 0
  }

  isLand(eid: Eid): boolean {
    this.visible(eid)
    return (this.world.types.mask[eid]! & T_LAND) !== 0
  }

  tapped(eid: Eid): boolean {
    this.visible(eid)
    return this.world.status.tapped[eid] === 1
  }

  manaValue(eid: Eid): number {
    this.visible(eid)
    return manaValue(this.world.cardData[eid]?.manaCost ?? null)
  }

  /** CR 506.4: whether the object is an attacking or blocking creature (public: combat is declared openly). */
  attacking(eid: Eid): boolean {
    this.visible(eid)
    return (this.world.combat.flags[eid]! & C_ATTACKING) !== 0 && this.world.place.zone[eid] === Zone.Battlefield
  }

  blocking(eid: Eid): boolean {
    this.visible(eid)
    return (this.world.combat.flags[eid]! & C_BLOCKING) !== 0 && this.world.place.zone[eid] === Zone.Battlefield
  }

  /** Whether an attacking creature has been blocked (CR 509.1h). */
  blocked(eid: Eid): boolean {
    this.visible(eid)
    return (this.world.combat.flags[eid]! & C_BLOCKED) !== 0
  }

  /** Whether a spell is an instant-speed pump, damage or removal spell, and what it does (public card text). */
  spell(eid: Eid): { target: string; pump?: { power?: number; toughness?: number }; damage?: number; destroy?: boolean } | null {
    this.visible(eid)
    return this.world.cardData[eid]?.spell ?? null
  }

  /** Whether the card is an Aura or Equipment (what it gives, public card text). */
  grants(eid: Eid): { power?: number; toughness?: number } | null {
    this.visible(eid)
    const data = this.world.cardData[eid]
    return data?.equipped ?? data?.enchanted ?? null
  }

  /** CR 301.5, 303.4: the object an Equipment or Aura on the battlefield is attached to (public), or 0. */
  attachedTo(eid: Eid): Eid {
    this.visible(eid)
    return this.world.place.zone[eid] === Zone.Battlefield ? this.world.cards.attachedTo[eid]! : 0
  }

  controller(eid: Eid): Eid {
    this.visible(eid)
    return this.world.place.controller[eid]!
  }

  /**
   * A copy of the game consistent with what the viewer knows, the hidden cards dealt at random
   * (determinization, for search): the cards of each player's hand and library the viewer can't
   * see (`canSee`) are shuffled together and dealt again into their places (an opponent's hand and
   * library, the viewer's library), and every library is shuffled (no one knows its order). The
   * copy has its own seeded RNG.
   */
  sample(rng: Rng): GameWorld {
    const origin = this.world.origin
    if (!origin) throw new RedzoneError('invalid-argument', "this game was not built from a position, so it can't be sampled")
    const copy = buildPosition(origin, { seed: rng.nextUint32() }).world
    this.sampleInto(copy, rng)
    return copy
  }

  /** `sample`, into a world built from the same position (reused across samples: no building). */
  sampleInto(copy: GameWorld, rng: Rng): void {
    // One snapshot kept for every sample (written over each time: no allocation per playout).
    this.sampled = snapshotWorld(this.world, this.sampled)
    restoreWorld(copy, this.sampled)
    copy.rng.seed(rng.nextUint32())
    const hidden = this.hidden
    const places = this.hiddenAt
    const zone = copy.place.zone
    for (const p of copy.playerOrder) {
      const { hand, library } = copy.zoneLists[p]!
      // The cards the viewer can't see and their places, the hand's first (the copy equals this
      // game: same entities), dealt again at random among those places.
      let n = 0
      for (let at = 0; at < hand.length; at++) {
        if (this.canSee(hand[at]!)) continue
        places[n] = at
        hidden[n++] = hand[at]!
      }
      let seenInLibrary = false
      for (let at = 0; at < library.length; at++) {
        if (this.canSee(library[at]!)) seenInLibrary = true
        else {
          places[n] = -1 - at
          hidden[n++] = library[at]!
        }
      }
      hidden.length = n
      rng.shuffle(hidden)
      for (let i = 0; i < n; i++) {
        const at = places[i]!
        if (at >= 0) hand[at] = hidden[i]!
        else library[-1 - at] = hidden[i]!
      }
      // A library the viewer looks at (searching it) is known as a set, never in its order.
      if (seenInLibrary) rng.shuffle(library)
      for (let k = 0; k < hand.length; k++) zone[hand[k]!] = Zone.Hand
      for (let k = 0; k < library.length; k++) zone[library[k]!] = Zone.Library
    }
  }

  /** A world built like this game's (for `sampleInto`). */
  blankCopy(): GameWorld {
    const origin = this.world.origin
    if (!origin) throw new RedzoneError('invalid-argument', "this game was not built from a position, so it can't be sampled")
    return buildPosition(origin).world
  }
}
