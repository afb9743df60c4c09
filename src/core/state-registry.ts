/**
 * The one declaration of what a game's state is. Everything that must travel — snapshots, the
 * digest, serialization to JSON or binary, growth of the stores — iterates these lists, so a new
 * piece of state is added in one place.
 *
 * - Per-entity stores: objects of typed arrays indexed by entity id (components/), here.
 * - Everything else a game holds (zone lists, turn, combat roster, effects, stack, triggers, the
 *   state-based action queue, counters, the RNG): the `RESOURCES` of `state-resources.ts`, each
 *   with its capture, restore, JSON form and shape. (A separate file because it names the
 *   world's types, and the world imports this list to grow its stores.)
 */

/** The per-entity stores of `GameContext`, by property name. Scratch stores (the damage plan, marks) are not state. */
export const ENTITY_STORES = ['kw', 'types', 'stats', 'status', 'place', 'players', 'combat', 'cards'] as const
export type EntityStoreName = (typeof ENTITY_STORES)[number]

export type Column = Int32Array | Uint32Array | Uint8Array

type Stores = { readonly [K in EntityStoreName]: object } & { readonly capacity: number }

interface Layout {
  capacity: number
  columns: [string, Column][]
  /** The column names joined: equal layouts have equal signatures. */
  signature: string
  /** The position of each column by name. */
  index: Record<string, number>
}

const LAYOUTS = new WeakMap<object, Layout>()

/**
 * The typed-array columns of the world's state stores, as `store.field` names, in a fixed order
 * (worked out once per world and capacity: growing the stores replaces the arrays).
 */
export function stateColumns(world: Stores): [string, Column][] {
  return stateLayout(world).columns
}

/** The columns with their signature (to check that a snapshot fits a world without comparing names). */
export function stateLayout(world: Stores): Layout {
  let layout = LAYOUTS.get(world)
  if (layout === undefined || layout.capacity !== world.capacity) {
    const columns = listColumns(world)
    layout = {
      capacity: world.capacity,
      columns,
      signature: columns.map(([name]) => name).join(','),
      index: Object.fromEntries(columns.map(([name], i) => [name, i])),
    }
    LAYOUTS.set(world, layout)
  }
  return layout
}

function listColumns(world: Stores): [string, Column][] {
  const out: [string, Column][] = []
  for (const name of ENTITY_STORES) {
    const store = world[name] as Record<string, unknown>
    for (const field of Object.keys(store)) {
      const value = store[field]
      if (value instanceof Int32Array || value instanceof Uint32Array || value instanceof Uint8Array) out.push([`${name}.${field}`, value])
    }
  }
  return out
}
