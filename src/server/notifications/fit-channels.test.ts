import fs from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { notificationChannelWriteSchema, type NotificationChannelWrite } from '../../contract';
import type { OpenedDatabase } from '../../db/database';
import { insertChannel } from '../../db/notifications/channels';
import { openTempDatabase } from '../../runner/runner-test-kit';
import { notificationMessageSchema, renderMessage, renderText } from './message';
import { queueBatchNotifications } from './outbox';

// Issue 40 in the outbox (docs/decisions/066): a channel with a least fit band is queued a
// batch-finished message naming only the jobs of that band or better (and none when "only when
// there are new jobs" finds none left); every batch-finished message names the strong fits first,
// best first, with their scores, and its words lead with them. A posting already closed when
// first read is named nowhere (issue 41).

const T0 = Date.parse('2026-11-02T09:00:00Z');
const CONTEXT = { siteName: 'LinkedIn', publicUrl: undefined };

let database: OpenedDatabase;
let dataDir: string;
beforeEach(async () => {
  ({ database, dataDir } = await openTempDatabase());
});
afterEach(async () => {
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function addChannel(name: string, write: Partial<NotificationChannelWrite>) {
  return insertChannel(
    database.db,
    notificationChannelWriteSchema.parse({
      name,
      kind: 'webhook',
      url: 'https://hooks.example.com/x',
      enabled: true,
      events: ['batch_finished'],
      only_new_jobs: false,
      ...write,
    }),
    T0,
  );
}

/** A completed batch whose new jobs have these fits, found in this order (null: no profile). */
function seedBatch(id: number, fits: ReadonlyArray<number | null>): number {
  const s = database.sqlite;
  s.prepare(
    `INSERT INTO batches (id, kind, status, started_at, finished_at) VALUES (?, 'manual', 'completed', ?, ?)`,
  ).run(id, T0, T0 + 1000);
  const job = s.prepare(
    `INSERT INTO jobs (id, title, company_name, company_normalized, location, url, first_seen_batch_id, first_seen_at, fit_score)
     VALUES (@id, @title, 'ACME', 'acme', 'Berlin', @url, @batch, @at, @fit)`,
  );
  fits.forEach((fit, i) => {
    const jobId = String(id * 100 + i);
    job.run({
      id: jobId,
      title: `Job ${jobId} (${fit ?? 'none'})`,
      url: `https://www.linkedin.com/jobs/view/${jobId}`,
      batch: id,
      at: T0 + i,
      fit,
    });
  });
  return id;
}

const rowSchema = z.object({ channel_id: z.number(), message: z.string() });

function queue(batchId: number) {
  return database.connection.write(() =>
    queueBatchNotifications(
      database.connection,
      { batchId, status: 'completed', error: null, cookiesRejected: false, now: T0 + 2000 },
      CONTEXT,
    ),
  );
}

function messages(batchId: number) {
  const sent = new Map(
    database.sqlite
      .prepare('SELECT channel_id, message FROM notification_outbox WHERE batch_id = ?')
      .all(batchId)
      .map((raw) => rowSchema.parse(raw))
      .map((row) => [row.channel_id, notificationMessageSchema.parse(JSON.parse(row.message))]),
  );
  return {
    has: (channelId: number) => sent.has(channelId),
    get: (channelId: number) => {
      const message = sent.get(channelId);
      if (message === undefined) throw new Error(`no message for channel ${channelId}`);
      return message;
    },
  };
}

describe('fit in the batch-finished message', () => {
  it('names the strong fits first with their scores; a channel with a band only its jobs', async () => {
    const all = await addChannel('All', {});
    const good = await addChannel('Good or better', { min_fit_band: 'good', only_new_jobs: true });
    const strong = await addChannel('Strong only', { min_fit_band: 'strong' });
    const batch = seedBatch(2, [45, 85, null, 70, 95, 20]);
    expect(await queue(batch)).toBe(3);
    const sent = messages(batch);

    const everything = sent.get(all.id);
    expect(everything.new_jobs.map((j) => [j.fit_score, j.fit_band])).toEqual([
      [95, 'strong'],
      [85, 'strong'],
      [45, 'weak'],
      [null, null],
      [70, 'good'],
      [20, 'poor'],
    ]);
    expect(everything).toMatchObject({
      listed_jobs_count: 6,
      strong_fits_count: 2,
      min_fit_band: null,
    });
    const text = renderText(renderMessage(everything));
    expect(text).toContain('2 strong fits.');
    const strongAt = text.indexOf('Strong fits');
    const restAt = text.indexOf('Other new jobs');
    expect(strongAt).toBeGreaterThan(-1);
    expect(restAt).toBeGreaterThan(strongAt);
    expect(text.slice(strongAt, restAt)).toContain('Job 204 (95) · ACME · fit 95');
    expect(text.indexOf('Job 204 (95)')).toBeLessThan(text.indexOf('Job 201 (85)'));

    expect(sent.get(good.id).new_jobs.map((j) => j.fit_score)).toEqual([95, 85, 70]);
    expect(sent.get(good.id)).toMatchObject({
      listed_jobs_count: 3,
      strong_fits_count: 2,
      min_fit_band: 'good',
      // The batch's own counts stay the batch's.
      new_jobs_count: 6,
    });
    const goodText = renderText(renderMessage(sent.get(good.id)));
    expect(goodText).toContain('New jobs of Good fit or better');
    expect(goodText).not.toContain('Job 200 (45)');
    expect(sent.get(strong.id).new_jobs.map((j) => j.fit_score)).toEqual([95, 85]);
  });

  it('names no job whose posting was already closed when its page was first read', async () => {
    const all = await addChannel('All', {});
    const strongOnlyNew = await addChannel('Strong, only new', {
      min_fit_band: 'strong',
      only_new_jobs: true,
    });
    const batch = seedBatch(4, [90, 70]);
    database.sqlite.prepare('UPDATE jobs SET closed_at = ? WHERE id = ?').run(T0 + 500, '400');
    expect(await queue(batch)).toBe(1);
    const sent = messages(batch);
    expect(sent.get(all.id).new_jobs.map((j) => j.id)).toEqual(['401']);
    expect(sent.get(all.id)).toMatchObject({
      listed_jobs_count: 1,
      strong_fits_count: 0,
      // The batch found two new jobs all the same.
      new_jobs_count: 2,
    });
    // Its one strong fit is closed: nothing left for a channel asking only for new strong fits.
    expect(sent.has(strongOnlyNew.id)).toBe(false);
  });

  it('sends a channel no message when none of its jobs is left and it asked only for new jobs', async () => {
    const strictStrong = await addChannel('Strong, only new', {
      min_fit_band: 'strong',
      only_new_jobs: true,
    });
    const quietGood = await addChannel('Good, always', { min_fit_band: 'good' });
    const all = await addChannel('All, only new', { only_new_jobs: true });
    const batch = seedBatch(3, [65, 30, null]);
    expect(await queue(batch)).toBe(2);
    const sent = messages(batch);
    expect(sent.has(strictStrong.id)).toBe(false);
    // A channel that hears of every batch hears of this one, naming none below its band.
    expect(sent.get(quietGood.id).new_jobs.map((j) => j.fit_score)).toEqual([65]);
    expect(sent.get(all.id).new_jobs).toHaveLength(3);
    expect(sent.get(all.id).strong_fits_count).toBe(0);
    expect(renderText(renderMessage(sent.get(all.id)))).not.toContain('Strong fits');
  });
});
