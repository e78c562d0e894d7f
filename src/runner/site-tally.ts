import type { SiteCounts } from '../db/searches/site-counts';
import type { SiteEndpoint, SiteObserver } from '../scraper';

// What the batch being driven costs the site (issue 32's site health). The site client reports
// every attempt and pause to one SiteObserver; the server hands the client one that tells both
// its metrics and this tally (app.ts), and hands the runner the same tally, so the scraper knows
// nothing of batches and the runner nothing of the client's wiring. Batches run one at a time
// per runner, so whatever the batch's endpoints do between its drive's start and end is the
// batch's. Routes call the typeahead and the session check on the same client while a batch
// runs: those endpoints are left out. (An operator's "fetch details" or company search during
// a batch does count: the client does not say who asked.)

/** The site calls a batch makes. */
const BATCH_ENDPOINTS: ReadonlySet<SiteEndpoint> = new Set<SiteEndpoint>([
  'guest-search',
  'job-details',
  'ai-search-page',
  'ai-search',
  'company',
]);

const zero = (): SiteCounts => ({
  requests: 0,
  rateLimited: 0,
  retries: 0,
  pauses: 0,
  pauseMs: 0,
  failedDetails: 0,
});

export class SiteTally implements SiteObserver {
  private counting = false;
  private counts = zero();
  /** Pauses whose retry has not been sent yet, per endpoint: the next attempt is that retry. */
  private readonly retryDue = new Map<SiteEndpoint, number>();

  request(endpoint: SiteEndpoint, outcome: number | 'timeout' | 'network'): void {
    if (!this.counting || !BATCH_ENDPOINTS.has(endpoint)) return;
    this.counts.requests += 1;
    if (outcome === 429 || outcome === 999) this.counts.rateLimited += 1;
    // A pause cut short (the batch stopping) is followed by no retry, so retries are counted
    // when the attempt is made, not when its pause begins.
    const due = this.retryDue.get(endpoint) ?? 0;
    if (due > 0) {
      this.counts.retries += 1;
      this.retryDue.set(endpoint, due - 1);
    }
  }

  pause(endpoint: SiteEndpoint, _reason: string, ms: number): void {
    if (!this.counting || !BATCH_ENDPOINTS.has(endpoint)) return;
    this.counts.pauses += 1;
    this.counts.pauseMs += ms;
    this.retryDue.set(endpoint, (this.retryDue.get(endpoint) ?? 0) + 1);
  }

  /** A job's details failed (the runner's own report: the client cannot tell a job apart). */
  detailsFailed(): void {
    if (this.counting) this.counts.failedDetails += 1;
  }

  /** A batch's drive starts: counting from zero. */
  begin(): void {
    this.counting = true;
    this.counts = zero();
    this.retryDue.clear();
  }

  /** The drive is over: nothing more is the batch's. */
  end(): void {
    this.counting = false;
    this.retryDue.clear();
  }

  /** What was counted since begin() or the last take(), which starts again from zero. */
  take(): SiteCounts {
    const taken = this.counts;
    this.counts = zero();
    return taken;
  }

  /** True when take() would answer something other than zeros. */
  get pending(): boolean {
    return Object.values(this.counts).some((value) => value !== 0);
  }
}
