import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './database';
import { databaseBefore, migrationFolder } from './migration-test-kit';

// Migration 0019 rebuilds the notification outbox so that it takes `markup_drift` (issue 32):
// an upgraded install keeps every queued and delivered message with its id, and the ids go on
// from where they were.

const { dir, file } = migrationFolder('jobscout-0019-');

describe('migration 0019-site-health', () => {
  it('keeps the outbox’s rows, ids and index, and takes markup_drift', async () => {
    const before = await databaseBefore(file(), '0019');
    before.sqlite.exec(`
      INSERT INTO batches (id, kind, status, started_at) VALUES (7, 'daily', 'completed', 1);
      INSERT INTO notification_channels (id, name, kind, events, settings, created_at, updated_at)
        VALUES (1, 'hook', 'webhook', '["batch_finished"]', '{}', 0, 0);
      INSERT INTO notification_outbox (id, channel_id, event, batch_id, message, status,
          attempts, next_attempt_at, created_at)
        VALUES (5, 1, 'batch_finished', 7, '{}', 'delivered', 1, 0, 0),
               (9, 1, 'batch_failed', 7, '{}', 'pending', 0, 0, 0);
      DELETE FROM notification_outbox WHERE id = 9;
    `);
    const rows = before.sqlite.prepare('SELECT * FROM notification_outbox ORDER BY id').all();
    await before.close();

    const opened = await openDatabase(dir());
    try {
      const { sqlite } = opened;
      expect(sqlite.prepare('SELECT * FROM notification_outbox ORDER BY id').all()).toEqual(rows);
      const next = sqlite
        .prepare(
          `INSERT INTO notification_outbox (channel_id, event, batch_id, message, status,
             attempts, next_attempt_at, created_at)
           VALUES (1, 'markup_drift', 7, '{}', 'pending', 0, 0, 0)`,
        )
        .run();
      // AUTOINCREMENT never hands out an id again, not even the deleted 9.
      expect(Number(next.lastInsertRowid)).toBe(10);
      expect(() =>
        sqlite
          .prepare(
            `INSERT INTO notification_outbox (channel_id, event, batch_id, message, status,
               attempts, next_attempt_at, created_at)
             VALUES (1, 'something_else', 7, '{}', 'pending', 0, 0, 0)`,
          )
          .run(),
      ).toThrow(/CHECK constraint failed/);
      const indexes = sqlite
        .prepare(
          `SELECT name FROM sqlite_master WHERE tbl_name = 'notification_outbox' AND type = 'index'
           ORDER BY name`,
        )
        .all()
        .map((row) => z.object({ name: z.string() }).parse(row).name);
      expect(indexes).toEqual([
        'notification_outbox_due',
        'sqlite_autoindex_notification_outbox_1',
      ]);
      // A channel's removal still takes its messages with it.
      sqlite.prepare('DELETE FROM notification_channels WHERE id = 1').run();
      expect(sqlite.prepare('SELECT COUNT(*) AS n FROM notification_outbox').get()).toEqual({
        n: 0,
      });
      expect(sqlite.prepare('PRAGMA foreign_key_check').all()).toEqual([]);
    } finally {
      await opened.close();
    }
  });
});
