/** One value of a histogram and how many jobs have it. */
export interface Bin {
  value: number;
  jobs: number;
}

/**
 * The `p` quantile (0 to 1) of the values a histogram counts, interpolated between the two
 * nearest ones as spreadsheets' PERCENTILE.INC does (the median of 1, 2, 3, 10 is 2.5); null
 * for none.
 */
export function quantile(bins: readonly Bin[], p: number): number | null {
  const sorted = bins.filter((b) => b.jobs > 0).sort((a, b) => a.value - b.value);
  const total = sorted.reduce((sum, b) => sum + b.jobs, 0);
  if (total === 0) return null;
  const position = p * (total - 1);
  const below = Math.floor(position);
  const lower = nth(sorted, below);
  const upper = nth(sorted, Math.min(below + 1, total - 1));
  return lower + (upper - lower) * (position - below);
}

/** The `k`-th value (0-based) of the values a sorted histogram counts. */
function nth(sorted: readonly Bin[], k: number): number {
  let seen = 0;
  for (const bin of sorted) {
    seen += bin.jobs;
    if (k < seen) return bin.value;
  }
  return sorted[sorted.length - 1]?.value ?? 0;
}
