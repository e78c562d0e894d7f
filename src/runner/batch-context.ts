import { isSiteError } from '../scraper';
import type { BatchStore } from './batch-store';
import type { CompanyIdCache } from './company-ids';
import type { BatchRunnerOptions, RunnerLog, RunnerObserver, RunnerSite } from './runner-types';
import type { SearchHistory } from './search-history';
import type { SiteTally } from './site-tally';

/** What every step of the batch being driven reads: its parts, its clock, and whether to stop. */
export interface BatchContext {
  readonly batchId: number;
  /** The batch's reads and writes: its `write` is the one way to the database's transactions. */
  readonly store: BatchStore;
  readonly history: SearchHistory;
  readonly companies: CompanyIdCache;
  readonly site: RunnerSite;
  readonly now: () => number;
  readonly log: RunnerLog;
  readonly observer: RunnerObserver | undefined;
  /** What the batch costs the site, counted while it is driven (site-tally.ts). */
  readonly siteTally: SiteTally | undefined;
  readonly options: BatchRunnerOptions;
  /** Aborted when the runner closes past its grace, or the batch's cancel outlasts it. */
  readonly signal: AbortSignal;
  /** True once the runner closes or the operator cancelled this batch: stop between requests. */
  stopped(): boolean;
  /** True when `error` is the abort of a request because the batch is stopping. */
  isAbort(error: unknown): boolean;
  /** True once the operator asked to cancel this batch (read from the database). */
  cancelRequested(): boolean;
  /**
   * True while another batch waits for this runner: work done after the batch's end (the
   * re-checks, decision 065) gives way to it.
   */
  othersWaiting(): boolean;
}

/** The parts of a runner every batch it drives shares. */
export type RunnerParts = Pick<
  BatchContext,
  'store' | 'history' | 'companies' | 'site' | 'now' | 'log' | 'observer' | 'siteTally' | 'options'
>;

/**
 * The batch being driven and its cancel: a cancel stops this batch only, after the request in
 * flight (cancelled if it outlasts stopGraceMs), without touching the runner's close().
 */
export class DrivenBatch implements BatchContext {
  readonly store;
  readonly history;
  readonly companies;
  readonly site;
  readonly now;
  readonly log;
  readonly observer;
  readonly siteTally;
  readonly options;
  readonly signal: AbortSignal;
  private cancelling = false;
  private readonly batchAbort = new AbortController();
  private cancelTimer: NodeJS.Timeout | undefined;

  constructor(
    readonly batchId: number,
    parts: RunnerParts,
    runnerSignal: AbortSignal,
    /** True once the runner is closing. */
    private readonly closing: () => boolean,
    /** True while another batch waits in the queue. */
    private readonly waiting: () => boolean = () => false,
  ) {
    ({
      store: this.store,
      history: this.history,
      companies: this.companies,
      site: this.site,
      now: this.now,
      log: this.log,
      observer: this.observer,
      siteTally: this.siteTally,
      options: this.options,
    } = parts);
    this.signal = AbortSignal.any([runnerSignal, this.batchAbort.signal]);
  }

  /** This runner's own cancel: the batch stops at once, its request in flight after the grace. */
  beginCancel(): void {
    if (this.cancelling) return;
    this.cancelling = true;
    this.log.info({ batchId: this.batchId }, 'batch cancel requested');
    this.cancelTimer = setTimeout(
      () => this.batchAbort.abort(),
      this.options.stopGraceMs ?? 10_000,
    );
    this.cancelTimer.unref();
  }

  cancelRequested(): boolean {
    if (!this.cancelling && this.store.cancelRequested(this.batchId)) this.beginCancel();
    return this.cancelling;
  }

  stopped(): boolean {
    return this.closing() || this.cancelRequested();
  }

  othersWaiting(): boolean {
    return this.waiting();
  }

  isAbort(error: unknown): boolean {
    return (
      this.stopped() &&
      ((isSiteError(error) && error.kind === 'aborted') ||
        (error instanceof Error && error.name === 'AbortError'))
    );
  }

  /** The batch is no longer driven: its cancel's timer goes. */
  dispose(): void {
    clearTimeout(this.cancelTimer);
  }
}
