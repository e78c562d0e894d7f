import SQLite from './sqlite-driver';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DescriptionIndex } from './jobs/description-index';
import { openDatabase } from './database';
import {
  BATCH_RUN_AND_RULE_SQL,
  databaseBefore,
  ftsMatches as search,
  jobsColumns as columnsOf,
  migrationFolder,
} from './migration-test-kit';

// Migration 0015 takes the descriptions out of the jobs' rows into `job_descriptions`
// (docs/decisions/044), on a database that already holds jobs, rule flags, runs and a
// description still waiting to be indexed, as an upgraded install has it: nothing may be lost.

const { dir, file } = migrationFolder('jobscout-0015-');
const LONG = 'Build pipelines in Python and SQL for our payments team. '.repeat(120);
const WAITING = '4000000003';

async function databaseBefore0015(extraColumn = false): Promise<void> {
  const { sqlite, close } = await databaseBefore(file(), '0015');
  sqlite.exec(BATCH_RUN_AND_RULE_SQL);
  const insert = sqlite.prepare(
    `INSERT INTO jobs (id, title, company_name, company_normalized, location, url,
       first_seen_batch_id, first_seen_at, state, hidden_by_rule_id, description_minhash)
     VALUES (@id, @title, 'Acme', 'acme', 'Berlin', 'u', 1, @at, @state, @hidden, @minhash)`,
  );
  // As the store wrote them before 0015: the row first, its description later (waiting).
  const describe = sqlite.prepare(
    'UPDATE jobs SET description = @description, description_html = @html WHERE id = @id',
  );
  for (let i = 0; i < 40; i += 1) {
    const id = String(4_000_000_000 + i);
    insert.run({
      id,
      title: i % 2 ? 'Senior Data Engineer' : 'Data Engineer',
      at: 100 + i,
      state: i % 3 ? 'new' : 'hidden',
      hidden: i % 3 ? null : 1,
      minhash: i % 6 ? Buffer.alloc(128, i) : null,
    });
    // One in five has no details yet; one has only the markup (as a hand-edit could leave).
    if (i % 5 !== 0)
      describe.run({
        id,
        description: i === 7 ? null : `${LONG} quorvex${i}`,
        html: `<p>${i}</p>`,
      });
  }
  // Every description but one indexed, as a batch's end left them (the catch-up of 0013-0014).
  sqlite.exec(`
    DELETE FROM jobs_fts WHERE rowid IN (SELECT CAST(job_id AS INTEGER) FROM jobs_fts_pending);
    INSERT INTO jobs_fts (rowid, title, company, location, description)
      SELECT CAST(id AS INTEGER), title, company_name, location, COALESCE(description, '')
      FROM jobs WHERE id IN (SELECT job_id FROM jobs_fts_pending);
    DELETE FROM jobs_fts_pending;
  `);
  describe.run({ id: WAITING, description: 'Kubernetes and Zanzibar', html: '<p>K</p>' });
  sqlite.exec(`
    INSERT INTO query_run_jobs (query_run_id, job_id, rank)
      SELECT 1, id, CAST(first_seen_at AS INTEGER) - 99 FROM jobs;
    INSERT INTO job_flags (rule_id, job_id) SELECT 1, id FROM jobs WHERE title LIKE 'Senior%';
  `);
  if (extraColumn) sqlite.exec('ALTER TABLE jobs ADD COLUMN operator_note TEXT');
  await close();
}

const rowsOf = (sqlite: SQLite.Database, sql: string) => sqlite.prepare(sql).all();
const JOB_ROWS = `SELECT rowid AS _rowid, id, title, state, hidden_by_rule_id, description_minhash,
  first_seen_at FROM jobs ORDER BY rowid`;
const indexesOf = (sqlite: SQLite.Database) =>
  rowsOf(
    sqlite,
    `SELECT name, sql FROM sqlite_master WHERE tbl_name = 'jobs' AND type = 'index'
    ORDER BY name`,
  );
/** What migrations after 0015 add to `jobs` (0018's Overview aggregates), left out of the comparison. */
const LATER_COLUMNS = [
  'first_query_id',
  'first_seen_day',
  'salary_currency',
  'salary_yearly',
  'applicants_count',
  'closed_at',
  'apply_url',
  'last_checked_at',
  'page_company_id',
  'fit_score',
  'fit_profile_id',
  'recheck_gone_at',
];
const LATER_INDEXES = ['jobs_first_query', 'jobs_fit'];
const earlierColumnsOf = (sqlite: SQLite.Database) =>
  columnsOf(sqlite).filter((c) => !LATER_COLUMNS.includes(c));
const earlierIndexesOf = (sqlite: SQLite.Database) =>
  indexesOf(sqlite).filter(
    (row) => !LATER_INDEXES.includes(z.object({ name: z.string() }).parse(row).name),
  );
const triggersOf = (sqlite: SQLite.Database) =>
  sqlite
    .prepare(
      `SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE '%fts%' ORDER BY name`,
    )
    .pluck()
    .all();

describe('migration 0015-descriptions-apart', () => {
  it('moves every description to job_descriptions and keeps every job, link, flag and index', async () => {
    await databaseBefore0015();
    const before = new SQLite(file(), { readonly: true });
    const jobsBefore = rowsOf(before, JOB_ROWS);
    const descriptionsBefore = rowsOf(
      before,
      `SELECT id AS job_id, description, description_html FROM jobs
       WHERE description IS NOT NULL OR description_html IS NOT NULL ORDER BY id`,
    );
    const linksBefore = rowsOf(before, 'SELECT * FROM query_run_jobs ORDER BY job_id');
    const flagsBefore = rowsOf(before, 'SELECT * FROM job_flags ORDER BY job_id');
    const indexesBefore = indexesOf(before);
    const columnsBefore = columnsOf(before);
    const foundBefore = search(before, '"quorvex11"*');
    const waitingBefore = before.prepare('SELECT job_id FROM jobs_fts_pending').pluck().all();
    before.close();
    expect(descriptionsBefore).toHaveLength(32);
    expect(foundBefore).toEqual([4_000_000_011]);
    expect(waitingBefore).toEqual([WAITING]);

    // Compacted: the old table's pages are not left free through the file. Measured as 0015
    // leaves it: a later migration's rebuild of a small table (0019's outbox) frees its own few.
    const upTo0015 = await databaseBefore(file(), '0016');
    expect(upTo0015.sqlite.pragma('freelist_count', { simple: true })).toBe(0);
    await upTo0015.close();
    const { sqlite, close } = await openDatabase(dir());
    try {
      expect(earlierColumnsOf(sqlite)).toEqual(
        columnsBefore.filter((c) => c !== 'description' && c !== 'description_html'),
      );
      // The same rows with the same rowids; the descriptions, letter for letter, apart.
      expect(rowsOf(sqlite, JOB_ROWS)).toEqual(jobsBefore);
      expect(rowsOf(sqlite, 'SELECT * FROM job_descriptions ORDER BY job_id')).toEqual(
        descriptionsBefore,
      );
      expect(rowsOf(sqlite, 'SELECT * FROM query_run_jobs ORDER BY job_id')).toEqual(linksBefore);
      expect(rowsOf(sqlite, 'SELECT * FROM job_flags ORDER BY job_id')).toEqual(flagsBefore);
      expect(earlierIndexesOf(sqlite)).toEqual(indexesBefore);
      expect(triggersOf(sqlite)).toEqual([
        'job_descriptions_fts_delete',
        'job_descriptions_fts_insert',
        'job_descriptions_fts_update',
        'jobs_fts_delete',
        'jobs_fts_insert',
        'jobs_fts_update',
      ]);
      // The index as it was; the description that waited is still waiting, and is indexed
      // from its new place.
      expect(search(sqlite, '"quorvex11"*')).toEqual(foundBefore);
      expect(sqlite.prepare('SELECT job_id FROM jobs_fts_pending').pluck().all()).toEqual([
        WAITING,
      ]);
      expect(new DescriptionIndex(sqlite).catchUp()).toBe(1);
      expect(search(sqlite, '"zanzibar"*')).toEqual([Number(WAITING)]);

      // A job renamed is indexed again with its description, read from job_descriptions.
      sqlite.prepare(`UPDATE jobs SET title = 'Wrangler' WHERE id = '4000000011'`).run();
      expect(search(sqlite, '"wrangler"*')).toEqual([4_000_000_011]);
      expect(search(sqlite, '"quorvex11"*')).toEqual([4_000_000_011]);
      // A description changed waits; a triage change leaves the index alone.
      sqlite
        .prepare(`UPDATE job_descriptions SET description = 'Fortran' WHERE job_id = '4000000011'`)
        .run();
      sqlite.prepare(`UPDATE jobs SET state = 'saved' WHERE id = '4000000012'`).run();
      expect(sqlite.prepare('SELECT job_id FROM jobs_fts_pending').pluck().all()).toEqual([
        '4000000011',
      ]);
      new DescriptionIndex(sqlite).catchUp();
      expect(search(sqlite, '"quorvex11"*')).toEqual([]);
      expect(search(sqlite, '"fortran"*')).toEqual([4_000_000_011]);

      // Foreign keys hold: no description without its job, and it goes with the job.
      expect(sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
      expect(() =>
        sqlite
          .prepare(`INSERT INTO job_descriptions (job_id, description) VALUES ('9', 'x')`)
          .run(),
      ).toThrow(/FOREIGN KEY/);
      sqlite.prepare(`DELETE FROM query_run_jobs WHERE job_id = '4000000011'`).run();
      sqlite.prepare(`DELETE FROM jobs WHERE id = '4000000011'`).run();
      expect(
        sqlite
          .prepare(`SELECT COUNT(*) FROM job_descriptions WHERE job_id = '4000000011'`)
          .pluck()
          .get(),
      ).toBe(0);
      expect(search(sqlite, '"fortran"*')).toEqual([]);
      expect(sqlite.prepare('SELECT COUNT(*) FROM jobs_fts_pending').pluck().get()).toBe(0);
      expect(sqlite.pragma('foreign_key_check')).toEqual([]);
    } finally {
      await close();
    }
  });

  it('refuses a jobs table with a column it does not know, and leaves the database as it was', async () => {
    await databaseBefore0015(true);
    await expect(openDatabase(dir())).rejects.toThrow(
      'jobs has columns 0015 does not expect: operator_note',
    );
    const after = new SQLite(file(), { readonly: true });
    try {
      expect(columnsOf(after)).toContain('description');
      expect(
        after
          .prepare(`SELECT COUNT(*) FROM sqlite_master WHERE name = 'job_descriptions'`)
          .pluck()
          .get(),
      ).toBe(0);
      expect(
        after.prepare('SELECT COUNT(*) FROM jobs WHERE description IS NOT NULL').pluck().get(),
      ).toBe(31);
      expect(after.pragma('foreign_key_check')).toEqual([]);
    } finally {
      after.close();
    }
  });

  it('runs on a new database too', async () => {
    const { sqlite, close } = await openDatabase(dir());
    try {
      expect(columnsOf(sqlite)).not.toContain('description');
      expect(columnsOf(sqlite)).not.toContain('description_html');
      expect(sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
    } finally {
      await close();
    }
  });
});
