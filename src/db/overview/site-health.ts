import { sql } from 'kysely';
import type { Db } from '../database';

// The Overview's site health (issue 32), read from what each batch stored as it ended: its fields'
// fills (batch_field_fills, decision 054) and its cost to the site (batch_site_counts). One row
// per batch and field, or per batch: a year of daily batches is a few thousand rows, bucketed
// into the server's days by the caller (SQLite knows no time zones).

/** A completed batch's fill of one field, with when the batch finished. */
export interface BatchFieldFillRow {
  batch_id: number;
  finished_at: number;
  field: string;
  filled: number;
  total: number;
  /** The batch found the field drifting (decision 054). */
  drifting: boolean;
}

/** A batch's cost to the site, with when it ended (or started, while it has not). */
export interface BatchSiteCountRow {
  batch_id: number;
  at: number;
  requests: number;
  rate_limited: number;
  retries: number;
  pauses: number;
  pause_ms: number;
  failed_details: number;
}

/** A field drifting now: the batch its drift started with, and when that batch finished. */
export interface DriftingFieldRow {
  field: string;
  batch_id: number;
  finished_at: number | null;
}

/** When the first batch started; null without batches. */
export async function firstBatchAt(db: Db): Promise<number | null> {
  const row = await db
    .selectFrom('batches')
    .select((eb) => eb.fn.min<number | null>('started_at').as('first'))
    .executeTakeFirst();
  return row?.first ?? null;
}

/** The fills of the batches completed at or after `since` (ms). */
export async function fieldFillsSince(db: Db, since: number): Promise<BatchFieldFillRow[]> {
  const rows = await db
    .selectFrom('batch_field_fills as f')
    .innerJoin('batches as b', 'b.id', 'f.batch_id')
    .select(['f.batch_id', 'b.finished_at', 'f.field', 'f.filled', 'f.total', 'f.drifting'])
    .where('b.status', '=', 'completed')
    .where('b.finished_at', '>=', since)
    .execute();
  return rows.flatMap((row) =>
    row.finished_at === null
      ? []
      : [{ ...row, finished_at: row.finished_at, drifting: row.drifting === 1 }],
  );
}

/**
 * The site counts of the batches that ended (or, unfinished, started) at or after `since`: a
 * failed batch's refusals are the site's health too, and a stopped one keeps what it spent.
 */
export async function siteCountsSince(db: Db, since: number): Promise<BatchSiteCountRow[]> {
  const at = sql<number>`COALESCE(b.finished_at, b.started_at)`;
  return db
    .selectFrom('batch_site_counts as c')
    .innerJoin('batches as b', 'b.id', 'c.batch_id')
    .select([
      'c.batch_id',
      at.as('at'),
      'c.requests',
      'c.rate_limited',
      'c.retries',
      'c.pauses',
      'c.pause_ms',
      'c.failed_details',
    ])
    .where(at, '>=', since)
    .execute();
}

/**
 * The fields whose latest row says drifting, each with the batch its drift started with: its
 * first drifting row after its last row that was not (decision 054: a small batch keeps a drift,
 * a counting normal one ends it). Oldest drift first.
 */
export async function driftingFields(db: Db): Promise<DriftingFieldRow[]> {
  const rows = await db
    .selectFrom('batch_field_fills as f')
    .select([
      'f.field',
      sql<number>`(SELECT MIN(s.batch_id) FROM batch_field_fills s
        WHERE s.field = f.field AND s.drifting = 1 AND s.batch_id > COALESCE(
          (SELECT MAX(n.batch_id) FROM batch_field_fills n
           WHERE n.field = f.field AND n.drifting = 0), 0))`.as('since_batch'),
    ])
    .where('f.drifting', '=', 1)
    .where(
      'f.batch_id',
      '=',
      sql<number>`(SELECT MAX(l.batch_id) FROM batch_field_fills l WHERE l.field = f.field)`,
    )
    .execute();
  if (rows.length === 0) return [];
  const started = await db
    .selectFrom('batches')
    .select(['id', 'finished_at'])
    .where(
      'id',
      'in',
      rows.map((row) => row.since_batch),
    )
    .execute();
  const finishedAt = new Map(started.map((batch) => [batch.id, batch.finished_at]));
  return rows
    .map((row) => ({
      field: row.field,
      batch_id: row.since_batch,
      finished_at: finishedAt.get(row.since_batch) ?? null,
    }))
    .sort((a, b) => a.batch_id - b.batch_id);
}
