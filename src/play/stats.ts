/** Win rates with their uncertainty, for reports of many games. */

/**
 * The Wilson score interval of a proportion (`wins` of `n`) at about 95% confidence (z = 1.96):
 * better than the normal approximation near 0, 1 and for small `n`.
 */
export function wilsonInterval(wins: number, n: number, z = 1.959964): { p: number; lo: number; hi: number } {
  if (n === 0) return { p: 0, lo: 0, hi: 1 }
  const p = wins / n
  const z2 = z * z
  const denominator = 1 + z2 / n
  const centre = (p + z2 / (2 * n)) / denominator
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denominator
  return { p, lo: Math.max(0, centre - half), hi: Math.min(1, centre + half) }
}
