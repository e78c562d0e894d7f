import fs from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startSimulator, type Simulator } from '../../../simulator';
import { notificationChannelWriteSchema, type NotificationEvent } from '../../contract';
import type { OpenedDatabase } from '../../db/database';
import { insertChannel } from '../../db/notifications/channels';
import { createBatchRunner, type BatchRunner } from '../../runner';
import {
  BERLIN,
  openTempDatabase,
  recordingLog,
  seedQueries,
  testSiteClient,
} from '../../runner/runner-test-kit';
import type { SiteClient } from '../../scraper';
import { notificationMessageSchema } from './message';
import { startReceiver, type Receiver } from './notification-test-kit';
import { createNotificationWorker, type NotificationWorker } from './worker';

// Issue 32's `markup_drift` end to end: the simulated site drops the salary from its pages, the
// runner's drift rule (decision 054) starts a drift, and the batch's end queues one message per
// channel subscribed to it, in the transaction that ends the batch. A second drifting batch and
// the recovery queue none.

let sim: Simulator;
let database: OpenedDatabase;
let dataDir: string;
let site: SiteClient;
let worker: NotificationWorker;
let runner: BatchRunner;
let receiver: Receiver;

beforeEach(async () => {
  sim = await startSimulator({ jobCount: 3000, jobsPerQuery: 400, dailyGrowth: 0.5 });
  ({ database, dataDir } = await openTempDatabase());
  site = testSiteClient(sim.url);
  receiver = await startReceiver();
  worker = createNotificationWorker({
    connection: database.connection,
    now: () => sim.clock.now(),
    log: recordingLog(),
    context: { siteName: 'LinkedIn', publicUrl: 'https://scout.example.com' },
  });
  runner = createBatchRunner({
    connection: database.connection,
    site,
    now: () => sim.clock.now(),
    log: recordingLog(),
    onBatchFinished: (finished) => worker.onBatchFinished(finished),
  });
  seedQueries(database, [{ jobTitle: 'engineer', ...BERLIN }]);
});
afterEach(async () => {
  await runner.close();
  await worker.close();
  await site.close();
  await receiver.close();
  await database.close();
  await sim.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function channel(name: string, events: NotificationEvent[]): Promise<number> {
  const write = notificationChannelWriteSchema.parse({
    name,
    kind: 'webhook',
    enabled: true,
    events,
    only_new_jobs: false,
    url: `${receiver.url}/${name}`,
  });
  return (await insertChannel(database.db, write, sim.clock.now())).id;
}

async function nextDay(): Promise<number> {
  sim.clock.advanceDays(1);
  const result = await runner.start('daily');
  if (!result.claimed) throw new Error(`batch not started: ${result.reason}`);
  await runner.idle();
  return result.batch.id;
}

const driftRows = () =>
  z.array(z.object({ channel_id: z.number(), batch_id: z.number(), message: z.string() })).parse(
    database.sqlite
      .prepare(
        `SELECT channel_id, batch_id, message FROM notification_outbox
           WHERE event = 'markup_drift' ORDER BY id`,
      )
      .all(),
  );

const genericBody = notificationMessageSchema.extend({ title: z.string(), text: z.string() });

describe('markup_drift through the simulated site', () => {
  it('queues one message per subscribed channel when a drift starts, none while it lasts or when it ends', async () => {
    const onlyDrift = await channel('drift', ['markup_drift']);
    const everything = await channel('all', [
      'batch_finished',
      'batch_failed',
      'cookies_rejected',
      'markup_drift',
    ]);
    await channel('batches', ['batch_finished', 'batch_failed']);
    for (let day = 0; day < 4; day += 1) await nextDay();
    expect(driftRows()).toEqual([]);

    sim.faults.dropField('salary');
    const dropped = await nextDay();
    const rows = driftRows();
    expect(rows.map((r) => [r.channel_id, r.batch_id])).toEqual([
      [onlyDrift, dropped],
      [everything, dropped],
    ]);
    const fill = z
      .object({ filled: z.number(), total: z.number() })
      .parse(
        database.sqlite
          .prepare(
            `SELECT filled, total FROM batch_field_fills WHERE batch_id = ? AND field = 'salary'`,
          )
          .get(dropped),
      );
    const message = notificationMessageSchema.parse(JSON.parse(rows[0]?.message ?? '{}'));
    expect(message).toMatchObject({
      event: 'markup_drift',
      batch: { id: dropped, status: 'completed' },
      new_jobs: [],
      drift: [
        {
          field: 'salary',
          label: 'Salary',
          filled: 0,
          total: fill.total,
          rate: 0,
          level: expect.any(Number),
        },
      ],
      overview_url: 'https://scout.example.com/overview',
    });
    const level = message.drift[0]?.level ?? 0;
    expect(level).toBeGreaterThan(0.2);

    // Delivered in words: the field, the batch, its fill against its usual level, the Overview.
    await worker.drain();
    const sent = receiver.requests
      .filter((r) => r.path === '/drift')
      .map((r) => genericBody.parse(r.json));
    expect(sent).toHaveLength(1);
    expect(sent[0]?.title).toBe('Markup drift: Salary no longer parsed');
    expect(sent[0]?.text).toContain(`Batch #${dropped} parsed Salary from far fewer`);
    expect(sent[0]?.text).toContain(
      `Salary: 0% of ${fill.total} jobs (usually ${Math.round(level * 100)}%)`,
    );
    expect(sent[0]?.text).toContain('Open the Overview: https://scout.example.com/overview');

    // The drift lasts: no new message. The site recovers: none either.
    await nextDay();
    sim.faults.clear();
    const recovered = await nextDay();
    expect(driftRows()).toHaveLength(2);
    const salary = z
      .object({ drifting: z.number() })
      .parse(
        database.sqlite
          .prepare(`SELECT drifting FROM batch_field_fills WHERE batch_id = ? AND field = 'salary'`)
          .get(recovered),
      );
    expect(salary.drifting).toBe(0);
    // The batches' own messages went on as before: one batch_finished per day to two channels.
    const finishedRows = z
      .object({ n: z.number() })
      .parse(
        database.sqlite
          .prepare(`SELECT COUNT(*) AS n FROM notification_outbox WHERE event = 'batch_finished'`)
          .get(),
      );
    expect(finishedRows.n).toBe(7 * 2);
  }, 180_000);
});
