import { describe, expect, it } from 'vitest';
import { isSettled, moduleOf, tableHomes, tablesCreated } from './table-homes';

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

  it('tells the modules that write a table from those that only read it, a folder of src/db being one module', () => {
    const sources = new Map([
      [
        'src/db/jobs/list.ts',
        "db.prepare('SELECT id FROM jobs j JOIN banned_companies b ON b.name = j.company')",
      ],
      [
        'src/db/jobs/store.ts',
        "db.prepare('UPDATE jobs SET x = 1'); db.prepare('DELETE FROM jobs_fts')",
      ],
      ['src/db/rules.ts', "db.selectFrom('rules').selectAll(); db.deleteFrom('job_flags as f');"],
      ['src/db/companies.ts', "db.insertInto('banned_companies').values(row)"],
      [
        'src/server/jobs/list.ts',
        'const sql = `SELECT * FROM jobs j JOIN jobs_fts f ON f.rowid = j.id`;',
      ],
      ['src/server/words.ts', "const label = 'rules for jobs_fts'; // no statement here"],
    ]);
    const homes = tableHomes(
      ['jobs', 'jobs_fts', 'job_flags', 'rules', 'settings', 'banned_companies'],
      sources,
    );
    expect(Object.fromEntries(homes)).toEqual({
      jobs: { writers: ['src/db/jobs/'], readers: ['src/server/jobs/list.ts'] },
      jobs_fts: { writers: ['src/db/jobs/'], readers: ['src/server/jobs/list.ts'] },
      job_flags: { writers: ['src/db/rules.ts'], readers: [] },
      rules: { writers: [], readers: ['src/db/rules.ts'] },
      settings: { writers: [], readers: [] },
      banned_companies: { writers: ['src/db/companies.ts'], readers: ['src/db/jobs/'] },
    });
    const settled = Object.fromEntries([...homes].map(([table, home]) => [table, isSettled(home)]));
    expect(settled).toEqual({
      jobs: false,
      jobs_fts: false,
      job_flags: true,
      rules: true,
      settings: false,
      banned_companies: true,
    });
  });

  it('counts a table written from two modules as unsettled, even both in src/db', () => {
    const homes = tableHomes(
      ['settings'],
      new Map([
        ['src/db/settings.ts', "db.prepare('INSERT INTO settings (key, value) VALUES (?, ?)')"],
        ['src/db/auth/device.ts', "db.prepare('INSERT OR REPLACE INTO settings VALUES (?, ?)')"],
      ]),
    );
    expect(homes.get('settings')).toEqual({
      writers: ['src/db/auth/', 'src/db/settings.ts'],
      readers: [],
    });
    expect(isSettled(homes.get('settings') ?? { writers: [], readers: [] })).toBe(false);
  });

  it('places a module: a file directly under src/db, or a folder directly under it', () => {
    expect(moduleOf('src/db/settings.ts')).toBe('src/db/settings.ts');
    expect(moduleOf('src/db/jobs/list/query.ts')).toBe('src/db/jobs/');
    expect(moduleOf('src/server/jobs/routes.ts')).toBe('src/server/jobs/routes.ts');
  });
});
