import { CATALOGUE_NOW, DAY_MS, makePosting, refreshPosted, type Catalogue } from './catalogue';
import { refreshClosed } from './job-facts';

/** The simulated site's clock (issue 10): time only moves when a test or benchmark moves it. */
export interface SiteClock {
  now(): number;
  /** Moves the clock on by `ms`; the catalogue grows by the daily share on the way. */
  advance(ms: number): void;
  advanceDays(days: number): void;
  /** New postings per simulated day, as a share of the starting catalogue (0.05 = 5%). */
  dailyGrowth(): number;
  /** Takes effect from now on; postings already made stay. */
  setDailyGrowth(share: number): void;
}

/**
 * Postings are spread evenly over each day, each with its own posted time. `startAt` is where
 * the clock starts: the time the starting catalogue was dated from.
 */
export function createSiteClock(
  catalogue: Catalogue,
  initialGrowth: number,
  startAt = CATALOGUE_NOW,
): SiteClock {
  let now = startAt;
  let growth = 0;
  // The running schedule: posting number `made + k` is due at `origin + (k + 1) * interval`.
  let origin = now;
  let madeAtOrigin = 0;
  let made = 0;
  let interval = Number.POSITIVE_INFINITY;

  const setGrowth = (share: number): void => {
    if (!Number.isFinite(share) || share < 0) throw new Error('daily growth must be a share ≥ 0');
    growth = share;
    origin = now;
    madeAtOrigin = made;
    const perDay = catalogue.baseCount * share;
    interval = perDay > 0 ? DAY_MS / perDay : Number.POSITIVE_INFINITY;
  };
  setGrowth(initialGrowth);

  const advance = (ms: number): void => {
    if (!Number.isFinite(ms) || ms < 0) throw new Error('the clock only moves forward');
    now += ms;
    for (;;) {
      const due = origin + (made - madeAtOrigin + 1) * interval;
      if (!(due <= now)) break;
      catalogue.add(makePosting(catalogue, made, Math.round(due), now));
      made += 1;
    }
    for (const job of catalogue.jobs) {
      refreshPosted(job, now);
      refreshClosed(job, now);
    }
    for (const job of catalogue.featuredJobs()) refreshClosed(job, now);
  };

  return {
    now: () => now,
    advance,
    advanceDays: (days) => advance(days * DAY_MS),
    dailyGrowth: () => growth,
    setDailyGrowth: setGrowth,
  };
}
