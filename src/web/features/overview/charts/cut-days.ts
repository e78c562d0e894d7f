// Issue 39: a search's first day (its initial backfill) stores every job it finds at once, so
// on a long range it flattens every day after it. The day charts and the sparklines cut it.

/** A backfill day is drawn cut when it stands more than this many times above every other day. */
export const CUT_ABOVE = 2;

/**
 * The scale's top before rounding, and the days drawn cut: a search's first day (`backfills`: per
 * day, how many searches stored their first jobs) more than CUT_ABOVE times the tallest day that
 * is no one's first would flatten the days after it, so the scale ends at the tallest day not
 * cut, and the cut day's bar is drawn cut with its total written on it. Without such a day, or
 * without any other day to read, nothing is cut.
 */
export function cutDays(
  totals: readonly number[],
  backfills: readonly number[] = [],
): { top: number; cut: ReadonlySet<number> } {
  const rest = Math.max(0, ...totals.filter((_, i) => !backfills[i]));
  const cut = new Set(
    rest === 0
      ? []
      : totals.flatMap((total, i) =>
          (backfills[i] ?? 0) > 0 && total > CUT_ABOVE * rest ? [i] : [],
        ),
  );
  return { top: Math.max(0, ...totals.filter((_, i) => !cut.has(i))), cut };
}
