import SQLite from './sqlite-driver';
import { describe, expect, it } from 'vitest';
import {
  BATCH_RUN_AND_RULE_SQL,
  databaseBefore,
  ftsMatches as search,
  jobsColumns as columnsOf,
  migrationFolder,
} from './migration-test-kit';

// Migration 0014 rebuilds the jobs table with its descriptions last, on a database that already
// holds jobs, rule flags and runs, as an upgraded install has it: nothing may be lost or changed.

const { file } = migrationFolder('jobscout-0014-');
const LONG = 'Build pipelines in Python and SQL for our payments team. '.repeat(120);

async function databaseBefore0014(): Promise<void> {
  const { sqlite, close } = await databaseBefore(file(), '0014');
  sqlite.exec(BATCH_RUN_AND_RULE_SQL);
  const insert = sqlite.prepare(
    `INSERT INTO jobs (id, title, company_name, company_normalized, location, url, description,
       description_html, first_seen_batch_id, first_seen_at, state, repost_key, role_key,
       group_key, repost_of, repost_root, repost_confirmed, description_minhash, hidden_by_rule_id)
     VALUES (@id, @title, 'Acme', 'acme', 'Berlin', 'u', @description, @html, 1, @at, @state,
       'k', 'r', @group, @of, @of, @confirmed, @minhash, @hidden)`,
  );
  for (let i = 0; i < 40; i += 1)
    insert.run({
      id: String(4_000_000_000 + i),
      title: i % 2 ? 'Senior Data Engineer' : 'Data Engineer',
      description: i % 5 === 0 ? null : `${LONG} ${i}`,
      html: i % 5 === 0 ? null : `<p>${LONG} ${i}</p>`,
      at: 100 + i,
      state: i % 3 ? 'new' : 'hidden',
      group: i % 4 ? null : 'g1',
      of: i > 0 && i % 7 === 0 ? '4000000000' : null,
      confirmed: i % 7 === 0 ? 1 : null,
      minhash: i % 6 ? Buffer.alloc(128, i) : null,
      hidden: i % 3 ? null : 1,
    });
  sqlite.exec(`
    INSERT INTO query_run_jobs (query_run_id, job_id, rank)
      SELECT 1, id, CAST(first_seen_at AS INTEGER) - 99 FROM jobs;
    INSERT INTO job_flags (rule_id, job_id) SELECT 1, id FROM jobs WHERE title LIKE 'Senior%';
  `);
  await close();
}

const rowsOf = (sqlite: SQLite.Database, table: string) =>
  sqlite.prepare(`SELECT rowid AS _rowid, * FROM ${table} ORDER BY 1, 2`).all();
const schemaOf = (sqlite: SQLite.Database) =>
  sqlite
    .prepare(
      `SELECT type, name, sql FROM sqlite_master WHERE tbl_name = 'jobs' AND type != 'table'
       ORDER BY type, name`,
    )
    .all();

describe('migration 0014-descriptions-last', () => {
  it('moves the descriptions to the end of the row and keeps every job, link, index and trigger', async () => {
    await databaseBefore0014();
    const before = new SQLite(file(), { readonly: true });
    const jobsBefore = rowsOf(before, 'jobs');
    const linksBefore = rowsOf(before, 'query_run_jobs');
    const flagsBefore = before.prepare('SELECT * FROM job_flags ORDER BY job_id').all();
    const schemaBefore = schemaOf(before);
    const columnsBefore = columnsOf(before);
    const foundBefore = search(before, '"senior"*');
    before.close();
    expect(columnsBefore.indexOf('description')).toBeLessThan(columnsBefore.indexOf('state'));
    expect(flagsBefore).toHaveLength(20);

    // Through 0014: 0015 takes the descriptions out of the row (its own test).
    const { sqlite, close } = await databaseBefore(file(), '0015');
    try {
      const columns = columnsOf(sqlite);
      expect(columns.slice(-2)).toEqual(['description', 'description_html']);
      expect([...columns].sort()).toEqual([...columnsBefore].sort());
      // The same rows, rowids included; the rule flags were not cascaded away.
      expect(rowsOf(sqlite, 'jobs')).toEqual(jobsBefore);
      expect(rowsOf(sqlite, 'query_run_jobs')).toEqual(linksBefore);
      expect(sqlite.prepare('SELECT * FROM job_flags ORDER BY job_id').all()).toEqual(flagsBefore);
      expect(schemaOf(sqlite)).toEqual(schemaBefore);
      expect(search(sqlite, '"senior"*')).toEqual(foundBefore);
      // Constraints and foreign keys hold as before.
      expect(sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
      expect(() =>
        sqlite.prepare(`UPDATE jobs SET state = 'done' WHERE id = '4000000001'`).run(),
      ).toThrow(/CHECK constraint/);
      expect(() =>
        sqlite
          .prepare(`INSERT INTO query_run_jobs (query_run_id, job_id, rank) VALUES (1, '9', 1)`)
          .run(),
      ).toThrow(/FOREIGN KEY/);
      // The triggers still keep the index: a new title is found, a deleted job's flags go.
      sqlite.prepare(`UPDATE jobs SET title = 'Quorvex Wrangler' WHERE id = '4000000002'`).run();
      expect(search(sqlite, '"quorvex"*')).toEqual([4_000_000_002]);
      sqlite.prepare(`DELETE FROM query_run_jobs WHERE job_id = '4000000001'`).run();
      sqlite.prepare(`DELETE FROM jobs WHERE id = '4000000001'`).run();
      expect(
        sqlite.prepare(`SELECT COUNT(*) AS n FROM job_flags WHERE job_id = '4000000001'`).get(),
      ).toEqual({ n: 0 });
      expect(sqlite.pragma('foreign_key_check')).toEqual([]);
    } finally {
      await close();
    }
  });

  it('runs on a new database too', async () => {
    const { sqlite, close } = await databaseBefore(file(), '0015');
    try {
      expect(columnsOf(sqlite).slice(-2)).toEqual(['description', 'description_html']);
      expect(sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
    } finally {
      await close();
    }
  });
});
