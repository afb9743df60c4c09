import { stateColumns } from '../core/state-registry.js'
import { captureResources } from '../core/state-resources.js'
import type { GameWorld } from '../core/world.js'

function hashArray(view: ArrayLike<number>, n: number, h: number): number {
  for (let i = 0; i < n; i++) h = Math.imul(h ^ (view[i]! | 0), 16777619) >>> 0
  return h
}

/**
 * A fingerprint of exactly the state the registry declares: every state column up to the highest
 * entity, and every resource (its copy, as it is written to JSON). Two equal digests mean the same game
 * (the same snapshot); used to prove that a rejected action changed nothing.
 */
export function worldDigest(world: GameWorld): string {
  const n = world.labels.length
  let h = 2166136261
  for (const [, column] of stateColumns(world)) h = hashArray(column, n, h)
  return `${h.toString(16)}:${JSON.stringify(captureResources(world))}`
}

/** A 32-bit checksum of the game (FNV-1a of the digest), for cheap desync checks between copies. */
export function checksum(world: GameWorld): number {
  const digest = worldDigest(world)
  let h = 2166136261
  for (let i = 0; i < digest.length; i++) h = Math.imul(h ^ digest.charCodeAt(i), 16777619) >>> 0
  return h
}
