/**
 * The game's events for a client: one ordered stream of JSON-friendly objects, each with a
 * sequence number and the state version, so that a client (a page, a Worker's owner, a remote
 * spectator) can tell it missed a message and ask for the state again.
 */
import { Zone } from '../../components/zones.js'
import { EVENT_FIELDS, EVENT_NAMES, type Eid, type GameEventName, type GameEvents } from '../core/events.js'
import type { Game } from './game.js'
import { RedzoneError } from '../core/errors.js'

/** An event as a client receives it: `{ seq, version, type, rule, ...fields }`, entities as ids. */
export interface ClientEvent {
  /** 1 for the first event after the stream began, then one more per event: a gap is a missed event. */
  seq: number
  /** The state version (`Game.version`) the change that emitted it leads to. */
  version: number
  type: GameEventName
  /** The Comprehensive Rules number that produced it. */
  rule: string
  [field: string]: unknown
}

/** The named fields of one event (EVENT_FIELDS), entities (`@` fields) as ids, none as null. */
export function eventFields(game: Game, type: GameEventName, args: readonly unknown[]): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  EVENT_FIELDS[type].forEach((field, i) => {
    const value = args[i]
    if (field.startsWith('@')) out[field.slice(1)] = value === 0 ? null : game.id(value as number)
    else out[field] = value
  })
  return out
}

/** CR 400.2: whether `viewer` may not see the card `eid` where it is now (another player's hand, any library). */
function hiddenFrom(game: Game, viewer: Eid, eid: Eid): boolean {
  const world = game.world
  if (eid === 0 || world.players.isPlayer[eid] === 1) return false
  const zone = world.place.zone[eid]
  return zone === Zone.Library || (zone === Zone.Hand && world.place.owner[eid] !== viewer)
}

interface Subscriber {
  listener: (event: ClientEvent) => void
  /** The viewing player's entity, or 0 for everything. */
  viewer: Eid
}

/** One game's numbered event stream (`Game.onEvent` makes it on the first subscription). */
export class EventStream {
  private seq = 0
  private readonly subscribers = new Set<Subscriber>()

  constructor(private readonly game: Game) {
    for (const type of EVENT_NAMES) {
      const forward = (...args: unknown[]): void => this.emit(type, args)
      game.on(type, forward as (...args: GameEvents[typeof type]) => void)
    }
  }

  /** The seq of the last event (0 before the first). */
  get last(): number {
    return this.seq
  }

  /**
   * `viewer`: a player id; that player's stream names no card they may not see where it is after
   * the event (a card drawn by an opponent, a card put into a library): such fields are null. Every
   * subscriber gets every event, with the same seq.
   */
  subscribe(listener: (event: ClientEvent) => void, viewer?: string): () => void {
    let eid = 0
    if (viewer !== undefined) {
      const found = this.game.eid(viewer)
      if (found === undefined || this.game.world.players.isPlayer[found] !== 1) throw new RedzoneError('unknown-entity', `onEvent: the viewer "${viewer}" is not a player of this game`)
      eid = found
    }
    const subscriber = { listener, viewer: eid }
    this.subscribers.add(subscriber)
    return () => void this.subscribers.delete(subscriber)
  }

  private emit(type: GameEventName, args: readonly unknown[]): void {
    const event = { seq: ++this.seq, version: this.game.version, type, ...eventFields(this.game, type, args) } as ClientEvent
    for (const { listener, viewer } of this.subscribers) listener(viewer === 0 ? event : this.masked(event, type, args, viewer))
  }

  private masked(event: ClientEvent, type: GameEventName, args: readonly unknown[], viewer: Eid): ClientEvent {
    let out: ClientEvent | null = null
    EVENT_FIELDS[type].forEach((field, i) => {
      if (!field.startsWith('@') || !hiddenFrom(this.game, viewer, args[i] as Eid)) return
      out ??= { ...event }
      out[field.slice(1)] = null
    })
    return out ?? event
  }
}
