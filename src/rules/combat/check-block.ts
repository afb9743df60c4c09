import { C_ATTACKING } from '../../../components/combat.js'
import { KW_FLYING, KW_MENACE, KW_REACH } from '../../../components/keywords.js'
import { T_CREATURE } from '../../../components/types.js'
import { Zone } from '../../../components/zones.js'
import { OK, reject, type ActionResult, type Rejection } from '../../core/errors.js'
import type { Eid } from '../../core/events.js'
import { label, nextStamp, type GameWorld } from '../../core/world.js'
import { UNFIT } from './check-attack.js'

export interface BlockDeclaration {
  blocker: Eid
  attacker: Eid
}

/**
 * CR 509.1a-c: checks the whole block declaration against the current state: each blocker is
 * an untapped creature of the player the attacker attacks (or whose planeswalker it attacks,
 * 802.4a) and blocks one attacking creature; evasion (702.9b flying, 702.17b reach) and the
 * menace restriction over the whole declaration (702.111b). With `declarer`, the declaration is that
 * defending player's, who declares blocks for their own creatures only (509.1a, 802.4a). The
 * entries are checked in order and the first with an error decides the rejection; then the
 * blocker counts (menace).
 */
export function checkBlockDeclaration(world: GameWorld, declaration: readonly BlockDeclaration[], declarer: Eid = 0): ActionResult {
  const controller = world.place.controller
  const { marks, otherMarks, counts } = world.scratch
  const stamp = nextStamp(world)
  for (let i = 0; i < declaration.length; i++) {
    const { blocker, attacker } = declaration[i]!
    // Blockers are marked in `marks`; an attacker's count of blockers is valid once it carries
    // the stamp in `otherMarks`.
    if (otherMarks[attacker] !== stamp) {
      otherMarks[attacker] = stamp
      counts[attacker] = 0
    }
    if (marks[blocker] === stamp) return reject('duplicate-blocker', `${label(world, blocker)} can block only one creature`, '509.1a')
    marks[blocker] = stamp
    if (declarer !== 0 && controller[blocker] !== declarer && world.players.isPlayer[blocker] === 0) {
      return reject('not-your-creature', `${label(world, blocker)} is not controlled by ${label(world, declarer)}, who declares blocks for their own creatures`, '509.1a')
    }
    // The rule's one check (`blockerCheck`), worded only for a refusal.
    if (blockerCheck(world, blocker, attacker) !== null) return blockerError(world, blocker, attacker)!
    counts[attacker]!++
  }
  for (let i = 0; i < declaration.length; i++) {
    const attacker = declaration[i]!.attacker
    const error = blockCountError(world, attacker, counts[attacker]!)
    if (error) return error
  }
  return OK
}

/**
 * CR 509.1b, 702.111b: why `attacker` can't end a block declaration blocked by exactly `count`
 * creatures, or null: the half of the whole-declaration check that counts blockers (menace: none
 * or two or more), `blockCountAllowed` worded for the declaration check. The enumerator and the
 * learning environment's masks (which keep every partial declaration completable) ask
 * `blockCountAllowed`.
 */
export function blockCountError(world: GameWorld, attacker: Eid, count: number): Rejection | null {
  return blockCountAllowed(world, attacker, count)
    ? null
    : reject('menace', `${label(world, attacker)} has menace and can't be blocked except by two or more creatures`, '702.111b')
}

/**
 * CR 509.1b, 702.111b: whether `attacker` may end a block declaration blocked by exactly `count`
 * creatures (menace: none, or two or more). The rule's one check, without words: `blockCountError`
 * words it; the enumerators ask it over many attackers and counts.
 */
export function blockCountAllowed(world: GameWorld, attacker: Eid, count: number): boolean {
  return count !== 1 || (world.kw.effective[attacker]! & KW_MENACE) === 0
}

/** The reasons a creature can't block an attacker, taken alone (`blockerCheck`). */
export type BlockerCode = 'not-on-battlefield' | 'not-a-creature' | 'tapped' | 'not-attacking' | 'not-defending-player' | 'cannot-block-flying'

/**
 * CR 509.1a, 802.4a, 702.9b, 702.17b: why `blocker` can't block `attacker` now, as a code only
 * (taken alone: the menace restriction, 702.111b, is over the whole declaration), or null. The
 * rule's one check: `blockerError` words it; the enumerator and the search for a player who
 * could block ask it over many pairs, building no message.
 */
export function blockerCheck(world: GameWorld, blocker: Eid, attacker: Eid): BlockerCode | null {
  const { zone, controller } = world.place
  const { flags, defendingPlayer } = world.combat
  if (world.players.isPlayer[blocker] === 1 || zone[blocker] !== Zone.Battlefield) return 'not-on-battlefield'
  if ((world.types.mask[blocker]! & T_CREATURE) === 0) return 'not-a-creature'
  if (world.status.tapped[blocker]) return 'tapped'
  if (world.players.isPlayer[attacker] === 1 || (flags[attacker]! & C_ATTACKING) === 0 || zone[attacker] !== Zone.Battlefield) return 'not-attacking'
  if (controller[blocker] !== defendingPlayer[attacker]) return 'not-defending-player'
  if (world.kw.effective[attacker]! & KW_FLYING && (world.kw.effective[blocker]! & (KW_FLYING | KW_REACH)) === 0) return 'cannot-block-flying'
  return null
}

/**
 * CR 509.1a, 802.4a, 702.9b, 702.17b: why `blocker` can't block `attacker` now (taken alone:
 * the menace restriction, 702.111b, is over the whole declaration), or null: `blockerCheck`,
 * worded. Used by the declaration check and the legal-action enumerator's callers.
 */
export function blockerError(world: GameWorld, blocker: Eid, attacker: Eid): Rejection | null {
  const code = blockerCheck(world, blocker, attacker)
  if (code === null) return null
  const who = label(world, blocker)
  const whom = label(world, attacker)
  switch (code) {
    case 'not-on-battlefield':
    case 'not-a-creature':
    case 'tapped':
      return reject(code, `${who} ${UNFIT[code]}, so it can't block`, '509.1a')
    case 'not-attacking':
      return reject(code, `${whom} is not an attacking creature, so ${who} can't block it`, '509.1a')
    case 'not-defending-player':
      return reject(code, `${who} can't block ${whom}: ${whom} attacks ${label(world, world.combat.defendingPlayer[attacker]!)}, and ${who} is controlled by ${label(world, world.place.controller[blocker]!)}`, '802.4a')
    case 'cannot-block-flying':
      return reject(code, `${who} can't block ${whom}: ${whom} has flying, and ${who} has neither flying nor reach`, '702.9b')
  }
}
