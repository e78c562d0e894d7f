import { NOTIFICATION_RETRY_DELAYS_MS, NOTIFICATION_SEND_TIMEOUT_MS } from '../../contract';
import { localTimeZone } from '../../contract/calendar-days';
import { connectionOf, type ConnectionLike } from '../../db/connection';
import { prepareChannelById } from '../../db/notifications/channels';
import type { BatchFinished, JobClosed } from '../../runner';
import type { MessageContext } from './message';
import { Outbox, queueBatchNotifications, queueJobClosedNotifications } from './outbox';
import { maskSecrets, secretsOf } from './secret-mask';
import { sendToChannel, type SendResult } from './send';

/** The slice of the logger the worker writes to. */
export interface WorkerLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** How often the outbox is looked at besides after a batch's end or a reminder (the registry's timer). */
export const NOTIFICATION_POLL_MS = 15_000;

export interface NotificationWorkerOptions {
  connection: ConnectionLike;
  /** The backoff clock: due times and leases are read against it (tests move it). */
  now: () => number;
  log: WorkerLog;
  context: MessageContext;
  /**
   * Told when a batch's end or a closed job queued messages, after its write: the server's
   * background registry runs the outbox job (a record of the run); by default the worker drains
   * at once.
   */
  onQueued?: () => void;
  /** config.timeZone: the zone `job_closed` words its time in. Default the process's. */
  timeZone?: string;
  /** How long a claim holds; longer than a send can take. Default 60 s. */
  leaseMs?: number;
  sendTimeoutMs?: number;
  retryDelaysMs?: readonly number[];
  /** Told of each attempt's outcome with the channel's kind (the server's metrics). */
  onDelivery?: (outcome: DeliveryOutcome, channelKind: string) => void;
}

/** An attempt delivered, failed to be tried again later, or failed for good. */
export type DeliveryOutcome = 'delivered' | 'retrying' | 'failed';

export interface NotificationWorker {
  /** The runner's hook: queues the batch's messages in its finishing transaction. */
  onBatchFinished(finished: BatchFinished): void;
  /** The runner's hook: queues `job_closed` in the write that records a re-check's closing. */
  onJobClosed(closed: JobClosed): void;
  /**
   * Delivers every row due now (left by an earlier process too), one after another; resolves
   * when none is left. The server's background registry runs it every NOTIFICATION_POLL_MS.
   */
  drain(): Promise<void>;
  /** Cancels a send in flight (its row is tried again after a restart); nothing runs after. */
  close(): Promise<void>;
  /** Messages waiting to be delivered, now or after a retry's wait (the metrics' backlog). */
  backlog(): number;
}

export function createNotificationWorker(options: NotificationWorkerOptions): NotificationWorker {
  const { now, log } = options;
  const connection = connectionOf(options.connection);
  const outbox = new Outbox(connection);
  const leaseMs = options.leaseMs ?? 60_000;
  const sendTimeoutMs = options.sendTimeoutMs ?? NOTIFICATION_SEND_TIMEOUT_MS;
  const delays = options.retryDelaysMs ?? NOTIFICATION_RETRY_DELAYS_MS;
  const abort = new AbortController();
  const channelById = prepareChannelById(connection);
  let running: Promise<void> | null = null;
  let again = false;
  let closed = false;

  async function deliverOne(): Promise<boolean> {
    const claimed = await connection.write(() => outbox.claim(now(), leaseMs));
    if (claimed === undefined) return false;
    const channel = channelById(claimed.channelId);
    // The foreign key deletes a channel's rows with it; a row without one cannot be sent.
    if (channel === undefined) return true;
    let result: SendResult;
    try {
      result = await sendToChannel(channel, claimed.message, {
        timeoutMs: sendTimeoutMs,
        signal: abort.signal,
      });
    } catch (error) {
      // sendToChannel answers its failures; reaching here is a bug, logged once, still masked.
      const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
      log.error(
        { error: maskSecrets(text, secretsOf(channel.settings)), channel: channel.name },
        'notification send crashed',
      );
      result = { delivered: false, code: 'ERROR', detail: 'Unexpected error while sending' };
    }
    if (abort.signal.aborted && !result.delivered) {
      await connection.write(() => outbox.release(claimed.id));
      return false;
    }
    if (result.delivered) {
      await connection.write(() => outbox.markDelivered(claimed.id, now()));
      options.onDelivery?.('delivered', channel.settings.kind);
      log.info({ channel: channel.name, event: claimed.event }, 'notification delivered');
      return true;
    }
    const outcome = await connection.write(() =>
      outbox.markFailed(claimed, result.detail, now(), delays),
    );
    options.onDelivery?.(outcome === 'failed' ? 'failed' : 'retrying', channel.settings.kind);
    // Name and status/code only: the detail may quote a server that echoed more than it should.
    log.warn(
      { channel: channel.name, event: claimed.event, code: result.code, outcome },
      outcome === 'failed' ? 'notification failed, giving up' : 'notification failed, will retry',
    );
    return true;
  }

  async function drainLoop(): Promise<void> {
    do {
      again = false;
      while (!closed && (await deliverOne()));
    } while (again && !closed);
  }

  function drain(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    // A crash rejects (the registry logs and records it); the next drain starts afresh.
    const run = drainLoop().finally(() => {
      running = null;
    });
    running = run;
    return run;
  }

  /** Messages queued inside the runner's write go out once it commits, not before. */
  function afterCommit(queued: number): void {
    if (queued === 0 || closed) return;
    setImmediate(() => {
      if (options.onQueued) options.onQueued();
      else
        drain().catch((error: unknown) => log.error({ err: error }, 'notification worker failed'));
    });
  }

  return {
    onBatchFinished(finished) {
      let queued = 0;
      try {
        // A savepoint inside the runner's write: if queueing fails (a damaged channel row, a
        // bug), only the queueing is undone and the batch still ends.
        queued = connection.savepoint(() =>
          queueBatchNotifications(connection, finished, options.context),
        );
      } catch (error) {
        log.error({ err: error, batchId: finished.batchId }, 'could not queue notifications');
        return;
      }
      afterCommit(queued);
    },
    onJobClosed(job) {
      let queued = 0;
      try {
        // As above: a failure undoes the queueing only; the job is still recorded closed.
        queued = connection.savepoint(() =>
          queueJobClosedNotifications(connection, job, {
            ...options.context,
            timeZone: options.timeZone ?? localTimeZone(),
          }),
        );
      } catch (error) {
        log.error({ err: error, jobId: job.jobId }, 'could not queue job_closed');
        return;
      }
      afterCommit(queued);
    },
    drain,
    backlog: () => outbox.backlog(),
    async close() {
      closed = true;
      abort.abort();
      await running?.catch(() => undefined);
    },
  };
}
