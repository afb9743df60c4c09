/** The observation and action layouts are data: contiguous sections, unique features, sizes that add up, a version. */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  ACTION_ALT, ACTION_LAYOUT, ACTION_SELECT, ACTION_SIZE, ACTION_SLOTS, CARD_IDS, GLOBAL_FEATURES, OBJECT_FEATURES, OBJECT_SECTION, OBJECT_SLOTS, OBS_LAYOUT,
  OBS_SECTIONS, OBS_SIZE, OBS_VERSION, PLAYER_FEATURES,
} from '../../src/rl/layout.js'
import { CARD_POOL } from '../../src/rules/cards/pool.js'

describe('the observation layout (OBS_LAYOUT)', () => {
  it('is versioned and JSON (a Python client reads it as data)', () => {
    expect(OBS_VERSION).toBe(2)
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

describe('README, "For learning"', () => {
  const readme = readFileSync(join(import.meta.dirname, '..', '..', 'README.md'), 'utf8')
  const section = readme.slice(readme.indexOf('## For learning'), readme.indexOf('\n## ', readme.indexOf('## For learning') + 1))

  it('quotes the sizes and every section\'s offset, floats and slots as the layout has them', () => {
    expect(section).toContain(`${OBS_SIZE.toLocaleString('en-US')} floats`)
    expect(section).toContain(`(\`ACTION_LAYOUT\`, ${ACTION_SIZE} integers)`)
    expect(section).toContain(`\`${ACTION_ALT} + s\``)
    expect(section).toContain(`${ACTION_SLOTS} slots`)
    expect(section).toContain(`a row of ${OBJECT_FEATURES.length} features`)
    for (const s of OBS_SECTIONS) {
      const row = section.split('\n').find((line) => line.startsWith('| ') && line.includes(`\`${s.name}\``))
      expect(row, s.name).toBeDefined()
      const cells = row!.split('|').map((c) => c.trim())
      const names = cells[1]!.match(/`(\w+)`/g)!.map((n) => n.slice(1, -1))
      const k = names.indexOf(s.name)
      expect(cells[2]!.split(',').map((c) => Number(c.trim()))[k], `${s.name} offset`).toBe(s.offset)
      expect(Number(cells[3]!.split(' ')[0]!.replace(',', '')), `${s.name} floats`).toBe(s.size)
      if (s.slots !== undefined) expect(Number(cells[4]!.split(' ')[0]), `${s.name} slots`).toBe(s.slots)
    }
  })
})
