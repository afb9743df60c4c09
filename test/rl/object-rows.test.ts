/**
 * Observations written again and again into one place (`ObjectRows`: of an object row only the
 * floats whose values changed are written; a histogram section is written again only when its
 * cards changed, and clears only what it set) equal one written afresh, whatever came between two
 * writes: the next decision of the same game, the other seat's view (CR 400.2: other sections,
 * other slots), an earlier state restored from a snapshot, another game, values through the clip.
 * And what the writer asks once per zone list instead of once per card holds: a player's zone
 * lists hold the cards they own in that zone (CR 400.3).
 */
import { describe, expect, it } from 'vitest'
import { Zone } from '../../components/zones.js'
import { Rng } from '../../src/core/rng.js'
import { noteChange, type GameWorld } from '../../src/core/world.js'
import type { ObjectSpec } from '../../src/state/position.js'
import { pendingDecision } from '../../src/decisions/pending.js'
import { F, OBJECT_SIZE, OBS_CLIP, OBS_SIZE, OFFSET, PLAYER_SLOTS } from '../../src/rl/layout.js'
import { fillSlots, ObjectRows, SlotTable, writeObservation } from '../../src/rl/observe.js'
import { restoreWorld, snapshotWorld, type WorldSnapshot } from '../../src/state/snapshot.js'
import { idsOf, worldOf, type Game } from '../../src/api/game.js'
import { creature, drive, expectOk, newGame, obj, planeswalker } from '../helpers.js'
import { exploreMasked, firstDifference, observation } from './rl-helpers.js'

describe('ObjectRows: observations written in place', () => {
  it('equal one written afresh across whole games, both seats, restored snapshots and other games', () => {
    const place = new Float32Array(OBS_SIZE)
    const rows = new ObjectRows()
    const slots = new SlotTable()
    const rng = new Rng(77)
    const seen = { histogramFloats: 0, writes: 0, restores: 0, stack: 0, combat: 0, rowChanges: 0, kinds: new Set<string>() }
    const before = new Float32Array(OBS_SIZE)
    const check = (world: GameWorld, at: string): void => {
      const decision = pendingDecision(world)
      const [a, b] = world.playerOrder as [number, number]
      // Both seats, in a random order: the place switches viewers as a self-play env's row does.
      const viewers = rng.next() < 0.5 ? [a, b] : [b, a]
      for (const viewer of viewers) {
        before.set(place)
        writeInPlace(world, viewer, place, slots, rows, decision)
        expect(firstDifference(place, observation(world, viewer)), `${at}, viewer ${viewer}`).toBe(-1)
        // What a reader of the changes compares (the delta transport: the spans before and after
        // the object rows, and the floats of the rows touched that `written` names) covers every
        // float that changed; each touched row once.
        const rowsTouched = Array.from(rows.touched.subarray(0, rows.touchedCount))
        expect(new Set(rowsTouched).size, `${at}: a row touched twice`).toBe(rowsTouched.length)
        for (let j = OFFSET.objects; j < OFFSET.myGraveyard; j++) {
          if (Object.is(place[j], before[j])) continue
          seen.rowChanges++
          const row = Math.floor((j - OFFSET.objects) / OBJECT_SIZE)
          const feature = (j - OFFSET.objects) % OBJECT_SIZE
          expect(rowsTouched.includes(row), `${at}: float ${j} changed in a row not touched`).toBe(true)
          const word = rows.written[2 * row + (feature >> 5)]!
          expect((word >>> (feature & 31)) & 1, `${at}: float ${j} (feature ${feature}) changed and not named written`).toBe(1)
        }
        // The histogram floats listed (what the delta transport compares) are the nonzero ones, each once.
        const listed = Array.from(rows.histogram.subarray(0, rows.histogramCount)).sort((x, y) => x - y)
        const nonzero: number[] = []
        for (let j = OFFSET.myGraveyard; j < OBS_SIZE; j++) if (place[j] !== 0) nonzero.push(j)
        expect(listed, `${at}: the histogram floats listed`).toEqual(nonzero)
        seen.histogramFloats += nonzero.length
        rows.forgetTouched()
        expect(rows.written.every((w) => w === 0), `${at}: written words left after forgetTouched`).toBe(true)
        seen.writes++
      }
      seen.kinds.add(decision.kind)
      if (world.stack.length > 0) seen.stack++
      if (world.roster.attackers.length > 0) seen.combat++
    }
    for (let seed = 0; seed < 8; seed++) {
      const snapshots: WorldSnapshot[] = []
      exploreMasked(seed, 1, (world, _builder, at) => {
        check(world, at)
        if (snapshots.length > 0 && rng.next() < 0.15) {
          // An earlier state of the game, then back: every row may change at once.
          const now = snapshotWorld(world)
          restoreWorld(world, snapshots[rng.int(snapshots.length)]!)
          check(world, `${at}, restored`)
          restoreWorld(world, now)
          check(world, `${at}, back`)
          seen.restores++
        }
        if (rng.next() < 0.05) snapshots.push(snapshotWorld(world))
      })
    }
    expect(seen.restores).toBeGreaterThan(20)
    expect(seen.rowChanges).toBeGreaterThan(1000)
    expect(seen.histogramFloats).toBeGreaterThan(1000)
    expect(seen.stack).toBeGreaterThan(0)
    expect(seen.combat).toBeGreaterThan(0)
    // A search writes the library histogram, and the write after it clears it.
    for (const kind of ['mulligan', 'priority', 'declareAttackers', 'declareBlockers', 'search']) expect(seen.kinds, kind).toContain(kind)
    // Eight whole games, each decision written twice and checked against a fresh write: about 4 s
    // alone, more beside the rest of the suite.
  }, 60_000)

  it('CR 400.3: a player\'s zone lists hold the cards they own in that zone (the writer asks canSeeZone once per list)', () => {
    let checked = 0
    for (let seed = 0; seed < 6; seed++) {
      exploreMasked(seed, 0.3, (world, _builder, at) => {
        for (const player of world.playerOrder) {
          const lists = world.zoneLists[player]!
          for (const [zone, list] of [[Zone.Library, lists.library], [Zone.Hand, lists.hand], [Zone.Graveyard, lists.graveyard], [Zone.Exile, lists.exile]] as const) {
            for (const eid of list) {
              expect(world.place.owner[eid], `${at}: owner of ${eid}`).toBe(player)
              expect(world.place.zone[eid], `${at}: zone of ${eid}`).toBe(zone)
              checked++
            }
          }
        }
      })
    }
    expect(checked).toBeGreaterThan(1000)
  })

  it('power, toughness, damage and loyalty written again equal a fresh write, through the clip and back (+-40: a key byte each)', () => {
    const game = newGame([creature('bear', 'A', 2, 2), planeswalker('walker', 'B', 3)])
    const world = worldOf(game)
    const ids = idsOf(game)
    const bear = ids.get('bear')!
    const walker = ids.get('walker')!
    const [a] = world.playerOrder as [number, number]
    const place = new Float32Array(OBS_SIZE)
    const rows = new ObjectRows()
    const slots = new SlotTable()
    const values = [2, 39, 40, 41, 100, 2 ** 31 - 1, 40, 39, -1, -39, -40, -41, -(2 ** 31 - 1), -40, 0, 127, 128, 255, 256, -128, -129, 7, 2]
    let changed = 0
    let previous = new Float32Array(OBS_SIZE)
    for (let i = 0; i < values.length; i++) {
      // A different value in each column each write: they change together and apart.
      const v = (k: number): number => values[(i + k) % values.length]!
      world.stats.power[bear] = v(0)
      world.stats.toughness[bear] = v(3)
      // Damage is never negative in a game; the writer's byte holds a sign all the same.
      world.stats.damage[bear] = v(5)
      world.stats.loyalty[walker] = v(7)
      // Set here as no rule sets them: noted as the rules note their changes (the writer reads again only what is noted).
      noteChange(world, bear)
      noteChange(world, walker)
      writeInPlace(world, a, place, slots, rows)
      expect(firstDifference(place, observation(world, a)), `write ${i}`).toBe(-1)
      // And each is the value scaled and clipped, as OBS_LAYOUT says (not only what a fresh write gives).
      const row = (eid: number): number => OFFSET.objects + (slots.slot(eid) - PLAYER_SLOTS) * OBJECT_SIZE
      const scaled = (raw: number): number => Math.fround(Math.max(-OBS_CLIP, Math.min(OBS_CLIP, raw / 10)))
      expect(place[row(bear) + F.power], `write ${i}: power ${v(0)}`).toBe(scaled(v(0)))
      expect(place[row(bear) + F.toughness], `write ${i}: toughness ${v(3)}`).toBe(scaled(v(3)))
      expect(place[row(bear) + F.damage], `write ${i}: damage ${v(5)}`).toBe(scaled(v(5)))
      expect(place[row(walker) + F.loyalty], `write ${i}: loyalty ${v(7)}`).toBe(scaled(v(7)))
      // Every float that changed is named written (what the delta transport sends).
      for (let j = OFFSET.objects; j < OFFSET.myGraveyard; j++) {
        if (Object.is(place[j], previous[j])) continue
        changed++
        const r = Math.floor((j - OFFSET.objects) / OBJECT_SIZE)
        const feature = (j - OFFSET.objects) % OBJECT_SIZE
        expect((rows.written[2 * r + (feature >> 5)]! >>> (feature & 31)) & 1, `write ${i}: float ${j} (feature ${feature}) changed and not named written`).toBe(1)
      }
      rows.forgetTouched()
      previous = Float32Array.from(place)
    }
    // Floats changed at most writes (the checks compare something); some beyond the clip did not need to.
    expect(changed).toBeGreaterThan(values.length * 2)
  })

  it('read again only the objects the world notes changed (noteChange), and every object after a restore, for another viewer or after other rows wrote the world', () => {
    const game = newGame([creature('bear', 'A', 2, 2), creature('ogre', 'B', 3, 3)])
    const world = worldOf(game)
    const bear = idsOf(game).get('bear')!
    const [a, b] = world.playerOrder as [number, number]
    const place = new Float32Array(OBS_SIZE)
    const rows = new ObjectRows()
    const slots = new SlotTable()
    const write = (viewer: number, into = rows): void => writeInPlace(world, viewer, place, slots, into)
    const power = (): number => place[OFFSET.objects + (slots.slot(bear) - PLAYER_SLOTS) * OBJECT_SIZE + F.power]!
    write(a)
    expect(power()).toBe(Math.fround(0.2))
    const saved = snapshotWorld(world)
    // A change no rule made, so not noted: the row keeps what it was written from (so the writer
    // doesn't read an object the world says is unchanged). A test of the mechanism, not only of
    // outcomes: what the notes promise the writer is the contract the rules keep (CONTRIBUTING.md).
    world.stats.power[bear] = 5
    write(a)
    expect(power(), 'not noted: not read again').toBe(Math.fround(0.2))
    noteChange(world, bear)
    write(a)
    expect(power(), 'noted: read again').toBe(Math.fround(0.5))
    expect(world.scratch.changed.every((c) => c === 0), 'the notes taken').toBe(true)
    // Not noted, then seen by the other viewer: every object is read for another viewer.
    world.stats.power[bear] = 6
    write(b)
    expect(power()).toBe(Math.fround(0.6))
    // A restore notes every object (the snapshot's power is 2).
    restoreWorld(world, saved)
    expect(world.scratch.changed.every((c, eid) => c === 1 || eid >= world.labels.length)).toBe(true)
    write(b)
    expect(power()).toBe(Math.fround(0.2))
    // Other rows that wrote the world took its notes: these rows read every object again.
    world.stats.power[bear] = 7
    noteChange(world, bear)
    write(b, new ObjectRows())
    write(b)
    expect(power()).toBe(Math.fround(0.7))
    expect(firstDifference(place, observation(world, b))).toBe(-1)
  })

  it('equal one written afresh after the changes whole games with the built-in decks never make: removal from combat (506.4), damage to a planeswalker (120.3c), a grant (611.2), destroy', () => {
    const game = newGame([creature('bear', 'A', 2, 2), creature('wolf', 'B', 2, 2), planeswalker('walker', 'B', 4)])
    const check = writesOfFirstSeat(game)
    check('the first write')
    expectOk(drive(game).walkToAttack({ bear: 'B' }))
    check('an attack')
    expectOk(drive(game).walkToBlock({ wolf: 'bear' }))
    check('a block')
    expectOk(game.removeFromCombat('wolf'))
    check('a blocker removed from combat')
    expectOk(game.dealDamage({ to: 'walker', amount: 1 }))
    check('a planeswalker dealt damage')
    expectOk(game.grant('bear', { power: 3 }))
    check('a grant')
    expectOk(game.destroy('wolf'))
    check('a creature destroyed')
  })

  it('equal one written afresh where no row changes its object: a blocker dealt no damage leaves combat (511.3), an Equipment comes off a host that has no row (704.5n)', () => {
    // Power 0 on both sides: nothing is dealt, nothing dies; only the end of combat changes the blocker.
    const combat = newGame([creature('bear', 'A', 0, 2), creature('wall', 'B', 0, 3)])
    const checkCombat = writesOfFirstSeat(combat)
    expectOk(drive(combat).walkToAttack({ bear: 'B' }))
    expectOk(drive(combat).walkToBlock({ wall: 'bear' }))
    checkCombat('blocked')
    expectOk(drive(combat).walkTo('postcombatMain'))
    checkCombat('after the end of combat')
    // The viewer's permanents fill 28 rows (nonland first, by age): the host, the newest, has none,
    // so its leaving moves no row, and the Equipment's row changes only by the note of its detach.
    const fillers = Array.from({ length: 28 }, (_, k) => creature(`filler${k}`, 'A', 1, 1))
    const sword: ObjectSpec = { id: 'sword', controller: 'A', types: ['artifact'], subtypes: ['Equipment'], keywords: [{ equip: '{1}' }], equipped: { power: 1 }, attachedTo: 'host' }
    const equipped = newGame([sword, ...fillers, creature('host', 'A', 2, 2)])
    const checkEquipped = writesOfFirstSeat(equipped)
    checkEquipped('attached')
    expectOk(equipped.destroy('host'))
    expect(obj(equipped, 'sword')).toMatchObject({ zone: 'battlefield', attachedTo: null })
    checkEquipped('the host destroyed, the Equipment unattached')
  })

  it('equal one written afresh at every decision of whole games seen by one seat throughout (only what the rules noted read again)', () => {
    let incremental = 0
    let skipped = 0
    for (let seed = 0; seed < 8; seed++) {
      for (const seat of [0, 1]) {
        const place = new Float32Array(OBS_SIZE)
        const rows = new ObjectRows()
        const slots = new SlotTable()
        exploreMasked(seed, 1, (world, _builder, at) => {
          const viewer = world.playerOrder[seat]!
          // Filled here to count, before the write takes the notes (it fills them again, the same).
          fillSlots(world, viewer, slots)
          // Objects with a row that no rule noted changed since the last write: those the writer may skip
          // (it does: the white-box test above), so the comparisons below test the notes.
          let unnoted = 0
          for (let s = PLAYER_SLOTS; s < slots.eid.length; s++) if (slots.eid[s]! !== 0 && world.scratch.changed[slots.eid[s]!] === 0) unnoted++
          writeInPlace(world, viewer, place, slots, rows)
          expect(firstDifference(place, observation(world, viewer)), `${at}, seat ${seat}`).toBe(-1)
          expect(world.scratch.changed.every((c) => c === 0), `${at}: the notes taken`).toBe(true)
          incremental++
          skipped += unnoted
        })
      }
    }
    expect(incremental).toBeGreaterThan(1000)
    expect(skipped).toBeGreaterThan(10 * incremental)
  }, 60_000)
})

/**
 * Writes the first seat's observation of `game` into one place through one `ObjectRows` at each
 * call, and checks it equals a fresh write and that it changed since the last call.
 */
function writesOfFirstSeat(game: Game): (what: string) => void {
  const world = worldOf(game)
  const [a] = world.playerOrder as [number, number]
  const place = new Float32Array(OBS_SIZE)
  const rows = new ObjectRows()
  const slots = new SlotTable()
  const before = new Float32Array(OBS_SIZE)
  return (what) => {
    before.set(place)
    writeInPlace(world, a, place, slots, rows)
    expect(firstDifference(place, observation(world, a)), what).toBe(-1)
    expect(firstDifference(place, before), `${what}: the observation changed`).toBeGreaterThanOrEqual(0)
  }
}

/** `viewer`'s observation of the pending decision (`decision`, asked if not given) written into `place` through `rows` (in place), its slots filled first into `slots`. */
function writeInPlace(world: GameWorld, viewer: number, place: Float32Array, slots: SlotTable, rows: ObjectRows, decision = pendingDecision(world)): void {
  fillSlots(world, viewer, slots)
  writeObservation(world, viewer, place, 0, slots, decision.kind, decision.player, decision.count, rows)
}
