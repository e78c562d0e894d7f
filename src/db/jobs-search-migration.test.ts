import { describe, expect, it } from 'vitest';
import { DescriptionIndex } from './jobs/description-index';
import { openDatabase } from './database';
import { databaseBefore, migrationFolder } from './migration-test-kit';

// Migration 0007 on a database that already holds jobs, as an upgraded install has it.

const { dir, file } = migrationFolder('jobscout-0007-');

/** The schema as it was before 0007, with a few jobs stored by the runner of then. */
async function databaseBefore0007(): Promise<void> {
  const { sqlite, close } = await databaseBefore(file(), '0007');
  sqlite.exec(`
    INSERT INTO queries (id, job_title, location_id, display_name, status, created_at, updated_at)
      VALUES (1, 'Data Engineer', 1, 'Berlin', 'active', 0, 0);
    INSERT INTO batches (id, kind, status, started_at) VALUES (1, 'manual', 'completed', 100), (2, 'manual', 'completed', 500);
    INSERT INTO query_runs (id, batch_id, query_id, job_title, location, location_id, is_ai, status, start_time)
      VALUES (1, 1, 1, 'Data Engineer', 'Berlin', 1, 0, 'completed', 100),
             (2, 2, 1, 'Data Engineer', 'Berlin', 1, 0, 'completed', 500);
    INSERT INTO jobs (id, title, company_name, company_normalized, location, url, description, first_seen_batch_id, first_seen_at)
      VALUES ('101', 'Data Engineer', 'Acme', 'acme', 'Germany (Remote)', 'u1', 'Build <pipelines> & more.' || char(10) || 'Line two' || char(10) || char(10) || 'Para two', 1, 100),
             ('102', 'Backend Developer (Hybrid)', 'Globex', 'globex', 'Berlin', 'u2', NULL, 1, 110),
             ('103', 'Cook', 'Diner', 'diner', 'Paris', 'u3', '   ', 2, 500);
    INSERT INTO query_run_jobs (query_run_id, job_id, rank) VALUES (1, '101', 1), (2, '101', 1), (1, '102', 2);
  `);
  await close();
}

describe('migration 0007-jobs-search-and-triage', () => {
  it('backfills state, last seen, workplace, description HTML and the search index', async () => {
    await databaseBefore0007();
    const { sqlite, close } = await openDatabase(dir());
    try {
      const rows = sqlite
        .prepare(
          // Since 0015 the description lives apart (docs/decisions/044).
          `SELECT j.id, j.state, j.last_seen_at, j.workplace, d.description_html
           FROM jobs j LEFT JOIN job_descriptions d ON d.job_id = j.id ORDER BY j.id`,
        )
        .all();
      expect(rows).toEqual([
        {
          id: '101',
          state: 'new',
          last_seen_at: 500,
          workplace: 'remote',
          description_html:
            '<p>Build &lt;pipelines&gt; &amp; more.<br />Line two</p><p>Para two</p>',
        },
        { id: '102', state: 'new', last_seen_at: 110, workplace: 'hybrid', description_html: null },
        { id: '103', state: 'new', last_seen_at: 500, workplace: null, description_html: null },
      ]);
      const match = (q: string) =>
        sqlite
          .prepare('SELECT rowid FROM jobs_fts WHERE jobs_fts MATCH ? ORDER BY rowid')
          .all(q)
          .map((r) => (r as { rowid: number }).rowid);
      expect(match('"pipelines"*')).toEqual([101]);
      expect(match('"globex"*')).toEqual([102]);
      expect(match('"paris"*')).toEqual([103]);
      expect(() => sqlite.prepare(`UPDATE jobs SET state = 'done' WHERE id = '101'`).run()).toThrow(
        /CHECK constraint/,
      );
    } finally {
      await close();
    }
  });

  it('keeps the index in step on insert, update and delete', async () => {
    const { sqlite, close } = await openDatabase(dir());
    try {
      sqlite.exec(`INSERT INTO batches (id, kind, status) VALUES (1, 'manual', 'completed')`);
      const insert =
        sqlite.prepare(`INSERT INTO jobs (id, title, company_name, company_normalized, location, url,
        first_seen_batch_id, first_seen_at) VALUES (?, ?, 'Acme', 'acme', 'Berlin', 'u', 1, 0)`);
      const match = (q: string) =>
        sqlite
          .prepare('SELECT rowid FROM jobs_fts WHERE jobs_fts MATCH ? ORDER BY rowid')
          .all(q)
          .map((r) => (r as { rowid: number }).rowid);
      // Since 0016 a new job waits to be indexed with its description (docs/decisions/045).
      const waiting = () => sqlite.prepare('SELECT job_id FROM jobs_fts_pending').pluck().all();
      insert.run('7', 'Data Engineer');
      insert.run('8', 'Data Analyst');
      expect(waiting()).toEqual(['7', '8']);
      expect(match('"data"*')).toEqual([]);
      expect(new DescriptionIndex(sqlite).catchUp()).toBe(2);
      expect(match('"data"*')).toEqual([7, 8]);
      // Since 0013 a description waits to be indexed with others (docs/decisions/038); since
      // 0015 it is written to a table of its own (docs/decisions/044).
      const addDescription = sqlite.prepare(
        `INSERT INTO job_descriptions (job_id, description) VALUES (?, ?)
         ON CONFLICT (job_id) DO UPDATE SET description = excluded.description`,
      );
      addDescription.run('7', 'Kubernetes clusters');
      expect(waiting()).toEqual(['7']);
      expect(match('"kubernetes"*')).toEqual([]);
      expect(new DescriptionIndex(sqlite).catchUp()).toBe(1);
      expect(waiting()).toEqual([]);
      expect(match('"kubernetes"*')).toEqual([7]);
      expect(match('"engineer"*')).toEqual([7]);
      // A job deleted while its description waits leaves nothing behind.
      addDescription.run('8', 'Spark');
      expect(waiting()).toEqual(['8']);
      sqlite.exec(`DELETE FROM jobs WHERE id = '8'`);
      expect(waiting()).toEqual([]);
      expect(sqlite.prepare('SELECT job_id FROM job_descriptions').pluck().all()).toEqual(['7']);
      insert.run('8', 'Data Analyst');
      sqlite.exec(`UPDATE jobs SET title = 'Chef' WHERE id = '8'`);
      expect(match('"analyst"*')).toEqual([]);
      expect(match('"chef"*')).toEqual([8]);
      // Triage does not touch the index.
      sqlite.exec(`UPDATE jobs SET state = 'hidden', last_seen_at = 5 WHERE id = '8'`);
      expect(match('"chef"*')).toEqual([8]);
      sqlite.exec(`DELETE FROM jobs WHERE id = '7'`);
      expect(match('"data"*')).toEqual([]);
      expect(match('"kubernetes"*')).toEqual([]);
      // An id that cannot be the index's rowid is stored, just not searchable.
      insert.run('abc', 'Data Person');
      insert.run('007', 'Data Agent');
      expect(match('"data"*')).toEqual([]);
      expect(waiting()).toEqual(['8']);
    } finally {
      await close();
    }
  });
});
