import type { LocationSuggestion } from '../contract';
import type { Db } from './database';

/** How long a typeahead answer is reused before the site is asked again. */
export const TYPEAHEAD_CACHE_TTL_MS = 24 * 60 * 60 * 1000;

/** The cache key: the same place typed with other spacing or case is the same question. */
export function normaliseTypeaheadQuery(query: string): string {
  return query.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** The site's geo id as the number a query stores, or undefined when it is not a positive integer. */
export function locationIdOf(id: string): number | undefined {
  if (!/^\d{1,16}$/.test(id)) return undefined;
  const n = Number(id);
  return n > 0 && Number.isSafeInteger(n) ? n : undefined;
}

/** Remembers every location the typeahead returned, so a query can name it by id later. */
export async function saveLocations(
  db: Db,
  hits: readonly LocationSuggestion[],
  now: number,
): Promise<void> {
  const rows = hits.flatMap((hit) => {
    const id = locationIdOf(hit.id);
    return id === undefined ? [] : [{ id, display_name: hit.displayName, seen_at: now }];
  });
  if (rows.length === 0) return;
  await db
    .insertInto('locations')
    .values(rows)
    .onConflict((oc) =>
      oc.column('id').doUpdateSet((eb) => ({
        display_name: eb.ref('excluded.display_name'),
        seen_at: eb.ref('excluded.seen_at'),
      })),
    )
    .execute();
}

export async function findLocationName(db: Db, id: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('locations')
    .select('display_name')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.display_name;
}

/** A cached answer younger than a day, or undefined. */
export async function readCachedTypeahead(
  db: Db,
  key: string,
  now: number,
): Promise<LocationSuggestion[] | undefined> {
  const row = await db
    .selectFrom('typeahead_cache')
    .select(['response', 'fetched_at'])
    .where('query', '=', key)
    .executeTakeFirst();
  if (!row || now - row.fetched_at >= TYPEAHEAD_CACHE_TTL_MS) return undefined;
  try {
    const parsed: unknown = JSON.parse(row.response);
    if (!Array.isArray(parsed)) return undefined;
    return parsed.flatMap((item: unknown) =>
      typeof item === 'object' &&
      item !== null &&
      'id' in item &&
      'displayName' in item &&
      typeof item.id === 'string' &&
      typeof item.displayName === 'string'
        ? [{ id: item.id, displayName: item.displayName }]
        : [],
    );
  } catch {
    // A damaged row is treated as a miss and overwritten by the next answer.
    return undefined;
  }
}

export async function writeCachedTypeahead(
  db: Db,
  key: string,
  hits: readonly LocationSuggestion[],
  now: number,
): Promise<void> {
  const response = JSON.stringify(hits.map((h) => ({ id: h.id, displayName: h.displayName })));
  await db
    .insertInto('typeahead_cache')
    .values({ query: key, response, fetched_at: now })
    .onConflict((oc) => oc.column('query').doUpdateSet({ response, fetched_at: now }))
    .execute();
}
