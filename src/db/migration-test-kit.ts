import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from './sqlite-driver';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { afterEach, beforeEach } from 'vitest';
import { z } from 'zod';
import { migrations } from './migrations';

/** A fresh data folder for each test of the file, removed after it, and its database file. */
export function migrationFolder(prefix: string): { dir: () => string; file: () => string } {
  let dir = '';
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  });
  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return { dir: () => dir, file: () => path.join(dir, 'jobscout.sqlite') };
}

/** The columns of `jobs`, in their order. */
export const jobsColumns = (sqlite: SQLite.Database): string[] =>
  sqlite
    .prepare('PRAGMA table_info(jobs)')
    .all()
    .map((row) => z.object({ name: z.string() }).parse(row).name);

/** The job ids the search index finds for an FTS5 query, in order. */
export const ftsMatches = (sqlite: SQLite.Database, query: string): number[] =>
  sqlite
    .prepare('SELECT rowid FROM jobs_fts WHERE jobs_fts MATCH ? ORDER BY rowid')
    .all(query)
    .map((row) => z.object({ rowid: z.number() }).parse(row).rowid);

/**
 * A database file with the migrations before `migration` applied, as an install that has not
 * upgraded yet has it (foreign keys on, as the server opens it). The caller adds its rows with
 * `sqlite`, then closes it.
 */
export async function databaseBefore(
  file: string,
  migration: string,
): Promise<{ sqlite: SQLite.Database; close: () => Promise<void> }> {
  const sqlite = new SQLite(file);
  sqlite.pragma('foreign_keys = ON');
  const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: sqlite }) });
  const earlier = Object.fromEntries(
    Object.entries(migrations).filter(([name]) => name < migration),
  );
  const { error } = await new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(earlier) },
  }).migrateToLatest();
  if (error) {
    await db.destroy();
    throw error;
  }
  return { sqlite, close: () => db.destroy() };
}

/** What an upgraded install holds besides its jobs: a search, a batch, a run of it and a rule. */
export const BATCH_RUN_AND_RULE_SQL = `
  INSERT INTO queries (id, job_title, location_id, display_name, status, created_at, updated_at)
    VALUES (1, 'Data Engineer', 1, 'Berlin', 'active', 0, 0);
  INSERT INTO batches (id, kind, status, started_at) VALUES (1, 'manual', 'completed', 100);
  INSERT INTO query_runs (id, batch_id, query_id, job_title, location, location_id, is_ai, status, start_time)
    VALUES (1, 1, 1, 'Data Engineer', 'Berlin', 1, 0, 'completed', 100);
  INSERT INTO rules (id, name, conditions, match, action, position, created_at, updated_at)
    VALUES (1, 'Seniors', '[]', 'any', 'flag', 1, 0, 0);
`;

/**
 * Records `names` as migrations that ran, as a newer jobscout's database has them (Kysely's
 * table, with the time it ran).
 */
export function markWrittenByNewer(sqlite: SQLite.Database, names: readonly string[]): void {
  const insert = sqlite.prepare('INSERT INTO kysely_migration (name, timestamp) VALUES (?, ?)');
  for (const name of names) insert.run(name, new Date().toISOString());
}

/**
 * What a database holds on disk: a SHA-256 of the file and of its -wal's content ('' for none or
 * an empty one: a reader may leave an empty -wal, and the -shm is an index of it, not content).
 */
export function databaseBytes(file: string): { file: string; wal: string } {
  const hash = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
  const wal = fs.existsSync(`${file}-wal`) ? fs.readFileSync(`${file}-wal`) : Buffer.alloc(0);
  return { file: hash(fs.readFileSync(file)), wal: wal.length === 0 ? '' : hash(wal) };
}

/**
 * A copy of the database at `from` as a process that died leaves it: taken while a connection
 * holds it open with its last changes not checkpointed yet, which are in the -wal copied beside.
 */
export function copyWithItsWal(from: string, to: string): void {
  fs.copyFileSync(from, to);
  fs.copyFileSync(`${from}-wal`, `${to}-wal`);
}
