import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openDatabase } from './database';
import { databaseBefore, jobsColumns, migrationFolder } from './migration-test-kit';

// Migration 0024 (issue 41, round two, docs/decisions/065) on an install with a channel, messages
// in its outbox and jobs: the outbox keeps its rows, ids and id counter and takes `job_closed`,
// the jobs gain recheck_gone_at last, and job_closed_notices goes with its job.

const { dir, file } = migrationFolder('jobscout-0024-');

const outboxRow = z.object({ id: z.number(), event: z.string(), message: z.string() });

describe('migration 0024-rechecks', () => {
  it('rebuilds the outbox with job_closed, keeps its rows, and adds the notices and the strike', async () => {
    const before = await databaseBefore(file(), '0024');
    before.sqlite.exec(`
      INSERT INTO batches (id, kind, status, started_at) VALUES (7, 'daily', 'completed', 1);
      INSERT INTO jobs (id, title, company_name, company_normalized, location, url,
          first_seen_batch_id, first_seen_at) VALUES
        ('101', 'A', 'Acme', 'acme', 'Berlin', 'https://x/101', 7, 1);
      INSERT INTO notification_channels (id, name, kind, enabled, events, only_new_jobs, settings,
          created_at, updated_at)
        VALUES (1, 'Hook', 'webhook', 1, '["reminder"]', 0, '{}', 1, 1);
      INSERT INTO notification_outbox (channel_id, event, batch_id, message, status, attempts,
          next_attempt_at, created_at) VALUES
        (1, 'batch_finished', 7, '{"a":1}', 'delivered', 1, 1, 1),
        (1, 'reminder', NULL, '{"b":2}', 'pending', 0, 2, 2),
        (1, 'reminder', NULL, '{"c":3}', 'pending', 0, 3, 3);
      DELETE FROM notification_outbox WHERE id = 3;
    `);
    const columnsBefore = jobsColumns(before.sqlite);
    expect(() =>
      before.sqlite.exec(`INSERT INTO notification_outbox (channel_id, event, message, status,
        next_attempt_at, created_at) VALUES (1, 'job_closed', '{}', 'pending', 1, 1)`),
    ).toThrow(/CHECK/);
    await before.close();

    const opened = await openDatabase(dir());
    try {
      const { sqlite } = opened;
      expect(jobsColumns(sqlite)).toEqual([...columnsBefore, 'recheck_gone_at']);
      const rows = sqlite
        .prepare('SELECT id, event, message FROM notification_outbox ORDER BY id')
        .all()
        .map((row) => outboxRow.parse(row));
      expect(rows).toEqual([
        { id: 1, event: 'batch_finished', message: '{"a":1}' },
        { id: 2, event: 'reminder', message: '{"b":2}' },
      ]);
      const added = sqlite
        .prepare(
          `INSERT INTO notification_outbox (channel_id, event, message, status, next_attempt_at,
             created_at) VALUES (1, 'job_closed', '{}', 'pending', 1, 1) RETURNING id`,
        )
        .pluck()
        .get();
      // The id counter went with the rows: the deleted id 3 is never reused.
      expect(added).toBe(4);
      sqlite
        .prepare('INSERT INTO job_closed_notices (job_id, queued_at) VALUES (?, ?)')
        .run('101', 5);
      sqlite.prepare('DELETE FROM jobs WHERE id = ?').run('101');
      expect(sqlite.prepare('SELECT COUNT(*) FROM job_closed_notices').pluck().get()).toBe(0);
      expect(sqlite.prepare('PRAGMA foreign_key_check').all()).toEqual([]);
    } finally {
      await opened.close();
    }
  });
});
