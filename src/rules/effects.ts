import { keywordNames } from '../../components/keywords.js'
import type { Eid } from '../core/events.js'
import { addSaturating, LIMITS } from '../core/limits.js'
import { nextStamp, queueStateCheck, setEffectiveKeywords, type GameWorld } from '../core/world.js'
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
    // CR 613.4c, layer 7c: modifications of power and toughness, saturating at the ends of their range.
    for (const e of effects) {
      power = addSaturating(power, e.power, LIMITS.power)
      toughness = addSaturating(toughness, e.toughness, LIMITS.toughness)
    }
  }
  setEffectiveKeywords(world, eid, mask)
  world.stats.power[eid] = power
  world.stats.toughness[eid] = toughness
  queueStateCheck(world, eid)
}

export function addEffect(
  world: GameWorld,
  target: Eid,
  change: { addKeywords?: number; removeKeywords?: number; power?: number; toughness?: number },
  from: { duration: ContinuousEffect['duration']; source: Eid } = { duration: 'endOfTurn', source: 0 },
): ContinuousEffect {
  const effect: ContinuousEffect = {
    timestamp: world.nextTimestamp++,
    target,
    addKeywords: change.addKeywords ?? 0,
    removeKeywords: change.removeKeywords ?? 0,
    power: change.power ?? 0,
    toughness: change.toughness ?? 0,
    duration: from.duration,
    source: from.source,
  }
  world.effects.push(effect)
  const list = world.effectsByTarget.get(target)
  if (list) list.push(effect)
  else world.effectsByTarget.set(target, [effect])
  recomputeCharacteristics(world, target)
  if (!world.events.listening) return effect
  if (effect.addKeywords !== 0 || effect.power !== 0 || effect.toughness !== 0) {
    world.events.emit('keywordsGranted', target, keywordNames(effect.addKeywords), effect.power, effect.toughness, '611.2')
  }
  if (effect.removeKeywords !== 0) {
    world.events.emit('keywordsLost', target, keywordNames(effect.removeKeywords), '611.2')
  }
  return effect
}

/** Ends one effect (e.g. an Equipment's when it becomes unattached). Ending it twice does nothing. */
export function endEffect(world: GameWorld, effect: ContinuousEffect): void {
  const on = world.effectsByTarget.get(effect.target)
  if (!on || !on.includes(effect)) return
  if (on.length === 1) world.effectsByTarget.delete(effect.target)
  else keepWhere(on, -1, effect)
  keepWhere(world.effects, -1, effect)
  recomputeCharacteristics(world, effect.target)
}

/** Ends every effect on an object, e.g. when it leaves the battlefield (CR 400.7). */
export function endEffectsOn(world: GameWorld, target: Eid): void {
  if (world.effects.length === 0 || !world.effectsByTarget.has(target)) return
  world.effectsByTarget.delete(target)
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
  if (list.length !== n) list.length = n
}

const endsThisTurn = (e: ContinuousEffect): boolean => e.duration === 'endOfTurn'

/** The objects whose effects ended in the cleanup step, in the order their first such effect was created (scratch, read within the call). */
const ENDED: Eid[] = []

/** `list` without its "until end of turn" effects, in place and in order: how many are left. */
function keepLasting(list: ContinuousEffect[]): number {
  let n = 0
  for (let k = 0; k < list.length; k++) if (list[k]!.duration !== 'endOfTurn') list[n++] = list[k]!
  if (list.length !== n) list.length = n
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
  const ended = count - keepLasting(effects)
  // Then each object's characteristics, once, all effects having ended together.
  for (let i = 0; i < t; i++) {
    const target = ENDED[i]!
    if (keepLasting(world.effectsByTarget.get(target)!) === 0) world.effectsByTarget.delete(target)
    recomputeCharacteristics(world, target)
  }
  return ended
}
