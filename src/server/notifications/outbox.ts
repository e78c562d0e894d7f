import {
  NOTIFICATION_RETRY_DELAYS_MS,
  type DeliveryEvent,
  type NotificationEvent,
} from '../../contract';
import type { ConnectionLike } from '../../db/connection';
import { enabledChannelsSync, type StoredChannel } from '../../db/notifications/channels';
import { prepareClosedJobNotices } from '../../db/notifications/closed-notices';
import { OutboxStatements, prepareOutboxQueue } from '../../db/notifications/outbox';
import type { BatchFinished, JobClosed } from '../../runner';
import {
  buildBatchMessage,
  buildClosedJobMessage,
  buildDriftMessage,
  buildReminderMessage,
  listedJobsCount,
  type ReminderStep,
  type DriftStart,
  notificationMessageSchema,
  type MessageContext,
  type NotificationMessage,
} from './message';

// The durable outbox. A row is one message for one channel. Rows are queued in the runner's
// transaction that ends the batch, claimed by the worker with a lease (a crashed worker's
// claim runs out and the row is tried again), and end delivered or failed. A delivered row
// is never claimed again.

/**
 * The events about the batch's end itself (markup_drift is about the site: queued apart; a
 * reminder is about an application, queued by the reminder sweep; job_closed by a re-check).
 */
type BatchEndEvent = Exclude<NotificationEvent, 'markup_drift' | 'reminder' | 'job_closed'>;

/** Which event each channel receives for a batch's end; none when it asked for none. */
export function eventForChannel(
  channel: StoredChannel,
  finished: Pick<BatchFinished, 'status' | 'cookiesRejected'>,
  newJobs: number,
): BatchEndEvent | null {
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
  connection: ConnectionLike,
  finished: BatchFinished,
  context: MessageContext,
): number {
  const channels = enabledChannelsSync(connection);
  if (channels.length === 0) return 0;
  const insert = prepareOutboxQueue(connection);
  const messages = new Map<BatchEndEvent, NotificationMessage>();
  const messageFor = (event: BatchEndEvent) => {
    let message = messages.get(event);
    if (message === undefined) {
      message = buildBatchMessage(connection, finished.batchId, event, context);
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
    queued += insert(
      channel.id,
      event,
      finished.batchId,
      JSON.stringify(messageFor(event)),
      finished.now,
    );
  }
  return queued + queueDriftNotifications(connection, channels, finished, context);
}

/**
 * Issue 32's `markup_drift`: one message per subscribed channel for the fields whose drift
 * started with this batch, however many. The runner's rule (decision 054) says 'started' once
 * per field until it recovers, so a drift that lasts is not told again.
 */
function queueDriftNotifications(
  connection: ConnectionLike,
  channels: readonly StoredChannel[],
  finished: BatchFinished,
  context: MessageContext,
): number {
  const started = (finished.drift ?? []).filter(
    (change): change is DriftStart => change.change === 'started',
  );
  const subscribed = channels.filter((channel) => channel.events.includes('markup_drift'));
  if (started.length === 0 || subscribed.length === 0) return 0;
  const message = JSON.stringify(buildDriftMessage(connection, finished.batchId, started, context));
  const insert = prepareOutboxQueue(connection);
  let queued = 0;
  for (const channel of subscribed)
    queued += insert(channel.id, 'markup_drift', finished.batchId, message, finished.now);
  return queued;
}

/**
 * Issue 33's `reminder`: one message for every enabled channel subscribed to reminders. Runs in
 * the sweep's transaction that records the reminder as queued, so both commit or neither does.
 */
export function queueReminderNotifications(
  connection: ConnectionLike,
  step: ReminderStep,
  kind: 'lead' | 'due',
  context: MessageContext & { timeZone: string },
  now: number,
): number {
  const subscribed = enabledChannelsSync(connection).filter((channel) =>
    channel.events.includes('reminder'),
  );
  if (subscribed.length === 0) return 0;
  const message = JSON.stringify(buildReminderMessage(step, kind, context));
  const insert = prepareOutboxQueue(connection);
  let queued = 0;
  for (const channel of subscribed) queued += insert(channel.id, 'reminder', null, message, now);
  return queued;
}

/**
 * Issue 41's `job_closed`: a job a re-check found closed, told once per job and only while it is
 * at Saved on the board, to every enabled channel subscribed. Runs in the re-check's write, which
 * records the closing, the notice (job_closed_notices) and the messages together: a restart finds
 * the job told and tells nothing again. Answers how many messages it queued.
 */
export function queueJobClosedNotifications(
  connection: ConnectionLike,
  closed: JobClosed,
  context: MessageContext & { timeZone: string },
): number {
  const notices = prepareClosedJobNotices(connection);
  const job = notices.savedAndClosed(closed.jobId);
  if (job === undefined || !notices.record(job.id, closed.now)) return 0;
  const subscribed = enabledChannelsSync(connection).filter((channel) =>
    channel.events.includes('job_closed'),
  );
  if (subscribed.length === 0) return 0;
  const message = JSON.stringify(
    buildClosedJobMessage(
      {
        jobId: Number(job.id),
        title: job.title,
        company: job.company_name,
        location: job.location,
        url: job.url,
        applyUrl: job.apply_url,
        closedAt: job.closed_at,
        stage: job.stage,
        reason: closed.reason,
      },
      context,
    ),
  );
  const insert = prepareOutboxQueue(connection);
  let queued = 0;
  for (const channel of subscribed)
    queued += insert(channel.id, 'job_closed', null, message, closed.now);
  return queued;
}

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

  /** Its writes are parts of a write (Connection.write): the worker's, or the route's. */
  constructor(connection: ConnectionLike) {
    this.s = new OutboxStatements(connection);
  }

  /** Takes the next due row for `leaseMs`; undefined when nothing is due. */
  claim(now: number, leaseMs: number): ClaimedDelivery | undefined {
    const r = this.s.claim(now, now + leaseMs);
    if (r === undefined) return undefined;
    return {
      id: r.id,
      channelId: r.channel_id,
      event: r.event,
      message: notificationMessageSchema.parse(JSON.parse(r.message)),
      attempts: r.attempts,
    };
  }

  markDelivered(id: number, now: number): void {
    this.s.markDelivered(id, now);
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
      this.s.markFailed(delivery.id, error);
      return 'failed';
    }
    this.s.markRetry(delivery.id, error, now + delay);
    return 'retry';
  }

  /** Messages still to deliver (due now or waiting for a retry): the metrics' outbox backlog. */
  backlog(): number {
    return this.s.backlog();
  }

  /** Gives a claimed row back untried (the worker stopped mid-send). */
  release(id: number): void {
    this.s.release(id);
  }

  /** A "Send test" already sent: recorded for the Recent notifications list only. */
  recordTest(
    channelId: number,
    message: NotificationMessage,
    result: { delivered: boolean; detail: string },
    now: number,
  ): void {
    this.s.insertDone({
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
