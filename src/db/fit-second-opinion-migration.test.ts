import { describe, expect, it } from 'vitest';
import { openDatabase } from './database';
import { databaseBefore, jobsColumns, migrationFolder } from './migration-test-kit';

// Migration 0026 (issue 40, the second opinion, docs/decisions/067) on an install with a job:
// three new tables, nothing else changed; a job's queue items and answers go with it, and one
// item per job and profile version.

const { dir, file } = migrationFolder('jobscout-0026-');

describe('migration 0026-fit-second-opinion', () => {
  it('adds the queue, the answers and the usage, tied to their jobs', async () => {
    const before = await databaseBefore(file(), '0026');
    before.sqlite.exec(`
      INSERT INTO batches (id, kind, status, started_at) VALUES (7, 'daily', 'completed', 1);
      INSERT INTO jobs (id, title, company_name, company_normalized, location, url,
          first_seen_batch_id, first_seen_at) VALUES
        ('101', 'A', 'Acme', 'acme', 'Berlin', 'https://x/101', 7, 1);
    `);
    const columnsBefore = jobsColumns(before.sqlite);
    await before.close();

    const opened = await openDatabase(dir());
    try {
      const { sqlite } = opened;
      expect(jobsColumns(sqlite)).toEqual(columnsBefore);
      const queue = sqlite.prepare(
        `INSERT INTO fit_opinion_queue (job_id, profile_id, profile_version, batch_id, status,
           next_attempt_at, created_at) VALUES ('101', 1, 2, 7, 'pending', 5, 5)`,
      );
      queue.run();
      expect(() => queue.run()).toThrow(/UNIQUE/);
      expect(() =>
        sqlite.exec(`INSERT INTO fit_opinion_queue (job_id, profile_id, profile_version, status,
          next_attempt_at, created_at) VALUES ('101', 1, 3, 'sent', 5, 5)`),
      ).toThrow(/CHECK/);
      sqlite.exec(`INSERT INTO fit_second_opinions (job_id, profile_id, profile_version, score,
          verdict, strengths, gaps, dropped_quotes, model, tokens, created_at)
        VALUES ('101', 1, 2, 80, 'Good', '[]', '[]', 0, 'm', 300, 5)`);
      sqlite.exec(`INSERT INTO fit_opinion_usage (day, tokens, requests, estimated_tokens)
        VALUES ('2026-11-02', 300, 1, 0)`);
      sqlite.prepare('DELETE FROM jobs WHERE id = ?').run('101');
      const count = (table: string) =>
        sqlite.prepare(`SELECT COUNT(*) FROM ${table}`).pluck().get();
      expect(count('fit_opinion_queue')).toBe(0);
      expect(count('fit_second_opinions')).toBe(0);
      expect(count('fit_opinion_usage')).toBe(1);
      expect(sqlite.prepare('PRAGMA foreign_key_check').all()).toEqual([]);
    } finally {
      await opened.close();
    }
  });
});
