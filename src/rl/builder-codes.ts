/**
 * The decision builder's codes (decision-builder.ts): a module with no imports, so that the
 * bundler (esbuild) puts each value where it is used (the builder's own constants were reads of
 * its module's scope, with a small-integer check, in its mask loops, and its phases an object's
 * fields).
 */

/** The phases of a decision made as a sequence of integer choices (the `phase.*` globals, in order). */
export enum Phase {
  None,
  Priority,
  Target,
  Attacker,
  Blocker,
  Damage,
  Pick,
  Mulligan,
}

// Priority options, as `verb << 16 | index in its legal list`.
export const V_PLAY = 1
export const V_CAST = 2
export const V_ACTIVATE = 3
export const V_PLOT = 4
// Damage divisions per creature.
export const D_DEFAULT = 0
export const D_LETHAL_FIRST = 1
export const D_ALL = 2

/** Each phase's name, by `Phase` (the same order: a non-primitive constant after the literals leaves them inlined). */
export const PHASE_NAMES = ['none', 'priority', 'target', 'attacker', 'blocker', 'damage', 'pick', 'mulligan'] as const
