import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, type MigrationProvider } from 'kysely';
import { migrations } from './migrations';
import type { Database } from './schema';

export type Db = Kysely<Database>;

export interface OpenedDatabase {
  db: Db;
  /** The raw handle, for the few places that need synchronous transactions (the runner's writes). */
  sqlite: SQLite.Database;
  close: () => Promise<void>;
}

const provider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};

/**
 * Opens (creating if needed) the SQLite file under dataDir, owner-only, in WAL mode, and applies
 * every pending migration before anything else touches it.
 */
export async function openDatabase(
  dataDir: string,
  fileName = 'jobscout.sqlite',
): Promise<OpenedDatabase> {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // mkdir's mode is ignored for an existing folder: tighten it anyway, the file holds secrets.
  fs.chmodSync(dataDir, 0o700);
  const sqlite = new SQLite(path.join(dataDir, fileName));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  // Checkpoint the WAL every ~40 MB rather than SQLite's default 4 MB: each checkpoint syncs the
  // file, and a page the runner writes again and again (a busy index page) is copied back once
  // per checkpoint. Storing a 25,000-job batch: 643 -> 771 jobs/s; the longest commit (the one
  // that checkpoints) 46 -> 177 ms (docs/decisions/037).
  sqlite.pragma('wal_autocheckpoint = 10000');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error !== undefined || failed) {
    await db.destroy();
    throw new Error(
      `database migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return { db, sqlite, close: () => db.destroy() };
}
