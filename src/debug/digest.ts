import type { GameWorld } from '../world.js'

function hashArray(view: ArrayLike<number>, n: number, h: number): number {
  for (let i = 0; i < n; i++) h = Math.imul(h ^ (view[i]! | 0), 16777619) >>> 0
  return h
}

/**
 * A fingerprint of everything a game holds: every typed-array store up to the highest entity,
 * the zone lists, the turn, the combat roster, the effects and the RNG. Two equal digests mean
 * the same game; used to prove that a rejected action changed nothing.
 */
export function worldDigest(world: GameWorld): string {
  const n = world.labels.length
  let h = 2166136261
  for (const store of [world.kw, world.types, world.stats, world.status, world.place, world.players, world.combat]) {
    for (const [, value] of Object.entries(store)) h = hashArray(value as ArrayLike<number>, n, h)
  }
  const rest = JSON.stringify({
    turn: world.turn,
    zones: [...world.zoneLists.entries()],
    attackers: world.roster.attackers.toArray(),
    blockers: world.roster.blockers.toArray(),
    blockList: world.roster.blockList.toArray(),
    effects: world.effects,
    cardData: [...world.cardData.entries()],
    rng: world.rng.state(),
    pending: world.pending.attackers ?? world.pending.blockers ?? null,
    stack: world.stack,
    nextEntry: world.nextEntry,
    triggers: world.pendingTriggers,
    attachments: [...world.attachmentEffects.entries()].map(([a, e]) => [a, e.timestamp]),
  })
  return `${h.toString(16)}:${rest}`
}
