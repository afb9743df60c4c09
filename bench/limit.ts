/**
 * The limit kernel: the fastest pass we can write over the same per-creature data (typed arrays,
 * no validation, no events, no zones) that computes the same damage and deaths as a whole combat
 * with the default assignment. It is the floor the engine is compared with.
 */
import {
  KW_ANY_FIRST_STRIKE, KW_ANY_TRAMPLE, KW_DEATHTOUCH, KW_DOUBLE_STRIKE, KW_INDESTRUCTIBLE, KW_LIFELINK,
  KW_TRAMPLE_OVER_PLANESWALKERS, KW_VIGILANCE,
} from '../components/keywords.js'
import type { BoardSpec } from '../src/generate/board.js'

export interface LimitBoard {
  spec: BoardSpec
  /** Blockers of each creature (by creature index), in declaration order. */
  blockStart: Int32Array
  blockCount: Int32Array
  blockList: Int32Array
  /** The attacker each creature blocks, or -1. */
  blocking: Int32Array
  /** The attack target of each creature: -1 the defending player, -2 not attacking, else a planeswalker. */
  target: Int32Array
  // state, reset before each run
  damage: Int32Array
  dead: Uint8Array
  deathtouched: Uint8Array
  assigned: Int32Array
  dtAssigned: Uint8Array
  hadFirst: Uint8Array
  tapped: Uint8Array
  loyalty: Int32Array
  pwAssigned: Int32Array
  life: Int32Array
}

export function createLimitBoard(spec: BoardSpec): LimitBoard {
  const n2 = 2 * spec.size
  const blockCount = new Int32Array(n2)
  for (let i = 0; i < spec.blocked.length; i++) blockCount[spec.blocked[i]!]!++
  const blockStart = new Int32Array(n2)
  let at = 0
  for (let i = 0; i < n2; i++) {
    blockStart[i] = at
    at += blockCount[i]!
  }
  const fill = new Int32Array(n2)
  const blockList = new Int32Array(spec.blockers.length)
  const blocking = new Int32Array(n2).fill(-1)
  for (let i = 0; i < spec.blockers.length; i++) {
    const a = spec.blocked[i]!
    blockList[blockStart[a]! + fill[a]!++] = spec.blockers[i]!
    blocking[spec.blockers[i]!] = a
  }
  const target = new Int32Array(n2).fill(-2)
  for (let i = 0; i < spec.attackers.length; i++) target[spec.attackers[i]!] = spec.attackTargets[i]!
  return {
    spec, blockStart, blockCount, blockList, blocking, target,
    damage: new Int32Array(n2), dead: new Uint8Array(n2), deathtouched: new Uint8Array(n2), assigned: new Int32Array(n2),
    dtAssigned: new Uint8Array(n2), hadFirst: new Uint8Array(n2), tapped: new Uint8Array(n2),
    loyalty: new Int32Array(spec.loyalty.length), pwAssigned: new Int32Array(spec.loyalty.length), life: new Int32Array(2),
  }
}

export function resetLimitBoard(b: LimitBoard): void {
  b.damage.fill(0)
  b.dead.fill(0)
  b.deathtouched.fill(0)
  b.assigned.fill(0)
  b.dtAssigned.fill(0)
  b.hadFirst.fill(0)
  b.tapped.fill(0)
  b.loyalty.set(b.spec.loyalty)
  b.pwAssigned.fill(0)
  b.life[0] = b.spec.attackerLife
  b.life[1] = b.spec.defenderLife
}

// Pending deals of one step, as parallel lists: kind 0 creature, 1 planeswalker, 2 player.
let srcList = new Int32Array(1024)
let dstList = new Int32Array(1024)
let amtList = new Int32Array(1024)
let kindList = new Uint8Array(1024)
let count = 0

function push(b: LimitBoard, src: number, kind: number, dst: number, amount: number): void {
  if (amount <= 0) return
  if (count === srcList.length) {
    const grow = <T extends Int32Array | Uint8Array>(a: T): T => {
      const g = new (a.constructor as new (n: number) => T)(a.length * 2)
      g.set(a)
      return g
    }
    srcList = grow(srcList)
    dstList = grow(dstList)
    amtList = grow(amtList)
    kindList = grow(kindList)
  }
  srcList[count] = src
  dstList[count] = dst
  amtList[count] = amount
  kindList[count++] = kind
  if (kind === 0) {
    b.assigned[dst]! += amount
    if (b.spec.keywords[src]! & KW_DEATHTOUCH) b.dtAssigned[dst] = 1
  } else if (kind === 1) b.pwAssigned[dst]! += amount
}

function toDefender(b: LimitBoard, a: number, amount: number, first: number): void {
  const t = b.target[a]!
  const kw = b.spec.keywords[a]!
  const present = t === -1 || b.loyalty[t]! > 0
  if (present) {
    if (t === -1) push(b, a, 2, 1, amount)
    else if ((kw & KW_TRAMPLE_OVER_PLANESWALKERS) === 0) push(b, a, 1, t, amount)
    else {
      const toPw = Math.min(amount, Math.max(0, b.loyalty[t]! - b.pwAssigned[t]!))
      push(b, a, 1, t, toPw)
      push(b, a, 2, 1, amount - toPw)
    }
  } else if (kw & KW_TRAMPLE_OVER_PLANESWALKERS) push(b, a, 2, 1, amount)
  else if (first >= 0) push(b, a, 0, first, amount)
}

function step(b: LimitBoard, first: boolean, afterFirst: boolean): void {
  const { spec, dead, blocking } = b
  const kws = spec.keywords
  const power = spec.power
  count = 0
  for (let i = 0; i < spec.attackers.length; i++) {
    const a = spec.attackers[i]!
    const kw = kws[a]!
    if (dead[a] || power[a]! <= 0) continue
    if (first ? (kw & KW_ANY_FIRST_STRIKE) === 0 : afterFirst && b.hadFirst[a] && (kw & KW_DOUBLE_STRIKE) === 0) continue
    let rest = power[a]!
    const n = b.blockCount[a]!
    if (n === 0) {
      toDefender(b, a, rest, -1)
      continue
    }
    const dt = (kw & KW_DEATHTOUCH) !== 0
    let firstBlocker = -1
    for (let k = b.blockStart[a]!, end = k + n; k < end; k++) {
      const bl = b.blockList[k]!
      if (dead[bl]) continue
      if (firstBlocker < 0) firstBlocker = bl
      let need = 0
      if (!b.dtAssigned[bl]) {
        const remaining = spec.toughness[bl]! - b.damage[bl]! - b.assigned[bl]!
        need = remaining <= 0 ? 0 : dt ? 1 : remaining
      }
      const give = need < rest ? need : rest
      push(b, a, 0, bl, give)
      rest -= give
    }
    if (rest > 0) {
      if (kw & KW_ANY_TRAMPLE) toDefender(b, a, rest, firstBlocker)
      else if (firstBlocker >= 0) push(b, a, 0, firstBlocker, rest)
    }
  }
  for (let i = 0; i < spec.blockers.length; i++) {
    const bl = spec.blockers[i]!
    const kw = kws[bl]!
    if (dead[bl] || power[bl]! <= 0 || dead[blocking[bl]!]) continue
    if (first ? (kw & KW_ANY_FIRST_STRIKE) === 0 : afterFirst && b.hadFirst[bl] && (kw & KW_DOUBLE_STRIKE) === 0) continue
    push(b, bl, 0, blocking[bl]!, power[bl]!)
  }
  for (let i = 0; i < count; i++) {
    const src = srcList[i]!
    const dst = dstList[i]!
    const amount = amtList[i]!
    const kind = kindList[i]!
    if (kind === 0) {
      b.damage[dst]! += amount
      b.assigned[dst] = 0
      b.dtAssigned[dst] = 0
      if (kws[src]! & KW_DEATHTOUCH) b.deathtouched[dst] = 1
    } else if (kind === 1) {
      b.loyalty[dst]! -= amount
      b.pwAssigned[dst] = 0
    } else b.life[dst]! -= amount
    if (kws[src]! & KW_LIFELINK) b.life[src < spec.size ? 0 : 1]! += amount
  }
  // State-based actions for what was dealt damage.
  for (let i = 0; i < count; i++) {
    if (kindList[i] !== 0) continue
    const c = dstList[i]!
    if (!dead[c] && (kws[c]! & KW_INDESTRUCTIBLE) === 0 && (b.damage[c]! >= spec.toughness[c]! || b.deathtouched[c])) dead[c] = 1
    b.deathtouched[c] = 0
  }
}

/** One whole combat over typed arrays: tap attackers, first-strike step if any, regular step. */
export function runLimitCombat(b: LimitBoard): void {
  const { spec } = b
  const kws = spec.keywords
  let anyFirst = false
  for (let i = 0; i < spec.attackers.length; i++) {
    const a = spec.attackers[i]!
    if ((kws[a]! & KW_VIGILANCE) === 0) b.tapped[a] = 1
    if (kws[a]! & KW_ANY_FIRST_STRIKE) anyFirst = true
  }
  if (spec.attackers.length === 0) return
  for (let i = 0; i < spec.blockers.length && !anyFirst; i++) if (kws[spec.blockers[i]!]! & KW_ANY_FIRST_STRIKE) anyFirst = true
  if (anyFirst) {
    for (let i = 0; i < spec.attackers.length; i++) b.hadFirst[spec.attackers[i]!] = kws[spec.attackers[i]!]! & KW_ANY_FIRST_STRIKE ? 1 : 0
    for (let i = 0; i < spec.blockers.length; i++) b.hadFirst[spec.blockers[i]!] = kws[spec.blockers[i]!]! & KW_ANY_FIRST_STRIKE ? 1 : 0
    step(b, true, false)
  }
  step(b, false, anyFirst)
}
