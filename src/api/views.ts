/**
 * What reads a game, as functions over a `Game` (a bundle that uses none of them carries none):
 * the legal actions of the pending decision, the whole state, the client state and the numbered
 * event stream. The client views hide what a viewer may not see, by the one visibility rule
 * (`canSee`, CR 400.2).
 */
import type { Eid } from '../core/events.js'
import { legalActions as legalOf, type LegalActions } from '../decisions/legal.js'
import { clientState as clientStateOf, viewerOf, type ClientState } from './client-state.js'
import { checkListener, EventStream, ON_EVENT_OPTION_NAMES, type ClientEvent } from './event-stream.js'
import { knownOptions } from './args.js'
import { gameState as stateOf, type GameState } from './game-state.js'
import { idsOf, type Game } from './game.js'
import { checkedWorld } from './checked-game.js'

/** The legal actions of the pending decision, factored per object, by id (the same checks `act` makes). */
export function legalActions(game: Game): LegalActions<string> {
  const l = legalOf(checkedWorld(game, 'legalActions'))
  const id = (e: Eid): string => game.id(e)
  const ids = (eids: readonly Eid[]): string[] => eids.map(id)
  return {
    ...l,
    player: l.player === null || l.player === 0 ? null : id(l.player),
    play: ids(l.play),
    cast: l.cast.map((c) => ({ card: id(c.card), targets: ids(c.targets), plot: c.plot })),
    activate: l.activate.map((a) => ({ object: id(a.object), ability: a.ability, targets: ids(a.targets) })),
    plot: ids(l.plot),
    attackers: l.attackers.map((a) => ({ attacker: id(a.attacker), targets: ids(a.targets) })),
    blockers: l.blockers.map((b) => ({ blocker: id(b.blocker), attackers: ids(b.attackers) })),
    damage: l.damage.map((d) => ({ creature: id(d.creature), amount: d.amount, recipients: ids(d.recipients) })),
    cards: ids(l.cards),
  }
}

/** The whole game state, objects by id (omniscient: the scenario format's `state`, with what is legal now). */
export function gameState(game: Game): GameState {
  const world = checkedWorld(game, 'gameState')
  const objects: Eid[] = []
  for (const [, eid] of idsOf(game)) if (world.zoneLists[eid] === undefined) objects.push(eid)
  return stateOf(world, objects)
}

/**
 * What a client draws; with `viewer`, that player's view (CR 400.2: hidden zones left out). A
 * viewer that is not a string is `invalid-argument`; one who is not a player, `unknown-entity`.
 */
export function clientState(game: Game, viewer?: string): ClientState {
  const world = checkedWorld(game, 'clientState')
  return clientStateOf(world, viewerOf(world, viewer, 'clientState', 'viewer'))
}

const streams = new WeakMap<Game, EventStream>()

/**
 * Every event of the game as a JSON-friendly object `{ seq, version, type, rule, ...fields }`
 * (entities as ids); `seq` grows by one per event of this game from the first subscription on, so
 * a client can tell it missed one. With `viewer`, cards that player may not see are named null
 * (CR 400.2). Returns the unsubscribe function. Listeners must not change the game. A listener
 * that is not a function, options that are not a plain object (a Map), an unknown option or a
 * viewer that is not a string is `invalid-argument`;
 * a viewer who is not a player, `unknown-entity`.
 */
export function onEvent(game: Game, listener: (event: ClientEvent) => void, options: { viewer?: string } = {}): () => void {
  const world = checkedWorld(game, 'onEvent')
  // Every argument checked before the stream starts (its seq counts from the first subscription).
  checkListener(listener)
  const viewer = viewerOf(world, knownOptions(options, 'onEvent: ', ON_EVENT_OPTION_NAMES)['viewer'], 'onEvent', 'options.viewer')
  let stream = streams.get(game)
  if (!stream) streams.set(game, (stream = new EventStream(world, () => game.version)))
  return stream.subscribe(listener, viewer)
}
