import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type OpenedDatabase } from './database';
import { BACKSTOP_FRAMES, INLINE_FRAMES, WalCheckpointer } from './wal-checkpointer';

const opened: OpenedDatabase[] = [];
const dirs: string[] = [];

async function open(options?: { backgroundCheckpoints?: boolean }): Promise<{
  database: OpenedDatabase;
  file: string;
}> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobscout-wal-'));
  dirs.push(dir);
  const database = await openDatabase(dir, 'jobscout.sqlite', options);
  opened.push(database);
  return { database, file: path.join(dir, 'jobscout.sqlite') };
}

function checkpointerOf(database: OpenedDatabase): WalCheckpointer {
  if (database.checkpointer === undefined) throw new Error('opened without its checkpointer');
  return database.checkpointer;
}

/** Writes about `pages` pages of 4 KB, in transactions of 100 rows. */
function write(database: OpenedDatabase, pages: number): void {
  const { sqlite } = database;
  sqlite.exec('CREATE TABLE IF NOT EXISTS filler (data BLOB)');
  const insert = sqlite.prepare('INSERT INTO filler (data) VALUES (randomblob(3500))');
  const hundred = sqlite.transaction(() => {
    for (let i = 0; i < 100; i += 1) insert.run();
  });
  for (let written = 0; written < pages; written += 100) hundred();
}

function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`${what}: timed out`)), ms)),
  ]);
}

afterEach(async () => {
  for (const database of opened.splice(0)) await database.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('WAL checkpoints on a worker thread', () => {
  it('copies what the server wrote into the database file, the writer only keeping a backstop', async () => {
    const { database, file } = await open();
    expect(database.checkpointer?.running).toBe(true);
    expect(database.sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(BACKSTOP_FRAMES);
    // The migrations' own frames copied first: a pass counting them with part of the filler must
    // not pass for the filler's (migration 0020 made that race likely enough to fail a run).
    database.sqlite.pragma('wal_checkpoint(TRUNCATE)');
    const before = fs.statSync(file).size;
    const caughtUp = checkpointerOf(database).caughtUp(2_000);
    // Far below either threshold of the writer's own hook: only the worker can copy these.
    write(database, 2_000);
    const pass = await within(caughtUp, 10_000, 'the worker copying the WAL');
    expect(pass.log).toBeGreaterThanOrEqual(2_000);
    expect(pass.checkpointed).toBe(pass.log);
    expect(fs.statSync(file).size - before).toBeGreaterThan(2_000 * 3_500);
  });

  it('goes on while the server reads and writes, and the data stays whole', async () => {
    const { database } = await open();
    for (let round = 0; round < 3; round += 1) {
      const caughtUp = checkpointerOf(database).caughtUp(500);
      write(database, 500);
      await within(caughtUp, 10_000, `round ${round}`);
    }
    expect(database.sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(database.sqlite.prepare('SELECT COUNT(*) AS n FROM filler').get()).toEqual({
      n: 1_500,
    });
  });

  it('hands checkpoints back to the writer when the worker cannot start', async () => {
    const { database } = await open({ backgroundCheckpoints: false });
    expect(database.checkpointer).toBeUndefined();
    expect(database.sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(INLINE_FRAMES);
    const checkpointer = new WalCheckpointer(database.sqlite, {
      driver: path.join(os.tmpdir(), 'no-such-driver', 'better-sqlite3.node'),
    });
    const reason = await within(
      new Promise<string>((resolve) => checkpointer.onFallback(resolve)),
      10_000,
      'the fallback',
    );
    expect(reason).toMatch(/no-such-driver/);
    expect(checkpointer.running).toBe(false);
    expect(database.sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(INLINE_FRAMES);
    // A listener added later hears it too.
    let late: string | undefined;
    checkpointer.onFallback((r) => (late = r));
    expect(late).toBe(reason);
    await checkpointer.stop();
  });

  it('closes its connection first, so that closing the database folds the WAL in as before', async () => {
    const { database, file } = await open();
    write(database, 300);
    await database.close();
    opened.splice(opened.indexOf(database), 1);
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
    expect(database.checkpointer?.running).toBe(false);
  });
});
