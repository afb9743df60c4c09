/**
 * What a client reads of a game, as functions over a `Game` (a bundle that uses none of them
 * carries none): the client state, the numbered event stream. Both hide what a viewer may not
 * see, by the one visibility rule (`canSee`, CR 400.2).
 */
import { clientState as clientStateOf, viewerOf, type ClientState } from './client-state.js'
import { EventStream, type ClientEvent } from './event-stream.js'
import { worldOf, type Game } from './game.js'

/** What a client draws; with `viewer`, that player's view (CR 400.2: hidden zones left out). */
export function clientState(game: Game, viewer?: string): ClientState {
  const world = worldOf(game)
  return clientStateOf(world, viewerOf(world, viewer, 'clientState'))
}

const streams = new WeakMap<Game, EventStream>()

/**
 * Every event of the game as a JSON-friendly object `{ seq, version, type, rule, ...fields }`
 * (entities as ids); `seq` grows by one per event of this game from the first subscription on, so
 * a client can tell it missed one. With `viewer`, cards that player may not see are named null
 * (CR 400.2). Returns the unsubscribe function. Listeners must not change the game.
 */
export function onEvent(game: Game, listener: (event: ClientEvent) => void, options: { viewer?: string } = {}): () => void {
  const world = worldOf(game)
  let stream = streams.get(game)
  if (!stream) streams.set(game, (stream = new EventStream(world, () => game.version)))
  return stream.subscribe(listener, viewerOf(world, options.viewer, 'onEvent'))
}
