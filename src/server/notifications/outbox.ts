import type SQLite from 'better-sqlite3';
import { z } from 'zod';
import {
  NOTIFICATION_RETRY_DELAYS_MS,
  type DeliveryEvent,
  type NotificationEvent,
} from '../../contract';
import type { BatchFinished } from '../../runner';
import { enabledChannelsSync, type StoredChannel } from './channel-repository';
import {
  buildBatchMessage,
  listedJobsCount,
  notificationMessageSchema,
  type MessageContext,
  type NotificationMessage,
} from './message';

// The durable outbox. A row is one message for one channel. Rows are queued in the runner's
// transaction that ends the batch, claimed by the worker with a lease (a crashed worker's
// claim runs out and the row is tried again), and end delivered or failed. A delivered row
// is never claimed again.

/** Which event each channel receives for a batch's end; none when it asked for none. */
export function eventForChannel(
  channel: StoredChannel,
  finished: Pick<BatchFinished, 'status' | 'cookiesRejected'>,
  newJobs: number,
): NotificationEvent | null {
  const wants = (e: NotificationEvent) => channel.events.includes(e);
  if (finished.status === 'completed') {
    if (!wants('batch_finished')) return null;
    return channel.onlyNewJobs && newJobs === 0 ? null : 'batch_finished';
  }
  // A rejected session fails the batch: a channel that asked for either hears of it once, in
  // the words that tell the operator what to do.
  if (finished.cookiesRejected && wants('cookies_rejected')) return 'cookies_rejected';
  return wants('batch_failed') ? 'batch_failed' : null;
}

/**
 * Queues the batch's messages for every enabled channel that wants them. Synchronous: it runs
 * inside the runner's finishing transaction (BatchRunnerOptions.onBatchFinished).
 */
export function queueBatchNotifications(
  sqlite: SQLite.Database,
  finished: BatchFinished,
  context: MessageContext,
): number {
  const channels = enabledChannelsSync(sqlite);
  if (channels.length === 0) return 0;
  const insert = sqlite.prepare(
    `INSERT OR IGNORE INTO notification_outbox
       (channel_id, event, batch_id, message, status, attempts, next_attempt_at, created_at)
     VALUES (?, ?, ?, ?, 'pending', 0, ?, ?)`,
  );
  const messages = new Map<NotificationEvent, NotificationMessage>();
  const messageFor = (event: NotificationEvent) => {
    let message = messages.get(event);
    if (message === undefined) {
      message = buildBatchMessage(
        sqlite,
        finished.batchId,
        event === 'batch_finished'
          ? 'batch_finished'
          : event === 'cookies_rejected'
            ? 'cookies_rejected'
            : 'batch_failed',
        context,
      );
      messages.set(event, message);
    }
    return message;
  };
  // The count decides "only when there are new jobs"; computed once for all channels. Jobs a
  // rule hid or muted are not news (issue 17): they do not count.
  const newJobs =
    finished.status === 'completed' ? listedJobsCount(messageFor('batch_finished')) : 0;
  let queued = 0;
  for (const channel of channels) {
    const event = eventForChannel(channel, finished, newJobs);
    if (event === null) continue;
    const info = insert.run(
      channel.id,
      event,
      finished.batchId,
      JSON.stringify(messageFor(event)),
      finished.now,
      finished.now,
    );
    queued += info.changes;
  }
  return queued;
}

const claimedRowSchema = z.object({
  id: z.number(),
  channel_id: z.number(),
  event: z.enum(['batch_finished', 'batch_failed', 'cookies_rejected', 'test']),
  message: z.string(),
  attempts: z.number(),
});

export interface ClaimedDelivery {
  id: number;
  channelId: number;
  event: DeliveryEvent;
  message: NotificationMessage;
  /** Attempts made before this one. */
  attempts: number;
}

export class Outbox {
  private readonly s;

  constructor(private readonly sqlite: SQLite.Database) {
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

  /** Resolves once no (Kysely) transaction is open on the shared connection; see BatchStore.writable. */
  async writable(): Promise<void> {
    while (this.sqlite.inTransaction) await new Promise((resolve) => setImmediate(resolve));
  }

  /** Takes the next due row for `leaseMs`; undefined when nothing is due. */
  claim(now: number, leaseMs: number): ClaimedDelivery | undefined {
    const row: unknown = this.s.claim.get({ now, leaseUntil: now + leaseMs });
    if (row === undefined) return undefined;
    const r = claimedRowSchema.parse(row);
    return {
      id: r.id,
      channelId: r.channel_id,
      event: r.event,
      message: notificationMessageSchema.parse(JSON.parse(r.message)),
      attempts: r.attempts,
    };
  }

  markDelivered(id: number, now: number): void {
    this.s.delivered.run({ id, now });
  }

  /**
   * Records a failed attempt: tried again after the next backoff step, or, once the steps are
   * used up, marked failed with the reason. Answers whether it gave up.
   */
  markFailed(
    delivery: ClaimedDelivery,
    error: string,
    now: number,
    delays: readonly number[] = NOTIFICATION_RETRY_DELAYS_MS,
  ): 'retry' | 'failed' {
    const delay = delays[delivery.attempts];
    if (delay === undefined) {
      this.s.failed.run({ id: delivery.id, error });
      return 'failed';
    }
    this.s.retry.run({ id: delivery.id, error, next: now + delay });
    return 'retry';
  }

  /** Messages still to deliver (due now or waiting for a retry): the metrics' outbox backlog. */
  backlog(): number {
    const count: unknown = this.s.backlog.get();
    return typeof count === 'number' ? count : 0;
  }

  /** Gives a claimed row back untried (the worker stopped mid-send). */
  release(id: number): void {
    this.s.release.run(id);
  }

  /** A "Send test" already sent: recorded for the Recent notifications list only. */
  recordTest(
    channelId: number,
    message: NotificationMessage,
    result: { delivered: boolean; detail: string },
    now: number,
  ): void {
    this.s.insertDone.run({
      channel: channelId,
      event: 'test',
      message: JSON.stringify(message),
      status: result.delivered ? 'delivered' : 'failed',
      error: result.delivered ? null : result.detail,
      now,
      deliveredAt: result.delivered ? now : null,
    });
  }
}
