import { REMINDER_LEAD_MS } from '../../contract';
import { connectionOf, type ConnectionLike } from '../../db/connection';
import { prepareReminderStatements, type ReminderCandidate } from '../../db/pipeline/reminders';
import { readPipelineSettingsSync } from '../../db/settings';
import type { MessageContext } from '../notifications/message';
import { queueReminderNotifications } from '../notifications/outbox';
import type { WorkerLog } from '../notifications/worker';

// Issue 33's reminders: a sweep looks for next steps whose lead or time has come and queues one
// message per subscribed channel in the outbox, which the notification worker delivers. Each
// reminder is recorded (application_reminders) in the transaction that queues it: a restart, a
// crash or a second sweep finds it there and queues nothing again. A step moved to another time
// is a new step: its reminders are armed afresh.

/** How often the sweep looks (the background registry's timer): a reminder is at most this late. */
export const REMINDER_SWEEP_INTERVAL_MS = 30_000;

export interface ReminderSweepOptions {
  connection: ConnectionLike;
  /** The clock the steps are compared with (tests move it). */
  now: () => number;
  log: WorkerLog;
  context: MessageContext & { timeZone: string };
  /** Told after a sweep queued messages (the worker delivers them without waiting for its poll). */
  onQueued?: () => void;
}

export interface ReminderSweep {
  /**
   * Queues what is due at the clock's time; answers how many reminders it recorded. The server's
   * background registry runs it every REMINDER_SWEEP_INTERVAL_MS.
   */
  sweep(): Promise<number>;
  /** Waits for a sweep in flight; none runs after. */
  close(): Promise<void>;
}

/** Which reminder a step is owed now: `due` from its time, `lead` before it; none when sent. */
export function reminderOwed(
  step: Pick<ReminderCandidate, 'at' | 'leadQueued' | 'dueQueued'>,
  now: number,
  leadMs: number | null,
): 'lead' | 'due' | null {
  // A lead missed (the server was down, the step was logged late) is not sent after the time.
  if (now >= step.at) return step.dueQueued ? null : 'due';
  if (leadMs === null || step.leadQueued || now < step.at - leadMs) return null;
  return 'lead';
}

export function createReminderSweep(options: ReminderSweepOptions): ReminderSweep {
  const { now, log } = options;
  const connection = connectionOf(options.connection);
  const statements = prepareReminderStatements(connection);
  let running: Promise<number> | null = null;
  let closed = false;

  /** One write: every owed reminder recorded with its outbox rows, or none of them. */
  const queueOwed = (at: number) => {
    const leadMs = REMINDER_LEAD_MS[readPipelineSettingsSync(connection).reminder_lead];
    let recorded = 0;
    let messages = 0;
    for (const step of statements.candidates(at, at + (leadMs ?? 0))) {
      const kind = reminderOwed(step, at, leadMs);
      if (kind === null || !statements.markQueued(step.jobId, step.at, kind, at)) continue;
      recorded += 1;
      messages += queueReminderNotifications(connection, step, kind, options.context, at);
    }
    statements.prune(at);
    return { recorded, messages };
  };

  async function sweepOnce(): Promise<number> {
    const { recorded, messages } = await connection.write(() =>
      closed ? { recorded: 0, messages: 0 } : queueOwed(now()),
    );
    if (recorded > 0) log.info({ reminders: recorded, messages }, 'reminders queued');
    if (messages > 0) options.onQueued?.();
    return recorded;
  }

  function sweep(): Promise<number> {
    // One at a time: a sweep asked for while one runs waits for it, then looks again. A failed
    // sweep rejects (the registry logs and records it); the next one runs all the same.
    const previous = running ?? Promise.resolve(0);
    const next = previous.catch(() => 0).then(() => sweepOnce());
    running = next;
    const done = () => {
      if (running === next) running = null;
    };
    next.then(done, done);
    return next;
  }

  return {
    sweep,
    async close() {
      closed = true;
      await running?.catch(() => 0);
    },
  };
}
