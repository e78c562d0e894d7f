import { describe, expect, it } from 'vitest';
import { tableHomes, tablesCreated } from './table-homes';

describe('table homes', () => {
  it('reads the tables a migration creates, plain, virtual or through the schema builder', () => {
    const text = `
      CREATE TABLE jobs (id INTEGER PRIMARY KEY);
      CREATE VIRTUAL TABLE IF NOT EXISTS jobs_fts USING fts5(title);
      CREATE TABLE jobs_new (id INTEGER PRIMARY KEY);
      await db.schema.createTable('rules').addColumn('id', 'integer').execute();`;
    expect(tablesCreated(text)).toEqual(['jobs', 'jobs_fts', 'rules']);
  });

  it('leaves out a temporary table a module creates on its connection', () => {
    const text = `CREATE VIRTUAL TABLE IF NOT EXISTS temp.jobs_fts_vocab USING fts5vocab(main, 'jobs_fts', 'row')`;
    expect(tablesCreated(text)).toEqual([]);
  });

  it('names each file holding a statement on a table, raw SQL or Kysely, and no other', () => {
    const sources = new Map([
      [
        'src/db/jobs.ts',
        "db.prepare('SELECT id FROM jobs WHERE id = ?'); db.prepare('UPDATE jobs SET x = 1');",
      ],
      ['src/db/rules.ts', "db.selectFrom('rules').selectAll(); db.deleteFrom('job_flags as f');"],
      [
        'src/server/jobs/list.ts',
        'const sql = `SELECT * FROM jobs j JOIN jobs_fts f ON f.rowid = j.id`;',
      ],
      ['src/server/words.ts', "const label = 'rules for jobs_fts'; // no statement here"],
    ]);
    expect(
      Object.fromEntries(
        tableHomes(['jobs', 'jobs_fts', 'job_flags', 'rules', 'settings'], sources),
      ),
    ).toEqual({
      jobs: ['src/db/jobs.ts', 'src/server/jobs/list.ts'],
      jobs_fts: ['src/server/jobs/list.ts'],
      job_flags: ['src/db/rules.ts'],
      rules: ['src/db/rules.ts'],
      settings: [],
    });
  });
});
