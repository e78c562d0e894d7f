import type SQLite from 'better-sqlite3';
import { z } from 'zod';
import { hasTotals } from '../jobs/day-facets';
import { stagesReaching } from './funnel-stages';

// The Overview's reads (issue 32, docs/decisions/055): prepared statements, as the budget of its
// calls (p95 ≤ 100 ms with 200,000 jobs and a year of batches) makes them a measured hot path
// (decision 052). Each reads the facets of one facet over a range of days, which the table's
// key keeps together, and the few rows of queries, runs, jobs and companies an answer names.

/** A range of days and, optionally, one saved query: what every facet read is asked. */
export interface FacetScope {
  first: string;
  last: string;
  /** null: every query. */
  query: number | null;
  /** The range is every day: a facet with totals is read from them (src/db/jobs/day-facets.ts). */
  allDays: boolean;
}

const OF_QUERY = '(@query IS NULL OR query_id = @query)';
const IN_SCOPE = `day BETWEEN @first AND @last AND ${OF_QUERY}`;
/** The facets named `@prefix`… (`salary:` and its currencies): their names sort together. */
const PREFIXED = 'facet > @prefix AND facet < @prefix || char(1114111)';

const valueRowSchema = z.object({ facet: z.string(), value: z.string(), jobs: z.number() });
const dayValueRowSchema = z.object({ day: z.string(), value: z.string(), jobs: z.number() });
const dayQueryRowSchema = z.object({ day: z.string(), query_id: z.number(), jobs: z.number() });
const queryCountSchema = z.object({ query_id: z.number(), jobs: z.number() });
const cellRowSchema = z.object({
  day: z.string(),
  query_id: z.number(),
  value: z.string(),
  jobs: z.number(),
});
const queryRowSchema = z.object({
  id: z.number(),
  job_title: z.string(),
  display_name: z.string(),
  is_ai: z.number(),
  status: z.enum(['active', 'inactive', 'archived']),
});
const runTotalsSchema = z.object({
  query_id: z.number(),
  jobs_found: z.number(),
  pages_fetched: z.number(),
});
const lastRunSchema = z.object({
  query_id: z.number(),
  batch_id: z.number(),
  status: z.enum(['running', 'completed', 'failed']),
  start_time: z.number().nullable(),
});
const companyRowSchema = z.object({
  name: z.string(),
  company_id: z.number().nullable(),
  blocked: z.number(),
});
const backfillRowSchema = z.object({ query_id: z.number(), day: z.string().nullable() });
const uniqueFoundSchema = z.object({ query_id: z.number(), jobs: z.number() });
const outcomeRowSchema = z.object({
  query_id: z.number().nullable(),
  saved: z.number(),
  applied: z.number(),
  screening: z.number(),
});
const nullableTextSchema = z.object({ v: z.string().nullable() });
const nullableNumberSchema = z.object({ v: z.number().nullable() });
const countSchema = z.object({ n: z.number() });

export type FacetValueRow = z.infer<typeof valueRowSchema>;
export type FacetDayValueRow = z.infer<typeof dayValueRowSchema>;
export type FacetCellRow = z.infer<typeof cellRowSchema>;
export type FacetDayQueryRow = z.infer<typeof dayQueryRowSchema>;
export type QueryCountRow = z.infer<typeof queryCountSchema>;
export type OverviewQueryRow = z.infer<typeof queryRowSchema>;
export type RunTotalsRow = z.infer<typeof runTotalsSchema>;
export type LastRunRow = z.infer<typeof lastRunSchema>;
export type CompanyRow = z.infer<typeof companyRowSchema>;
export type OutcomeRow = z.infer<typeof outcomeRowSchema>;

const inList = (stages: readonly string[]) => stages.map((s) => `'${s}'`).join(', ');
/** When a history first reached any of `stages`. */
const firstReached = (stages: readonly string[]) =>
  `MIN(CASE WHEN stage IN (${inList(stages)}) THEN at END)`;
/** How many of the histories' first times (`column`) fall within [@from, @to). */
const within = (column: string) => `COALESCE(SUM(o.${column} >= @from AND o.${column} < @to), 0)`;
/** Each history with an entry within [@from, @to): when it first reached Saved, Applied, Screening. */
const FIRST_TIMES = `(SELECT job_id, MIN(at) AS saved_at,
    ${firstReached(stagesReaching('applied'))} AS applied_at,
    ${firstReached(stagesReaching('screening'))} AS screening_at
  FROM application_events
  WHERE job_id IN (SELECT job_id FROM application_events WHERE at >= @from AND at < @to)
  GROUP BY job_id) o`;
const OUTCOME_COUNTS = `${within('saved_at')} AS saved, ${within('applied_at')} AS applied,
  ${within('screening_at')} AS screening`;
/** A history one of whose first times falls within [@from, @to). */
const COUNTED = `(${['saved_at', 'applied_at', 'screening_at']
  .map((column) => `(o.${column} >= @from AND o.${column} < @to)`)
  .join(' OR ')})`;

/** An instant's span, [from, to) in epoch ms: a range of days from the first day's start. */
export interface Instants {
  from: number;
  to: number;
}

function prepare(sqlite: SQLite.Database) {
  const p = (text: string) => sqlite.prepare(text);
  return {
    cells: p(`SELECT day, query_id, value, jobs FROM job_day_facets
      WHERE facet = @facet AND ${IN_SCOPE} AND jobs <> 0`),
    byDayValue: p(`SELECT day, value, SUM(jobs) AS jobs FROM job_day_facets
      WHERE facet = @facet AND ${IN_SCOPE} GROUP BY day, value HAVING SUM(jobs) <> 0`),
    // Rows in key order (facet, day, query_id, value): grouped as they come, without a sort.
    byDayQuery: p(`SELECT day, query_id, SUM(jobs) AS jobs FROM job_day_facets
      WHERE facet = @facet AND ${IN_SCOPE} GROUP BY day, query_id HAVING SUM(jobs) <> 0`),
    byQuery: p(`SELECT query_id, SUM(jobs) AS jobs FROM job_day_facets
      WHERE facet = @facet AND ${IN_SCOPE} AND value IN (SELECT value FROM json_each(@values))
      GROUP BY query_id`),
    byValue: p(`SELECT facet, value, SUM(jobs) AS jobs FROM job_day_facets
      WHERE facet = @facet AND ${IN_SCOPE} GROUP BY value HAVING SUM(jobs) <> 0`),
    byPrefixValue: p(`SELECT facet, value, SUM(jobs) AS jobs FROM job_day_facets
      WHERE ${PREFIXED} AND ${IN_SCOPE} GROUP BY facet, value HAVING SUM(jobs) <> 0`),
    topValues: p(`SELECT facet, value, SUM(jobs) AS jobs FROM job_day_facets
      WHERE facet = @facet AND ${IN_SCOPE} GROUP BY value HAVING SUM(jobs) > 0
      ORDER BY SUM(jobs) DESC, value LIMIT @limit`),
    totalsByValue: p(`SELECT facet, value, SUM(jobs) AS jobs FROM job_facet_totals
      WHERE facet = @facet AND ${OF_QUERY} GROUP BY value HAVING SUM(jobs) <> 0`),
    totalsByPrefixValue: p(`SELECT facet, value, SUM(jobs) AS jobs FROM job_facet_totals
      WHERE ${PREFIXED} AND ${OF_QUERY} GROUP BY facet, value HAVING SUM(jobs) <> 0`),
    totalsTopValues: p(`SELECT facet, value, SUM(jobs) AS jobs FROM job_facet_totals
      WHERE facet = @facet AND ${OF_QUERY} GROUP BY value HAVING SUM(jobs) > 0
      ORDER BY SUM(jobs) DESC, value LIMIT @limit`),
    firstFacetDay: p(`SELECT MIN(day) AS v FROM job_day_facets
      WHERE facet = 'kind' AND (@query IS NULL OR query_id = @query)`),
    firstRunStart: p(`SELECT MIN(start_time) AS v FROM query_runs
      WHERE @query IS NULL OR query_id = @query`),
    queryExists: p('SELECT COUNT(*) AS n FROM queries WHERE id = ?'),
    queries: p(`SELECT id, job_title, display_name, is_ai, status FROM queries
      WHERE id IN (SELECT value FROM json_each(@ids)) ORDER BY id`),
    searchedQueries: p(`SELECT id, job_title, display_name, is_ai, status FROM queries q
      WHERE (@query IS NULL OR id = @query)
        AND (status <> 'archived'
             OR EXISTS (SELECT 1 FROM query_runs r WHERE r.query_id = q.id AND r.start_time >= @from))
      ORDER BY id`),
    runTotals:
      p(`SELECT query_id, SUM(jobs_found) AS jobs_found, SUM(pages_fetched) AS pages_fetched
      FROM query_runs WHERE start_time >= @from AND (@query IS NULL OR query_id = @query)
      GROUP BY query_id`),
    lastRuns: p(`SELECT r.query_id, r.batch_id, r.status, r.start_time FROM query_runs r
      WHERE r.id IN (SELECT MAX(id) FROM query_runs
                     WHERE @query IS NULL OR query_id = @query GROUP BY query_id)`),
    newInBatch: p(
      'SELECT COUNT(*) AS n FROM jobs WHERE first_query_id = @query AND first_seen_batch_id = @batch',
    ),
    // A company's name as its page has it when its id is known, else as a job of it shows it;
    // blocked as the Jobs list reads it (by id, or by name while the id is not known). The id
    // comes from the company-id lookups the runner made (they set it on the jobs, too), else from
    // the company's oldest job, which a lookup reached first: not from a search for a job with an
    // id among a big company's jobs, which read each of them (124 ms of a year's market with
    // 200,000 jobs, measured), where these answer by key.
    company: p(`SELECT COALESCE(c.name,
          (SELECT company_name FROM jobs WHERE company_normalized = @normalized LIMIT 1),
          @normalized) AS name,
        k.id AS company_id,
        (EXISTS (SELECT 1 FROM banned_companies b WHERE b.id = k.id)
          OR (k.id IS NULL AND EXISTS (SELECT 1 FROM banned_companies b
                                       WHERE b.normalized_name = @normalized))) AS blocked
      FROM (SELECT COALESCE(
          (SELECT company_id FROM company_id_lookups WHERE normalized_name = @normalized),
          (SELECT id FROM companies WHERE normalized_name = @normalized ORDER BY id LIMIT 1),
          (SELECT company_id FROM jobs WHERE company_normalized = @normalized LIMIT 1)) AS id) k
      LEFT JOIN companies c ON c.id = k.id`),
  };
}

/**
 * The statements issue 39 added: totals over a range's instants (the headlines compare two
 * ranges), each query's unique jobs and backfill day, and what its jobs reached on the Pipeline.
 */
function prepareRangeTotals(sqlite: SQLite.Database) {
  const p = (text: string) => sqlite.prepare(text);
  return {
    runPagesBetween: p(`SELECT COALESCE(SUM(pages_fetched), 0) AS n FROM query_runs
      WHERE start_time >= @from AND start_time < @to AND (@query IS NULL OR query_id = @query)`),
    // Each job once per query, from the runs' own links (query_run_jobs' key, run first).
    uniqueFound: p(`SELECT r.query_id, COUNT(DISTINCT l.job_id) AS jobs
      FROM query_runs r JOIN query_run_jobs l ON l.query_run_id = r.id
      WHERE r.start_time >= @from AND (@query IS NULL OR r.query_id = @query)
      GROUP BY r.query_id`),
    // What the batches sent the site, by when each ended (or started, while it has not), as the
    // site health's requests per day count it.
    siteRequestsBetween: p(`SELECT COALESCE(SUM(c.requests), 0) AS n
      FROM batch_site_counts c JOIN batches b ON b.id = c.batch_id
      WHERE COALESCE(b.finished_at, b.started_at) >= @from
        AND COALESCE(b.finished_at, b.started_at) < @to`),
    // The day each query stored its first jobs: its first job by batch, on jobs_first_query.
    backfillDays: p(`SELECT q.id AS query_id,
        (SELECT first_seen_day FROM jobs WHERE first_query_id = q.id AND first_seen_day IS NOT NULL
         ORDER BY first_seen_batch_id LIMIT 1) AS day
      FROM queries q WHERE @query IS NULL OR q.id = @query`),
    // Per query that stored the jobs first, what their applications' histories reached in the
    // range (docs/decisions/056). A first time in the range is an entry in it, so only the
    // histories with one are read whole (for a week, a few of 2,000: 1 ms instead of 12).
    // A job is looked up for its query only when one of its first times counts: a lookup is most
    // of a history's cost.
    outcomes: p(`SELECT j.first_query_id AS query_id, ${OUTCOME_COUNTS}
      FROM ${FIRST_TIMES} JOIN jobs j ON j.id = o.job_id
      WHERE ${COUNTED} AND (@query IS NULL OR j.first_query_id = @query)
      GROUP BY j.first_query_id`),
    // The same for every query together: no job to look up for its query.
    allOutcomes: p(`SELECT NULL AS query_id, ${OUTCOME_COUNTS} FROM ${FIRST_TIMES}`),
  };
}

/** The statements of the Overview's answers, each answering parsed rows. */
export class OverviewStatements {
  private readonly s;
  private readonly totalsOf;

  constructor(sqlite: SQLite.Database) {
    this.s = prepare(sqlite);
    this.totalsOf = prepareRangeTotals(sqlite);
  }

  /** One facet's counts by day, query and value: the series of the new-jobs chart. */
  cells(facet: string, scope: FacetScope): FacetCellRow[] {
    return this.s.cells.all({ facet, ...this.days(scope) }).map((r) => cellRowSchema.parse(r));
  }

  /** One facet's counts by day and value, every query of the scope together. */
  byDayValue(facet: string, scope: FacetScope): FacetDayValueRow[] {
    return this.s.byDayValue
      .all({ facet, ...this.days(scope) })
      .map((r) => dayValueRowSchema.parse(r));
  }

  /** One facet's counts by day and query, all its values together. */
  byDayQuery(facet: string, scope: FacetScope): FacetDayQueryRow[] {
    return this.s.byDayQuery
      .all({ facet, ...this.days(scope) })
      .map((r) => dayQueryRowSchema.parse(r));
  }

  /** Per query, how many jobs have one of `values` of a facet. */
  byQuery(facet: string, values: readonly string[], scope: FacetScope): QueryCountRow[] {
    return this.s.byQuery
      .all({ facet, values: JSON.stringify(values), ...this.days(scope) })
      .map((r) => queryCountSchema.parse(r));
  }

  /** One facet's counts by value over the scope. */
  byValue(facet: string, scope: FacetScope): FacetValueRow[] {
    const statement = this.totals(facet, scope) ? this.s.totalsByValue : this.s.byValue;
    return statement.all({ facet, ...this.days(scope) }).map((r) => valueRowSchema.parse(r));
  }

  /** The counts of every facet named `prefix`… (`salary:` and its currencies), by value. */
  byPrefixValue(prefix: string, scope: FacetScope): FacetValueRow[] {
    const statement = this.totals(prefix, scope)
      ? this.s.totalsByPrefixValue
      : this.s.byPrefixValue;
    return statement.all({ prefix, ...this.days(scope) }).map((r) => valueRowSchema.parse(r));
  }

  /** The `limit` values of a facet with the most jobs, most first (ties by value). */
  topValues(facet: string, scope: FacetScope, limit: number): FacetValueRow[] {
    const statement = this.totals(facet, scope) ? this.s.totalsTopValues : this.s.topValues;
    return statement.all({ facet, ...this.days(scope), limit }).map((r) => valueRowSchema.parse(r));
  }

  /**
   * Every day's counts of a facet with totals are its totals: a year of daily rows is too many
   * to add up within the calls' budget (decision 055).
   */
  private totals(facet: string, scope: FacetScope): boolean {
    return scope.allDays && hasTotals(facet);
  }

  /** The scope as the statements' parameters. */
  private days(scope: FacetScope) {
    return { first: scope.first, last: scope.last, query: scope.query };
  }

  /** The first day a job was first seen on (by `query`), or null. */
  firstFacetDay(query: number | null): string | null {
    return nullableTextSchema.parse(this.s.firstFacetDay.get({ query })).v;
  }

  /** When the first run (of `query`) started, or null. */
  firstRunStart(query: number | null): number | null {
    return nullableNumberSchema.parse(this.s.firstRunStart.get({ query })).v;
  }

  queryExists(id: number): boolean {
    return countSchema.parse(this.s.queryExists.get(id)).n > 0;
  }

  queries(ids: readonly number[]): OverviewQueryRow[] {
    return this.s.queries.all({ ids: JSON.stringify(ids) }).map((r) => queryRowSchema.parse(r));
  }

  /** Saved queries not archived, or that ran since `from` (epoch ms), by id. */
  searchedQueries(query: number | null, from: number): OverviewQueryRow[] {
    return this.s.searchedQueries.all({ query, from }).map((r) => queryRowSchema.parse(r));
  }

  /** Per query, what its runs started since `from` found and fetched. */
  runTotals(query: number | null, from: number): RunTotalsRow[] {
    return this.s.runTotals.all({ query, from }).map((r) => runTotalsSchema.parse(r));
  }

  /** The result pages the runs (of `query`) started within `at` fetched. */
  runPagesBetween(query: number | null, at: Instants): number {
    return countSchema.parse(this.totalsOf.runPagesBetween.get({ query, ...at })).n;
  }

  /** Per query, the distinct jobs its runs started since `from` found. */
  uniqueFound(query: number | null, from: number): Map<number, number> {
    const rows = this.totalsOf.uniqueFound
      .all({ query, from })
      .map((r) => uniqueFoundSchema.parse(r));
    return new Map(rows.map((r) => [r.query_id, r.jobs]));
  }

  /** Every request the batches that ended within `at` sent the site. */
  siteRequestsBetween(at: Instants): number {
    return countSchema.parse(this.totalsOf.siteRequestsBetween.get(at)).n;
  }

  /** Per saved query (or `query` alone) that stored jobs, the day it stored its first. */
  backfillDays(query: number | null): Map<number, string> {
    const rows = this.totalsOf.backfillDays.all({ query }).map((r) => backfillRowSchema.parse(r));
    return new Map(rows.flatMap((r) => (r.day === null ? [] : [[r.query_id, r.day]])));
  }

  /**
   * Per query that stored the jobs first (null: a job no query did), how many of its jobs were
   * put on the Pipeline within `at`, entered Applied or later, and reached Screening or later.
   */
  outcomes(query: number | null, at: Instants): OutcomeRow[] {
    return this.totalsOf.outcomes.all({ query, ...at }).map((r) => outcomeRowSchema.parse(r));
  }

  /** `outcomes` of every query together (and of the jobs no query stored first). */
  allOutcomes(at: Instants): OutcomeRow {
    return outcomeRowSchema.parse(this.totalsOf.allOutcomes.get(at));
  }

  /** Each query's newest run. */
  lastRuns(query: number | null): LastRunRow[] {
    return this.s.lastRuns.all({ query }).map((r) => lastRunSchema.parse(r));
  }

  /** How many jobs the query's run in `batch` stored first. */
  newInBatch(query: number, batch: number): number {
    return countSchema.parse(this.s.newInBatch.get({ query, batch })).n;
  }

  /** A company by its normalised name: its name, id and whether it is blocked. */
  company(normalized: string): CompanyRow | undefined {
    const row = this.s.company.get({ normalized });
    return row === undefined ? undefined : companyRowSchema.parse(row);
  }
}
