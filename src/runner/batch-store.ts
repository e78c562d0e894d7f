import type SQLite from 'better-sqlite3';
import { z } from 'zod';
import type { BatchKind } from '../contract';
import { normalizeCompanyName, type JobDetails, type SearchPage } from '../scraper';
import { descriptionHtmlFromText, sanitizeDescriptionHtml } from '../scraper/description-html';
import {
  WORKPLACE_BY_SITE_CODE,
  workplaceFromText,
  type WorkplaceWord,
} from '../contract/workplace';
import { RuleGate } from './apply-rules';
import { DescriptionIndex } from './description-index';
import { RepostDetector } from './reposts';
import { BLOCKED_JOB_SQL } from '../db/companies/blocked-jobs';

// The runner's reads and writes, as synchronous better-sqlite3 statements: each page of
// results or each enriched job is one short transaction, so progress is on disk the moment
// it happens and a killed process loses at most the request that was in flight.

const batchRowSchema = z.object({
  id: z.number(),
  kind: z.enum(['daily', 'manual']),
  status: z.enum(['running', 'enriching', 'completed', 'failed']),
  started_at: z.number().nullable(),
  finished_at: z.number().nullable(),
  error: z.string().nullable(),
  daily_date: z.string().nullable(),
  jobs_to_enrich: z.number(),
  jobs_enriched: z.number(),
});
export type StoredBatch = z.infer<typeof batchRowSchema>;

const runRowSchema = z.object({
  id: z.number(),
  batch_id: z.number(),
  query_id: z.number(),
  job_title: z.string(),
  location: z.string(),
  location_id: z.number(),
  is_ai: z.number(),
  status: z.enum(['running', 'completed', 'failed']),
  next_start: z.number(),
});
export type StoredRun = z.infer<typeof runRowSchema>;

const queryRowSchema = z.object({
  id: z.number(),
  job_title: z.string(),
  display_name: z.string(),
  location_id: z.number(),
  is_ai: z.number(),
});
export type ActiveQuery = z.infer<typeof queryRowSchema>;

const idRowSchema = z.object({ id: z.union([z.number(), z.string()]) });
const countSchema = z.object({ n: z.number() });
const companyRowSchema = z.object({ company_normalized: z.string(), company_name: z.string() });
const settingSchema = z.object({ value: z.string() });
const searchParamsSchema = z.object({ search_params: z.string().nullable() });
const siteParamsSchema = z.record(z.string(), z.unknown());

/** The jobs linked to any run of the batch `@batch` (from its runs, so only its links are read). */
const BATCH_JOBS_SQL = `FROM query_runs r JOIN query_run_jobs l ON l.query_run_id = r.id JOIN jobs j ON j.id = l.job_id
  WHERE r.batch_id = @batch`;

// Jobs without details, not blocked, and not already tried by this batch: a failure recorded
// by an earlier batch is tried again.
// Issue 17: nor a job hidden on its card (by a rule or the operator): its details cost a
// request and are fetched on demand (POST /jobs/{id}/details, docs/decisions/036). A repost
// hidden because its earlier job was is fetched all the same: only its description tells it
// from a look-alike, which would otherwise stay hidden (docs/decisions/035 has the figures).
const PENDING_DETAILS_SQL = `${BATCH_JOBS_SQL} AND j.details_fetched_at IS NULL
  AND (j.details_error IS NULL OR j.details_error_batch_id IS NOT @batch) AND NOT ${BLOCKED_JOB_SQL}
  AND (j.state <> 'hidden' OR j.repost_carried = 'hidden')`;

export type CancelRequest = 'requested' | 'ended' | 'not-found';

export type ClaimResult =
  { claimed: true; batch: StoredBatch } | { claimed: false; reason: 'busy' | 'already-claimed' };

export class BatchStore {
  private readonly s;
  private readonly reposts: RepostDetector;
  private readonly rules: RuleGate;
  private readonly descriptions: DescriptionIndex;

  constructor(private readonly sqlite: SQLite.Database) {
    this.rules = new RuleGate(sqlite);
    this.descriptions = new DescriptionIndex(sqlite);
    const p = (text: string) => sqlite.prepare(text);
    this.reposts = new RepostDetector(sqlite);
    this.s = {
      batch: p('SELECT * FROM batches WHERE id = ?'),
      active: p(`SELECT id FROM batches WHERE status IN ('running','enriching') ORDER BY id`),
      dailyFor: p('SELECT id FROM batches WHERE daily_date = ?'),
      insertBatch: p(
        `INSERT INTO batches (kind, status, started_at, daily_date) VALUES (@kind, 'running', @now, @dailyDate)`,
      ),
      runsOfBatch: p('SELECT * FROM query_runs WHERE batch_id = ? ORDER BY id'),
      lastQueryId: p('SELECT COALESCE(MAX(query_id), 0) AS n FROM query_runs WHERE batch_id = ?'),
      nextQuery: p(
        `SELECT id, job_title, display_name, location_id, is_ai FROM queries
         WHERE status = 'active' AND id > ? ORDER BY id LIMIT 1`,
      ),
      insertRun: p(
        `INSERT INTO query_runs (batch_id, query_id, job_title, location, location_id, is_ai, status, start_time)
         VALUES (@batch, @query, @title, @location, @locationId, @isAi, 'running', @now)`,
      ),
      run: p('SELECT * FROM query_runs WHERE id = ?'),
      // A job seen again keeps everything from its first sighting but the time and, when this
      // search filtered on it, the site's own workplace.
      insertJob: p(
        `INSERT INTO jobs (id, title, company_name, company_slug, company_normalized, location, posted_at, salary, url,
                           first_seen_batch_id, first_seen_at, last_seen_at, workplace, repost_key, role_key, group_key)
         VALUES (@id, @title, @company, @slug, @normalized, @location, @posted, @salary, @url, @batch, @now, @now,
                 COALESCE(@siteWorkplace, @textWorkplace), @repostKey, @roleKey, @groupKey)
         ON CONFLICT (id) DO UPDATE SET last_seen_at = MAX(last_seen_at, excluded.last_seen_at),
           workplace = COALESCE(@siteWorkplace, workplace)`,
      ),
      runSearchParams: p('SELECT search_params FROM query_runs WHERE id = ?'),
      link: p('INSERT OR IGNORE INTO query_run_jobs (query_run_id, job_id, rank) VALUES (?, ?, ?)'),
      pageDone: p(
        `UPDATE query_runs SET pages_fetched = pages_fetched + 1, next_start = @next,
           jobs_found = (SELECT COUNT(*) FROM query_run_jobs WHERE query_run_id = @run)
         WHERE id = @run`,
      ),
      finishRun: p(
        'UPDATE query_runs SET status = @status, error = @error, end_time = @now WHERE id = @run',
      ),
      runCounts: p(`SELECT COUNT(*) AS n FROM query_runs WHERE batch_id = ? AND status = ?`),
      firstFailure: p(
        `SELECT error FROM query_runs WHERE batch_id = ? AND status = 'failed' ORDER BY id LIMIT 1`,
      ),
      // A batch the operator cancelled is never moved on by the runner's other transitions: the
      // cancel and the transition are serialised by SQLite, and whichever lands first wins.
      setStatus: p(
        'UPDATE batches SET status = @status WHERE id = @batch AND cancel_requested_at IS NULL',
      ),
      finishBatch: p(
        `UPDATE batches SET status = @status, error = @error, finished_at = @now
         WHERE id = @batch AND cancel_requested_at IS NULL`,
      ),
      requestCancel: p(
        `UPDATE batches SET cancel_requested_at = COALESCE(cancel_requested_at, @now)
         WHERE id = @batch AND status IN ('running','enriching')`,
      ),
      cancelRequested: p('SELECT 1 FROM batches WHERE id = ? AND cancel_requested_at IS NOT NULL'),
      // The run in flight keeps what it stored: with a page, a partial result (exportable);
      // without one, nothing to show, so it failed.
      cancelRunning: p(
        `UPDATE query_runs SET end_time = @now,
           status = CASE WHEN pages_fetched > 0 THEN 'completed' ELSE 'failed' END,
           error = CASE WHEN pages_fetched > 0 THEN NULL ELSE @reason END
         WHERE batch_id = @batch AND status = 'running'`,
      ),
      // The active queries the batch had not reached get a failed run each, so the Query Runs
      // screen shows what the cancel left out. An enriching batch has run all of its queries.
      cancelNotStarted: p(
        `INSERT INTO query_runs (batch_id, query_id, job_title, location, location_id, is_ai, status, end_time, error)
         SELECT @batch, q.id, q.job_title, q.display_name, q.location_id, q.is_ai, 'failed', @now, @reason
         FROM queries q
         WHERE q.status = 'active' AND (SELECT status FROM batches WHERE id = @batch) = 'running'
           AND q.id > (SELECT COALESCE(MAX(query_id), 0) FROM query_runs WHERE batch_id = @batch)
         ORDER BY q.id`,
      ),
      cancelBatch: p(
        `UPDATE batches SET status = 'failed', error = @reason, finished_at = @now
         WHERE id = @batch AND status IN ('running','enriching')`,
      ),
      unresolvedCompanies: p(
        `SELECT j.company_normalized, MIN(j.company_name) AS company_name ${BATCH_JOBS_SQL}
           AND j.company_id IS NULL AND j.company_normalized <> ''
           AND NOT EXISTS (SELECT 1 FROM company_id_lookups c WHERE c.normalized_name = j.company_normalized
                           AND c.company_id IS NULL AND c.looked_up_at > @staleBefore)
         GROUP BY j.company_normalized ORDER BY j.company_normalized`,
      ),
      setCompanyId: p(
        'UPDATE jobs SET company_id = ? WHERE company_normalized = ? AND company_id IS NULL',
      ),
      pendingCount: p(`SELECT COUNT(DISTINCT j.id) AS n ${PENDING_DETAILS_SQL}`),
      pendingIds: p(`SELECT DISTINCT j.id ${PENDING_DETAILS_SQL} ORDER BY j.id LIMIT @limit`),
      setToEnrich: p(
        'UPDATE batches SET jobs_to_enrich = @total, jobs_enriched = @done WHERE id = @batch',
      ),
      saveDetails: p(
        `UPDATE jobs SET seniority = @seniority, employment_type = @employmentType, job_function = @jobFunction,
           industries = @industries, applicants = @applicants, easy_apply = @easyApply,
           salary = COALESCE(salary, @salary), company_slug = COALESCE(company_slug, @slug),
           details_fetched_at = @now, details_error = NULL, details_error_batch_id = NULL,
           description_minhash = @signature
         WHERE id = @id`,
      ),
      // Apart from the row (docs/decisions/044), and only for a job that is stored, as the
      // row's update above.
      saveDescription: p(
        `INSERT INTO job_descriptions (job_id, description, description_html)
         SELECT @id, @description, @descriptionHtml WHERE EXISTS (SELECT 1 FROM jobs WHERE id = @id)
         ON CONFLICT (job_id) DO UPDATE SET description = excluded.description,
           description_html = excluded.description_html`,
      ),
      saveDetailsError: p(
        'UPDATE jobs SET details_error = @error, details_error_batch_id = @batch WHERE id = @id',
      ),
      enriched: p('UPDATE batches SET jobs_enriched = jobs_enriched + ? WHERE id = ?'),
      setting: p('SELECT value FROM settings WHERE key = ?'),
      insertSettingIfAbsent: p('INSERT OR IGNORE INTO settings (key, value) VALUES (?, ?)'),
    };
  }

  /**
   * Resolves once no transaction is open on the shared connection. The API's Kysely
   * transactions await between their statements; a synchronous write of ours landing in
   * such a gap would join (and could be rolled back with) someone else's transaction.
   * Those transactions only wait on the database, so they are done by the next turn of the
   * event loop. Call right before a write, with no await in between.
   */
  async writable(): Promise<void> {
    while (this.sqlite.inTransaction) await new Promise((resolve) => setImmediate(resolve));
  }

  batch(id: number): StoredBatch | undefined {
    const row: unknown = this.s.batch.get(id);
    return row === undefined ? undefined : batchRowSchema.parse(row);
  }

  /** Batches left running or enriching (by a stopped or killed process), oldest first. */
  unfinishedBatchIds(): number[] {
    return this.s.active.all().map((r) => Number(idRowSchema.parse(r).id));
  }

  /**
   * Creates a batch unless one is running or enriching (or, for a daily batch, one was
   * already claimed for that day), atomically: BEGIN IMMEDIATE takes SQLite's write lock
   * before the check, so two processes on one file cannot both pass it.
   */
  claimBatch(kind: BatchKind, now: number, dailyDate: string | null = null): ClaimResult {
    const claim = this.sqlite.transaction((): ClaimResult => {
      if (this.s.active.get() !== undefined) return { claimed: false, reason: 'busy' };
      if (dailyDate !== null && this.s.dailyFor.get(dailyDate) !== undefined) {
        return { claimed: false, reason: 'already-claimed' };
      }
      const info = this.s.insertBatch.run({ kind, now, dailyDate });
      const batch = this.batch(Number(info.lastInsertRowid));
      if (!batch) throw new Error('batch vanished right after insert');
      return { claimed: true, batch };
    });
    return claim.immediate();
  }

  isDailyClaimed(dailyDate: string): boolean {
    return this.s.dailyFor.get(dailyDate) !== undefined;
  }

  runsOfBatch(batchId: number): StoredRun[] {
    return this.s.runsOfBatch.all(batchId).map((r) => runRowSchema.parse(r));
  }

  /** The next active query after the batch's last run, in id order (re-read each time). */
  nextQuery(batchId: number): ActiveQuery | undefined {
    const last = countSchema.parse(this.s.lastQueryId.get(batchId)).n;
    const row: unknown = this.s.nextQuery.get(last);
    return row === undefined ? undefined : queryRowSchema.parse(row);
  }

  createRun(batchId: number, query: ActiveQuery, now: number): StoredRun {
    const info = this.s.insertRun.run({
      batch: batchId,
      query: query.id,
      title: query.job_title,
      location: query.display_name,
      locationId: query.location_id,
      isAi: query.is_ai,
      now,
    });
    return runRowSchema.parse(this.s.run.get(Number(info.lastInsertRowid)));
  }

  /**
   * One page of results in one transaction: new jobs stored once (a job already known from
   * another run or batch keeps its first-seen batch), every card linked to the run with its
   * 1-based position, and the offset to resume from. Replaying a page is harmless. Answers
   * how many jobs the page held and how many of them the database had never seen (metrics).
   */
  savePage(run: StoredRun, page: SearchPage, now: number): { stored: number; fresh: number } {
    const siteWorkplace = this.searchedWorkplace(run.id);
    let fresh = 0;
    this.sqlite.transaction(() => {
      // Issue 17: new jobs pass through the rules that read only the card (docs/decisions/036).
      const cardRules = this.rules.rules('card');
      page.cards.forEach((card, i) => {
        const known = this.reposts.isStored(card.jobId);
        if (!known) fresh += 1;
        const normalized = normalizeCompanyName(card.companyName);
        const location = card.location ?? '';
        // Issue 17: a new card's repost and role keys are stored with it (a known one keeps its row).
        const keys = known
          ? { repost: null, role: null, group: null, newGroup: false }
          : this.reposts.keys(normalized, card.title, location);
        this.s.insertJob.run({
          id: card.jobId,
          title: card.title,
          company: card.companyName,
          slug: card.companySlug,
          normalized,
          location,
          posted: card.postedDate,
          salary: card.salary,
          url: card.url,
          batch: run.batch_id,
          now,
          siteWorkplace,
          textWorkplace: workplaceFromText(card.location, card.title),
          repostKey: keys.repost,
          roleKey: keys.role,
          groupKey: keys.group,
        });
        if (!known) {
          // Issue 17: a repost is recognised on its card, before its details are fetched.
          this.reposts.jobStored({ id: card.jobId, batchId: run.batch_id, ...keys });
          this.rules.apply(cardRules, card.jobId, {
            title: card.title,
            company: card.companyName,
            location,
            description: null,
          });
        }
        this.s.link.run(run.id, card.jobId, page.start + i + 1);
      });
      this.s.pageDone.run({ run: run.id, next: page.nextStart });
    })();
    return { stored: page.cards.length, fresh };
  }

  /**
   * The workplace every job of the run has when its search filtered on exactly one (`f_WT`):
   * the site's own classification, which the cards don't show.
   */
  private searchedWorkplace(runId: number): WorkplaceWord | null {
    const row = searchParamsSchema.safeParse(this.s.runSearchParams.get(runId));
    if (!row.success || row.data.search_params === null) return null;
    let params: unknown;
    try {
      params = JSON.parse(row.data.search_params);
    } catch {
      return null;
    }
    const parsed = siteParamsSchema.safeParse(params);
    const code = parsed.success ? parsed.data.f_WT : undefined;
    return typeof code === 'string' ? (WORKPLACE_BY_SITE_CODE[code] ?? null) : null;
  }

  finishRun(
    runId: number,
    status: 'completed' | 'failed',
    error: string | null,
    now: number,
  ): void {
    this.s.finishRun.run({ run: runId, status, error, now });
  }

  runCount(batchId: number, status: 'completed' | 'failed' | 'running'): number {
    return countSchema.parse(this.s.runCounts.get(batchId, status)).n;
  }

  /** The reason of the batch's first failed run, for the batch's own reason. */
  firstRunFailure(batchId: number): string | null {
    const row: unknown = this.s.firstFailure.get(batchId);
    const parsed = z.object({ error: z.string().nullable() }).safeParse(row);
    return parsed.success ? parsed.data.error : null;
  }

  /** False when the operator cancelled the batch first: it must then end cancelled. */
  setEnriching(batchId: number): boolean {
    return this.s.setStatus.run({ batch: batchId, status: 'enriching' }).changes > 0;
  }

  /** False when the operator cancelled the batch first: it must then end cancelled. */
  finishBatch(
    batchId: number,
    status: 'completed' | 'failed',
    error: string | null,
    now: number,
  ): boolean {
    // The batch's last descriptions are searchable from the moment it reads finished.
    return this.sqlite.transaction(() => {
      this.descriptions.catchUp();
      return this.s.finishBatch.run({ batch: batchId, status, error, now }).changes > 0;
    })();
  }

  /**
   * Records the operator's wish to cancel a running or enriching batch. The runner driving it,
   * in this process or another, sees it at its next check and ends the batch.
   */
  requestCancel(batchId: number, now: number): CancelRequest {
    if (this.s.requestCancel.run({ batch: batchId, now }).changes > 0) return 'requested';
    return this.batch(batchId) ? 'ended' : 'not-found';
  }

  cancelRequested(batchId: number): boolean {
    return this.s.cancelRequested.get(batchId) !== undefined;
  }

  /** Ends a cancelled batch, its run in flight and the runs it had not started, in one transaction. */
  finishCancelled(batchId: number, reason: string, now: number): void {
    this.sqlite.transaction(() => {
      const params = { batch: batchId, reason, now };
      this.s.cancelRunning.run(params);
      this.s.cancelNotStarted.run(params);
      this.s.cancelBatch.run(params);
      this.descriptions.catchUp();
    })();
  }

  /**
   * Companies of the batch's jobs whose numeric id is not known yet, skipping names the site
   * recently had no exact match for (negative answers are re-asked after a while).
   */
  unresolvedCompanies(
    batchId: number,
    staleBefore: number,
  ): Array<{ normalized: string; name: string }> {
    return this.s.unresolvedCompanies
      .all({ batch: batchId, staleBefore })
      .map((r) => companyRowSchema.parse(r))
      .map((r) => ({ normalized: r.company_normalized, name: r.company_name }));
  }

  setCompanyId(normalized: string, companyId: number): void {
    this.s.setCompanyId.run(companyId, normalized);
  }

  /** Jobs of the batch without details yet whose company is not blocked. */
  pendingDetailsCount(batchId: number): number {
    return countSchema.parse(this.s.pendingCount.get({ batch: batchId })).n;
  }

  pendingDetailIds(batchId: number, limit: number): string[] {
    return this.s.pendingIds
      .all({ batch: batchId, limit })
      .map((r) => String(idRowSchema.parse(r).id));
  }

  setEnrichTotals(batchId: number, total: number, done: number): void {
    this.s.setToEnrich.run({ batch: batchId, total, done });
  }

  /** `batchId` null: fetched on the operator's request (POST /jobs/{id}/details), in no batch. */
  saveDetails(batchId: number | null, details: JobDetails, now: number): void {
    this.sqlite.transaction(() => {
      this.writeDetails(details, now);
      // Asked for from the panel, the description is searchable at once; a batch's wait for a
      // few more (docs/decisions/038).
      if (batchId === null) this.descriptions.catchUp();
      else this.s.enriched.run(1, batchId);
    })();
  }

  /**
   * Several fetched jobs' details in one transaction, as if saved one by one. Each commit writes
   * its pages to the WAL; consecutive jobs share most of theirs (their rows' leaf, the batch's
   * row, the waiting descriptions), so a group writes far fewer (docs/decisions/042).
   */
  saveDetailsGroup(batchId: number, group: readonly JobDetails[], now: number): void {
    if (group.length === 0) return;
    this.sqlite.transaction(() => {
      for (const details of group) this.writeDetails(details, now);
      this.s.enriched.run(group.length, batchId);
    })();
  }

  private writeDetails(details: JobDetails, now: number): void {
    // Issue 17: the signature is stored with the details (one write of the row), and the
    // description confirms a repost decided on the card, or undoes it.
    const reposts = this.reposts.prepareDetails(details.jobId, details.description);
    this.s.saveDetails.run({
      id: details.jobId,
      seniority: details.seniority,
      employmentType: details.employmentType,
      jobFunction: details.jobFunction,
      industries: details.industries,
      applicants: details.applicantsText,
      easyApply: details.easyApply ? 1 : 0,
      salary: details.salary,
      slug: details.companySlug,
      now,
      signature: reposts.signature,
    });
    this.s.saveDescription.run({
      id: details.jobId,
      description: details.description,
      // The site's markup through the allow-list; its plain text when the markup says nothing.
      descriptionHtml:
        sanitizeDescriptionHtml(details.descriptionHtml) ??
        descriptionHtmlFromText(details.description),
    });
    this.reposts.detailsStored(reposts);
    this.rules.applyToDetails(details.jobId, details.description);
    this.descriptions.described(details.jobId);
  }

  /** A job whose details could not be had (removed, unparseable): noted, not asked again by this batch. */
  saveDetailsError(batchId: number, jobId: string, error: string): void {
    this.sqlite.transaction(() => {
      this.s.saveDetailsError.run({ id: jobId, error, batch: batchId });
      this.s.enriched.run(1, batchId);
    })();
  }

  setting(key: string): string | undefined {
    const row: unknown = this.s.setting.get(key);
    return row === undefined ? undefined : settingSchema.parse(row).value;
  }

  /** Stores `value` under `key` unless the key exists; answers the stored value either way. */
  settingOnce(key: string, value: string): string {
    this.s.insertSettingIfAbsent.run(key, value);
    return this.setting(key) ?? value;
  }
}
