/**
 * The world's ended continuous effects, used again (`addEffect`): an effect is the world's alone (a
 * snapshot holds copies), so once it has ended, or a restore replaced it, its object goes to
 * `effectPool` and the next effect takes it.
 */
import type { ContinuousEffect } from './card-spec.js'
import type { GameContext } from './world.js'

/**
 * An ended effect's object back to the pool. An attached source whose entry is this effect has its
 * entry emptied (null, as `detach` leaves it), so nothing holds an effect that may be used again.
 */
export function releaseEffect(world: GameContext, effect: ContinuousEffect): void {
  if (effect.duration === 'attached' && world.attachmentEffects.get(effect.source) === effect) world.attachmentEffects.set(effect.source, null)
  world.effectPool.push(effect)
}
