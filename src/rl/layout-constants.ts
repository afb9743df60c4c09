/**
 * The learning env's layout numbers that are literals (layout.ts computes the rest from its
 * tables and exports these with them): a module with no imports, so that the bundler (esbuild)
 * puts each value where it is used; a module's own constants stay reads of its scope, with a
 * small-integer check, wherever it has imports (the observation writer and the decision builder
 * read them in their loops).
 */
/** The version of the layout: any change of a section, a feature, a scale or the action encoding bumps it. */
export const OBS_VERSION = 2

/** Every scaled number is `raw / scale`, then clipped to [-OBS_CLIP, OBS_CLIP]. */
export const OBS_CLIP = 4

/** Histograms hold `count / HISTOGRAM_SCALE` of each card id. */
export const HISTOGRAM_SCALE = 4

/** Action slots 0 and 1 are the players (the viewer, the opponent); object slots follow. */
export const PLAYER_SLOTS = 2

/** Action 0: stop (pass, keep, no attack, no block, the default division, done searching). */
export const ACTION_STOP = 0
/** Action 1: take a mulligan. */
export const ACTION_MULLIGAN = 1
/** Actions 2 .. 2 + ACTION_SLOTS: the primary verb on a slot. */
export const ACTION_SELECT = 2
