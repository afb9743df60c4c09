/**
 * redzone/rl: the learning environment. A per-player observation as a `Float32Array` with a
 * versioned layout (`OBS_LAYOUT`), actions as integers with a mask in which every allowed action
 * is legal (`ACTION_LAYOUT`, `DecisionBuilder`), and `VecEnv`: N games in lockstep into
 * preallocated buffers. Every change still goes through `act`; records stay the one game log.
 * Core only (bitecs, eventemitter3): runs in Node and in a browser.
 */
import type { Decision, PlayerAction } from './decisions/action.js'
import type { LegalActions } from './decisions/legal.js'
import type { Eid } from './core/events.js'
import { DecisionBuilder as Builder, type PhaseName } from './rl/decision-builder.js'
import { observePlayer } from './rl/observe.js'
import { checkObservationPlace, checkPlayerId, checkWorld } from './rl/args.js'
import { OBS_SIZE } from './rl/layout.js'
import type { World } from './sim.js'

export {
  ACTION_LAYOUT, ACTION_SIZE, OBS_LAYOUT, OBS_SIZE, OBS_VERSION,
} from './rl/layout.js'
export type { ActionLayout, FeatureKind, ObsFeature, ObsLayout, ObsSection } from './rl/layout.js'
export { envSeed, VecEnv } from './rl/vec-env.js'
export type { Opponent, VecEnvOptions, VecEnvStats } from './rl/vec-env.js'
export type { PhaseName }

/**
 * Writes what `player` may know of the game now (`canSee`, CR 400.2) into `out` at `offset`
 * (`OBS_SIZE` floats, `OBS_LAYOUT`). The progress of a decision being built by a
 * `DecisionBuilder` is its `observe`'s. Reads only.
 */
export const observe = ((world: unknown, player: unknown, out: unknown, offset: unknown = 0): void => {
  checkWorld('observe', world)
  checkPlayerId('observe', player)
  checkObservationPlace('observe', out, offset, OBS_SIZE)
  observePlayer(world, player as Eid, out, offset as number)
}) as (world: World, player: Eid, out: Float32Array, offset?: number) => void

/**
 * A pending decision as a sequence of masked integer choices (`ACTION_LAYOUT`): `begin()` on the
 * pending decision, then `apply(index)` with an index whose `mask` byte is 1 until it returns the
 * `PlayerAction` to give to `act`. Reads the game only.
 */
export interface DecisionBuilder {
  /** 1 for each allowed action of the current step (ACTION_SIZE bytes; read only). */
  readonly mask: Uint8Array
  /** How many actions the mask allows (0: the game is over). */
  readonly count: number
  /** The last allowed action found (the only one when `count` is 1). */
  readonly only: number
  /** The step of the decision being built (what each action means in it: `ACTION_LAYOUT.meanings`). */
  readonly phase: PhaseName
  readonly kind: Decision['kind']
  /** The player who decides (0 when the game is over). */
  readonly decider: Eid
  /** Starts on the pending decision (`legal`: its legal actions, when already at hand). */
  begin(legal?: LegalActions): void
  /** Copies the mask into `out` at `offset`. */
  maskInto(out: Uint8Array, offset?: number): void
  /** The decider's observation with the progress of the choice being built. */
  observe(out: Float32Array, offset?: number): void
  /** Takes one allowed action: the `PlayerAction` once the decision is complete, else null. */
  apply(index: number): PlayerAction | null
  /**
   * The choices that build `action` from the start of the decision (right after `begin`), or null
   * when the encoding can't express it (an object beyond the slots, a damage division not offered).
   */
  indicesOf(action: PlayerAction): number[] | null
}

export const DecisionBuilder = Builder as unknown as new (world: World) => DecisionBuilder
