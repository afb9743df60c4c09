/** The seeds the page takes (a game's, the benchmark's), checked before use: bad input gets a message, never an error. */

/** A seed the page accepts: an integer from 0 to 2^32 - 1, else a message saying so. */
export function seedError(text: string): string | null {
  const trimmed = text.trim()
  if (trimmed === '') return 'the seed is empty: give a whole number from 0 to 4294967295'
  const seed = Number(trimmed)
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) return `the seed must be a whole number from 0 to 4294967295, not "${trimmed}"`
  return null
}
