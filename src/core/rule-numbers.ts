/**
 * The fixed numbers of the rules. A module with no imports, its constants first: a bundler
 * (esbuild) inlines such constants where they are used, and keeps a variable for each otherwise.
 */

/** CR 103.4: the starting hand size. */
export const STARTING_HAND_SIZE = 7
/** CR 305.2: the number of lands a player may play each turn. */
export const LANDS_PER_TURN = 1
/** CR 402.2: the maximum hand size. */
export const MAXIMUM_HAND_SIZE = 7
