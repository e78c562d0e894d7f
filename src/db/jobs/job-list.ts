import type SQLite from 'better-sqlite3';
import { sqliteOf, type ConnectionLike } from '../connection';
import { z } from 'zod';
import type { JobList, JobListQuery, JobSort } from '../../contract';
import { JOBS_TOTAL_CAP } from '../../contract';
import { DescriptionIndex } from './description-index';
import {
  decodeCursor,
  effectiveSort,
  encodeCursor,
  isGrouped,
  listFingerprint,
  type JobCursor,
  type SqlParams,
} from './job-query';
import { broadSearch, RankedSearch } from './job-ranking';
import { JobRepostMarks } from './job-repost-marks';
import {
  JobFoundByReader,
  LIST_COLUMNS,
  listRowSchema,
  searchTerms,
  toListItem,
  type ListRow,
} from './job-rows';
import { listQuerySql } from './list-sql';
import { ParallelRanker } from './parallel-rank';

// The Jobs list (the screen's `GET /jobs`): one page of jobs, searched, filtered and ordered
// (job-query.ts), with the runs that found them, their reposts and groups, and the counts. The
// rules' marks are the rules' own (src/db/rules/job-rule-marks.ts), filled in by the server.

const keyRowSchema = z.object({
  id: z.string(),
  sort_first: z.number().optional(),
  sort_posted: z.string().optional(),
  sort_rank: z.number().optional(),
  sort_fit: z.number().optional(),
});
type KeyRow = z.infer<typeof keyRowSchema>;
const countSchema = z.object({ n: z.number() });
const jobsCountSchema = z.object({ n: z.number(), rows: z.number() });

/** Where the page after `last` starts, in the list's order. */
function nextCursor(
  sort: JobSort,
  fingerprint: string,
  last: { row: ListRow; keys: KeyRow },
): JobCursor {
  if (sort === 'relevance')
    return { s: 'relevance', f: fingerprint, rank: last.keys.sort_rank ?? 0, id: last.row.id };
  const keys = {
    f: fingerprint,
    first: last.keys.sort_first ?? last.row.first_seen_at,
    posted: last.keys.sort_posted ?? '',
    id: last.row.id,
  };
  return sort === 'fit'
    ? { s: 'fit', fit: last.keys.sort_fit ?? -1, ...keys }
    : { s: sort, ...keys };
}

export class JobListReader {
  private readonly statements = new Map<string, SQLite.Statement>();
  private readonly s;
  private readonly repostMarks: JobRepostMarks;
  private readonly descriptions: DescriptionIndex;
  private readonly foundBy: JobFoundByReader;
  private readonly ranked: RankedSearch;

  private readonly sqlite: SQLite.Database;

  constructor(
    connection: ConnectionLike,
    private readonly ranker = new ParallelRanker(connection),
  ) {
    const sqlite = sqliteOf(connection);
    this.sqlite = sqlite;
    this.descriptions = new DescriptionIndex(sqlite);
    this.repostMarks = new JobRepostMarks(sqlite);
    this.foundBy = new JobFoundByReader(sqlite);
    this.ranked = new RankedSearch((text) => this.prepared(text), ranker);
    const p = (text: string) => sqlite.prepare(text);
    this.s = {
      rowsByIds: p(
        `SELECT ${LIST_COLUMNS} FROM jobs j WHERE j.id IN (SELECT value FROM json_each(?))`,
      ),
      anyBlocked: p('SELECT EXISTS (SELECT 1 FROM banned_companies) AS n'),
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

  /**
   * Before a search reads the index: the descriptions stored since it last took them go in
   * (docs/decisions/038), so a search finds every word of every stored description.
   */
  readyToSearch(query: { q?: string | undefined }): void {
    if (query.q) this.descriptions.catchUpForSearch();
  }

  /** One page of the list; a cursor it did not give throws JobQueryError. */
  list(query: JobListQuery, now: number): JobList {
    this.readyToSearch(query);
    const sort = effectiveSort(query);
    const fingerprint = listFingerprint(query, sort);
    const cursor = query.cursor ? decodeCursor(query.cursor, fingerprint, sort) : null;
    const anyBlocked = countSchema.parse(this.s.anyBlocked.get()).n === 1;
    let sql = listQuerySql(query, now, { cursor, anyBlocked });
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
    // Issue 40: a date order with min_fit that few jobs pass reads them by the fit index. The
    // count reads them from there (up to the cap) and is made for every page anyway.
    if (
      query.min_fit !== undefined &&
      !query.q &&
      sort !== 'fit' &&
      sort !== 'relevance' &&
      count().jobs <= JOBS_TOTAL_CAP
    )
      sql = listQuerySql(query, now, { cursor, anyBlocked, fewByFit: true });
    const keyRows =
      sort === 'relevance' && isGrouped(query)
        ? this.ranked.groupedByRelevance(query, now, anyBlocked, cursor, sql, count)
        : ((sort === 'relevance' && broadSearch(query)
            ? this.ranked.topRanked(query, now, anyBlocked, cursor, query.limit + 1, count)
            : null) ??
          this.prepared(`${sql.select('j.id')} LIMIT @limit`).all({
            ...sql.params,
            limit: query.limit + 1,
          }));
    const page = this.rows(keyRows.slice(0, query.limit).map((raw) => keyRowSchema.parse(raw)));
    const foundBy = this.foundBy.read(page.map((r) => r.row.id));
    const items = this.repostMarks.fill(
      page.map(({ row }) => toListItem(row, searchTerms(foundBy.get(row.id) ?? []))),
    );
    const last = page.at(-1);
    let next: string | null = null;
    if (keyRows.length > query.limit && last)
      next = encodeCursor(nextCursor(sort, fingerprint, last));
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

  /** The rows of the page's ids, in the page's order. */
  private rows(keys: KeyRow[]): Array<{ row: ListRow; keys: KeyRow }> {
    const byId = new Map<string, ListRow>();
    for (const raw of this.s.rowsByIds.all(JSON.stringify(keys.map((k) => k.id)))) {
      const row = listRowSchema.parse(raw);
      byId.set(row.id, row);
    }
    return keys.flatMap((k) => {
      const row = byId.get(k.id);
      return row ? [{ row, keys: k }] : [];
    });
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
}
