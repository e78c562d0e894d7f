import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
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
