/** The p-th percentile (0–100) of ascending `sorted` values by nearest rank, as the benchmarks report it. */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}
