import type { Kysely } from 'kysely';
import {
  normalizeFilters,
  searchFiltersWriteSchema,
  type Query,
  type QueryWrite,
  type SearchFilters,
} from '../../contract';
import type { Database, QueryRow } from '../schema';

// Every function takes the database or an open transaction, so a check and its write can share one.
type Executor = Kysely<Database>;

const COLUMNS = [
  'id',
  'job_title',
  'location_id',
  'display_name',
  'status',
  'is_ai',
  'filters',
] as const;

/** The stored JSON back into filters; the column only ever holds what normalizeFilters made. */
export function parseStoredFilters(json: string): SearchFilters {
  return normalizeFilters(searchFiltersWriteSchema.parse(JSON.parse(json)));
}

function toQuery(row: Pick<QueryRow, (typeof COLUMNS)[number]>): Query {
  return {
    id: row.id,
    job_title: row.job_title,
    location_id: row.location_id,
    display_name: row.display_name,
    status: row.status,
    is_ai: row.is_ai === 1,
    filters: parseStoredFilters(row.filters),
  };
}

export async function listQueries(db: Executor): Promise<Query[]> {
  const rows = await db.selectFrom('queries').select(COLUMNS).orderBy('id').execute();
  return rows.map(toQuery);
}

export async function findQuery(db: Executor, id: number): Promise<Query | undefined> {
  const row = await db
    .selectFrom('queries')
    .select(COLUMNS)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? toQuery(row) : undefined;
}

/** DESIGN.md: the limit counts the queries that are not archived. */
export async function countNonArchivedQueries(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('queries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '!=', 'archived')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertQuery(
  db: Executor,
  write: QueryWrite,
  displayName: string,
  now: number,
): Promise<Query> {
  const filters = normalizeFilters(write.filters);
  const row = await db
    .insertInto('queries')
    .values({
      job_title: write.job_title,
      location_id: write.location_id,
      display_name: displayName,
      status: write.status,
      is_ai: write.is_ai ? 1 : 0,
      filters: JSON.stringify(filters),
      created_at: now,
      updated_at: now,
    })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return toQuery(row);
}

export async function updateQuery(
  db: Executor,
  id: number,
  write: QueryWrite,
  displayName: string,
  now: number,
): Promise<Query> {
  const row = await db
    .updateTable('queries')
    .set({
      job_title: write.job_title,
      location_id: write.location_id,
      display_name: displayName,
      status: write.status,
      is_ai: write.is_ai ? 1 : 0,
      // An edit without filters keeps the stored ones (issue 10).
      ...(write.filters ? { filters: JSON.stringify(normalizeFilters(write.filters)) } : {}),
      updated_at: now,
    })
    .where('id', '=', id)
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return toQuery(row);
}
