/** Small statistics shared by the media engines' feature extractors. */

/**
 * The q-quantile (0–1) of ascending `sorted` values, interpolated linearly between the two
 * nearest ranks (NaN for no values).
 */
export function quantile(sorted: ArrayLike<number>, q: number): number {
  if (sorted.length === 0) return NaN;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.min(sorted.length - 1, lo + 1);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
}
