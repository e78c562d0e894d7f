import type { BatchKind } from '../contract';
import { localTimeZone } from '../contract/calendar-days';
import { connectionOf, type Connection, type ConnectionLike } from '../db/connection';
import { StoredCards } from '../db/jobs/stored-cards';
import { StoredDetails } from '../db/jobs/stored-details';
import { JobRechecks, type DueAsk } from '../db/jobs/rechecks';
import { PageCompanies } from '../db/companies/page-companies';
import {
  RunnerBatches,
  type CancelRequest,
  type ClaimResult,
  type StoredBatch,
} from '../db/searches/runner-batches';
import {
  parseRecheckSettings,
  prepareSettingStatements,
  SETTING_KEYS,
  type SettingStatements,
} from '../db/settings';
import type { RecheckSettings } from '../contract';
import { BatchFieldFills } from '../db/searches/field-fills';
import { BatchSiteCounts, type SiteCounts } from '../db/searches/site-counts';
import { RunnerRuns, type ActiveQuery, type StoredRun } from '../db/searches/runner-runs';
import type { JobDetails, SearchPage } from '../scraper';
import { RuleGate } from './apply-rules';
import { recordFieldHealth, type FieldHealthChange } from './field-health';
import { DescriptionIndex } from '../db/jobs/description-index';
import { FitSync } from './fit-sync';
import { RepostDetector } from './reposts';
import { writeJobDetails, writeJobFacts, type DetailsStoreParts } from './step-details-store';
import { storePage, type PageStoreParts } from './step-store';

export type { ActiveQuery, CancelRequest, ClaimResult, StoredBatch, StoredRun };

// What the batch's steps read and write, in one place: the statements are src/db's (the batches
// and runs of src/db/searches, the jobs of src/db/jobs), the steps' writes (a page of cards, a
// job's details) are step-store.ts's and step-details-store.ts's. Everything is synchronous
// better-sqlite3: each page of results or each enriched job is one short transaction, so progress
// is on disk the moment it happens and a killed process loses at most the request in flight.
//
// The transactions are src/db's (Connection.write, docs/decisions/057): a method that writes on
// its own answers a promise, settled at once unless a Kysely transaction is open on the shared
// connection, which it waits for. Those that are parts of a larger write, or whose answer
// decides what else it writes (claimBatch, requestCancel, createRun, setEnrichTotals,
// finishBatch, finishCancelled, recordFieldHealth, addSiteCounts), are synchronous: the runner
// calls them inside `write`, with whatever else belongs to that write.

export class BatchStore {
  private readonly batches: RunnerBatches;
  private readonly runs: RunnerRuns;
  private readonly cards: StoredCards;
  private readonly descriptions: DescriptionIndex;
  private readonly page: PageStoreParts;
  private readonly detailParts: DetailsStoreParts;
  private readonly settings: SettingStatements;
  private readonly fieldFills: BatchFieldFills;
  private readonly siteCounts: BatchSiteCounts;
  private readonly rechecks: JobRechecks;

  private readonly connection: Connection;

  /** `connection`: the server's; tests may hand the driver's handle (their `database.sqlite`). */
  constructor(connection: ConnectionLike) {
    this.connection = connectionOf(connection);
    this.batches = new RunnerBatches(connection);
    this.runs = new RunnerRuns(connection);
    this.cards = new StoredCards(connection);
    this.descriptions = new DescriptionIndex(connection);
    this.settings = prepareSettingStatements(connection);
    this.fieldFills = new BatchFieldFills(connection);
    this.siteCounts = new BatchSiteCounts(connection);
    this.rechecks = new JobRechecks(connection);
    const rules = new RuleGate(connection);
    const reposts = new RepostDetector(connection, (key) => this.setting(key));
    const fit = new FitSync(connection);
    this.page = { runs: this.runs, cards: this.cards, rules, reposts, fit };
    this.detailParts = {
      details: new StoredDetails(connection),
      companies: new PageCompanies(connection),
      reposts,
      rules,
      descriptions: this.descriptions,
      fit,
    };
  }

  /**
   * Runs `work` (this store's synchronous methods, and whatever else belongs to the same write)
   * in one transaction, once no other is open on the connection (Connection.write).
   */
  write<T>(work: () => T): Promise<T> {
    return this.connection.write(work);
  }

  batch(id: number): StoredBatch | undefined {
    return this.batches.batch(id);
  }

  /** Batches left running or enriching (by a stopped or killed process), oldest first. */
  unfinishedBatchIds(): number[] {
    return this.batches.unfinishedIds();
  }

  /**
   * Creates a batch unless one is running or enriching (or that day's daily was claimed); part of
   * a write (the queue's start).
   */
  claimBatch(kind: BatchKind, now: number, dailyDate: string | null = null): ClaimResult {
    return this.batches.claim(kind, now, dailyDate);
  }

  isDailyClaimed(dailyDate: string): boolean {
    return this.batches.isDailyClaimed(dailyDate);
  }

  runsOfBatch(batchId: number): StoredRun[] {
    return this.runs.ofBatch(batchId);
  }

  /** The next active query after the batch's last run, in id order (re-read each time). */
  nextQuery(batchId: number): ActiveQuery | undefined {
    return this.runs.nextQuery(batchId);
  }

  /** Part of a write (inside `write`): the step stores what the run will search with it. */
  createRun(batchId: number, query: ActiveQuery, now: number): StoredRun {
    return this.runs.create(batchId, query, now);
  }

  /**
   * One page of results in one transaction (step-store.ts); its new jobs are dated in `timeZone`
   * (config.timeZone; the process's own by default).
   */
  savePage(
    run: StoredRun,
    page: SearchPage,
    now: number,
    timeZone: string = localTimeZone(),
  ): Promise<{ stored: number; fresh: number }> {
    return this.write(() => storePage(this.page, run, page, now, timeZone));
  }

  finishRun(
    runId: number,
    status: 'completed' | 'failed',
    error: string | null,
    now: number,
  ): Promise<void> {
    return this.write(() => this.runs.finish(runId, status, error, now));
  }

  runCount(batchId: number, status: 'completed' | 'failed' | 'running'): number {
    return this.runs.count(batchId, status);
  }

  /** The reason of the batch's first failed run, for the batch's own reason. */
  firstRunFailure(batchId: number): string | null {
    return this.runs.firstFailure(batchId);
  }

  /** False when the operator cancelled the batch first: it must then end cancelled. */
  setEnriching(batchId: number): Promise<boolean> {
    return this.write(() => this.batches.setEnriching(batchId));
  }

  /**
   * Part of a write (inside `write`, with what the batch's end queues). False when the operator
   * cancelled the batch first: it must then end cancelled.
   */
  finishBatch(
    batchId: number,
    status: 'completed' | 'failed',
    error: string | null,
    now: number,
  ): boolean {
    // The batch's last descriptions are searchable from the moment it reads finished.
    this.descriptions.catchUp();
    return this.batches.finish(batchId, status, error, now);
  }

  /**
   * Each watched field's fill over the completed batch's new jobs, and its drift verdict
   * (decision 054); part of the write that completes the batch.
   */
  recordFieldHealth(batchId: number): FieldHealthChange[] {
    return recordFieldHealth(this.fieldFills, batchId);
  }

  /**
   * Adds what a drive of the batch cost the site to what earlier drives stored (issue 32); part
   * of a write (the batch's end, or the drive's).
   */
  addSiteCounts(batchId: number, counts: SiteCounts): void {
    this.siteCounts.addTo(batchId, counts);
  }

  /** Records the operator's wish to cancel a running or enriching batch; part of a write. */
  requestCancel(batchId: number, now: number): CancelRequest {
    return this.batches.requestCancel(batchId, now);
  }

  cancelRequested(batchId: number): boolean {
    return this.batches.cancelRequested(batchId);
  }

  /** Ends a cancelled batch, its run in flight and the runs it had not started; part of a write. */
  finishCancelled(batchId: number, reason: string, now: number): void {
    this.batches.finishCancelled(batchId, reason, now);
    this.descriptions.catchUp();
  }

  /** Companies of the batch's jobs whose numeric id is not known yet (src/db/jobs/stored-cards.ts). */
  unresolvedCompanies(
    batchId: number,
    staleBefore: number,
  ): Array<{ normalized: string; name: string }> {
    return this.cards.unresolvedCompanies(batchId, staleBefore);
  }

  setCompanyId(normalized: string, companyId: number): Promise<void> {
    return this.write(() => this.cards.setCompanyId(normalized, companyId));
  }

  /** Jobs of the batch without details yet whose company is not blocked. */
  pendingDetailsCount(batchId: number): number {
    return this.cards.pendingDetailsCount(batchId);
  }

  pendingDetailIds(batchId: number, limit: number): string[] {
    return this.cards.pendingDetailIds(batchId, limit);
  }

  /** Part of a write (inside `write`, with the counts it is computed from). */
  setEnrichTotals(batchId: number, total: number, done: number): void {
    this.batches.setEnrichTotals(batchId, total, done);
  }

  /** `batchId` null: fetched on the operator's request (POST /jobs/{id}/details), in no batch. */
  saveDetails(batchId: number | null, details: JobDetails, now: number): Promise<void> {
    return this.write(() => {
      writeJobDetails(this.detailParts, details, now);
      // Asked for from the panel, the description is searchable at once; a batch's wait for a
      // few more (docs/decisions/038).
      if (batchId === null) this.descriptions.catchUp();
      else this.batches.addEnriched(batchId, 1);
    });
  }

  /**
   * Several fetched jobs' details in one transaction, as if saved one by one. Each commit writes
   * its pages to the WAL; consecutive jobs share most of theirs (their rows' leaf, the batch's
   * row, the waiting descriptions), so a group writes far fewer (docs/decisions/042).
   */
  saveDetailsGroup(batchId: number, group: readonly JobDetails[], now: number): Promise<void> {
    if (group.length === 0) return Promise.resolve();
    return this.write(() => {
      for (const details of group) writeJobDetails(this.detailParts, details, now);
      this.batches.addEnriched(batchId, group.length);
    });
  }

  /** The re-checks' settings as stored (GET/PUT /rechecks/settings), or their defaults. */
  recheckSettings(): RecheckSettings {
    return parseRecheckSettings(this.settings.read(SETTING_KEYS.rechecks));
  }

  /** The watched jobs due for a re-check (decision 065), oldest-read first. */
  dueForRecheck(ask: DueAsk): string[] {
    return this.rechecks.due(ask);
  }

  /**
   * Issue 41: a re-read of a stored job's page (a re-check) writes what it says of the job now:
   * closed or open, the apply address, the company id; the description and the rest stay as they
   * were. Answers whether the job was found closed for the first time (decision 062), and tells
   * `onClosed` so inside the same write (the `job_closed` outbox rows, decision 065).
   */
  saveJobCheck(
    details: JobDetails,
    now: number,
    onClosed?: (jobId: string) => void,
  ): Promise<{ newlyClosed: boolean }> {
    return this.write(() => {
      const result = writeJobFacts(this.detailParts, details, now);
      if (result.newlyClosed) onClosed?.(details.jobId);
      return result;
    });
  }

  /**
   * A re-check found the job's page gone (404, 410): a strike, or its closing when the first
   * strike is `confirmMs` old or older; `onClosed` told in the same write then.
   */
  saveRecheckGone(
    jobId: string,
    now: number,
    confirmMs: number,
    onClosed: ((jobId: string) => void) | undefined,
  ): Promise<{ newlyClosed: boolean }> {
    return this.write(() => {
      const result = this.rechecks.pageGone(jobId, now, confirmMs);
      if (result.newlyClosed) onClosed?.(jobId);
      return result;
    });
  }

  /** A job whose details could not be had (removed, unparseable): noted, not asked again by this batch. */
  saveDetailsError(batchId: number, jobId: string, error: string): Promise<void> {
    return this.write(() => {
      this.detailParts.details.saveError(jobId, error, batchId);
      this.batches.addEnriched(batchId, 1);
    });
  }

  setting(key: string): string | undefined {
    return this.settings.read(key);
  }

  /** Stores `value` under `key` unless the key exists; answers the stored value either way. */
  settingOnce(key: string, value: string): Promise<string> {
    return this.write(() => this.settings.setOnce(key, value));
  }
}
