/**
 * The training rows of a game record: the record replayed through `act` (`replayRecord`, the
 * checks of `replay`), and at each recorded decision of a seat being exported, the masked choices
 * that build its action (`DecisionBuilder.indicesOf`), each with the observation and mask a
 * learner playing that seat would have been shown (`VecEnv`): forced decisions are taken without
 * a choice, and a step whose mask allows one action only is taken for the learner, so neither is
 * a row. Core only (no Node): `redzone export` writes the rows to files.
 */
import { internalError, RedzoneError } from '../core/errors.js'
import type { GameWorld } from '../core/world.js'
import type { Decision, PlayerAction } from '../decisions/action.js'
import type { LegalActions } from '../decisions/legal.js'
import { encodeAction } from '../play/encode.js'
import { GameTable, replayRecord, seatOf } from '../play/play-game.js'
import type { GameEndReason, GameRecord } from '../play/record.js'
import { DecisionBuilder } from './decision-builder.js'
import { ACTION_SIZE, OBS_SIZE } from './layout.js'
import { ObjectRows } from './observe.js'

/**
 * Receives one row: the deciding seat's observation (`OBS_SIZE` floats) and the step's mask
 * (`ACTION_SIZE` bytes), the action index taken (its mask byte is 1, and the mask allows more than
 * one), the seat, and the index of the recorded action the row is a step of. `obs` and `mask` are
 * views of buffers reused for the next row: copy what is kept, and never write them (an object row
 * is rewritten only where the values it is written from changed, so a row written by a sink would
 * stay in the next observations).
 */
export type RowSink = (obs: Float32Array, mask: Uint8Array, action: number, seat: 0 | 1, decision: number) => void

export interface RecordRowsOptions {
  /** The seats whose decisions are rows (default both: a learner playing both seats, as `VecEnv`'s self-play). */
  seats?: 0 | 1 | 'both'
  /**
   * A recorded action the masked encoding can't express (`indicesOf` is null: an object beyond
   * the observation's slots, a damage division it doesn't offer): false (the default) throws
   * `invalid-argument` naming it; true leaves that decision out (no row) and counts it in `skipped`.
   */
  skipInexpressible?: boolean
}

/** What one record gave. */
export interface RecordRowsResult {
  /** Rows given to the sink. */
  rows: number
  /** Recorded decisions of the exported seats (each one or more rows, or none when every step of it had one allowed action). */
  decisions: number
  /** Decisions of the exported seats left out because the encoding can't express them (`skipInexpressible`). */
  skipped: number
  winner: 0 | 1 | null
  turns: number
  reason: GameEndReason
}

/**
 * Turns records into rows with reused buffers: one observation and one mask for every row (no
 * allocation per row), a decision builder per game world, the games restored from a `GameTable`.
 * Not shared between threads.
 */
export class RecordRows {
  private readonly obs = new Float32Array(OBS_SIZE)
  private readonly mask = new Uint8Array(ACTION_SIZE)
  /** The object rows of `obs` (`writeObservation`'s `rows`). */
  private readonly objectRows = new ObjectRows()
  private readonly table = new GameTable()
  private readonly builders = new WeakMap<GameWorld, DecisionBuilder>()
  /** The builder and decision (`DecisionBuilder.decisions`) whose observation `obs` holds. */
  private writtenBy: DecisionBuilder | null = null
  private written = -1

  /**
   * Replays `record` (`replay`'s checks: the version, every action accepted and used up, the same
   * first player, winner, turns and reason; a `RedzoneError` says what differs) and gives `sink`
   * each row of its exported seats, in the order a learner would have met them.
   */
  rowsOf(record: GameRecord, sink: RowSink, options: RecordRowsOptions = {}): RecordRowsResult {
    const seats = options.seats ?? 'both'
    if (seats !== 0 && seats !== 1 && seats !== 'both') throw new RedzoneError('invalid-argument', `seats: 0, 1 or "both", not ${JSON.stringify(seats)}`)
    // The observation is a two-player one: a record of three or four players has no rows.
    if (record.agents.length !== 2) throw new RedzoneError('invalid-argument', `a game of ${record.agents.length} players: rows are of two-player games only`)
    const skip = options.skipInexpressible ?? false
    let rows = 0
    let decisions = 0
    let skipped = 0
    /** The recorded action (its index) that `indicesOf` could not express, or that a mask did not allow; judged once `act` has answered. */
    let inexpressible = -1
    let unmasked = -1
    let mismatch: PlayerAction | null = null
    const onChoice = (world: GameWorld, decision: Decision, legal: LegalActions, action: PlayerAction, index: number): void => {
      const seat = seatOf(world, decision.player!)
      if (seats !== 'both' && seat !== seats) return
      decisions++
      const builder = this.builderOf(world)
      builder.begin(legal, decision)
      const indices = builder.indicesOf(action)
      if (indices === null) {
        inexpressible = index
        return
      }
      let built: PlayerAction | null = null
      for (const i of indices) {
        if (builder.mask[i] !== 1) {
          unmasked = index
          return
        }
        if (builder.count > 1) {
          this.write(builder)
          sink(this.obs, this.mask, i, seat, index)
          rows++
        }
        built = builder.apply(i)
      }
      if (built === null || !sameAction(built, action)) mismatch = built ?? action
    }
    // Judged after `act`: a recorded action the game rejects is the record's fault (replay says so, first).
    const onAccepted = (index: number): void => {
      if (unmasked === index) throw internalError(`the masks do not allow recorded action ${index} "${record.actions[index]}", which act accepts`)
      if (mismatch !== null) throw internalError(`the masked choices of recorded action ${index} "${record.actions[index]}" build "${encodeAction(mismatch)}"`)
      if (inexpressible !== index) return
      inexpressible = -1
      if (!skip) {
        throw new RedzoneError(
          'invalid-argument',
          `recorded action ${index} "${record.actions[index]}" can't be expressed as masked choices (an object beyond the observation's slots, a damage division the encoding doesn't offer); --skip-inexpressible leaves such decisions out`,
        )
      }
      skipped++
    }
    replayRecord(record, { table: this.table, onChoice, onAccepted })
    return { rows, decisions, skipped, winner: record.winner === null ? null : record.winner === 0 ? 0 : 1, turns: record.turns, reason: record.reason }
  }

  private builderOf(world: GameWorld): DecisionBuilder {
    let builder = this.builders.get(world)
    if (builder === undefined) {
      builder = new DecisionBuilder(world)
      this.builders.set(world, builder)
    }
    return builder
  }

  /** The row's observation and mask, as `VecEnv.write` makes them: a later step of the same decision rewrites only its progress. */
  private write(builder: DecisionBuilder): void {
    const same = this.writtenBy === builder && this.written === builder.decisions
    builder.observeAt(this.obs, 0, this.objectRows, same)
    this.writtenBy = builder
    this.written = builder.decisions
    this.mask.set(builder.mask)
  }
}

/**
 * Whether two actions do the same: attack and block declarations as sets of pairs, damage as the
 * amount each creature deals each recipient, every other action as its record string (the cards
 * of a bottom choice in their order).
 */
function sameAction(a: PlayerAction, b: PlayerAction): boolean {
  return a.player === b.player && canonical(a) === canonical(b)
}

function canonical(action: PlayerAction): string {
  switch (action.type) {
    case 'declareAttackers':
      return `a${action.attackers.map((x) => `${x.attacker}>${x.target}`).sort().join(',')}`
    case 'declareBlockers':
      return `b${action.blockers.map((x) => `${x.blocker}>${x.attacker}`).sort().join(',')}`
    case 'assignDamage': {
      const sums = new Map<string, number>()
      for (const { creature, recipient, amount } of action.assignments) sums.set(`${creature}>${recipient}`, (sums.get(`${creature}>${recipient}`) ?? 0) + amount)
      return `d${[...sums].filter(([, n]) => n > 0).map(([k, n]) => `${k}:${n}`).sort().join(',')}`
    }
    default:
      return encodeAction(action)
  }
}
