import type { Kysely } from 'kysely';
import {
  MAX_QUERIES,
  normalizeFilters,
  searchFiltersWriteSchema,
  type Query,
  type QueryWrite,
  type SearchFilters,
} from '../../contract';
import { findLocationName } from '../locations';
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
  'fit_profile_id',
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
    fit_profile_id: row.fit_profile_id,
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
      // Absent: the default profile (issue 40).
      fit_profile_id: write.fit_profile_id ?? null,
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
      // Likewise an edit without a fit profile keeps the stored one (issue 40).
      ...(write.fit_profile_id === undefined ? {} : { fit_profile_id: write.fit_profile_id }),
      updated_at: now,
    })
    .where('id', '=', id)
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return toQuery(row);
}

/** Why a query was not saved; the route answers each in its own words (src/server/queries). */
export type QuerySaveRefusal =
  | { kind: 'unknown-location' }
  | { kind: 'unknown-fit-profile' }
  | { kind: 'not-found' }
  | { kind: 'limit'; current: number };

export class QuerySaveRefused extends Error {
  constructor(readonly refusal: QuerySaveRefusal) {
    super(`query not saved: ${refusal.kind}`);
    this.name = 'QuerySaveRefused';
  }
}

async function locationName(db: Executor, write: QueryWrite, existing?: Query): Promise<string> {
  // An unchanged location keeps the name stored with the query, even if the typeahead never named it.
  if (existing && existing.location_id === write.location_id) return existing.display_name;
  const name = await findLocationName(db, write.location_id);
  if (name === undefined) throw new QuerySaveRefused({ kind: 'unknown-location' });
  return name;
}

/** Issue 40: a fit profile named by the query must exist (null is the default, always fine). */
async function ensureFitProfile(db: Executor, write: QueryWrite): Promise<void> {
  const id = write.fit_profile_id;
  if (id === undefined || id === null) return;
  const found = await db
    .selectFrom('fit_profiles')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!found) throw new QuerySaveRefused({ kind: 'unknown-fit-profile' });
}

/** One more non-archived query must still fit under MAX_QUERIES. */
async function ensureRoomForOneMore(db: Executor): Promise<void> {
  const current = await countNonArchivedQueries(db);
  if (current >= MAX_QUERIES) throw new QuerySaveRefused({ kind: 'limit', current });
}

/**
 * A new query, its checks and its row in one transaction: two creates at once cannot both take
 * the last free place. Refused (QuerySaveRefused) for an unknown location or a full list.
 */
export async function createQuery(db: Executor, write: QueryWrite, now: number): Promise<Query> {
  return db.transaction().execute(async (tx) => {
    const name = await locationName(tx, write);
    await ensureFitProfile(tx, write);
    if (write.status !== 'archived') await ensureRoomForOneMore(tx);
    return insertQuery(tx, write, name, now);
  });
}

/** Query `id` changed, with the same checks as a new one, in one transaction. */
export async function changeQuery(
  db: Executor,
  id: number,
  write: QueryWrite,
  now: number,
): Promise<Query> {
  return db.transaction().execute(async (tx) => {
    const existing = await findQuery(tx, id);
    if (!existing) throw new QuerySaveRefused({ kind: 'not-found' });
    const name = await locationName(tx, write, existing);
    await ensureFitProfile(tx, write);
    // Bringing an archived query back counts against the limit like a new one.
    if (existing.status === 'archived' && write.status !== 'archived')
      await ensureRoomForOneMore(tx);
    return updateQuery(tx, id, write, name, now);
  });
}
