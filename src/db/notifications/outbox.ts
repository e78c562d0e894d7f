import { sqliteOf, type ConnectionLike } from '../connection';
import { z } from 'zod';
import { NOTIFICATION_EVENTS, type DeliveryEvent, type NotificationEvent } from '../../contract';
import type { Db } from '../database';

// The durable outbox's statements (server/notifications/outbox.ts says how a row lives: queued in
// the batch's end transaction, claimed with a lease, delivered or failed). Prepared statements,
// synchronous: the queueing runs inside the runner's transaction that ends the batch, so it
// commits or rolls back with it (decision 052).

/**
 * Prepares the queueing statement; the answer queues one message for one channel and says how
 * many rows it added (0 when the channel already has this event's message for the batch). A
 * message about no batch (a reminder) has a null batch id: the unique key never holds it back,
 * its sender keeps it to once (application_reminders).
 */
export function prepareOutboxQueue(
  connection: ConnectionLike,
): (
  channelId: number,
  event: NotificationEvent,
  batchId: number | null,
  message: string,
  now: number,
) => number {
  const sqlite = sqliteOf(connection);
  const insert = sqlite.prepare(
    `INSERT OR IGNORE INTO notification_outbox
       (channel_id, event, batch_id, message, status, attempts, next_attempt_at, created_at)
     VALUES (?, ?, ?, ?, 'pending', 0, ?, ?)`,
  );
  return (channelId, event, batchId, message, now) =>
    insert.run(channelId, event, batchId, message, now, now).changes;
}

const claimedRowSchema = z.object({
  id: z.number(),
  channel_id: z.number(),
  event: z.enum([...NOTIFICATION_EVENTS, 'test']),
  message: z.string(),
  attempts: z.number(),
});
export type ClaimedOutboxRow = z.infer<typeof claimedRowSchema>;

/** A delivery already attempted (a "Send test"), recorded for the Recent notifications list. */
export interface DoneOutboxRow {
  channel: number;
  event: DeliveryEvent;
  /** The message's JSON. */
  message: string;
  status: 'delivered' | 'failed';
  error: string | null;
  now: number;
  deliveredAt: number | null;
}

export class OutboxStatements {
  private readonly s;

  constructor(connection: ConnectionLike) {
    const sqlite = sqliteOf(connection);
    const p = (text: string) => sqlite.prepare(text);
    this.s = {
      claim: p(
        `UPDATE notification_outbox SET lease_until = @leaseUntil
         WHERE id = (SELECT id FROM notification_outbox
                     WHERE status = 'pending' AND next_attempt_at <= @now
                       AND (lease_until IS NULL OR lease_until <= @now)
                     ORDER BY next_attempt_at, id LIMIT 1)
         RETURNING id, channel_id, event, message, attempts`,
      ),
      delivered: p(
        `UPDATE notification_outbox SET status = 'delivered', attempts = attempts + 1,
           delivered_at = @now, lease_until = NULL, error = NULL
         WHERE id = @id AND status = 'pending'`,
      ),
      retry: p(
        `UPDATE notification_outbox SET attempts = attempts + 1, next_attempt_at = @next,
           lease_until = NULL, error = @error
         WHERE id = @id AND status = 'pending'`,
      ),
      failed: p(
        `UPDATE notification_outbox SET status = 'failed', attempts = attempts + 1,
           lease_until = NULL, error = @error
         WHERE id = @id AND status = 'pending'`,
      ),
      release: p(`UPDATE notification_outbox SET lease_until = NULL WHERE id = ?`),
      backlog: p(`SELECT COUNT(*) FROM notification_outbox WHERE status = 'pending'`).pluck(),
      insertDone: p(
        `INSERT INTO notification_outbox
           (channel_id, event, batch_id, message, status, attempts, next_attempt_at, error,
            created_at, delivered_at)
         VALUES (@channel, @event, NULL, @message, @status, 1, @now, @error, @now, @deliveredAt)`,
      ),
    };
  }

  /** Takes the next row due at `now` until `leaseUntil`; undefined when nothing is due. */
  claim(now: number, leaseUntil: number): ClaimedOutboxRow | undefined {
    const row: unknown = this.s.claim.get({ now, leaseUntil });
    return row === undefined ? undefined : claimedRowSchema.parse(row);
  }

  markDelivered(id: number, now: number): void {
    this.s.delivered.run({ id, now });
  }

  /** A failed attempt, to be tried again at `next`. */
  markRetry(id: number, error: string, next: number): void {
    this.s.retry.run({ id, error, next });
  }

  /** A failed attempt, the last one. */
  markFailed(id: number, error: string): void {
    this.s.failed.run({ id, error });
  }

  /** Messages still to deliver (due now or waiting for a retry). */
  backlog(): number {
    const count: unknown = this.s.backlog.get();
    return typeof count === 'number' ? count : 0;
  }

  /** Gives a claimed row back untried. */
  release(id: number): void {
    this.s.release.run(id);
  }

  insertDone(row: DoneOutboxRow): void {
    this.s.insertDone.run(row);
  }
}

/** The most recent deliveries, newest first, with their channel's name. */
export async function listRecentDeliveries(db: Db, limit: number) {
  return db
    .selectFrom('notification_outbox as o')
    .innerJoin('notification_channels as c', 'c.id', 'o.channel_id')
    .select([
      'o.id',
      'o.channel_id',
      'c.name as channel_name',
      'o.event',
      'o.batch_id',
      'o.status',
      'o.attempts',
      'o.error',
      'o.created_at',
      'o.delivered_at',
    ])
    .orderBy('o.id', 'desc')
    .limit(limit)
    .execute();
}
