// The batch runner's public types and texts, shared by its queue and its steps.
import type { BatchKind } from '../contract';
import type { Connection } from '../db/connection';
import { isSiteError, type SiteClient } from '../scraper';
import type { CancelRequest, ClaimResult } from '../db/searches/runner-batches';
import type { FieldHealthChange } from './field-health';
import type { SiteTally } from './site-tally';

/** The slice of a pino / Fastify logger the runner writes to. */
export interface RunnerLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export type RunnerSite = Pick<
  SiteClient,
  'searchJobs' | 'searchJobsWithAi' | 'getJobDetails' | 'searchCompanies' | 'getCompany'
>;

export interface BatchRunnerOptions {
  connection: Connection;
  site: RunnerSite;
  now: () => number;
  log: RunnerLog;
  /** How long close() lets the request in flight finish before cancelling it. Default 10 s. */
  stopGraceMs?: number;
  /** Company-id lookups at once (the client's typeahead budget spaces them). Default 5. */
  companyLookupConcurrency?: number;
  /** How often the runner looks for a cancel made by another process while it waits. Default 1 s. */
  cancelPollMs?: number;
  /** Incremental runs (docs/decisions/017). Default true; false re-scans in full (benchmarks). */
  incremental?: boolean;
  /** config.timeZone: the zone a new job's first day is read in (issue 32). Default the process's. */
  timeZone?: string;
  /**
   * Called inside the write that marks a batch completed or failed, so what it writes
   * (the notification outbox, issue 11) commits or rolls back with the batch's end. It must
   * be synchronous and quick: it runs on the runner's path.
   */
  onBatchFinished?: (finished: BatchFinished) => void;
  /**
   * Issue 41: called inside the write that records a job a re-check found closed for the first
   * time (step-recheck.ts), so what it writes (`job_closed` in the outbox) commits with it. As
   * onBatchFinished: synchronous and quick.
   */
  onJobClosed?: (closed: JobClosed) => void;
  /** Told of jobs stored and of each batch's end, after the fact (the server's metrics). */
  observer?: RunnerObserver;
  /**
   * The tally the site client reports to (issue 32): each batch's share of it is stored with
   * the batch (batch_site_counts). Without one, nothing is stored: the requests are unknown.
   */
  siteTally?: SiteTally;
}

/** What the runner tells whoever watches it; calls must be quick and must not throw. */
export interface RunnerObserver {
  /** A page of search results stored: the jobs on it, and how many of them were new. */
  jobsStored(stored: number, fresh: number): void;
  /** A batch ended, and how long after it started (ms; a resumed batch counts from its start). */
  batchEnded(outcome: 'completed' | 'failed' | 'cancelled', durationMs: number): void;
  /** Issue 41: a re-check's outcome (step-recheck.ts), one call per job re-read. */
  rechecked?(outcome: RecheckOutcome): void;
}

/**
 * What a re-check of one job came to: its page read `open` or `closed` (closed includes a job
 * already closed), `gone` (a 404 or 410: a strike, or its closing on the second day), `failed`.
 */
export type RecheckOutcome = 'open' | 'closed' | 'gone' | 'failed';

/** A job a re-check found closed for the first time: its page said so, or it was gone twice. */
export interface JobClosed {
  jobId: string;
  now: number;
  reason: 'closed' | 'gone';
}

export interface BatchFinished {
  batchId: number;
  status: 'completed' | 'failed';
  error: string | null;
  /** The site asked to sign in (the stored cookies were rejected). */
  cookiesRejected: boolean;
  now: number;
  /** Fields whose markup drift started or ended with this batch (decision 054). */
  drift?: FieldHealthChange[];
}

export interface BatchRunner {
  /**
   * Starts a batch unless one is running or enriching (answers why not), and drives it in
   * the background. `dailyDate` claims that day's daily batch (once per day, database-wide).
   */
  start(kind: BatchKind, dailyDate?: string): Promise<ClaimResult>;
  /** Picks up batches a stopped or killed process left running or enriching. */
  resume(): void;
  /** True while this runner drives a batch. */
  readonly busy: boolean;
  /** Resolves when this runner drives no batch. */
  idle(): Promise<void>;
  /** Called each time the runner becomes idle (the daily schedule starts a waiting batch). */
  onIdle(listener: () => void): () => void;
  /**
   * Asks a running or enriching batch to stop: recorded in the database, so the runner that
   * drives it (this one, or one in another process) ends it failed with CANCELLED_BY_OPERATOR
   * after its request in flight. 'ended' for a batch that has finished.
   */
  cancel(batchId: number): Promise<CancelRequest>;
  /** Stops after the request in flight, leaving the batch resumable. Idempotent. */
  close(): Promise<void>;
}

/** How a step ended: done (go on), stopped (closing or cancelled), or fatal (the batch fails). */
export type Outcome =
  | { kind: 'done' }
  | { kind: 'stopped' }
  | { kind: 'fatal'; reason: string; cookiesRejected?: boolean };

export const NO_ACTIVE_QUERIES = 'No active queries to run';
export const CANCELLED_BY_OPERATOR = 'Cancelled by the operator';
export function everyRunFailedMessage(count: number, firstReason: string | null): string {
  const runs = count === 1 ? 'The only query run failed' : `All ${count} query runs failed`;
  return firstReason ? `${runs}: ${firstReason}` : runs;
}

/** The short reason the operator sees for an error that ended a run, a job's details or a batch. */
export function describe(error: unknown): string {
  if (isSiteError(error)) return error.message;
  // Not a site error: a bug or a database problem. The operator sees a short line; the
  // log has the whole error.
  return `Unexpected error: ${error instanceof Error ? error.message : String(error)}`.slice(
    0,
    500,
  );
}
