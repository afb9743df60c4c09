/**
 * What the per-entity columns' layout costs a per-creature rule check (`npm run bench:layout`):
 * the engine's own `blockerCheck` (CR 509.1a, 702.9b: about ten reads of eight columns in six
 * stores, each column its own typed array) against the same check over one strided record (the
 * same eight fields of an entity side by side in one `Int32Array`), on the same generated board
 * with its attackers declared (CR 508.1): every creature of the defending player against every
 * attacker on a small board (100 a side or fewer), each against one attacker on a bigger one.
 * Both give the same answer for every pair (checked before timing, or the probe fails).
 *
 * Why: a typed-array read through `world.store.column[e]` is about eight instructions in V8's
 * optimized code (the store, the array, its length, base and offset, a bounds check: counted with
 * `bench:instructions -- --annotate`), and the engine's per-creature work is such reads. One
 * array read twice in a function loads its header once; eight arrays load eight. This measures
 * what a layout with the hot fields of an entity in one array would gain: on a small board (the
 * data in cache: the instructions) and on a big one (10,000 a side: out of L1, in L2 or L3, about
 * 640 KB strided and 340 KB as columns), in a
 * loop that only reads and in one that also writes a scratch array, as the declaration check's does.
 *
 *   npm run bench:layout [-- --sizes 10,20,10000] [--rounds 7] [--slice-ms 200] [--json]
 *
 * (bench/column-layout-main.ts: alternated slices in one process, the order swapped every round;
 * each figure is checks a second, and the ratio strided / columns per round, median and range.)
 * The figures are the machine's; test/bench/column-layout.test.ts checks that the two checks agree.
 */
import { C_ATTACKING } from '../components/combat.js'
import { KW_FLYING, KW_REACH } from '../components/keywords.js'
import { T_CREATURE } from '../components/types.js'
import { Zone } from '../components/zones.js'
import { walkToAttack } from '../src/api/drive.js'
import type { Eid } from '../src/core/events.js'
import type { GameWorld } from '../src/core/world.js'
import { buildBoard, generateBoardSpec } from '../src/generate/board.js'
import { blockerCheck, type BlockerCode } from '../src/rules/combat/check-block.js'

/** The strided record: these fields of entity `e` at `e * STRIDE + field`. */
const IS_PLAYER = 0
const ZONE = 1
const CONTROLLER = 2
const TYPES = 3
const TAPPED = 4
const FLAGS = 5
const DEFENDING = 6
const KEYWORDS = 7
const STRIDE = 8

/** The fields `blockerCheck` reads, copied from the world's columns into one strided record. */
export function stridedRecord(world: GameWorld): Int32Array {
  const n = world.capacity
  const r = new Int32Array(n * STRIDE)
  for (let e = 0; e < n; e++) {
    const at = e * STRIDE
    r[at + IS_PLAYER] = world.players.isPlayer[e]!
    r[at + ZONE] = world.place.zone[e]!
    r[at + CONTROLLER] = world.place.controller[e]!
    r[at + TYPES] = world.types.mask[e]!
    r[at + TAPPED] = world.status.tapped[e]!
    r[at + FLAGS] = world.combat.flags[e]!
    r[at + DEFENDING] = world.combat.defendingPlayer[e]!
    r[at + KEYWORDS] = world.kw.effective[e]!
  }
  return r
}

/** `blockerCheck` line for line, over the strided record. */
export function stridedBlockerCheck(r: Int32Array, blocker: Eid, attacker: Eid): BlockerCode | null {
  const b = blocker * STRIDE
  const a = attacker * STRIDE
  if (r[b + IS_PLAYER] === 1 || r[b + ZONE] !== Zone.Battlefield) return 'not-on-battlefield'
  if ((r[b + TYPES]! & T_CREATURE) === 0) return 'not-a-creature'
  if (r[b + TAPPED]) return 'tapped'
  if (r[a + IS_PLAYER] === 1 || (r[a + FLAGS]! & C_ATTACKING) === 0 || r[a + ZONE] !== Zone.Battlefield) return 'not-attacking'
  if (r[b + CONTROLLER] !== r[a + DEFENDING]) return 'not-defending-player'
  if (r[a + KEYWORDS]! & KW_FLYING && (r[b + KEYWORDS]! & (KW_FLYING | KW_REACH)) === 0) return 'cannot-block-flying'
  return null
}

/** The two loop shapes: the check alone (nothing written in the loop), and with a store into a scratch array each pass, as the declaration check's loop. */
export const SHAPES = ['read-only', 'with a store'] as const

export interface Probe {
  size: number
  /** Blockers and attackers paired: every pair on a small board, each blocker with one attacker on a big one. */
  blockers: Int32Array
  attackers: Int32Array
  world: GameWorld
  record: Int32Array
}

/** The board of `size` a side with its attackers declared, its pairs, and the strided copy; throws unless both layouts answer every pair alike. */
export function layoutProbe(size: number, seed: number): Probe {
  const board = buildBoard(generateBoardSpec({ size, seed }), seed)
  const walked = walkToAttack(board.world, board.attacks)
  if (!walked.ok) throw new Error(`layout probe: the board's attack was rejected: ${walked.error.message}`)
  const defenders = board.creatures.slice(size)
  const attackers = board.attacks.map((d) => d.attacker)
  if (attackers.length === 0) throw new Error(`layout probe: the board of ${size} a side (seed ${seed}) has no attackers`)
  const pairs: [Eid, Eid][] = []
  if (size <= 100) for (const b of defenders) for (const a of attackers) pairs.push([b, a])
  else defenders.forEach((b, i) => pairs.push([b, attackers[i % attackers.length]!]))
  const p: Probe = {
    size,
    blockers: Int32Array.from(pairs, ([b]) => b),
    attackers: Int32Array.from(pairs, ([, a]) => a),
    world: board.world,
    record: stridedRecord(board.world),
  }
  // The same answer for every pair, or the comparison means nothing.
  for (let i = 0; i < pairs.length; i++) {
    const [b, a] = pairs[i]!
    const columns = blockerCheck(p.world, b, a)
    const strided = stridedBlockerCheck(p.record, b, a)
    if (columns !== strided) throw new Error(`layout probe: ${b} blocking ${a}: columns say ${columns}, the strided record ${strided}`)
  }
  return p
}

