import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import SQLite, { sqliteDriverName, sqliteDriverPath } from './sqlite-driver';

// A process that opens databases on worker threads (the ranking and checkpoint workers do),
// prepares statements there and here, lets them be collected, and exits. With better-sqlite3 12 on
// Node 24.19 and later this aborts in RemoveEnvironmentCleanupHook (exit 134); CI runs this file on
// Node 24 as well as on Node 20.
const WORKERS_AND_COLLECTED_STATEMENTS = `
const { Worker } = require('node:worker_threads');
const driver = process.argv[1];
const work = \`
  const SQLite = require(\${JSON.stringify(driver)});
  const db = new SQLite(':memory:');
  db.exec('CREATE TABLE t (a)');
  for (let i = 0; i < 2000; i++) db.prepare('INSERT INTO t VALUES (' + i + ')').run();
\`;
let left = 16;
function next() {
  new Worker(work, { eval: true }).on('exit', () => {
    if (--left > 0) return next();
    for (let i = 0; i < 5; i++) globalThis.gc();
    const SQLite = require(driver);
    const db = new SQLite(':memory:');
    for (let i = 0; i < 2000; i++) db.prepare('SELECT ' + i).get();
    setTimeout(() => { globalThis.gc(); console.log('finished'); }, 200);
  });
}
next();
`;

describe('the SQLite driver', () => {
  it('is better-sqlite3 13 wherever Node-API 10 is there, else 12', () => {
    const napi = Number(process.versions.napi);
    expect(sqliteDriverName).toBe(napi >= 10 ? 'better-sqlite3 13' : 'better-sqlite3 12');
    const db = new SQLite(':memory:');
    // The search index needs FTS5 in either line's SQLite.
    db.exec('CREATE VIRTUAL TABLE t USING fts5(a)');
    expect(db.prepare('SELECT count(*) AS n FROM t').get()).toEqual({ n: 0 });
    db.close();
  });

  it('survives statements collected after worker threads used it, and exits cleanly', () => {
    const child = spawnSync(
      process.execPath,
      ['--expose-gc', '-e', WORKERS_AND_COLLECTED_STATEMENTS, sqliteDriverPath()],
      { encoding: 'utf8', timeout: 20_000 },
    );
    expect(child.stderr).not.toContain('Assertion failed');
    expect(child.status).toBe(0);
    expect(child.stdout.trim()).toBe('finished');
  });
});
