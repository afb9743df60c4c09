import { Zone } from '../../components/zones.js'
import { T_CREATURE, T_LAND } from '../../components/types.js'
import { C_ATTACKING, C_BLOCKED, C_BLOCKING } from '../../components/combat.js'
import { RedzoneError } from '../core/errors.js'
import { Await } from '../core/await.js'
import type { Eid } from '../core/events.js'
import { manaValue } from '../rules/mana/cost.js'
import { Rng } from '../core/rng.js'
import { restoreWorld, snapshotWorld } from '../state/snapshot.js'
import { buildPosition } from '../state/position.js'
import type { GameWorld } from '../core/world.js'

/**
 * What one player may know of a game (CR 400.2: hidden zones): their own hand, every public zone
 * (battlefield, graveyards, exile, the stack), life totals and the sizes of hands and libraries —
 * never an opponent's hand or the order of any library. Reads the game as it is (no copy); an
 * agent decides from this only. `sample` deals the hidden cards at random for search agents.
 */
export class GameView {
  constructor(
    private readonly world: GameWorld,
    readonly player: Eid,
  ) {}

  /** The players in turn order. */
  get players(): readonly Eid[] {
    return this.world.playerOrder
  }

  get opponents(): Eid[] {
    return this.world.playerOrder.filter((p) => p !== this.player && this.world.players.lost[p] === 0)
  }

  get turn(): { number: number; active: Eid; step: number; landsPlayed: number } {
    const t = this.world.turn
    return { number: t.number, active: t.active, step: t.step, landsPlayed: t.landsPlayed }
  }

  life(player: Eid): number {
    return this.world.players.life[player]!
  }

  handSize(player: Eid): number {
    return this.world.zoneLists.get(player)!.hand.length
  }

  librarySize(player: Eid): number {
    return this.world.zoneLists.get(player)!.library.length
  }

  /** The viewer's own hand. */
  hand(): readonly Eid[] {
    return this.world.zoneLists.get(this.player)!.hand
  }

  graveyard(player: Eid): readonly Eid[] {
    return this.world.zoneLists.get(player)!.graveyard
  }

  /** The permanents on the battlefield controlled by `player`. */
  battlefield(player: Eid): Eid[] {
    const out: Eid[] = []
    const { zone, controller } = this.world.place
    for (const [eid] of this.world.cardData) if (zone[eid] === Zone.Battlefield && controller[eid] === player) out.push(eid)
    return out
  }

  /** Whether the viewer may see this object's characteristics now. */
  canSee(eid: Eid): boolean {
    if (this.world.players.isPlayer[eid] === 1) return true
    const zone = this.world.place.zone[eid]
    if (zone === Zone.Library) {
      // CR 701.23: a player searching their library looks at its cards.
      const turn = this.world.turn
      return turn.awaiting === Await.Search && turn.decider === this.player && this.world.place.owner[eid] === this.player
    }
    if (zone === Zone.Hand) return this.world.place.owner[eid] === this.player
    return true
  }

  private visible(eid: Eid): void {
    if (!this.canSee(eid)) throw new RedzoneError(`object ${eid} is in a hidden zone the viewing player can't see`)
  }

  name(eid: Eid): string | null {
    this.visible(eid)
    return this.world.cardData.get(eid)?.name ?? null
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
    return manaValue(this.world.cardData.get(eid)?.manaCost ?? null)
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
    return this.world.cardData.get(eid)?.spell ?? null
  }

  /** Whether the card is an Aura or Equipment (what it gives, public card text). */
  grants(eid: Eid): { power?: number; toughness?: number } | null {
    this.visible(eid)
    const data = this.world.cardData.get(eid)
    return data?.equipped ?? data?.enchanted ?? null
  }

  controller(eid: Eid): Eid {
    this.visible(eid)
    return this.world.place.controller[eid]!
  }

  /**
   * A copy of the game consistent with what the viewer knows, the hidden cards dealt at random
   * (determinization, for search): each opponent's hand and library are shuffled together and
   * dealt again (same sizes), and every library is shuffled. The copy has its own seeded RNG.
   */
  sample(rng: Rng): GameWorld {
    const origin = this.world.origin
    if (!origin) throw new RedzoneError("this game was not built from a position, so it can't be sampled")
    const copy = buildPosition(origin, { seed: rng.nextUint32() }).world
    this.sampleInto(copy, rng)
    return copy
  }

  /** `sample`, into a world built from the same position (reused across samples: no building). */
  sampleInto(copy: GameWorld, rng: Rng): void {
    restoreWorld(copy, snapshotWorld(this.world))
    copy.rng.setState(new Rng(rng.nextUint32()).state())
    for (const p of copy.playerOrder) {
      const lists = copy.zoneLists.get(p)!
      if (p === this.player) {
        rng.shuffle(lists.library)
        continue
      }
      const hidden = [...lists.hand, ...lists.library]
      rng.shuffle(hidden)
      const handSize = lists.hand.length
      lists.hand.splice(0, handSize, ...hidden.slice(0, handSize))
      lists.library.splice(0, lists.library.length, ...hidden.slice(handSize))
      for (const c of lists.hand) copy.place.zone[c] = Zone.Hand
      for (const c of lists.library) copy.place.zone[c] = Zone.Library
    }
  }

  /** A world built like this game's (for `sampleInto`). */
  blankCopy(): GameWorld {
    const origin = this.world.origin
    if (!origin) throw new RedzoneError("this game was not built from a position, so it can't be sampled")
    return buildPosition(origin).world
  }
}
