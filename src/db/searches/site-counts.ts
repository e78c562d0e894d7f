import { sqliteOf, type ConnectionLike } from '../connection';

// What each batch cost the site (issue 32, migration 0019): its requests, the site's refusals,
// retries, pauses and failed details, for the Overview's site health. The runner counts them in
// memory while it drives the batch and adds them here in the transaction that ends the batch (or,
// when it stops to resume later, as it stops): a resumed batch adds to what its earlier drives
// stored. Prepared, so it joins the runner's synchronous transaction (decision 052).

export interface SiteCounts {
  requests: number;
  /** The site's refusals: 429 and 999 answers. */
  rateLimited: number;
  retries: number;
  pauses: number;
  pauseMs: number;
  failedDetails: number;
}

export class BatchSiteCounts {
  private readonly add;

  constructor(connection: ConnectionLike) {
    const sqlite = sqliteOf(connection);
    this.add = sqlite.prepare(
      `INSERT INTO batch_site_counts
         (batch_id, requests, rate_limited, retries, pauses, pause_ms, failed_details)
       VALUES (@batch, @requests, @rateLimited, @retries, @pauses, @pauseMs, @failedDetails)
       ON CONFLICT (batch_id) DO UPDATE SET
         requests = requests + excluded.requests,
         rate_limited = rate_limited + excluded.rate_limited,
         retries = retries + excluded.retries,
         pauses = pauses + excluded.pauses,
         pause_ms = pause_ms + excluded.pause_ms,
         failed_details = failed_details + excluded.failed_details`,
    );
  }

  /** Adds `counts` to the batch's row, creating it at the batch's first drive. */
  addTo(batchId: number, counts: SiteCounts): void {
    this.add.run({ batch: batchId, ...counts, pauseMs: Math.round(counts.pauseMs) });
  }
}
