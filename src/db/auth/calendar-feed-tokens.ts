import { randomBytes } from 'node:crypto';
import { CALENDAR_FEED_TOKEN_PREFIX } from '../../contract';
import type { Db } from '../database';
import { hashToken } from './token-hash';

// The calendar feed's secret (issue 33): the token is the feed URL's last segment, answered once
// when it is made; only its SHA-256 is kept. One feed at a time: making one revokes the one
// before, so a URL that leaked is replaced in one step.

export interface CalendarFeedRow {
  id: number;
  created_at: number;
  last_used_at: number | null;
}

/** The live feed (not revoked), or undefined when there is none. */
export async function findLiveCalendarFeed(db: Db): Promise<CalendarFeedRow | undefined> {
  return db
    .selectFrom('calendar_feed_tokens')
    .select(['id', 'created_at', 'last_used_at'])
    .where('revoked_at', 'is', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** Makes a feed token, revoking the live one; answers the token itself (stored nowhere). */
export async function createCalendarFeedToken(
  db: Db,
  now: number,
): Promise<{ token: string; row: CalendarFeedRow }> {
  const token = CALENDAR_FEED_TOKEN_PREFIX + randomBytes(32).toString('base64url');
  const row = await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('calendar_feed_tokens')
      .set({ revoked_at: now })
      .where('revoked_at', 'is', null)
      .execute();
    return trx
      .insertInto('calendar_feed_tokens')
      .values({ token_hash: hashToken(token), created_at: now, last_used_at: null })
      .returning(['id', 'created_at', 'last_used_at'])
      .executeTakeFirstOrThrow();
  });
  return { token, row };
}

/** Revokes the live feed; false when there was none. */
export async function revokeCalendarFeed(db: Db, now: number): Promise<boolean> {
  const result = await db
    .updateTable('calendar_feed_tokens')
    .set({ revoked_at: now })
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The live feed whose token hashes to `hash`, or undefined (unknown or revoked). */
export async function findCalendarFeedByHash(
  db: Db,
  hash: string,
): Promise<CalendarFeedRow | undefined> {
  return db
    .selectFrom('calendar_feed_tokens')
    .select(['id', 'created_at', 'last_used_at'])
    .where('token_hash', '=', hash)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
}

export async function recordCalendarFeedUse(db: Db, id: number, now: number): Promise<void> {
  await db
    .updateTable('calendar_feed_tokens')
    .set({ last_used_at: now })
    .where('id', '=', id)
    .execute();
}
