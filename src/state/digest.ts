import { stateColumns } from '../core/state-registry.js'
import type { GameWorld } from '../core/world.js'

function hashArray(view: ArrayLike<number>, n: number, h: number): number {
  for (let i = 0; i < n; i++) h = Math.imul(h ^ (view[i]! | 0), 16777619) >>> 0
  return h
}

/**
 * A fingerprint of everything a game holds, from the state registry: every state column up to
 * the highest entity, the zone lists, the turn, the combat roster, the effects, the stack, the
 * pending choices and the RNG. Two equal digests mean the same game; used to prove that a
 * rejected action changed nothing.
 */
export function worldDigest(world: GameWorld): string {
  const n = world.labels.length
  let h = 2166136261
  for (const [, column] of stateColumns(world)) h = hashArray(column, n, h)
  const rest = JSON.stringify({
    turn: world.turn,
    zones: [...world.zoneLists.entries()],
    attackers: world.roster.attackers.toArray(),
    blockers: world.roster.blockers.toArray(),
    blockList: world.roster.blockList.toArray(),
    effects: world.effects,
    rng: world.rng.state(),
    pending: world.pending,
    stack: world.stack,
    nextEntry: world.nextEntry,
    nextTimestamp: world.nextTimestamp,
    triggers: world.pendingTriggers,
    sbaQueue: world.sbaQueue.toArray(),
  })
  return `${h.toString(16)}:${rest}`
}

/** A 32-bit checksum of the game (FNV-1a of the digest), for cheap desync checks between copies. */
export function checksum(world: GameWorld): number {
  const digest = worldDigest(world)
  let h = 2166136261
  for (let i = 0; i < digest.length; i++) h = Math.imul(h ^ digest.charCodeAt(i), 16777619) >>> 0
  return h
}
