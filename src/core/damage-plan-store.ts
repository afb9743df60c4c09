import { IntList } from './int-list.js'

/**
 * Scratch state of one combat damage step (CR 510.1): every assignment as parallel lists (source,
 * recipient, amount) and, while an explicit assignment is checked, who deals damage (`dealers`,
 * `dealing`, `firstEntry`, `entryCount`: the plan of the default assignment records none of them).
 * Reused from step to step: no allocation per creature. `perEntity` arrays grow with the world.
 */
export interface DamagePlan {
  perEntity: {
    /** Damage assigned to each recipient so far in this step (CR 510.1c-d, 702.19b). */
    assigned: Int32Array
    /** How many deathtouch sources assigned nonzero damage to each creature (CR 702.2c). */
    deathtouchSources: Int32Array
    /** First entry of an explicitly assigned dealer in the lists, and how many entries it has (set by `recordExplicit`, read only then). */
    firstEntry: Int32Array
    entryCount: Int32Array
    /** 1 for a creature that assigns combat damage in this step (listed only to check an explicit assignment). */
    dealing: Uint8Array
  }
  dealers: IntList
  source: IntList
  recipient: IntList
  amount: IntList
  /** Recipients whose `assigned` must be cleared before the next step. */
  touched: IntList
  /** While the default assignment is dealt as it is made (`dealCombatDamageByDefault`): each entry is dealt, not recorded. */
  dealAsAssigned: boolean
  /** CR 702.15b: the lifelink gain of the source whose combat damage is being dealt, so far (`gainLifelink`). */
  gain: number
}

export function createDamagePlan(capacity: number): DamagePlan {
  return {
    perEntity: {
      assigned: new Int32Array(capacity),
      deathtouchSources: new Int32Array(capacity),
      firstEntry: new Int32Array(capacity),
      entryCount: new Int32Array(capacity),
      dealing: new Uint8Array(capacity),
    },
    dealers: new IntList(),
    source: new IntList(),
    recipient: new IntList(),
    amount: new IntList(),
    touched: new IntList(),
    dealAsAssigned: false,
    gain: 0,
  }
}

export function resetDamagePlan(plan: DamagePlan): void {
  const { assigned, deathtouchSources, dealing } = plan.perEntity
  const touched = plan.touched.items
  for (let i = 0, n = plan.touched.length; i < n; i++) {
    const eid = touched[i]!
    assigned[eid] = 0
    deathtouchSources[eid] = 0
  }
  const dealers = plan.dealers.items
  for (let i = 0, n = plan.dealers.length; i < n; i++) dealing[dealers[i]!] = 0
  // A gain left by a step that threw (an internal error) is no later step's.
  plan.gain = 0
  plan.touched.clear()
  plan.dealers.clear()
  plan.source.clear()
  plan.recipient.clear()
  plan.amount.clear()
}
