import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openDatabase } from './database';
import {
  BATCH_RUN_AND_RULE_SQL,
  databaseBefore,
  jobsColumns,
  migrationFolder,
} from './migration-test-kit';

// Migration 0023 (issue 40, docs/decisions/063) on an install with jobs and a saved search: the
// jobs gain their fit columns (empty: no profile exists yet), the query its profile (the default),
// the fit tables come empty, the rescoring's state asks for one pass, and the triggers move the
// generation on every change that can change a score, and on nothing else.

const { dir, file } = migrationFolder('jobscout-0023-');

const generationSchema = z.object({ generation: z.number() });
const planOf = (sqlite: { prepare: (s: string) => { all: () => unknown[] } }, query: string) =>
  sqlite
    .prepare(`EXPLAIN QUERY PLAN ${query}`)
    .all()
    .map((row) => z.object({ detail: z.string() }).parse(row).detail)
    .join(' | ');

describe('migration 0023-fit', () => {
  it('adds the fit columns and tables, and moves the generation on each change of a score', async () => {
    const before = await databaseBefore(file(), '0023');
    before.sqlite.exec(`${BATCH_RUN_AND_RULE_SQL}
      INSERT INTO jobs (id, title, company_name, company_normalized, location, url,
          first_seen_batch_id, first_seen_at) VALUES
        ('101', 'A', 'Acme', 'acme', 'Berlin', 'https://x/101', 1, 1),
        ('102', 'B', 'Acme', 'acme', 'Berlin', 'https://x/102', 1, 2);
      INSERT INTO query_run_jobs (query_run_id, job_id, rank) VALUES (1, '101', 1), (1, '102', 2);
    `);
    const columnsBefore = jobsColumns(before.sqlite);
    await before.close();

    const opened = await openDatabase(dir());
    try {
      const { sqlite } = opened;
      // 0024's strike (decision 065) comes after them.
      expect(jobsColumns(sqlite)).toEqual([
        ...columnsBefore,
        'fit_score',
        'fit_profile_id',
        'recheck_gone_at',
      ]);
      expect(sqlite.prepare('SELECT fit_score, fit_profile_id FROM jobs').all()).toEqual([
        { fit_score: null, fit_profile_id: null },
        { fit_score: null, fit_profile_id: null },
      ]);
      expect(sqlite.prepare('SELECT fit_profile_id FROM queries').all()).toEqual([
        { fit_profile_id: null },
      ]);
      expect(sqlite.prepare('SELECT COUNT(*) AS n FROM job_fits').get()).toEqual({ n: 0 });
      expect(sqlite.prepare('SELECT * FROM fit_state').get()).toEqual({
        id: 1,
        generation: 1,
        pass_generation: 0,
        pass_after: null,
        pass_done: 0,
        pass_started_at: null,
      });

      const generation = () =>
        generationSchema.parse(sqlite.prepare('SELECT generation FROM fit_state').get()).generation;
      const insert = sqlite.prepare(
        `INSERT INTO fit_profiles (name, name_key, is_default, body, created_at, updated_at)
         VALUES (?, ?, ?, '{}', 0, 0)`,
      );
      insert.run('Backend', 'backend', 1);
      expect(generation()).toBe(2);
      insert.run('Data', 'data', 0);
      expect(generation()).toBe(3);
      // A new name scores nothing differently.
      sqlite.exec("UPDATE fit_profiles SET name = 'Back end', name_key = 'back end' WHERE id = 1");
      expect(generation()).toBe(3);
      sqlite.exec('UPDATE fit_profiles SET version = version + 1 WHERE id = 1');
      expect(generation()).toBe(4);
      sqlite.exec('UPDATE fit_profiles SET is_default = 0 WHERE id = 1');
      sqlite.exec('UPDATE fit_profiles SET is_default = 1 WHERE id = 2');
      expect(generation()).toBe(6);
      sqlite.exec('UPDATE queries SET fit_profile_id = 1');
      expect(generation()).toBe(7);
      sqlite.exec("UPDATE queries SET job_title = 'Data Engineering'");
      expect(generation()).toBe(7);
      // Two defaults at once are refused; names are unique by their folded key.
      expect(() => sqlite.exec('UPDATE fit_profiles SET is_default = 1 WHERE id = 1')).toThrow(
        /UNIQUE/,
      );
      expect(() => insert.run('DATA', 'data', 0)).toThrow(/UNIQUE/);

      // A deleted profile's queries fall back to the default.
      sqlite.exec('DELETE FROM fit_profiles WHERE id = 1');
      expect(sqlite.prepare('SELECT fit_profile_id FROM queries').all()).toEqual([
        { fit_profile_id: null },
      ]);
      expect(generation()).toBeGreaterThanOrEqual(8);

      // Best fit first reads its index, not every row.
      expect(
        planOf(
          sqlite,
          `SELECT id FROM jobs j ORDER BY COALESCE(j.fit_score, -1) DESC, j.first_seen_at DESC,
             COALESCE(j.posted_at, '') DESC, j.id DESC LIMIT 50`,
        ),
      ).toContain('jobs_fit');
      expect(sqlite.prepare('PRAGMA foreign_key_check').all()).toEqual([]);
    } finally {
      await opened.close();
    }
  });
});
