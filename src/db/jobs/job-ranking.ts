import type SQLite from 'better-sqlite3';
import { z } from 'zod';
import type { JobListQuery } from '../../contract';
import { DEFAULT_JOB_STATES } from '../../contract';
import {
  filterSql,
  hasRowFilters,
  RANK_SQL,
  rankAfterParams,
  rankAfterSql,
  type JobCursor,
  type SqlParams,
} from './job-query';
import type { ParallelRanker } from './parallel-rank';

// A search of the Jobs list by relevance: its best matches, ranked by bm25 and checked against
// the filters (docs/decisions/039 and 040).

const passingSchema = z.object({ id: z.string(), group_key: z.string().nullable() });
const rankedSchema = z.object({
  id: z.string(),
  sort_rank: z.number(),
  group_key: z.string().nullable(),
});
/** A match of a search by relevance: its rank and its group. */
export type RankedRow = z.infer<typeof rankedSchema>;
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
export function broadSearch(query: JobListQuery): boolean {
  const states = query.state ?? DEFAULT_JOB_STATES;
  return !hasRowFilters(query) && states.includes('new') && states.includes('seen');
}

export class RankedSearch {
  constructor(
    /** The list's statements, prepared once each (job-list.ts). */
    private readonly prepared: (text: string) => SQLite.Statement,
    private readonly ranker: ParallelRanker,
  ) {}

  /**
   * The best-ranked `want` matches of a search whose filters keep nearly every job, or null when
   * too many of them were filtered out. bm25 must score every match before the first is known
   * (46,000 for a common skill among 200,000 jobs); done by the index alone, SQLite keeps only
   * the best few while scoring, and then only those few are checked against the filters, instead
   * of checking every match and then sorting them all (about 95 -> 45 ms there). `keep` picks
   * the rows among the matches passing the filters, in rank order (grouped: one per group).
   */
  topRanked(
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
  groupedByRelevance(
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
}
