/**
 * The indexes of `GameWorld['derived'].kinds` (`entity-lists.ts`). A module with no imports, its
 * constants only: a bundler (esbuild) inlines such constants where they are used.
 */

export const CARDS = 0
export const CREATURES = 1
export const LANDS = 2
export const PLANESWALKERS = 3
/** In `kinds` after the four kinds: the lands' mana masks by entity (afford.ts), the objects with an equip ability and the cards with plot (legal.ts). */
export const LAND_MASKS = 4
export const EQUIPPERS = 5
export const PLOTTERS = 6
