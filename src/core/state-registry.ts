/**
 * The one declaration of what a game's state is. Everything that must travel — snapshots, the
 * digest, serialization to JSON or binary, growth of the stores — iterates these lists, so a new
 * piece of state is added in one place.
 *
 * - Per-entity stores: objects of typed arrays indexed by entity id (components/), here. Their
 *   arrays are views of one ArrayBuffer, the arena (`layArena`), so a copy of them all is one copy.
 * - Everything else a game holds (zone lists, turn, combat roster, effects, stack, triggers, the
 *   state-based action queue, counters, the RNG): the `RESOURCES` of `state-resources.ts`, each
 *   with its capture, restore, JSON form and shape. (A separate file because it names the
 *   world's types, and the world imports this list to grow its stores.)
 */

/** The per-entity stores of `GameContext`, by property name. Scratch stores (the damage plan, marks) are not state. */
export const ENTITY_STORES = ['kw', 'types', 'stats', 'status', 'place', 'players', 'combat', 'cards'] as const
export type EntityStoreName = (typeof ENTITY_STORES)[number]

export type Column = Int32Array | Uint32Array | Uint8Array
type ColumnType = new (buffer: ArrayBuffer, offset: number, length: number) => Column

type Stores = { readonly [K in EntityStoreName]: object } & { readonly capacity: number }

interface Layout {
  capacity: number
  columns: [string, Column][]
  /** The column names joined: equal layouts have equal signatures. */
  signature: string
  /** The position of each column by name. */
  index: Record<string, number>
  /** The whole arena the columns are views of (`layArena`). */
  arena: Uint8Array
}

const LAYOUTS = new WeakMap<object, Layout>()

/**
 * The typed-array columns of the world's state stores, as `store.field` names, in a fixed order
 * (worked out once per world and capacity: growing the stores lays the arena out again).
 */
export function stateColumns(world: Stores): [string, Column][] {
  return stateLayout(world).columns
}

/**
 * The columns with their signature (to check that a snapshot fits a world without comparing names).
 * Working a layout out is its own function: once per world, it stays out of the optimized code of
 * snapshot and restore (which inline this), so they compile small and soon.
 */
export function stateLayout(world: Stores): Layout {
  const layout = LAYOUTS.get(world)
  return layout !== undefined && layout.capacity === world.capacity ? layout : layOutState(world)
}

function layOutState(world: Stores): Layout {
  const columns: [string, Column][] = eachColumn(world).map(([store, field, name]) => [name, store[field]!])
  const layout: Layout = {
    capacity: world.capacity,
    columns,
    signature: columns.map(([name]) => name).join(','),
    index: Object.fromEntries(columns.map(([name], i) => [name, i])),
    arena: new Uint8Array(columns[0]![1].buffer),
  }
  LAYOUTS.set(world, layout)
  return layout
}

/** The bytes a column of `rows` rows takes in an arena: a multiple of 4, so every column's view is aligned. */
const columnBytes = (column: Column, rows: number): number => (rows * column.BYTES_PER_ELEMENT + 3) & ~3

/** Every state column as its store, field and `store.field` name, in registry order (the order of the arena). */
function eachColumn(world: Stores): [Record<string, Column>, string, string][] {
  const out: [Record<string, Column>, string, string][] = []
  for (const name of ENTITY_STORES) {
    const store = world[name] as Record<string, Column>
    for (const field of Object.keys(store)) out.push([store, field, `${name}.${field}`])
  }
  return out
}

/** The bytes of an arena of `rows` rows laid out like `columns`. */
export function arenaBytes(columns: readonly (readonly [string, Column])[], rows: number): number {
  let size = 0
  for (const [, c] of columns) size += columnBytes(c, rows)
  return size
}

/** Views of the columns of an arena of `rows` rows (laid out like `columns`) held in `bytes`. */
export function arenaColumns(columns: readonly (readonly [string, Column])[], bytes: Uint8Array, rows: number): Column[] {
  let at = bytes.byteOffset
  return columns.map(([, c]) => {
    const view = new (c.constructor as ColumnType)(bytes.buffer as ArrayBuffer, at, rows)
    at += columnBytes(c, rows)
    return view
  })
}

/**
 * Lays the typed arrays of `stores` (objects of Int32, Uint32 and Uint8 arrays) out in one new
 * ArrayBuffer at `rows` rows (at least their length), in order, their values kept: each array
 * becomes a view of it.
 */
export function layOut(stores: readonly object[], rows: number): void {
  const columns = (stores as Record<string, Column>[]).flatMap((store) => Object.keys(store).map((field) => [store, field] as const))
  let at = 0
  for (const [store, field] of columns) at += columnBytes(store[field]!, rows)
  const buffer = new ArrayBuffer(at)
  at = 0
  for (const [store, field] of columns) {
    const old = store[field]!
    ;(store[field] = new (old.constructor as ColumnType)(buffer, at, rows)).set(old)
    at += columnBytes(old, rows)
  }
}

/**
 * Lays the state columns out in one ArrayBuffer, the arena (`layOut`), in registry order: a copy
 * of the whole state's columns is then one copy. The world does it when it is built and grows.
 */
export function layArena(world: Stores, rows: number): void {
  layOut(ENTITY_STORES.map((name) => world[name]), rows)
}
