/**
 * The game's events for a client: one ordered stream of JSON-friendly objects, each with a
 * sequence number and the state version, so that a client (a page, a Worker's owner, a remote
 * spectator) can tell it missed a message and ask for the state again.
 */
import { EVENT_FIELDS, EVENT_NAMES, type GameEventName, type GameEvents } from '../events.js'
import type { Game } from '../game.js'

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

/** One game's numbered event stream (`Game.onEvent` makes it on the first subscription). */
export class EventStream {
  private seq = 0
  private readonly listeners = new Set<(event: ClientEvent) => void>()

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

  subscribe(listener: (event: ClientEvent) => void): () => void {
    this.listeners.add(listener)
    return () => void this.listeners.delete(listener)
  }

  private emit(type: GameEventName, args: readonly unknown[]): void {
    const fields = eventFields(this.game, type, args)
    const event = { seq: ++this.seq, version: this.game.version, type, ...fields } as ClientEvent
    for (const listener of this.listeners) listener(event)
  }
}
