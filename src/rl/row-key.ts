/**
 * The words of an object row's key (`ObjectRows` in observe.ts) and the bits of its flags word:
 * a module with no imports, its constants only, so that the bundler (esbuild) puts each value
 * where it is used. Declared in observe.ts they were not (esbuild inlines a module's own literal
 * constants only when it imports nothing), and the writer's loops read each from the module's
 * scope, with a small-integer check, at every use.
 *
 * A row's key: the values its floats were written from, compared one at a time, so that a write
 * touches only the floats of the words that changed. A row that holds no object (all zeros) has
 * the key of all zeros: every word below is 0 exactly when its floats are. Slot `s`'s key is
 * `key[s * KEY .. s * KEY + KEY]`.
 */
export const KEY = 6
/** Card id (16 bits, `Identities`), mana value (8) and `mine`. */
export const K_ID = 0
/**
 * Power, toughness, damage and loyalty, a byte each from the low one (`STAT_FEATURE`), each held to
 * +-STAT_BOUND: beyond it the float written is the clip (`OBS_CLIP`) all the same.
 */
export const K_STATS = 1
export const K_KEYWORDS = 2
export const K_TYPES = 3
/** The bit features, one bit each (`FLAG_FEATURE`), and the raw tapped and sick bytes. */
export const K_FLAGS = 4
/** The references, each `ref & 0xff` (from -1 .. ACTION_SLOTS: -1 is 255, none is 0). */
export const K_REFS = 5

/** The scale of power, toughness, damage and loyalty (`OBJECT_FEATURES`), and the raw value whose float is the clip. */
export const STAT_SCALE = 10

// Bits of the K_FLAGS word: the 0/1 features (`FLAG_FEATURE`, in this order). `tapped` and `sick`
// are bytes of the status store written as they are, so they keep 8 bits each above.
export const FL_PRESENT = 1 << 0
export const FL_ATTACKING = 1 << 1
export const FL_BLOCKED = 1 << 2
export const FL_PLOTTED = 1 << 3
export const FL_PLOTTED_THIS_TURN = 1 << 4
/** What a stack slot adds to its card's row: the item is a spell, or an ability. */
export const FL_STACK_SPELL = 1 << 5
export const FL_STACK_ABILITY = 1 << 6
export const FL_TAPPED_SHIFT = 8
export const FL_SICK_SHIFT = 16
