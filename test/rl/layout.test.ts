/** The observation and action layouts are data: contiguous sections, unique features, sizes that add up, a version. */
import { describe, expect, it } from 'vitest'
import {
  ACTION_ALT, ACTION_LAYOUT, ACTION_SELECT, ACTION_SIZE, ACTION_SLOTS, CARD_IDS, GLOBAL_FEATURES, OBJECT_FEATURES, OBJECT_SECTION, OBJECT_SLOTS, OBS_LAYOUT,
  OBS_SECTIONS, OBS_SIZE, OBS_VERSION, PLAYER_FEATURES,
} from '../../src/rl/layout.js'
import { CARD_POOL } from '../../src/rules/cards/pool.js'

describe('the observation layout (OBS_LAYOUT)', () => {
  it('is versioned and JSON (a Python client reads it as data)', () => {
    expect(OBS_VERSION).toBe(1)
    expect(OBS_LAYOUT.version).toBe(OBS_VERSION)
    expect(JSON.parse(JSON.stringify(OBS_LAYOUT))).toEqual(OBS_LAYOUT)
  })

  it('lays its sections end to end and its size is their sum', () => {
    let offset = 0
    for (const section of OBS_SECTIONS) {
      expect(section.offset, section.name).toBe(offset)
      offset += section.size
    }
    expect(OBS_SIZE).toBe(offset)
    expect(OBS_LAYOUT.size).toBe(OBS_SIZE)
  })

  it('numbers the object slots of the sections in order after the two player slots', () => {
    const objectSections = OBS_SECTIONS.filter((s) => s.slots !== undefined)
    let slot = 2
    for (const section of objectSections) {
      expect(section.firstActionSlot, section.name).toBe(slot)
      expect(section.size).toBe(section.slots! * OBJECT_FEATURES.length)
      slot += section.slots!
    }
    expect(slot).toBe(ACTION_SLOTS)
    expect(OBJECT_SLOTS).toBe(ACTION_SLOTS - 2)
    expect(OBJECT_SECTION.myHand.first).toBe(0)
  })

  it('names each feature once, indexed in order', () => {
    for (const list of [GLOBAL_FEATURES, PLAYER_FEATURES, OBJECT_FEATURES]) {
      expect(new Set(list.map((f) => f.name)).size).toBe(list.length)
      list.forEach((f, i) => expect(f.index).toBe(i))
      for (const f of list) expect(f.scale).toBeGreaterThan(0)
    }
  })

  it('gives every pool card an id in CARD_POOL order, and one id to objects not from the pool', () => {
    expect(CARD_IDS.slice(0, -1)).toEqual([...CARD_POOL.keys()])
    expect(CARD_IDS).toHaveLength(CARD_POOL.size + 1)
  })
})

describe('the action layout (ACTION_LAYOUT)', () => {
  it('is stop, mulligan, then the primary and the alternate verb on each slot', () => {
    expect(ACTION_SELECT).toBe(2)
    expect(ACTION_ALT).toBe(2 + ACTION_SLOTS)
    expect(ACTION_SIZE).toBe(2 + 2 * ACTION_SLOTS)
    expect(ACTION_LAYOUT).toMatchObject({ size: ACTION_SIZE, stop: 0, mulligan: 1, select: ACTION_SELECT, alt: ACTION_ALT, slots: ACTION_SLOTS, version: OBS_VERSION })
    expect(Object.keys(ACTION_LAYOUT.meanings).sort()).toEqual(['attacker', 'blocker', 'damage', 'mulligan', 'pick', 'priority', 'target'])
  })
})
