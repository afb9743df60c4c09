/**
 * The game's events for a client: one ordered stream of JSON-friendly objects, each with a
 * sequence number and the state version, so that a client (a page, a Worker's owner, a remote
 * spectator) can tell it missed a message and ask for the state again.
 */
import { EVENT_FIELDS, EVENT_NAMES, guarded, type Eid, type GameEventName, type GameEvents } from '../core/events.js'
import { RedzoneError } from '../core/errors.js'
import { describeValue } from '../core/limits.js'
import type { GameWorld } from '../core/world.js'
import { canSee } from '../rules/visibility.js'
import { checkViewer } from './client-state.js'

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

/** The named fields of one event (EVENT_FIELDS), entities (`@` fields) as ids (the world's labels), none as null. */
export function eventFields(world: GameWorld, type: GameEventName, args: readonly unknown[]): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  EVENT_FIELDS[type].forEach((field, i) => {
    const value = args[i]
    if (field.startsWith('@')) out[field.slice(1)] = value === 0 ? null : idOf(world, value as Eid)
    else out[field] = value
  })
  return out
}

function idOf(world: GameWorld, eid: Eid): string {
  const label = world.labels[eid]
  if (label === undefined) throw new RedzoneError('unknown-entity', `no entity ${eid} in this game`)
  return label
}

/** The option names of `onEvent` (`redzone`'s and a remote game's). */
export const ON_EVENT_OPTION_NAMES = ['viewer'] as const

/** Throws `invalid-argument` unless `listener` is a function: the one wording of `onEvent`'s refusal, in this thread and on a worker's page. */
export function checkListener(listener: unknown): asserts listener is (event: ClientEvent) => void {
  if (typeof listener !== 'function') throw new RedzoneError('invalid-argument', `onEvent: listener: expected a function, got ${describeValue(listener)}`)
}

interface Subscriber {
  listener: (event: ClientEvent) => void
  /** The viewing player's entity, or null for everything. */
  viewer: Eid | null
}

/**
 * One world's numbered event stream (`Game.onEvent` makes it on the first subscription).
 * `version` gives the state version each event carries (`Game.version`).
 */
export class EventStream {
  private seq = 0
  private readonly subscribers = new Set<Subscriber>()

  constructor(
    private readonly world: GameWorld,
    private readonly version: () => number,
  ) {
    for (const type of EVENT_NAMES) {
      const forward = (...args: unknown[]): void => this.emit(type, args)
      world.events.on(type, forward as (...args: GameEvents[typeof type]) => void)
    }
  }

  /** The seq of the last event (0 before the first). */
  get last(): number {
    return this.seq
  }

  /**
   * `viewer`: a player entity; that player's stream names no card they may not see (`canSee`)
   * where it is after the event (a card drawn by an opponent, a card put into a library): such
   * fields are null. Every subscriber gets every event, with the same seq.
   */
  subscribe(listener: (event: ClientEvent) => void, viewer?: Eid): () => void {
    checkListener(listener)
    checkViewer(this.world, viewer, 'onEvent')
    // Called guarded (`GameEmitter.caught`), as `Game.on`'s listeners: an error waits for the
    // change's end, the change completes and the other subscribers hear the event.
    const subscriber = { listener: guarded(this.world.events, listener), viewer: viewer ?? null }
    this.subscribers.add(subscriber)
    return () => void this.subscribers.delete(subscriber)
  }

  private emit(type: GameEventName, args: readonly unknown[]): void {
    const event = { seq: ++this.seq, version: this.version(), type, ...eventFields(this.world, type, args) } as ClientEvent
    for (const { listener, viewer } of this.subscribers) listener(viewer === null ? event : this.masked(event, type, args, viewer))
  }

  private masked(event: ClientEvent, type: GameEventName, args: readonly unknown[], viewer: Eid): ClientEvent {
    let out: ClientEvent | null = null
    EVENT_FIELDS[type].forEach((field, i) => {
      const eid = args[i] as Eid
      if (!field.startsWith('@') || eid === 0 || canSee(this.world, viewer, eid)) return
      out ??= { ...event }
      out[field.slice(1)] = null
    })
    return out ?? event
  }
}
