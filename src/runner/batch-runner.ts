import type SQLite from 'better-sqlite3';
import type { BatchKind } from '../contract';
import { isSiteError, type SearchPage, type SiteClient } from '../scraper';
import { BatchStore, type CancelRequest, type ClaimResult, type StoredRun } from './batch-store';
import { DetailsWriter } from './details-writer';
import { createCompanyIdCache, NEGATIVE_LOOKUP_TTL_MS } from './company-ids';
import { SearchHistory } from './search-history';

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
  sqlite: SQLite.Database;
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
  /**
   * Called inside the transaction that marks a batch completed or failed, so what it writes
   * (the notification outbox, issue 11) commits or rolls back with the batch's end. It must
   * be synchronous and quick: it runs on the runner's path.
   */
  onBatchFinished?: (finished: BatchFinished) => void;
  /** Told of jobs stored and of each batch's end, after the fact (the server's metrics). */
  observer?: RunnerObserver;
}

/** What the runner tells whoever watches it; calls must be quick and must not throw. */
export interface RunnerObserver {
  /** A page of search results stored: the jobs on it, and how many of them were new. */
  jobsStored(stored: number, fresh: number): void;
  /** A batch ended, and how long after it started (ms; a resumed batch counts from its start). */
  batchEnded(outcome: 'completed' | 'failed' | 'cancelled', durationMs: number): void;
}

export interface BatchFinished {
  batchId: number;
  status: 'completed' | 'failed';
  error: string | null;
  /** The site asked to sign in (the stored cookies were rejected). */
  cookiesRejected: boolean;
  now: number;
}

export interface BatchRunner {
  /**
   * Starts a batch unless one is running or enriching (answers why not), and drives it in
   * the background. `dailyDate` claims that day's daily batch (once per day, database-wide).
   */
  start(kind: BatchKind, dailyDate?: string): ClaimResult;
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
  cancel(batchId: number): CancelRequest;
  /** Stops after the request in flight, leaving the batch resumable. Idempotent. */
  close(): Promise<void>;
}

type Outcome =
  | { kind: 'done' }
  | { kind: 'stopped' }
  | { kind: 'fatal'; reason: string; cookiesRejected?: boolean };

const DETAILS_CHUNK = 200;
const COOKIES_SETTING = 'cookies';

export const NO_ACTIVE_QUERIES = 'No active queries to run';
export const CANCELLED_BY_OPERATOR = 'Cancelled by the operator';
export function everyRunFailedMessage(count: number, firstReason: string | null): string {
  const runs = count === 1 ? 'The only query run failed' : `All ${count} query runs failed`;
  return firstReason ? `${runs}: ${firstReason}` : runs;
}

function describe(error: unknown): string {
  if (isSiteError(error)) return error.message;
  // Not a site error: a bug or a database problem. The operator sees a short line; the
  // log has the whole error.
  return `Unexpected error: ${error instanceof Error ? error.message : String(error)}`.slice(
    0,
    500,
  );
}

export function createBatchRunner(options: BatchRunnerOptions): BatchRunner {
  const { site, now, log, observer } = options;
  const store = new BatchStore(options.sqlite);
  const history = new SearchHistory(options.sqlite, options.incremental ?? true);
  const companies = createCompanyIdCache(options.sqlite, site);
  const stopGraceMs = options.stopGraceMs ?? 10_000;
  const lookupConcurrency = options.companyLookupConcurrency ?? 5;
  const cancelPollMs = options.cancelPollMs ?? 1_000;
  const abort = new AbortController();
  const idleListeners = new Set<() => void>();
  let closing = false;
  let current: Promise<void> | null = null;
  const queue: number[] = [];
  // The batch being driven, and its cancel: a cancel stops this batch only, after the request
  // in flight (cancelled if it outlasts stopGraceMs), without touching the runner's close().
  let driving: number | null = null;
  let cancelling = false;
  let batchAbort = new AbortController();
  let signal: AbortSignal = abort.signal;
  let cancelTimer: NodeJS.Timeout | undefined;

  const beginCancel = (): void => {
    if (cancelling) return;
    cancelling = true;
    log.info({ batchId: driving }, 'batch cancel requested');
    const controller = batchAbort;
    cancelTimer = setTimeout(() => controller.abort(), stopGraceMs);
    cancelTimer.unref();
  };

  /** True once the operator asked to cancel the batch being driven (read from the database). */
  const cancelRequested = (): boolean => {
    if (!cancelling && driving !== null && store.cancelRequested(driving)) beginCancel();
    return cancelling;
  };

  const stopped = (): boolean => closing || abort.signal.aborted || cancelRequested();

  const isAbort = (error: unknown): boolean =>
    stopped() &&
    ((isSiteError(error) && error.kind === 'aborted') ||
      (error instanceof Error && error.name === 'AbortError'));

  async function runOne(run: StoredRun): Promise<Outcome> {
    const query = {
      keywords: run.job_title,
      geoId: String(run.location_id),
      startAt: run.next_start,
    };
    try {
      const pages: AsyncGenerator<SearchPage> =
        run.is_ai === 1
          ? site.searchJobsWithAi(
              { ...query, placeName: run.location, cookies: store.setting(COOKIES_SETTING) ?? '' },
              { signal },
            )
          : site.searchJobs({ ...query, filters: history.params(run.id) }, { signal });
      for await (const page of pages) {
        await store.writable();
        const saved = store.savePage(run, page, now());
        observer?.jobsStored(saved.stored, saved.fresh);
        // Between two pages is the safe place to stop: everything fetched is stored.
        if (stopped()) return { kind: 'stopped' };
      }
      await store.writable();
      store.finishRun(run.id, 'completed', null, now());
      return { kind: 'done' };
    } catch (error) {
      if (isAbort(error)) return { kind: 'stopped' };
      const reason = describe(error);
      await store.writable();
      store.finishRun(run.id, 'failed', reason, now());
      if (!isSiteError(error))
        log.error({ err: error, batchId: run.batch_id, runId: run.id }, 'query run crashed');
      else
        log.warn(
          { batchId: run.batch_id, runId: run.id, kind: error.kind, reason },
          'query run failed',
        );
      // An expired session fails every later signed-in request too: stop the batch.
      if (isSiteError(error) && error.kind === 'session-expired')
        return { kind: 'fatal', reason, cookiesRejected: true };
      return { kind: 'done' };
    }
  }

  async function runQueries(batchId: number): Promise<Outcome> {
    // A run left running by a stopped process is redone from its stored offset.
    for (const run of store.runsOfBatch(batchId).filter((r) => r.status === 'running')) {
      if (stopped()) return { kind: 'stopped' };
      const outcome = await runOne(run);
      if (outcome.kind !== 'done') return outcome;
    }
    for (;;) {
      if (stopped()) return { kind: 'stopped' };
      await store.writable();
      const query = store.nextQuery(batchId);
      if (!query) return { kind: 'done' };
      // The run and what it will search are stored together, so a resumed run asks the same.
      const run = options.sqlite.transaction(() => {
        const created = store.createRun(batchId, query, now());
        if (query.is_ai === 0) history.record(created.id, history.plan(query.id, now()));
        return created;
      })();
      log.info({ batchId, runId: run.id, queryId: query.id }, 'query run started');
      const outcome = await runOne(run);
      if (outcome.kind !== 'done') return outcome;
    }
  }

  async function resolveCompanyIds(batchId: number): Promise<Outcome> {
    const pending = store.unresolvedCompanies(batchId, now() - NEGATIVE_LOOKUP_TTL_MS);
    let next = 0;
    let fatal: string | null = null;
    const worker = async (): Promise<void> => {
      while (next < pending.length && !stopped() && fatal === null) {
        const company = pending[next++];
        if (!company) return;
        try {
          const id = await companies.resolve(company.name, now(), signal);
          await store.writable();
          if (id !== null) store.setCompanyId(company.normalized, id);
        } catch (error) {
          if (isAbort(error)) return;
          if (isSiteError(error) && error.kind === 'session-expired') fatal = error.message;
          // A name that cannot be looked up now stays unknown: blocking then goes by name.
          else log.warn({ batchId, reason: describe(error) }, 'company id lookup failed');
        }
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, lookupConcurrency) }, worker));
    if (fatal !== null) return { kind: 'fatal', reason: fatal, cookiesRejected: true };
    return stopped() ? { kind: 'stopped' } : { kind: 'done' };
  }

  async function enrich(batchId: number): Promise<Outcome> {
    const ids = await resolveCompanyIds(batchId);
    if (ids.kind !== 'done') return ids;
    await store.writable();
    const batch = store.batch(batchId);
    const done = batch?.jobs_enriched ?? 0;
    store.setEnrichTotals(batchId, done + store.pendingDetailsCount(batchId), done);
    const writer = new DetailsWriter(store, batchId, now);
    // Ready for a write of our own as well: call right before one, with no await in between.
    const writeHeld = async (): Promise<void> => {
      await store.writable();
      writer.write();
    };
    try {
      for (;;) {
        await writeHeld();
        const chunk = store.pendingDetailIds(batchId, DETAILS_CHUNK);
        if (chunk.length === 0) return { kind: 'done' };
        for (const jobId of chunk) {
          if (stopped()) return { kind: 'stopped' };
          try {
            const startedAt = writer.requestStarted();
            const details = await site.getJobDetails(jobId, { signal });
            if (writer.add(details, startedAt)) await writeHeld();
          } catch (error) {
            if (isAbort(error)) return { kind: 'stopped' };
            if (
              isSiteError(error) &&
              (error.kind === 'session-expired' || error.kind === 'rate-limited')
            ) {
              // The site refuses every further request: the batch cannot go on.
              return {
                kind: 'fatal',
                reason: error.message,
                cookiesRejected: error.kind === 'session-expired',
              };
            }
            // One job that is gone or unreadable is noted and skipped, never fatal.
            await writeHeld();
            store.saveDetailsError(batchId, jobId, describe(error));
            log.warn({ batchId, jobId, reason: describe(error) }, 'job details failed');
          }
        }
      }
    } finally {
      // Details already fetched are kept whatever ends the step: a cancel, the site's refusal.
      await writeHeld();
    }
  }

  /**
   * The batch's end and what onBatchFinished queues with it, in one transaction. False when a
   * cancel was recorded first: the batch then ends cancelled instead, and notifies nobody, since
   * the operator asked for it.
   */
  function finish(
    batchId: number,
    status: 'completed' | 'failed',
    error: string | null,
    cookiesRejected = false,
  ): boolean {
    const ended = options.sqlite.transaction(() => {
      const at = now();
      if (!store.finishBatch(batchId, status, error, at)) return false;
      options.onBatchFinished?.({ batchId, status, error, cookiesRejected, now: at });
      return true;
    })();
    if (ended) observeEnd(batchId, status);
    return ended;
  }

  /** Tells the observer how the batch ended, after its transaction committed. */
  function observeEnd(batchId: number, outcome: 'completed' | 'failed' | 'cancelled'): void {
    if (!observer) return;
    const startedAt = store.batch(batchId)?.started_at ?? null;
    observer.batchEnded(outcome, startedAt === null ? 0 : Math.max(0, now() - startedAt));
  }

  async function drive(batchId: number): Promise<void> {
    driving = batchId;
    cancelling = false;
    batchAbort = new AbortController();
    signal = AbortSignal.any([abort.signal, batchAbort.signal]);
    // A cancel made by another process is seen between requests anyway; this also catches it
    // while a request or a refusal's back-off keeps the runner waiting.
    const poll = setInterval(cancelRequested, cancelPollMs);
    poll.unref();
    try {
      await driveBatch(batchId);
    } finally {
      clearInterval(poll);
      clearTimeout(cancelTimer);
      driving = null;
      cancelling = false;
    }
  }

  async function driveBatch(batchId: number): Promise<void> {
    const endCancelled = (): void => {
      store.finishCancelled(batchId, CANCELLED_BY_OPERATOR, now());
      observeEnd(batchId, 'cancelled');
      log.warn({ batchId }, 'batch cancelled by the operator');
    };
    // Every transition below is refused once a cancel is recorded; the batch then ends cancelled.
    const fail = (reason: string, cookiesRejected = false): void => {
      if (!finish(batchId, 'failed', reason, cookiesRejected)) return endCancelled();
      log.warn({ batchId, reason }, 'batch failed');
    };
    const stoppedBy = async (): Promise<void> => {
      if (!cancelRequested()) return;
      await store.writable();
      endCancelled();
    };
    try {
      let batch = store.batch(batchId);
      if (batch?.status === 'running') {
        const outcome = await runQueries(batchId);
        if (outcome.kind === 'stopped') return await stoppedBy();
        await store.writable();
        if (outcome.kind === 'fatal') return fail(outcome.reason, outcome.cookiesRejected);
        const runs = store.runsOfBatch(batchId);
        if (runs.length === 0 || store.runCount(batchId, 'completed') === 0) {
          const reason =
            runs.length === 0
              ? NO_ACTIVE_QUERIES
              : everyRunFailedMessage(runs.length, store.firstRunFailure(batchId));
          return fail(reason);
        }
        if (!store.setEnriching(batchId)) return endCancelled();
        batch = store.batch(batchId);
      }
      if (batch?.status === 'enriching') {
        const outcome = await enrich(batchId);
        if (outcome.kind === 'stopped') return await stoppedBy();
        await store.writable();
        if (outcome.kind === 'fatal') return fail(outcome.reason, outcome.cookiesRejected);
        if (!finish(batchId, 'completed', null)) return endCancelled();
        log.info({ batchId }, 'batch completed');
      }
    } catch (error) {
      // Never let a background failure escape: log it, and close the batch when the
      // database still lets us, so the operator sees why and can start another.
      log.error({ err: error, batchId }, 'batch crashed');
      if (closing || abort.signal.aborted) return;
      try {
        await store.writable();
        if (!finish(batchId, 'failed', describe(error))) endCancelled();
      } catch (inner) {
        log.error({ err: inner, batchId }, 'could not mark the crashed batch failed');
      }
    }
  }

  function pump(): void {
    if (current || closing) return;
    const batchId = queue.shift();
    if (batchId === undefined) {
      for (const listener of idleListeners) {
        try {
          listener();
        } catch (error) {
          log.error({ err: error }, 'idle listener failed');
        }
      }
      return;
    }
    current = drive(batchId).finally(() => {
      current = null;
      pump();
    });
  }

  function enqueue(batchId: number): void {
    if (!queue.includes(batchId)) queue.push(batchId);
    pump();
  }

  return {
    start(kind, dailyDate) {
      if (closing) return { claimed: false, reason: 'busy' };
      const result = store.claimBatch(kind, now(), dailyDate ?? null);
      if (result.claimed) {
        log.info({ batchId: result.batch.id, kind }, 'batch started');
        enqueue(result.batch.id);
      }
      return result;
    },
    resume() {
      for (const id of store.unfinishedBatchIds()) {
        log.info({ batchId: id }, 'resuming unfinished batch');
        enqueue(id);
      }
    },
    cancel(batchId) {
      const result = store.requestCancel(batchId, now());
      // This runner's batch stops at once; another process's runner sees the row.
      if (result === 'requested' && driving === batchId) beginCancel();
      return result;
    },
    get busy() {
      return current !== null || queue.length > 0;
    },
    async idle() {
      while (current) await current;
    },
    onIdle(listener) {
      idleListeners.add(listener);
      return () => idleListeners.delete(listener);
    },
    async close() {
      closing = true;
      queue.length = 0;
      const running = current;
      if (!running) return;
      // Let the request in flight finish (its page is then stored); cancel it if it hangs.
      const timer = setTimeout(() => abort.abort(), stopGraceMs);
      try {
        await running;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
