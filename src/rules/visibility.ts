import { Zone } from '../../components/zones.js'
import { Await } from '../core/await.js'
import type { Eid } from '../core/events.js'
import type { GameWorld } from '../core/world.js'

/**
 * CR 400.2: whether `viewer` (a player; null: omniscient, for servers, tests and replays) may see
 * `object` (a player or an object) where it is now. The one home of this rule: `clientState`, the
 * per-viewer event stream and `GameView` all ask here.
 *
 * - CR 400.2: library and hand are hidden zones; battlefield, graveyard, stack and exile (plotted
 *   cards included, CR 702.170) are public, and so are the objects of a player who left the game
 *   (CR 800.4a) and the players themselves. CR 402.3: a player may look at their own hand.
 * - CR 701.23a: a player searching a zone looks at all its cards, even in a hidden zone. Decision:
 *   while a search choice is pending (the engine's searches are all "search your library", made as
 *   the ability resolves, CR 608.2c), the searcher sees every card of their library, not only the
 *   cards the search may find: 701.23b lets them fail to find a card with the stated quality, and
 *   701.23c (a search for a quantity of cards) finds any card, so the whole zone is looked at. Nobody
 *   else sees any of it, and once the choice is made the library is hidden again. This reveals no
 *   order (the views list library cards in creation order) and no card the decklist did not already
 *   tell, so a "you may" search declined after the look gains nothing.
 * - Reveals: the engine has no other reveal. Brightglass Gearhulk's "reveal them" is not modelled:
 *   the found cards go to the hand, hidden from the opponents like any other hand card.
 */
export function canSee(world: GameWorld, viewer: Eid | null, object: Eid): boolean {
  return viewer === null || world.players.isPlayer[object] === 1 || canSeeZone(world, viewer, world.place.owner[object]!, world.place.zone[object]!)
}

/**
 * Whether `viewer` may see the objects `owner` has in `zone` (`canSee`'s rule for an object there:
 * every object of a zone is seen alike, as the engine has no reveal of a single card). For a
 * reader that can skip a zone nobody shows it.
 */
export function canSeeZone(world: GameWorld, viewer: Eid, owner: Eid, zone: number): boolean {
  switch (zone) {
    case Zone.Library: {
      // CR 701.23a: the searcher looks at the library they search (their own).
      const turn = world.turn
      return turn.awaiting === Await.Search && turn.decider === viewer && owner === viewer
    }
    case Zone.Hand:
      // CR 400.2, 402.3: a hand is hidden from everyone but its owner.
      return owner === viewer
    default:
      return true
  }
}
