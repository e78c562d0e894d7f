import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openDatabase } from './database';
import { databaseBefore, migrationFolder } from './migration-test-kit';

// Migration 0020 (issue 33, docs/decisions/056) on an install that already triaged jobs: each
// saved job comes in as Saved and each applied one as Applied, with one history entry from the
// migration; no other state does. The outbox, rebuilt so that it takes `reminder`, keeps its
// rows and ids.

const { dir, file } = migrationFolder('jobscout-0020-');

const SEED_SQL = `
  INSERT INTO batches (id, kind, status, started_at) VALUES (7, 'daily', 'completed', 1);
  INSERT INTO jobs (id, title, company_name, company_normalized, location, url,
      first_seen_batch_id, first_seen_at, state) VALUES
    ('101', 'A', 'Acme', 'acme', 'Berlin', 'https://x/101', 7, 1, 'new'),
    ('102', 'B', 'Acme', 'acme', 'Berlin', 'https://x/102', 7, 2, 'seen'),
    ('103', 'C', 'Acme', 'acme', 'Berlin', 'https://x/103', 7, 3, 'saved'),
    ('104', 'D', 'Acme', 'acme', 'Berlin', 'https://x/104', 7, 4, 'applied'),
    ('105', 'E', 'Acme', 'acme', 'Berlin', 'https://x/105', 7, 5, 'hidden'),
    ('106', 'F', 'Acme', 'acme', 'Berlin', 'https://x/106', 7, 6, 'applied');
  INSERT INTO notification_channels (id, name, kind, events, settings, created_at, updated_at)
    VALUES (1, 'hook', 'webhook', '["batch_finished"]', '{}', 0, 0);
  INSERT INTO notification_outbox (id, channel_id, event, batch_id, message, status,
      attempts, next_attempt_at, created_at)
    VALUES (5, 1, 'batch_finished', 7, '{}', 'delivered', 1, 0, 0),
           (8, 1, 'markup_drift', 7, '{}', 'pending', 0, 0, 0),
           (9, 1, 'batch_failed', 7, '{}', 'pending', 0, 0, 0);
  DELETE FROM notification_outbox WHERE id = 9;
`;

describe('migration 0020-application-pipeline', () => {
  it('brings saved and applied jobs in with one migration entry each, and keeps the outbox', async () => {
    const before = await databaseBefore(file(), '0020');
    before.sqlite.exec(SEED_SQL);
    const outbox = before.sqlite.prepare('SELECT * FROM notification_outbox ORDER BY id').all();
    await before.close();

    const started = Date.now();
    const opened = await openDatabase(dir());
    try {
      const { sqlite } = opened;
      const applications = z
        .array(
          z.object({
            job_id: z.string(),
            stage: z.string(),
            stage_since: z.number(),
            left_at: z.number().nullable(),
            notes: z.string(),
          }),
        )
        .parse(sqlite.prepare('SELECT * FROM applications ORDER BY job_id').all());
      expect(applications.map((a) => [a.job_id, a.stage, a.left_at, a.notes])).toEqual([
        ['103', 'saved', null, ''],
        ['104', 'applied', null, ''],
        ['106', 'applied', null, ''],
      ]);
      const events = z
        .array(
          z.object({
            job_id: z.string(),
            stage: z.string(),
            at: z.number(),
            recorded_at: z.number(),
            source: z.string(),
          }),
        )
        .parse(sqlite.prepare('SELECT * FROM application_events ORDER BY id').all());
      expect(events.map((e) => [e.job_id, e.stage, e.source])).toEqual([
        ['103', 'saved', 'migration'],
        ['104', 'applied', 'migration'],
        ['106', 'applied', 'migration'],
      ]);
      // Dated when it ran (the real dates were never stored), as is the stage's since.
      for (const [i, event] of events.entries()) {
        expect(event.at).toBeGreaterThanOrEqual(started);
        expect(event.recorded_at).toBe(event.at);
        expect(applications[i]?.stage_since).toBe(event.at);
      }
      // The jobs keep their states.
      expect(sqlite.prepare('SELECT id, state FROM jobs ORDER BY id').all()).toEqual([
        { id: '101', state: 'new' },
        { id: '102', state: 'seen' },
        { id: '103', state: 'saved' },
        { id: '104', state: 'applied' },
        { id: '105', state: 'hidden' },
        { id: '106', state: 'applied' },
      ]);

      expect(sqlite.prepare('SELECT * FROM notification_outbox ORDER BY id').all()).toEqual(outbox);
      const reminder = sqlite
        .prepare(
          `INSERT INTO notification_outbox (channel_id, event, batch_id, message, status,
             attempts, next_attempt_at, created_at)
           VALUES (1, 'reminder', NULL, '{}', 'pending', 0, 0, 0)`,
        )
        .run();
      // AUTOINCREMENT goes on past the deleted 9.
      expect(Number(reminder.lastInsertRowid)).toBe(10);
      expect(() =>
        sqlite
          .prepare(
            `INSERT INTO notification_outbox (channel_id, event, batch_id, message, status,
               attempts, next_attempt_at, created_at)
             VALUES (1, 'something_else', 7, '{}', 'pending', 0, 0, 0)`,
          )
          .run(),
      ).toThrow(/CHECK constraint failed/);
      // A job's removal takes its application and history with it.
      sqlite.prepare(`DELETE FROM jobs WHERE id = '104'`).run();
      expect(sqlite.prepare('SELECT COUNT(*) AS n FROM application_events').get()).toEqual({
        n: 2,
      });
      expect(sqlite.prepare('PRAGMA foreign_key_check').all()).toEqual([]);
    } finally {
      await opened.close();
    }
  });
});
