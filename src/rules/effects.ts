import { keywordNames } from '../../components/keywords.js'
import type { Eid } from '../core/events.js'
import { clamp, LIMITS } from '../core/limits.js'
import { cutTo } from '../core/lists.js'
import { releaseEffect } from '../core/effect-pool.js'
import { nextStamp, noteChange, queueStateCheck, setEffectiveKeywords, type GameWorld } from '../core/world.js'
import type { ContinuousEffect } from '../core/card-spec.js'
export type { ContinuousEffect }


/**
 * Recomputes an object's effective keywords, power and toughness from its printed ones and
 * the effects on it, in layer and timestamp order. The one place characteristics change.
 */
export function recomputeCharacteristics(world: GameWorld, eid: Eid): void {
  let mask = world.kw.printed[eid]!
  let power = world.stats.printedPower[eid]!
  let toughness = world.stats.printedToughness[eid]!
  const effects = world.effectsByTarget.get(eid)
  if (effects) {
    // CR 613.1f, layer 6: abilities, in timestamp order.
    for (const e of effects) mask = (mask | e.addKeywords) & ~e.removeKeywords
    // CR 613.4c, layer 7c: modifications of power and toughness, summed (exact: each change is
    // within the power range, LIMITS.modifier), then held to the ends of their range once, so +N
    // and then -N leave the printed value.
    for (const e of effects) {
      power += e.power
      toughness += e.toughness
    }
  }
  setEffectiveKeywords(world, eid, mask)
  world.stats.power[eid] = clamp(power, LIMITS.power)
  world.stats.toughness[eid] = clamp(toughness, LIMITS.toughness)
  noteChange(world, eid)
  queueStateCheck(world, eid)
}

/**
 * CR 611.2, 613: a continuous effect on `target` from now (a new timestamp, CR 613.7): keywords
 * added and removed (layer 6), power and toughness changed (7c). Lasts until end of turn, or while
 * `source` (an Equipment or Aura) stays attached. Its object is taken from the world's pool of
 * ended effects when there is one (`effectPool`): an effect is the world's alone (a snapshot holds
 * copies), and no step allocates one.
 */
export function addEffect(
  world: GameWorld,
  target: Eid,
  addKeywords: number,
  removeKeywords: number,
  power: number,
  toughness: number,
  duration: ContinuousEffect['duration'] = 'endOfTurn',
  source: Eid = 0,
): ContinuousEffect {
  // Its fields set in one order whether it is new or the pool's (and a copy's are the same: one shape for all).
  const effect = world.effectPool.pop() ?? ({} as ContinuousEffect)
  effect.timestamp = world.nextTimestamp++
  effect.target = target
  effect.addKeywords = addKeywords
  effect.removeKeywords = removeKeywords
  effect.power = power
  effect.toughness = toughness
  effect.duration = duration
  effect.source = source
  world.effects.push(effect)
  const list = world.effectsByTarget.get(target)
  if (list) list.push(effect)
  else world.effectsByTarget.set(target, [effect])
  recomputeCharacteristics(world, target)
  if (!world.events.listening) return effect
  if (addKeywords !== 0 || power !== 0 || toughness !== 0) {
    world.events.emit('keywordsGranted', target, keywordNames(addKeywords), power, toughness, '611.2')
  }
  if (removeKeywords !== 0) {
    world.events.emit('keywordsLost', target, keywordNames(removeKeywords), '611.2')
  }
  return effect
}

/** Ends one effect (e.g. an Equipment's when it becomes unattached). Ending it twice does nothing. */
export function endEffect(world: GameWorld, effect: ContinuousEffect): void {
  const on = world.effectsByTarget.get(effect.target)
  if (!on || !on.includes(effect)) return
  // A target's list is kept when it empties (`effectsByTarget`): a delete and a set churn the map's table.
  keepWhere(on, -1, effect)
  keepWhere(world.effects, -1, effect)
  releaseEffect(world, effect)
  recomputeCharacteristics(world, effect.target)
}

/** Ends every effect on an object, e.g. when it leaves the battlefield (CR 400.7). */
export function endEffectsOn(world: GameWorld, target: Eid): void {
  if (world.effects.length === 0) return
  const on = world.effectsByTarget.get(target)
  if (on === undefined || on.length === 0) return
  for (let k = 0; k < on.length; k++) releaseEffect(world, on[k]!)
  cutTo(on, 0)
  keepWhere(world.effects, target, null)
  recomputeCharacteristics(world, target)
}

/**
 * `list` without `effect` (when given) or without the effects on `target` (-1: none), in place and
 * in order: an effect's end makes no list (this runs at every detach and every zone change).
 */
function keepWhere(list: ContinuousEffect[], target: Eid, effect: ContinuousEffect | null): void {
  let n = 0
  for (let k = 0; k < list.length; k++) {
    const e = list[k]!
    if (e !== effect && e.target !== target) list[n++] = e
  }
  cutTo(list, n)
}

const endsThisTurn = (e: ContinuousEffect): boolean => e.duration === 'endOfTurn'

/** The objects whose effects ended in the cleanup step, in the order their first such effect was created (scratch, read within the call). */
const ENDED: Eid[] = []

/** `list` without its "until end of turn" effects, in place and in order; with `world`, each one removed goes back to its pool. */
function keepLasting(list: ContinuousEffect[], world: GameWorld | null): number {
  let n = 0
  for (let k = 0; k < list.length; k++) {
    const e = list[k]!
    if (e.duration !== 'endOfTurn') list[n++] = e
    else if (world !== null) releaseEffect(world, e)
  }
  cutTo(list, n)
  return n
}

/** CR 514.2: "until end of turn" effects end. Returns how many ended. */
export function endUntilEndOfTurnEffects(world: GameWorld): number {
  // Asked first without a list (most turns end none).
  if (!world.effects.some(endsThisTurn)) return 0
  const effects = world.effects
  const count = effects.length
  // Each object listed once, marked as it is met (the world's marks: linear in the effects).
  const marks = world.scratch.marks
  const stamp = nextStamp(world)
  let t = 0
  for (let k = 0; k < count; k++) {
    const target = effects[k]!.target
    if (effects[k]!.duration !== 'endOfTurn' || marks[target] === stamp) continue
    marks[target] = stamp
    ENDED[t++] = target
  }
  const ended = count - keepLasting(effects, world)
  // Then each object's characteristics, once, all effects having ended together.
  for (let i = 0; i < t; i++) {
    const target = ENDED[i]!
    keepLasting(world.effectsByTarget.get(target)!, null)
    recomputeCharacteristics(world, target)
  }
  return ended
}
