import { createHash } from 'node:crypto';
import { z } from 'zod';
import {
  DEFAULT_JOB_STATES,
  effectiveJobSort,
  jobSearchWords,
  JOB_STATES,
  type JobFilterQuery,
  type JobPostedWithin,
  type JobSort,
} from '../../contract';
import { NOT_BLOCKED_JOB_SQL } from '../companies/blocked-jobs';
import { normalizeCompanyName } from '../../contract/company-name';

// The one place the Jobs list's filters, orders and pages become SQL: the list, its total and
// the export all read these clauses, so the export cannot drift from the screen
// (docs/decisions/013 and 014). Every value is a bound parameter; the only text built from the
// request is the full-text query, and it holds nothing but quoted words.

export type SqlParams = Record<string, string | number>;

const DAY_MS = 86_400_000;
const POSTED_DAYS: Record<JobPostedWithin, number> = { '24h': 1, '7d': 7, '30d': 30 };

/**
 * The FTS5 query for a search typed by a person: every word must match; the last one also as
 * the start of a word, since it may be the one still being typed ("data engin" finds Data
 * Engineering), the others as whole words ("excel forecasting" does not find "excellent").
 * Each token is a quoted string (it holds only letters and digits, so it cannot close the
 * quotes), which makes FTS5's own syntax (OR, NEAR, -, *, parentheses, column filters) plain text.
 */
export function ftsMatch(q: string): string | null {
  const tokens = jobSearchWords(q);
  if (tokens.length === 0) return null;
  return tokens.map((t, i) => (i === tokens.length - 1 ? `"${t}"*` : `"${t}"`)).join(' ');
}

/** The sort the list is in (the contract's rule, shared with the screen). */
export function effectiveSort(filters: JobFilterQuery): JobSort {
  return effectiveJobSort(filters.q, filters.sort);
}

/** Whether any filter other than the triage states (and the block list, always on) is set. */
export function hasRowFilters(filters: JobFilterQuery): boolean {
  return (
    filters.batch !== undefined ||
    filters.run !== undefined ||
    filters.query !== undefined ||
    filters.new_in_batch !== undefined ||
    filters.posted !== undefined ||
    (filters.workplace !== undefined && filters.workplace.length > 0) ||
    filters.easy_apply === true ||
    filters.has_salary === true ||
    Boolean(filters.company) ||
    filters.flag !== undefined ||
    filters.hide_reposts === true ||
    filters.group !== undefined ||
    filters.open === true ||
    filters.min_fit !== undefined
  );
}

/**
 * One row per same-role group (issue 17), when asked for with `grouped=true` (the Jobs screen
 * asks), never while listing one group's members. Without it each job is one item, as issue 9
 * made the list: an endpoint's default does not change what it returns (issue 30). The export
 * always lists every job.
 */
export function isGrouped(filters: JobFilterQuery): boolean {
  return filters.grouped === true && filters.group === undefined;
}

export interface FilterSql {
  /** AND-ed conditions on `jobs j`, the same-role grouping aside. */
  where: string[];
  /** One row per same-role group (`grouped=true`); the count is then of groups. */
  grouped: boolean;
  /**
   * With grouping in a date order, the condition that keeps one row per group (its newest job
   * passing `where`): the list's rows are those passing both. Null otherwise, and in a search by
   * relevance, where a group's row is its best match, kept as the ranked rows are read
   * (job-ranking.ts); the count reads GROUP_COUNT_KEY either way.
   */
  lead: string | null;
  params: SqlParams;
  /** The FTS5 query, when searching. */
  match: string | null;
  /** A search with no words in it (only signs or emoji): nothing can match. */
  matchesNothing: boolean;
}

// Most jobs are new or seen; saved, applied and hidden are the operator's few picks.
const BULK_STATES: readonly string[] = ['new', 'seen'];

/**
 * The filters as SQL conditions on `jobs j` (and `jobs_fts f` when searching). `anyBlocked`:
 * whether any company is blocked at all; with none, the rule is left out rather than tested on
 * every row.
 */
export function filterSql(filters: JobFilterQuery, now: number, anyBlocked = true): FilterSql {
  const where = anyBlocked ? [NOT_BLOCKED_JOB_SQL] : [];
  const params: SqlParams = {};
  const states = filters.state ?? DEFAULT_JOB_STATES;
  if (states.length < JOB_STATES.length) {
    // A filter that keeps most rows must not pull the planner off the index of the order (the
    // "+" hides the state index); one on the few triaged states is best read through it.
    const bulk = states.some((s) => BULK_STATES.includes(s));
    where.push(`${bulk ? '+' : ''}j.state IN (${states.map((s) => `'${s}'`).join(', ')})`);
  }
  if (filters.batch !== undefined) {
    where.push(`j.id IN (SELECT l.job_id FROM query_runs r JOIN query_run_jobs l ON l.query_run_id = r.id
      WHERE r.batch_id = @batch)`);
    params.batch = filters.batch;
  }
  if (filters.run !== undefined) {
    where.push('j.id IN (SELECT l.job_id FROM query_run_jobs l WHERE l.query_run_id = @run)');
    params.run = filters.run;
  }
  if (filters.query !== undefined) {
    where.push(`j.id IN (SELECT l.job_id FROM query_runs r JOIN query_run_jobs l ON l.query_run_id = r.id
      WHERE r.query_id = @query)`);
    params.query = filters.query;
  }
  if (filters.new_in_batch !== undefined) {
    where.push('j.first_seen_batch_id = @newInBatch');
    params.newInBatch = filters.new_in_batch;
  }
  if (filters.posted !== undefined) {
    // The site gives a posting day, not a time: "within 24 h" keeps today and yesterday.
    // Written as the posted order's index has it, so a short range can be read from there.
    where.push("COALESCE(j.posted_at, '') >= @postedSince");
    params.postedSince = new Date(now - POSTED_DAYS[filters.posted] * DAY_MS)
      .toISOString()
      .slice(0, 10);
  }
  if (filters.workplace !== undefined && filters.workplace.length > 0) {
    where.push(`j.workplace IN (${filters.workplace.map((w) => `'${w}'`).join(', ')})`);
  }
  if (filters.easy_apply === true) where.push('j.easy_apply = 1');
  if (filters.has_salary === true) where.push("j.salary IS NOT NULL AND j.salary <> ''");
  if (filters.company) {
    // Compared as the runner stores company names (case, spacing and legal suffixes folded).
    const company = normalizeCompanyName(filters.company);
    if (company) {
      where.push('instr(j.company_normalized, @company) > 0');
      params.company = company;
    }
  }
  if (filters.flag !== undefined) {
    // Only an enabled rule's labels count, as the list shows them (src/db/rules/job-rule-marks.ts).
    where.push(`j.id IN (SELECT f.job_id FROM job_flags f JOIN rules fr ON fr.id = f.rule_id
      WHERE f.rule_id = @flag AND fr.enabled = 1 AND fr.deleted_at IS NULL)`);
    params.flag = filters.flag;
  }
  if (filters.hide_reposts === true) {
    // Reposts of jobs the operator has triaged already: the earlier job is read by its id from
    // the index that holds the state (jobs_filter_columns).
    where.push(`(j.repost_of IS NULL OR EXISTS (SELECT 1 FROM jobs e INDEXED BY jobs_filter_columns
      WHERE e.id = j.repost_of AND e.state = 'new'))`);
  }
  if (filters.group !== undefined) {
    // A group's key is its role's: listing one group reads its jobs from jobs_role. A search
    // walks another index holding group_key, not role_key, so it is asked group_key alone.
    where.push(filters.q ? 'j.group_key = @group' : 'j.role_key = @group AND j.group_key = @group');
    params.group = filters.group;
  }
  // Issue 41: "Open only" leaves out the jobs a page was found closed on.
  if (filters.open === true) where.push('j.closed_at IS NULL');
  // Issue 40: written as the fit order's index has it (jobs_fit), so the range is read from there;
  // a job without a fit (-1) is below every bound.
  if (filters.min_fit !== undefined) {
    where.push(`${FIT_KEY} >= @minFit`);
    params.minFit = filters.min_fit;
  }
  const match = filters.q ? ftsMatch(filters.q) : null;
  if (match !== null) params.match = match;
  const grouped = isGrouped(filters);
  const byRelevance = match !== null && effectiveSort(filters) === 'relevance';
  const lead = grouped && !byRelevance ? groupLeadSql(where, match) : null;
  return {
    where,
    grouped,
    lead,
    params,
    match,
    matchesNothing: Boolean(filters.q) && match === null,
  };
}

/**
 * What the grouped list counts once per row: a group's key, or a job's id when it is in none.
 * Every group with a job passing the filters has exactly one row (its newest such job, or in a
 * search by relevance its best match), so the count of rows is the count of distinct values
 * over the jobs passing them, with no per-job lookup of the group's other jobs (200,000 jobs, a
 * search: 19 -> 4 ms; docs/decisions/037). The "g" keeps a group's hex key apart from a job id
 * made of digits.
 */
export const GROUP_COUNT_KEY = "COALESCE('g' || j.group_key, j.id)";

/**
 * A job of a group is listed when no other member passing the same filters was first seen after
 * it (the newest stands for the group in either date order; a search by relevance picks its
 * best match instead, in job-ranking.ts): the same rows on every page, so keyset paging stays
 * exact. Jobs in no group pass without a lookup; a member's check is a short walk of jobs_role
 * (a group's key is its role's key, carried by every job of the role), which holds every column
 * the filters read (docs/decisions/035 and 037).
 */
function groupLeadSql(where: readonly string[], match: string | null): string {
  const same = where.map((w) => w.replace(/(?<![\w.])j\./g, 'g.'));
  if (match !== null)
    same.push('g.id IN (SELECT CAST(rowid AS TEXT) FROM jobs_fts WHERE jobs_fts MATCH @match)');
  const conditions = same.length > 0 ? ` AND ${same.join(' AND ')}` : '';
  return `(j.group_key IS NULL OR NOT EXISTS (SELECT 1 FROM jobs g INDEXED BY jobs_role
    WHERE g.role_key = j.group_key AND g.group_key = j.group_key
      AND (g.first_seen_at, g.id) > (j.first_seen_at, j.id)${conditions}))`;
}

// The cursor: which list it belongs to, and the sort key of the last row sent. Opaque to the
// client (base64url JSON), checked here like any other input.

const cursorSchema = z.discriminatedUnion('s', [
  z.object({
    s: z.literal('newest'),
    f: z.string(),
    first: z.number().int(),
    posted: z.string().max(32),
    id: z.string().max(32),
  }),
  z.object({
    s: z.literal('posted'),
    f: z.string(),
    first: z.number().int(),
    posted: z.string().max(32),
    id: z.string().max(32),
  }),
  z.object({ s: z.literal('relevance'), f: z.string(), rank: z.number(), id: z.string().max(32) }),
  z.object({
    s: z.literal('fit'),
    f: z.string(),
    fit: z.number().int(),
    first: z.number().int(),
    posted: z.string().max(32),
    id: z.string().max(32),
  }),
]);
export type JobCursor = z.infer<typeof cursorSchema>;

/**
 * A request the list cannot answer (a cursor it did not give, or one of another list): the
 * server answers it with a 400 and this message (src/server/jobs/job-repository.ts).
 */
export class JobQueryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JobQueryError';
  }
}

const BAD_CURSOR = 'cursor is not one this server gave: load the list again without it';
const OTHER_LIST_CURSOR =
  'cursor belongs to another search, filter or sort: load the list again without it';

/** A short fingerprint of the filters and sort, so a cursor is only taken by its own list. */
export function listFingerprint(filters: JobFilterQuery, sort: JobSort): string {
  const canonical = JSON.stringify([
    filters.q ? jobSearchWords(filters.q) : null,
    filters.batch ?? null,
    filters.run ?? null,
    filters.new_in_batch ?? null,
    filters.posted ?? null,
    filters.workplace ?? [],
    filters.easy_apply === true,
    filters.has_salary === true,
    filters.company ? normalizeCompanyName(filters.company) : '',
    filters.state ?? DEFAULT_JOB_STATES,
    filters.flag ?? null,
    filters.hide_reposts === true,
    filters.group ?? null,
    isGrouped(filters),
    sort,
    // Issue 32's filter, only when given: the cursors of lists without it stay as they were.
    ...(filters.query === undefined ? [] : [filters.query]),
    // Issue 41's likewise.
    ...(filters.open === true ? ['open'] : []),
    // Issue 40's likewise.
    ...(filters.min_fit === undefined ? [] : [`min_fit:${filters.min_fit}`]),
  ]);
  return createHash('sha256').update(canonical).digest('base64url').slice(0, 16);
}

export function encodeCursor(cursor: JobCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

export function decodeCursor(text: string, fingerprint: string, sort: JobSort): JobCursor {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) throw new JobQueryError(BAD_CURSOR);
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw new JobQueryError(BAD_CURSOR);
  }
  const parsed = cursorSchema.safeParse(json);
  if (!parsed.success) throw new JobQueryError(BAD_CURSOR);
  if (parsed.data.f !== fingerprint || parsed.data.s !== sort) {
    throw new JobQueryError(OTHER_LIST_CURSOR);
  }
  return parsed.data;
}

export interface OrderSql {
  /** FROM clause: `jobs j`, joined to the index when searching. */
  from: string;
  /** Extra selected columns (the sort keys the cursor needs). */
  keys: string;
  orderBy: string;
  /** The condition that keeps the search's matches, when searching. */
  matchWhere: string | null;
  /** FROM clause and match condition of the count, which has no order to keep. */
  countFrom: string;
  countMatchWhere: string | null;
  /** The keyset condition for rows after the cursor, or null on the first page. */
  after: string | null;
  params: SqlParams;
}

const POSTED_KEY = "COALESCE(j.posted_at, '')";
/** A job's fit as the fit order's index holds it: its best score, -1 without one (last). */
export const FIT_KEY = 'COALESCE(j.fit_score, -1)';

/** The keyset orders: their keys, most significant first (all descending), and their index. */
const KEYED_ORDERS: Record<Exclude<JobSort, 'relevance'>, { columns: string[]; index: string }> = {
  newest: { columns: ['j.first_seen_at', POSTED_KEY, 'j.id'], index: 'jobs_newest' },
  posted: { columns: [POSTED_KEY, 'j.first_seen_at', 'j.id'], index: 'jobs_posted' },
  // Issue 40: the best fit first, ties newest first (migration 0023's jobs_fit).
  fit: { columns: [FIT_KEY, 'j.first_seen_at', POSTED_KEY, 'j.id'], index: 'jobs_fit' },
};

/** The parameter each key of a cursor's row is bound to. */
const AFTER_PARAMS: Record<string, string> = {
  'j.first_seen_at': '@afterFirst',
  [POSTED_KEY]: '@afterPosted',
  'j.id': '@afterId',
  [FIT_KEY]: '@afterFit',
};

/**
 * bm25 with the column weights of docs/decisions/013 (title, company, location, description),
 * called by name: measured twice as fast as the index's configured `rank` on 46,000 matches.
 * Lower is better; ties go by the index's rowid, the job id as a number.
 */
export const RANK_SQL = (fts: string) => `bm25(${fts}, 10.0, 5.0, 2.0, 1.0)`;

/** Rows after a relevance cursor (the rank and job id of the last row sent). */
export const rankAfterSql = (fts: string, rowid: string) =>
  `(${RANK_SQL(fts)} > @afterRank OR (${RANK_SQL(fts)} = @afterRank AND ${rowid} > CAST(@afterId AS INTEGER)))`;

export const rankAfterParams = (cursor: { rank: number; id: string }): SqlParams => ({
  afterRank: cursor.rank,
  afterId: cursor.id,
});

/**
 * The order of a sort, and where a page after `cursor` starts. Newest: first seen, then the
 * posting day, then id, all descending (the index jobs_newest, walked backwards); posted: the
 * posting day first (jobs_posted); fit: the best fit first, then as newest (jobs_fit);
 * relevance: bm25 (lower is better), then id.
 */
export function orderSql(
  sort: JobSort,
  match: string | null,
  cursor: JobCursor | null,
  /**
   * Issue 40: few jobs pass min_fit (at most the count's cap): read them from the fit order's
   * index, which holds every filtered column, and sort them, rather than walk the date order's
   * index past every job below the bound (200,000 jobs, none at 80: 300 -> 1 ms).
   */
  fewByFit = false,
): OrderSql {
  // The matches are checked against the filters in an index holding every filtered column
  // (migration 0007): the planner would otherwise pick the primary key and read each row.
  const searchFrom =
    'jobs_fts f JOIN jobs j INDEXED BY jobs_filter_columns ON j.id = CAST(f.rowid AS TEXT)';
  if (sort === 'relevance' && match !== null) {
    return {
      from: searchFrom,
      keys: `${RANK_SQL('f.jobs_fts')} AS sort_rank`,
      orderBy: 'sort_rank, f.rowid',
      matchWhere: 'f.jobs_fts MATCH @match',
      countFrom: searchFrom,
      countMatchWhere: 'f.jobs_fts MATCH @match',
      after: cursor?.s === 'relevance' ? rankAfterSql('f.jobs_fts', 'f.rowid') : null,
      params: cursor?.s === 'relevance' ? rankAfterParams(cursor) : {},
    };
  }
  // A search in a date order (or the fit order) walks that order's index, which holds every
  // filtered column, and keeps the rows whose id is among the matches (collected once from the
  // index): the page ends after its last row instead of after sorting every match (200,000 jobs,
  // a word in a quarter of them: 66 -> 10 ms).
  const keyed = KEYED_ORDERS[sort === 'relevance' ? 'newest' : sort];
  const from =
    match !== null
      ? `jobs j INDEXED BY ${keyed.index}`
      : fewByFit
        ? 'jobs j INDEXED BY jobs_fit'
        : 'jobs j';
  const matchWhere =
    match === null
      ? null
      : 'j.id IN (SELECT CAST(rowid AS TEXT) FROM jobs_fts WHERE jobs_fts MATCH @match)';
  // The count reads the matches from the index one by one and stops at the cap, instead of
  // collecting them all first.
  const countFrom = match === null ? 'jobs j' : searchFrom;
  const countMatchWhere = match === null ? null : 'f.jobs_fts MATCH @match';
  const keys = `j.first_seen_at AS sort_first, ${POSTED_KEY} AS sort_posted${
    sort === 'fit' ? `, ${FIT_KEY} AS sort_fit` : ''
  }`;
  const tuple = `(${keyed.columns.join(', ')})`;
  const orderBy = keyed.columns.map((column) => `${column} DESC`).join(', ');
  if (cursor === null || cursor.s === 'relevance') {
    return { from, keys, orderBy, matchWhere, countFrom, countMatchWhere, after: null, params: {} };
  }
  const params: SqlParams = {
    afterFirst: cursor.first,
    afterPosted: cursor.posted,
    afterId: cursor.id,
  };
  if (cursor.s === 'fit') params.afterFit = cursor.fit;
  return {
    from,
    keys,
    orderBy,
    matchWhere,
    countFrom,
    countMatchWhere,
    after: `${tuple} < (${keyed.columns.map((column) => AFTER_PARAMS[column]).join(', ')})`,
    params,
  };
}
