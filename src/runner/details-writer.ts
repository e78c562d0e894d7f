import type { JobDetails } from '../scraper';
import type { BatchStore } from './batch-store';

/** At most this many fetched jobs' details wait in memory for one transaction. */
export const DETAILS_GROUP_MAX = 50;
/**
 * A group is written once this long has passed since its first job's request started. A paced
 * request (SCRAPE_MIN_INTERVAL_MS, 3 s by default) alone takes longer, so against the real site
 * every job's details are written the moment they arrive, as before; only requests that come
 * back within milliseconds of each other (no interval) share a transaction.
 */
export const DETAILS_GROUP_MAX_AGE_MS = 100;

/**
 * The enriching step's writes of fetched details (docs/decisions/042). A killed process loses at
 * most the last DETAILS_GROUP_MAX_AGE_MS of requests, none of them one that waited for the
 * site's pacing; the batch asks them again when it resumes.
 */
export class DetailsWriter {
  private readonly held: JobDetails[] = [];
  private firstStartedAt = 0;

  constructor(
    private readonly store: BatchStore,
    private readonly batchId: number,
    /** The time stored as the details' fetch time. */
    private readonly now: () => number,
    /** Measures a group's age: steady where the wall clock may jump or a test's stands still. */
    private readonly elapsedMs: () => number = () => performance.now(),
  ) {}

  /** Call as a job's request starts; give the answer to `add`. */
  requestStarted(): number {
    return this.elapsedMs();
  }

  /** Holds one job's details, whose request started at `startedAt`; answers whether to write now. */
  add(details: JobDetails, startedAt: number): boolean {
    if (this.held.length === 0) this.firstStartedAt = startedAt;
    this.held.push(details);
    return (
      this.held.length >= DETAILS_GROUP_MAX ||
      this.elapsedMs() - this.firstStartedAt >= DETAILS_GROUP_MAX_AGE_MS
    );
  }

  /**
   * Writes what is held, in one transaction (the store's write waits for the connection). What
   * is held is taken at once, so details added meanwhile wait for the next write.
   */
  async write(): Promise<void> {
    if (this.held.length === 0) return;
    const group = this.held.splice(0);
    try {
      await this.store.saveDetailsGroup(this.batchId, group, this.now());
    } catch (error) {
      // A failed write leaves them held, for the step's last write.
      this.held.unshift(...group);
      throw error;
    }
  }
}
