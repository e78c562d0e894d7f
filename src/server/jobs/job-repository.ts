import type SQLite from 'better-sqlite3';
import { z } from 'zod';
import type {
  JobDetail,
  JobFoundBy,
  JobList,
  JobListItem,
  JobListQuery,
  JobState,
} from '../../contract';
import { DEFAULT_JOB_STATES, JOBS_TOTAL_CAP } from '../../contract';
import { BLOCKED_JOB_SQL } from '../../db/blocked-jobs';
import { DescriptionIndex } from '../../runner';
import { isoOrNull } from '../../db/times';
import { JobRepostMarks } from '../reposts/job-repost-marks';
import { JobRuleMarks } from '../rules/job-rule-marks';
import {
  decodeCursor,
  effectiveSort,
  encodeCursor,
  filterSql,
  GROUP_COUNT_KEY,
  isGrouped,
  hasRowFilters,
  listFingerprint,
  orderSql,
  RANK_SQL,
  rankAfterParams,
  rankAfterSql,
  type JobCursor,
  type SqlParams,
} from './job-query';
import { ParallelRanker } from './parallel-rank';
import { jobDescriptionSql } from '../../db/jobs/job-descriptions';

// The Jobs screen's reads and writes, as synchronous better-sqlite3 statements on the server's
// connection: each is one short indexed query (docs/decisions/014), and the runner writes through
// the same connection, so a read never waits on a lock.

export const LIST_COLUMNS = `j.id, j.title, j.company_name, j.company_id, j.location, j.posted_at, j.salary,
  j.easy_apply, j.applicants, j.workplace, j.state, j.first_seen_at, j.url`;

const listRowSchema = z.object({
  id: z.string(),
  title: z.string(),
  company_name: z.string(),
  company_id: z.number().nullable(),
  location: z.string(),
  posted_at: z.string().nullable(),
  salary: z.string().nullable(),
  easy_apply: z.number().nullable(),
  applicants: z.string().nullable(),
  workplace: z.string().nullable(),
  state: z.enum(['new', 'seen', 'saved', 'applied', 'hidden']),
  first_seen_at: z.number(),
  url: z.string(),
});
type ListRow = z.infer<typeof listRowSchema>;

const keyRowSchema = z.object({
  id: z.string(),
  sort_first: z.number().optional(),
  sort_posted: z.string().optional(),
  sort_rank: z.number().optional(),
});

const detailRowSchema = listRowSchema.extend({
  seniority: z.string().nullable(),
  employment_type: z.string().nullable(),
  job_function: z.string().nullable(),
  industries: z.string().nullable(),
  description_html: z.string().nullable(),
  last_seen_at: z.number(),
  company_blocked: z.number(),
  details_fetched_at: z.number().nullable(),
});

const foundByRowSchema = z.object({
  job_id: z.string(),
  run_id: z.number(),
  batch_id: z.number(),
  query_id: z.number(),
  search_term: z.string(),
  search_location: z.string(),
});
const countSchema = z.object({ n: z.number() });
const jobsCountSchema = z.object({ n: z.number(), rows: z.number() });
const passingSchema = z.object({ id: z.string(), group_key: z.string().nullable() });
const rankedSchema = z.object({
  id: z.string(),
  sort_rank: z.number(),
  group_key: z.string().nullable(),
});
/** A match of a search by relevance: its rank and its group. */
type RankedRow = z.infer<typeof rankedSchema>;
const groupSchema = z.object({ g: z.string() });

/** How many of a search's best matches are checked against the filters at least. */
const TOP_RANKED_MIN = 200;
/** At least, grouped. */
const TOP_RANKED_GROUPED = 1_000;
/** And at most, when the first left too few rows: past it the whole query ranks. */
const TOP_RANKED_MAX = 5_000;

/**
 * A search whose filters keep nearly every job: only the triage states most jobs are in (new,
 * seen) and the block list. Its best matches are found in the index first (topRanked).
 */
function broadSearch(query: JobListQuery): boolean {
  const states = query.state ?? DEFAULT_JOB_STATES;
  return !hasRowFilters(query) && states.includes('new') && states.includes('seen');
}

const emptyToNull = (text: string): string | null => (text.trim() === '' ? null : text);

function toListItem(row: ListRow, searchTerms: string[]): JobListItem {
  return {
    id: Number(row.id),
    title: row.title,
    company_name: emptyToNull(row.company_name),
    company_id: row.company_id,
    location: emptyToNull(row.location),
    posted_at: row.posted_at,
    salary: row.salary,
    easy_apply: row.easy_apply === 1,
    applicants: row.applicants,
    workplace: row.workplace,
    search_terms: searchTerms,
    state: row.state,
    first_seen_at: new Date(row.first_seen_at).toISOString(),
    url: row.url,
    repost: null,
    group: null,
    flags: [],
    hidden_by_rule: null,
    muted_by_rule: null,
  };
}

export type JobPage = JobList;

/** The full SQL of the list for these filters (without page bounds), shared with the export. */
export function listQuerySql(
  query: Omit<JobListQuery, 'limit' | 'cursor'>,
  now: number,
  options: { cursor?: JobCursor | null; anyBlocked?: boolean } = {},
): {
  select: (columns: string) => string;
  count: string;
  jobsCount: string | null;
  params: SqlParams;
  empty: boolean;
} {
  const cursor = options.cursor ?? null;
  const sort = effectiveSort(query);
  const filters = filterSql(query, now, options.anyBlocked ?? true);
  const order = orderSql(sort, filters.match, cursor);
  const and = (...extra: Array<string | null>) => {
    const all = [...filters.where, ...extra.filter((e): e is string => e !== null)];
    return all.length > 0 ? all.join(' AND ') : '1';
  };
  const whereSql = and(filters.lead, order.matchWhere);
  const countWhere = and(order.countMatchWhere);
  const pageWhere = order.after ? `${whereSql} AND ${order.after}` : whereSql;
  // The count has no order to keep: with the states as its only filter it reads the state
  // index, which also covers the block-list rule (jobs_state_company); any other filter needs
  // a column only the orders' covering indexes hold, so the state index is kept out of it.
  // Counted up to the cap only (docs/decisions/014): past it the exact figure costs a scan of
  // every matching row and tells the operator nothing the cap doesn't.
  const counting = (columns: string) => `SELECT ${columns} FROM ${order.countFrom}
      WHERE ${hasRowFilters(query) ? countWhere : countWhere.replace('+j.state', 'j.state')}
      LIMIT ${JOBS_TOTAL_CAP + 1}`;
  return {
    select: (columns) =>
      `SELECT ${columns}, ${order.keys} FROM ${order.from} WHERE ${pageWhere} ORDER BY ${order.orderBy}`,
    // Grouped, the count is of distinct groups (and lone jobs) among the jobs passing the filters.
    count: `SELECT COUNT(*) AS n FROM (${counting(filters.grouped ? `DISTINCT ${GROUP_COUNT_KEY}` : '1')})`,
    // Grouped, the jobs those rows stand for too (issue 30), and, read from the same few rows,
    // the rows themselves when the jobs stay under the cap (then the count above is not run).
    jobsCount: filters.grouped
      ? `SELECT COUNT(*) AS n, COUNT(DISTINCT k) AS rows FROM (${counting(`${GROUP_COUNT_KEY} AS k`)})`
      : null,
    params: { ...filters.params, ...order.params },
    empty: filters.matchesNothing,
  };
}

export class JobRepository {
  private readonly statements = new Map<string, SQLite.Statement>();
  private readonly s;
  private readonly ruleMarks: JobRuleMarks;
  private readonly repostMarks: JobRepostMarks;
  private readonly descriptions: DescriptionIndex;

  constructor(
    private readonly sqlite: SQLite.Database,
    private readonly ranker = new ParallelRanker(sqlite),
  ) {
    this.descriptions = new DescriptionIndex(sqlite);
    this.ruleMarks = new JobRuleMarks(sqlite);
    this.repostMarks = new JobRepostMarks(sqlite);
    const p = (text: string) => sqlite.prepare(text);
    this.s = {
      foundBy: p(
        `SELECT l.job_id, r.id AS run_id, r.batch_id, r.query_id, r.job_title AS search_term,
                r.location AS search_location
         FROM query_run_jobs l JOIN query_runs r ON r.id = l.query_run_id
         WHERE l.job_id IN (SELECT value FROM json_each(?))
         ORDER BY l.query_run_id`,
      ),
      detail: p(
        `SELECT ${LIST_COLUMNS}, j.seniority, j.employment_type, j.job_function, j.industries,
                ${jobDescriptionSql('description_html')} AS description_html,
                j.last_seen_at, j.details_fetched_at, ${BLOCKED_JOB_SQL} AS company_blocked
         FROM jobs j WHERE j.id = ?`,
      ),
      // The operator's triage: a rule no longer holds the state it set (it cannot undo it).
      setState: p(
        `UPDATE jobs SET state = ?, hidden_by_rule_id = NULL, state_before_rule = NULL,
           repost_carried = NULL WHERE id = ?`,
      ),
      rowsByIds: p(
        `SELECT ${LIST_COLUMNS} FROM jobs j WHERE j.id IN (SELECT value FROM json_each(?))`,
      ),
      anyBlocked: p('SELECT EXISTS (SELECT 1 FROM banned_companies) AS n'),
      setStates: p(
        `UPDATE jobs SET state = @state, hidden_by_rule_id = NULL, state_before_rule = NULL,
           repost_carried = NULL
         WHERE id IN (SELECT value FROM json_each(@ids))`,
      ),
    };
  }

  /** Stops the thread ranking searches beside the server's (the server is closing). */
  close(): void {
    this.ranker.close();
  }

  /** Statements built from a filter combination are prepared once each (a few dozen at most). */
  private prepared(text: string): SQLite.Statement {
    let statement = this.statements.get(text);
    if (!statement) {
      statement = this.sqlite.prepare(text);
      if (this.statements.size > 500) this.statements.clear();
      this.statements.set(text, statement);
    }
    return statement;
  }

  private foundBy(ids: readonly string[]): Map<string, JobFoundBy[]> {
    const byJob = new Map<string, JobFoundBy[]>();
    if (ids.length === 0) return byJob;
    for (const raw of this.s.foundBy.all(JSON.stringify(ids))) {
      const row = foundByRowSchema.parse(raw);
      const list = byJob.get(row.job_id) ?? [];
      list.push({
        run_id: row.run_id,
        batch_id: row.batch_id,
        query_id: row.query_id,
        search_term: row.search_term,
        search_location: row.search_location,
      });
      byJob.set(row.job_id, list);
    }
    return byJob;
  }

  /**
   * Before a search reads the index: the descriptions stored since it last took them go in
   * (docs/decisions/038), so a search finds every word of every stored description.
   */
  readyToSearch(query: { q?: string | undefined }): void {
    if (query.q) this.descriptions.catchUpForSearch();
  }

  list(query: JobListQuery, now: number): JobPage {
    this.readyToSearch(query);
    const sort = effectiveSort(query);
    const fingerprint = listFingerprint(query, sort);
    const cursor = query.cursor ? decodeCursor(query.cursor, fingerprint, sort) : null;
    const anyBlocked = countSchema.parse(this.s.anyBlocked.get()).n === 1;
    const sql = listQuerySql(query, now, { cursor, anyBlocked });
    if (sql.empty)
      return {
        items: [],
        next_cursor: null,
        total: 0,
        total_capped: false,
        total_jobs: 0,
        total_jobs_capped: false,
      };
    // Two steps: the page's ids and sort keys first, read from indexes only, then the rows of
    // those few ids. Filtering and ordering thousands of candidates through the table itself
    // would read each one's row (and, before 0014 moved it last, its description too).
    // The count, once: a ranking in two parts runs it while the worker ranks its part.
    const countSql = listQuerySql(query, now, { anyBlocked });
    let counted: { rows: number; jobs: number } | undefined;
    const count = () => (counted ??= this.count(countSql));
    const keyRows =
      sort === 'relevance' && isGrouped(query)
        ? this.groupedByRelevance(query, now, anyBlocked, cursor, sql, count)
        : ((sort === 'relevance' && broadSearch(query)
            ? this.topRanked(query, now, anyBlocked, cursor, query.limit + 1, count)
            : null) ??
          this.prepared(`${sql.select('j.id')} LIMIT @limit`).all({
            ...sql.params,
            limit: query.limit + 1,
          }));
    const keys = keyRows.slice(0, query.limit).map((raw) => keyRowSchema.parse(raw));
    const byId = new Map<string, ListRow>();
    for (const raw of this.s.rowsByIds.all(JSON.stringify(keys.map((k) => k.id)))) {
      const row = listRowSchema.parse(raw);
      byId.set(row.id, row);
    }
    const page = keys.flatMap((k) => {
      const row = byId.get(k.id);
      return row ? [{ row, keys: k }] : [];
    });
    const foundBy = this.foundBy(page.map((r) => r.row.id));
    const items = this.repostMarks.fill(
      this.ruleMarks.fill(
        page.map(({ row }) => toListItem(row, searchTerms(foundBy.get(row.id) ?? []))),
      ),
    );
    const last = page.at(-1);
    let next: string | null = null;
    if (keyRows.length > query.limit && last) {
      next = encodeCursor(
        sort === 'relevance'
          ? { s: 'relevance', f: fingerprint, rank: last.keys.sort_rank ?? 0, id: last.row.id }
          : {
              s: sort,
              f: fingerprint,
              first: last.keys.sort_first ?? last.row.first_seen_at,
              posted: last.keys.sort_posted ?? '',
              id: last.row.id,
            },
      );
    }
    // The first page counts; later pages repeat the count too (the screen reads it from page 1,
    // but a client paging from a link may start anywhere).
    const { rows, jobs } = count();
    return {
      items,
      next_cursor: next,
      total: Math.min(rows, JOBS_TOTAL_CAP),
      total_capped: rows > JOBS_TOTAL_CAP,
      total_jobs: Math.min(jobs, JOBS_TOTAL_CAP),
      total_jobs_capped: jobs > JOBS_TOTAL_CAP,
    };
  }

  /** The list's rows and the jobs they stand for, each counted up to one past the cap. */
  private count(sql: { count: string; jobsCount: string | null; params: SqlParams }): {
    rows: number;
    jobs: number;
  } {
    const rowCount = () => countSchema.parse(this.prepared(sql.count).get(sql.params)).n;
    if (sql.jobsCount === null) {
      const n = rowCount();
      return { rows: n, jobs: n };
    }
    const jobs = jobsCountSchema.parse(this.prepared(sql.jobsCount).get(sql.params));
    // Past the cap the rows among the first jobs read are not all the rows: they are counted.
    return { rows: jobs.n > JOBS_TOTAL_CAP ? rowCount() : jobs.rows, jobs: jobs.n };
  }

  /**
   * The best-ranked `want` matches of a search whose filters keep nearly every job, or null when
   * too many of them were filtered out. bm25 must score every match before the first is known
   * (46,000 for a common skill among 200,000 jobs); done by the index alone, SQLite keeps only
   * the best few while scoring, and then only those few are checked against the filters, instead
   * of checking every match and then sorting them all (about 95 -> 45 ms there). `keep` picks
   * the rows among the matches passing the filters, in rank order (grouped: one per group).
   */
  private topRanked(
    query: JobListQuery,
    now: number,
    anyBlocked: boolean,
    cursor: JobCursor | null,
    want: number,
    meanwhile: () => void,
    keep: (ranked: RankedRow[]) => RankedRow[] = (ranked) => ranked,
    least = TOP_RANKED_MIN,
  ): RankedRow[] | null {
    const filters = filterSql(query, now, anyBlocked);
    if (filters.match === null) return null;
    const match = filters.match;
    const after = cursor?.s === 'relevance';
    const where = filters.where.length > 0 ? filters.where.join(' AND ') : '1';
    const best = (limit: number) => {
      const candidates = this.ranker.best(
        `SELECT rowid AS rid, ${RANK_SQL('jobs_fts')} AS sort_rank FROM jobs_fts
         WHERE jobs_fts MATCH @match AND rowid BETWEEN @lo AND @hi${after ? ` AND ${rankAfterSql('jobs_fts', 'rowid')}` : ''}
         ORDER BY sort_rank, rowid LIMIT @limit`,
        { match, ...(after ? rankAfterParams(cursor) : {}) },
        limit,
        meanwhile,
      );
      const check = this.prepared(
        // From the index holding every filtered column by id: the rows' descriptions stay unread.
        `SELECT j.id, j.group_key FROM jobs j INDEXED BY jobs_filter_columns
         WHERE j.id IN (SELECT value FROM json_each(@ids)) AND ${where}`,
      );
      // The best few are checked against the filters first, and more only while the page is not
      // full: a page needs a few dozen rows, most searches find them among the first hundreds of
      // the thousand ranked (checking all of them was ~3 ms of a search's ~40).
      const ranked: RankedRow[] = [];
      let kept: RankedRow[] = [];
      const step = Math.max(TOP_RANKED_MIN, want * 4);
      for (let from = 0; from < candidates.length; from += step) {
        const chunk = candidates.slice(from, from + step);
        const passing = new Map(
          check
            .all({ ...filters.params, ids: JSON.stringify(chunk.map((c) => String(c.rid))) })
            .map((raw) => passingSchema.parse(raw))
            .map((row) => [row.id, row.group_key]),
        );
        for (const c of chunk) {
          const group = passing.get(String(c.rid));
          if (group !== undefined)
            ranked.push({ id: String(c.rid), sort_rank: c.sort_rank, group_key: group });
        }
        kept = keep(ranked);
        if (kept.length >= want) break;
      }
      return { candidates, kept };
    };
    let limit = Math.max(least, want * 4);
    let { candidates, kept } = best(limit);
    if (kept.length < want && candidates.length === limit) {
      // Grouped, a group's many jobs may fill the best few hundred (a company's name: its roles
      // in every place): as many more as the share of rows found says are needed, once.
      const share = Math.max(kept.length, 1) / candidates.length;
      const more = Math.min(TOP_RANKED_MAX, Math.ceil((want / share) * 1.5));
      if (more > limit) {
        limit = more;
        ({ candidates, kept } = best(limit));
      }
    }
    // Fewer than wanted although the index had more: the filters dropped many of the best; the
    // whole query ranks past them.
    if (kept.length < want && candidates.length === limit) return null;
    return kept.slice(0, want);
  }

  /**
   * A search by relevance, grouped: a group's row is its best-ranked job passing the filters,
   * the first of the group the ranked rows meet. A page after a cursor leaves out the groups
   * whose best job came at or before the cursor (their row was on an earlier page).
   */
  private groupedByRelevance(
    query: JobListQuery,
    now: number,
    anyBlocked: boolean,
    cursor: JobCursor | null,
    sql: { select: (columns: string) => string; params: SqlParams },
    meanwhile: () => void,
  ): RankedRow[] {
    const want = query.limit + 1;
    const before =
      cursor?.s === 'relevance'
        ? this.groupsRankedBefore(query, now, anyBlocked, cursor)
        : new Set<string>();
    const keep = (ranked: Iterable<RankedRow>): RankedRow[] => {
      const seen = new Set(before);
      const kept: RankedRow[] = [];
      for (const row of ranked) {
        if (row.group_key !== null) {
          if (seen.has(row.group_key)) continue;
          seen.add(row.group_key);
        }
        kept.push(row);
        if (kept.length === want) break;
      }
      return kept;
    };
    const top = broadSearch(query)
      ? // A group's many jobs may fill the best few hundred (a title: every company's role in
        // every place): more are taken at once, as each further round scores every match again.
        this.topRanked(query, now, anyBlocked, cursor, want, meanwhile, keep, TOP_RANKED_GROUPED)
      : null;
    if (top !== null) return top;
    // Every match passing the filters, in rank order, read until the page is full.
    const statement = this.prepared(sql.select('j.id, j.group_key'));
    function* rows(): Generator<RankedRow> {
      for (const raw of statement.iterate(sql.params)) yield rankedSchema.parse(raw);
    }
    return keep(rows());
  }

  /** The groups with a job passing the filters ranked at or before a relevance cursor. */
  private groupsRankedBefore(
    query: JobListQuery,
    now: number,
    anyBlocked: boolean,
    cursor: Extract<JobCursor, { s: 'relevance' }>,
  ): Set<string> {
    const filters = filterSql(query, now, anyBlocked);
    if (filters.match === null) return new Set();
    const where = [...filters.where, 'j.group_key IS NOT NULL'].join(' AND ');
    return new Set(
      this.prepared(
        `SELECT DISTINCT j.group_key AS g FROM jobs_fts f
           JOIN jobs j INDEXED BY jobs_filter_columns ON j.id = CAST(f.rowid AS TEXT)
         WHERE f.jobs_fts MATCH @match AND ${where} AND NOT ${rankAfterSql('f.jobs_fts', 'f.rowid')}`,
      )
        .all({ ...filters.params, match: filters.match, ...rankAfterParams(cursor) })
        .map((raw) => groupSchema.parse(raw).g),
    );
  }

  find(id: number): JobDetail | undefined {
    const raw: unknown = this.s.detail.get(String(id));
    if (raw === undefined) return undefined;
    const row = detailRowSchema.parse(raw);
    const foundBy = this.foundBy([row.id]).get(row.id) ?? [];
    const [item = toListItem(row, searchTerms(foundBy))] = this.repostMarks.fill(
      this.ruleMarks.fill([toListItem(row, searchTerms(foundBy))]),
    );
    return {
      ...item,
      seniority: row.seniority,
      employment_type: row.employment_type,
      job_function: row.job_function,
      industries: row.industries,
      description_html: row.description_html,
      found_by: foundBy,
      last_seen_at: isoOrNull(Math.max(row.last_seen_at, row.first_seen_at)) ?? '',
      company_blocked: row.company_blocked === 1,
      repost_chain: this.repostMarks.chain(id),
      details_fetched: row.details_fetched_at !== null,
    };
  }

  /** false when there is no such job. */
  setState(id: number, state: JobState): boolean {
    return this.s.setState.run(state, String(id)).changes > 0;
  }

  /** How many of the jobs were set (those that exist; unknown ids are skipped). */
  setStates(ids: readonly number[], state: JobState): number {
    return this.s.setStates.run({ state, ids: JSON.stringify(ids.map(String)) }).changes;
  }
}

/** Each search term once, in the order the runs found the job. */
function searchTerms(foundBy: readonly JobFoundBy[]): string[] {
  return Array.from(new Set(foundBy.map((f) => f.search_term)));
}
