import SQLite from '../sqlite-driver';
import { describe, expect, it } from 'vitest';
import { BLOCKED_JOB_SQL, NOT_BLOCKED_JOB_SQL } from './blocked-jobs';

describe('NOT_BLOCKED_JOB_SQL', () => {
  it('answers exactly NOT BLOCKED_JOB_SQL', () => {
    const db = new SQLite(':memory:');
    db.exec(`CREATE TABLE banned_companies (id INTEGER PRIMARY KEY, normalized_name TEXT NOT NULL DEFAULT '');
      CREATE TABLE jobs (id TEXT PRIMARY KEY, company_id INTEGER, company_normalized TEXT NOT NULL);
      INSERT INTO banned_companies VALUES (1, 'acme'), (2, ''), (3, 'globex');`);
    const insert = db.prepare('INSERT INTO jobs VALUES (?, ?, ?)');
    let n = 0;
    for (const id of [null, 1, 2, 3, 4])
      for (const name of ['', 'acme', 'globex', 'other']) insert.run(String(n++), id, name);
    const ids = (where: string) =>
      db
        .prepare(`SELECT id FROM jobs j WHERE ${where} ORDER BY id`)
        .all()
        .map((r) => (r as { id: string }).id);
    expect(ids(NOT_BLOCKED_JOB_SQL)).toEqual(ids(`NOT ${BLOCKED_JOB_SQL}`));
    expect(ids(NOT_BLOCKED_JOB_SQL).length).toBeGreaterThan(0);
    expect(ids(NOT_BLOCKED_JOB_SQL).length).toBeLessThan(n);
  });
});
